import { Alert, Button, Checkbox, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { BusinessUnit } from '../../contracts/main/organisation.contract';
import { useService, useViewModel } from '../shared/container-context';
import { EmptyState, LoadError } from '../shared/page-state';
import { SessionViewModel } from '../shell/session.view-model';
import { BusinessUnitsViewModel } from './business-units.view-model';
import { tableStates } from '../shared/table-states';

export const BusinessUnitsScreen = observer(function BusinessUnitsScreen() {
  const vm = useViewModel(BusinessUnitsViewModel);
  const session = useService(SessionViewModel);
  const role = session.workspaceUser?.role;

  useEffect(() => {
    if (role) vm.init(role);
    void vm.load(1);
  }, [vm, role]);

  const rows = vm.rows;
  return (
    <section aria-labelledby="units-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={1} id="units-title" style={{ margin: 0 }}>
          Business units
        </Typography.Title>
        {vm.canManage ? (
          <Button type="primary" onClick={vm.openCreate}>
            New business unit
          </Button>
        ) : null}
      </Space>
      <Typography.Paragraph type="secondary">
        Every person belongs to one business unit. One unit is the headquarters; it cannot be deleted.
        {vm.canManage ? null : ' You can see your own unit here; workspace admins and employers change units.'}
      </Typography.Paragraph>
      {vm.notice ? (
        <Alert
          type={vm.notice.type}
          showIcon
          role={vm.notice.type === 'error' ? 'alert' : 'status'}
          title={vm.notice.message}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Input.Search
        aria-label="Search business units"
        placeholder="Search by name"
        allowClear
        style={{ maxWidth: 320, marginBottom: 16 }}
        onSearch={(value) => void vm.setSearch(value)}
      />
      {vm.list.status === 'error' ? <LoadError message={vm.list.error ?? ''} onRetry={() => void vm.load()} /> : null}
      {vm.list.status !== 'error' ? (
        <Table<BusinessUnit & { key: string }>
          aria-label="Business units"
          rowKey="key"
          dataSource={rows}
          {...tableStates(
            vm.list.status === 'loading',
            rows.length,
            <EmptyState title={vm.search ? 'No business unit matches this search' : 'No business units yet'} />,
          )}
          pagination={{
            current: vm.list.page,
            pageSize: vm.list.pageSize,
            total: vm.list.total,
            onChange: (page) => void vm.load(page),
            hideOnSinglePage: true,
          }}
          columns={[
            {
              title: 'Name',
              dataIndex: 'branchName',
              render: (_: unknown, unit) => (
                <Space>
                  <span
                    aria-hidden
                    style={{
                      display: 'inline-block',
                      width: 12,
                      height: 12,
                      borderRadius: 3,
                      background: unit.backgroundColor ?? '#d9d9d9',
                    }}
                  />
                  <span>{unit.branchName}</span>
                  {unit.headquarter ? <Tag color="blue">Headquarters</Tag> : null}
                </Space>
              ),
            },
            { title: 'People', dataIndex: 'userCount', width: 100 },
            { title: 'Departments', dataIndex: 'departmentCount', width: 130 },
            ...(vm.canManage
              ? [
                  {
                    title: 'Actions',
                    key: 'actions',
                    width: 330,
                    render: (_: unknown, unit: BusinessUnit) => (
                      <Space wrap>
                        <Button size="small" onClick={() => vm.openEdit(unit)} aria-label={`Rename ${unit.branchName}`}>
                          Rename
                        </Button>
                        {!unit.headquarter ? (
                          <Button
                            size="small"
                            onClick={() => void vm.makeHeadquarters(unit)}
                            aria-label={`Make ${unit.branchName} the headquarters`}
                          >
                            Make headquarters
                          </Button>
                        ) : null}
                        <Button
                          size="small"
                          danger
                          disabled={unit.headquarter}
                          title={unit.headquarter ? 'The headquarters cannot be deleted' : undefined}
                          onClick={() => void vm.askDelete(unit)}
                          aria-label={`Delete ${unit.branchName}`}
                        >
                          Delete
                        </Button>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      ) : null}

      <Modal
        title={vm.editor?.mode === 'edit' ? `Rename ${vm.editor.unit?.branchName ?? ''}` : 'New business unit'}
        open={vm.editor !== null}
        onCancel={vm.closeEditor}
        footer={null}
        destroyOnHidden
      >
        <UnitForm vm={vm} />
      </Modal>

      <Modal
        title={vm.deleting ? `Delete ${vm.deleting.branchName}?` : 'Delete'}
        open={vm.deleting !== null}
        onCancel={vm.cancelDelete}
        destroyOnHidden
        okText="Delete business unit"
        okButtonProps={{
          danger: true,
          loading: vm.deleteBusy,
          disabled: vm.deletePlan?.ok === true && vm.deletePlan.needsTarget && !vm.moveTo,
        }}
        onOk={() => void vm.confirmDelete()}
      >
        <Typography.Paragraph>{vm.deleteSummary}</Typography.Paragraph>
        {vm.deletePlan?.ok && vm.deletePlan.needsTarget ? (
          <Form layout="vertical">
            <Form.Item label="Move their people to" htmlFor="move-users-to" required>
              <Select
                id="move-users-to"
                aria-label="Move their people to"
                placeholder="Choose a business unit"
                options={vm.moveOptions}
                value={vm.moveTo ?? undefined}
                onChange={(value) => vm.chooseMoveTo(value)}
              />
            </Form.Item>
          </Form>
        ) : null}
        {vm.deleteError ? <Alert type="error" showIcon role="alert" title={vm.deleteError} /> : null}
      </Modal>
    </section>
  );
});

const UnitForm = observer(function UnitForm({ vm }: { vm: BusinessUnitsViewModel }) {
  const unit = vm.editor?.unit ?? null;
  return (
    <Form<{ branchName: string; headquarter?: boolean }>
      layout="vertical"
      name="business-unit"
      initialValues={{ branchName: unit?.branchName ?? '', headquarter: false }}
      onFinish={(values) => void vm.save(values)}
      disabled={vm.saving}
    >
      {vm.formError ? (
        <Alert type="error" showIcon role="alert" title={vm.formError} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item
        label="Business unit name"
        name="branchName"
        rules={[{ required: true, whitespace: true, message: 'Give the business unit a name' }, { max: 120 }]}
        validateStatus={vm.formFields.branchName ? 'error' : undefined}
        help={vm.formFields.branchName}
      >
        <Input autoFocus />
      </Form.Item>
      {!unit?.headquarter ? (
        <Form.Item name="headquarter" valuePropName="checked">
          <Checkbox>Make this the headquarters (the current headquarters stops being it)</Checkbox>
        </Form.Item>
      ) : null}
      <Space>
        <Button type="primary" htmlType="submit" loading={vm.saving}>
          {unit ? 'Save' : 'Create business unit'}
        </Button>
        <Button onClick={vm.closeEditor}>Cancel</Button>
      </Space>
    </Form>
  );
});

export default BusinessUnitsScreen;
