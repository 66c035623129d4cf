import { Alert, Button, Drawer, Form, Input, Popconfirm, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { Compliance, ComplianceCategory, ComplianceKind } from '../../contracts/learning/catalogue.contract';
import { useViewModel } from '../shared/container-context';
import { LoadError } from '../shared/page-state';
import { tableStates } from '../shared/table-states';
import { KIND_LABELS } from './compliance-kinds';
import { CompliancesViewModel } from './compliances.view-model';
import { showDate } from '../i18n/i18n';

interface ComplianceValues {
  title: string;
  description?: string;
  jurisdictionId: string;
  categoryId?: string;
  kind: ComplianceKind;
  policyIds?: string[];
  courseTitles?: string[];
}

/** The platform's compliances (what a jurisdiction's law obliges, with the policies and courses that meet it) and their categories. */
export const CompliancesScreen = observer(function CompliancesScreen() {
  const vm = useViewModel(CompliancesViewModel);
  const [editing, setEditing] = useState<{ row: Compliance | null } | null>(null);
  const [category, setCategory] = useState<{ row: ComplianceCategory | null } | null>(null);
  const [form] = Form.useForm<ComplianceValues>();
  useEffect(() => {
    void vm.load();
  }, [vm]);
  useEffect(() => {
    form.setFields(
      Object.entries(vm.fieldErrors).map(([name, error]) => ({
        name: name as keyof ComplianceValues,
        errors: [error],
      })),
    );
  }, [form, vm.fieldErrors]);
  const closeCompliance = () => {
    setEditing(null);
    vm.clearSaveError();
  };
  const closeCategory = () => {
    setCategory(null);
    vm.clearSaveError();
  };
  const compliances = vm.list.items.slice();
  const categories = vm.categories.items.slice();

  const complianceTab = (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label="Search compliances"
          placeholder="Search by title"
          allowClear
          enterButton="Search"
          onSearch={(search) => vm.setFilter({ search })}
        />
        <Select
          aria-label="Jurisdiction"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="All jurisdictions"
          style={{ minWidth: 200 }}
          options={vm.jurisdictions.map((j) => ({ value: j.id, label: `${j.name} (${j.code})` }))}
          onChange={(jurisdictionId?: string) => vm.setFilter({ jurisdictionId })}
        />
        <Select
          aria-label="Category"
          allowClear
          placeholder="All categories"
          style={{ minWidth: 180 }}
          options={vm.categoryChoices.map((c) => ({ value: c.id, label: c.name }))}
          onChange={(categoryId?: string) => vm.setFilter({ categoryId })}
        />
      </Space>
      {vm.list.status === 'error' ? (
        <LoadError message={vm.list.error ?? ''} onRetry={() => void vm.list.load()} />
      ) : (
        <Table<Compliance>
          rowKey="id"
          dataSource={compliances}
          {...tableStates(
            vm.list.status === 'loading',
            compliances.length,
            'No compliances yet: add the first obligation.',
          )}
          // Scrolls sideways on a phone only with rows (each has a button, so the region is keyboard reachable).
          scroll={compliances.length ? { x: true } : undefined}
          pagination={{
            current: vm.list.page,
            pageSize: vm.list.pageSize,
            total: vm.list.total,
            showSizeChanger: false,
            showTotal: (total) => `${total} ${total === 1 ? 'compliance' : 'compliances'}`,
            onChange: (page) => void vm.list.load(page),
          }}
          columns={[
            {
              title: 'Compliance',
              dataIndex: 'title',
              key: 'title',
              render: (title: string, row) => (
                <Button
                  type="link"
                  style={{ padding: 0, whiteSpace: 'normal', textAlign: 'left' }}
                  onClick={() => setEditing({ row })}
                >
                  {title}
                </Button>
              ),
            },
            {
              title: 'Jurisdiction',
              key: 'jurisdiction',
              render: (_: unknown, row) => `${row.jurisdiction.name} (${row.jurisdiction.code})`,
            },
            {
              title: 'Kind',
              dataIndex: 'kind',
              key: 'kind',
              render: (kind: ComplianceKind) => <Tag>{KIND_LABELS[kind]}</Tag>,
              responsive: ['md'],
            },
            {
              title: 'Category',
              key: 'category',
              render: (_: unknown, row) => row.category?.name ?? 'None',
              responsive: ['md'],
            },
            {
              title: 'Met by',
              key: 'links',
              responsive: ['md'],
              render: (_: unknown, row) =>
                [...row.policies.map((p) => p.title), ...row.courseTitles].join(', ') || 'Nothing linked yet',
            },
            {
              title: 'Actions',
              key: 'actions',
              render: (_: unknown, row) => (
                <Popconfirm
                  title={`Delete ${row.title}?`}
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => vm.removeCompliance(row)}
                >
                  <Button size="small" danger aria-label={`Delete ${row.title}`}>
                    Delete
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      )}
    </>
  );

  const categoryTab = (
    <>
      <Button style={{ marginBottom: 16 }} onClick={() => setCategory({ row: null })}>
        New category
      </Button>
      {vm.categories.status === 'error' ? (
        <LoadError message={vm.categories.error ?? ''} onRetry={() => void vm.categories.load()} />
      ) : (
        <Table<ComplianceCategory>
          rowKey="id"
          dataSource={categories}
          {...tableStates(
            vm.categories.status === 'loading',
            categories.length,
            'No categories yet: add one to group the compliances.',
          )}
          scroll={categories.length ? { x: true } : undefined}
          pagination={{
            current: vm.categories.page,
            pageSize: vm.categories.pageSize,
            total: vm.categories.total,
            showSizeChanger: false,
            onChange: (page) => void vm.categories.load(page),
          }}
          columns={[
            { title: 'Category', dataIndex: 'name', key: 'name' },
            { title: 'Compliances', dataIndex: 'complianceCount', key: 'count' },
            {
              title: 'Added',
              dataIndex: 'createdAt',
              key: 'added',
              render: (at: string) => showDate(at),
              responsive: ['sm'],
            },
            {
              title: 'Actions',
              key: 'actions',
              render: (_: unknown, row) => (
                <Space wrap>
                  <Button size="small" aria-label={`Rename ${row.name}`} onClick={() => setCategory({ row })}>
                    Rename
                  </Button>
                  <Popconfirm
                    title={`Delete ${row.name}?`}
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    onConfirm={() => vm.removeCategory(row)}
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
    </>
  );

  const row = editing?.row ?? null;
  return (
    <section aria-labelledby="compliances-title">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={1} id="compliances-title" style={{ margin: 0 }}>
          Compliances
        </Typography.Title>
        <Button type="primary" onClick={() => setEditing({ row: null })}>
          New compliance
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">
        What each jurisdiction's law obliges a workplace to do, and the policies and courses that meet it.
      </Typography.Paragraph>
      {vm.notice ? (
        <Alert type={vm.notice.type} title={vm.notice.text} showIcon closable style={{ marginBottom: 16 }} />
      ) : null}
      <Tabs
        items={[
          { key: 'compliances', label: 'Compliances', children: complianceTab },
          { key: 'categories', label: 'Categories', children: categoryTab },
        ]}
      />

      <Drawer
        title={row ? row.title : 'New compliance'}
        open={!!editing}
        onClose={closeCompliance}
        destroyOnHidden
        size="large"
      >
        <Form<ComplianceValues>
          form={form}
          layout="vertical"
          initialValues={
            row
              ? {
                  title: row.title,
                  description: row.description,
                  jurisdictionId: row.jurisdiction.id,
                  categoryId: row.category?.id,
                  kind: row.kind,
                  policyIds: row.policies.map((p) => p.id),
                  courseTitles: row.courseTitles,
                }
              : { kind: 'TRAINING' }
          }
          onFinish={async (values) => {
            const ok = await vm.saveCompliance(row?.id ?? null, {
              title: values.title,
              description: values.description ?? '',
              jurisdictionId: values.jurisdictionId,
              categoryId: values.categoryId ?? null,
              kind: values.kind,
              policyIds: values.policyIds ?? [],
              courseTitles: values.courseTitles ?? [],
            });
            if (ok) closeCompliance();
          }}
        >
          <Form.Item label="Title" name="title" rules={[{ required: true, message: 'Give a title' }]}>
            <Input />
          </Form.Item>
          <Form.Item label="What it obliges" name="description">
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item
            label="Jurisdiction"
            name="jurisdictionId"
            rules={[{ required: true, message: 'Choose the jurisdiction' }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={vm.jurisdictions.map((j) => ({ value: j.id, label: `${j.name} (${j.code})` }))}
            />
          </Form.Item>
          <Form.Item label="Kind" name="kind" rules={[{ required: true, message: 'Choose the kind' }]}>
            <Select options={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item label="Category" name="categoryId">
            <Select
              allowClear
              placeholder="None"
              options={vm.categoryChoices.map((c) => ({ value: c.id, label: c.name }))}
            />
          </Form.Item>
          <Form.Item label="Policies that meet it" name="policyIds">
            <Select mode="multiple" allowClear options={vm.policies.map((p) => ({ value: p.id, label: p.title }))} />
          </Form.Item>
          <Form.Item label="Courses that meet it" name="courseTitles" extra="Type a course's title and press Enter">
            <Select mode="tags" allowClear open={false} suffixIcon={null} />
          </Form.Item>
          {vm.saveError ? <Alert type="error" title={vm.saveError} style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" loading={vm.saving}>
            {row ? 'Save compliance' : 'Add compliance'}
          </Button>
        </Form>
      </Drawer>

      <Drawer
        title={category?.row ? `Rename ${category.row.name}` : 'New category'}
        open={!!category}
        onClose={closeCategory}
        destroyOnHidden
      >
        <Form<{ name: string }>
          layout="vertical"
          initialValues={{ name: category?.row?.name }}
          onFinish={async (values) => {
            if (await vm.saveCategory(category?.row?.id ?? null, values.name)) closeCategory();
          }}
        >
          <Form.Item label="Category name" name="name" rules={[{ required: true, message: 'Give a name' }]}>
            <Input />
          </Form.Item>
          {vm.saveError ? <Alert type="error" title={vm.saveError} style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" loading={vm.saving}>
            {category?.row ? 'Save name' : 'Add category'}
          </Button>
        </Form>
      </Drawer>
    </section>
  );
});

export default CompliancesScreen;
