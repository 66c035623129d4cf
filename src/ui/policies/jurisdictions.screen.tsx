import { Alert, Button, Drawer, Form, Input, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { Jurisdiction } from '../../contracts/learning/catalogue.contract';
import { useViewModel } from '../shared/container-context';
import { LoadError } from '../shared/page-state';
import { tableStates } from '../shared/table-states';
import { JurisdictionsViewModel, type JurisdictionRow } from './jurisdictions.view-model';

interface EditState {
  mode: 'create' | 'rename';
  row?: Jurisdiction;
}

/** The platform's jurisdictions: each country with its states or provinces; add, rename and delete them. */
export const JurisdictionsScreen = observer(function JurisdictionsScreen() {
  const vm = useViewModel(JurisdictionsViewModel);
  const [editing, setEditing] = useState<EditState | null>(null);
  useEffect(() => {
    void vm.load();
  }, [vm]);
  const close = () => {
    setEditing(null);
    vm.clearSaveError();
  };
  return (
    <section aria-labelledby="jurisdictions-title">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} id="jurisdictions-title" style={{ margin: 0 }}>
          Jurisdictions
        </Typography.Title>
        <Button type="primary" onClick={() => setEditing({ mode: 'create' })}>
          New jurisdiction
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">
        The countries, states and provinces whose laws the compliances come from.
      </Typography.Paragraph>
      {vm.notice ? (
        <Alert type={vm.notice.type} title={vm.notice.text} showIcon closable style={{ marginBottom: 16 }} />
      ) : null}
      {vm.status === 'error' ? (
        <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} />
      ) : (
        <Table<JurisdictionRow>
          rowKey="id"
          dataSource={vm.tree}
          {...tableStates(vm.status === 'loading', vm.items.length, 'No jurisdictions yet: add a country first.')}
          pagination={false}
          scroll={{ x: true }}
          columns={[
            { title: 'Name', dataIndex: 'name', key: 'name' },
            { title: 'Code', dataIndex: 'code', key: 'code', render: (code: string) => <Tag>{code}</Tag> },
            {
              title: 'Review at least every',
              dataIndex: 'reviewLimitYears',
              key: 'review',
              render: (years: number | null) => (years ? `${years} years` : 'No legal period'),
            },
            {
              title: 'Actions',
              key: 'actions',
              render: (_: unknown, row: JurisdictionRow) => (
                <Space wrap>
                  <Button
                    size="small"
                    aria-label={`Rename ${row.name}`}
                    onClick={() => setEditing({ mode: 'rename', row })}
                  >
                    Rename
                  </Button>
                  <Popconfirm
                    title={`Delete ${row.name}?`}
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => vm.remove(row)}
                  >
                    <Button size="small" danger aria-label={`Delete ${row.name}`}>
                      Delete
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      )}

      <Drawer
        title={editing?.mode === 'rename' ? `Rename ${editing.row?.name ?? ''}` : 'New jurisdiction'}
        open={!!editing}
        onClose={close}
        destroyOnHidden
      >
        {editing?.mode === 'rename' && editing.row ? (
          <Form<{ name: string }>
            layout="vertical"
            initialValues={{ name: editing.row.name }}
            onFinish={async (values) => {
              if (await vm.rename(editing.row!.id, values.name)) close();
            }}
          >
            <Form.Item label="Name" name="name" rules={[{ required: true, message: 'Give a name' }]}>
              <Input />
            </Form.Item>
            {vm.saveError ? <Alert type="error" title={vm.saveError} style={{ marginBottom: 16 }} /> : null}
            <Button type="primary" htmlType="submit" loading={vm.saving}>
              Save name
            </Button>
          </Form>
        ) : (
          <Form<{ code: string; name: string; parentId?: string }>
            layout="vertical"
            onFinish={async (values) => {
              if (
                await vm.create({
                  code: values.code.trim().toUpperCase(),
                  name: values.name,
                  parentId: values.parentId ?? null,
                })
              )
                close();
            }}
          >
            <Form.Item label="Name" name="name" rules={[{ required: true, message: 'Give a name' }]}>
              <Input />
            </Form.Item>
            <Form.Item
              label="Code"
              name="code"
              extra="ISO 3166: a country (IN) or a state or province (IN-KA)"
              rules={[{ required: true, message: 'Give the ISO 3166 code' }]}
            >
              <Input />
            </Form.Item>
            <Form.Item
              label="Country"
              name="parentId"
              extra="Leave empty for a country; choose its country for a state or province"
            >
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="None: this is a country"
                options={vm.countries.map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
              />
            </Form.Item>
            {vm.saveError ? <Alert type="error" title={vm.saveError} style={{ marginBottom: 16 }} /> : null}
            <Button type="primary" htmlType="submit" loading={vm.saving}>
              Add jurisdiction
            </Button>
          </Form>
        )}
      </Drawer>
    </section>
  );
});

export default JurisdictionsScreen;
