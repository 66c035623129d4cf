import { Alert, Button, Drawer, Form, Input, List, Modal, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { MANAGER_ROLE_LABELS, type DepartmentRow, type ManagerRole } from '../../contracts/main/organisation.contract';
import { useService, useViewModel } from '../shared/container-context';
import { EmptyState, LoadError, Loading } from '../shared/page-state';
import { SessionViewModel } from '../shell/session.view-model';
import type { DepartmentManagersViewModel } from './department-managers.view-model';
import { DepartmentsViewModel } from './departments.view-model';
import { tableStates } from '../shared/table-states';
import { ListItemText } from '../shared/list-item-text';

const ROLE_OPTIONS = (Object.keys(MANAGER_ROLE_LABELS) as ManagerRole[]).map((value) => ({
  value,
  label: MANAGER_ROLE_LABELS[value],
}));

export const DepartmentsScreen = observer(function DepartmentsScreen() {
  const vm = useViewModel(DepartmentsViewModel);
  const session = useService(SessionViewModel);
  const role = session.workspaceUser?.role;

  useEffect(() => {
    if (role) void vm.init(role);
  }, [vm, role]);

  const rows = vm.rows;
  const peopleWord = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;
  return (
    <section aria-labelledby="departments-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={1} id="departments-title" style={{ margin: 0 }}>
          Departments
        </Typography.Title>
        {vm.canManage ? (
          <Space>
            <Button danger disabled={vm.list.selected.length === 0} onClick={() => vm.askDelete(vm.list.selected)}>
              Delete selected
            </Button>
            <Button type="primary" onClick={vm.openCreate}>
              New department
            </Button>
          </Space>
        ) : null}
      </Space>
      <Typography.Paragraph type="secondary">
        Departments belong to a business unit. Each can have managers: a head of department and managers.
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
      <Space wrap style={{ marginBottom: 16 }}>
        <label htmlFor="department-unit-filter">Business unit</label>
        <Select
          id="department-unit-filter"
          aria-label="Filter by business unit"
          style={{ minWidth: 240 }}
          value={vm.unitFilter}
          options={vm.unitOptions}
          onChange={(value) => void vm.filterByUnit(value)}
        />
        <Input.Search
          aria-label="Search departments"
          placeholder="Search by name"
          allowClear
          style={{ width: 260 }}
          onSearch={(value) => void vm.setSearch(value)}
        />
      </Space>
      {vm.list.status === 'error' ? <LoadError message={vm.list.error ?? ''} onRetry={() => void vm.load()} /> : null}
      {vm.list.status !== 'error' ? (
        <Table<DepartmentRow & { key: string }>
          aria-label="Departments"
          rowKey="key"
          dataSource={rows}
          {...tableStates(
            vm.list.status === 'loading',
            rows.length,
            <EmptyState title={vm.search ? 'No department matches this search' : 'No departments here yet'} />,
          )}
          rowSelection={
            vm.canManage
              ? { selectedRowKeys: vm.list.selectedKeys, onChange: (keys) => vm.list.select(keys.map(String)) }
              : undefined
          }
          pagination={{
            current: vm.list.page,
            pageSize: vm.list.pageSize,
            total: vm.list.total,
            onChange: (page) => void vm.load(page),
            hideOnSinglePage: true,
          }}
          columns={[
            { title: 'Department', dataIndex: 'departmentName' },
            { title: 'Business unit', dataIndex: 'branchName' },
            { title: 'People', dataIndex: 'userCount', width: 90 },
            { title: 'Managers', dataIndex: 'managerCount', width: 100 },
            {
              title: 'Actions',
              key: 'actions',
              width: 300,
              render: (_: unknown, row: DepartmentRow) => (
                <Space wrap>
                  <Button
                    size="small"
                    onClick={() => void vm.managers.open(row)}
                    aria-label={`Managers of ${row.departmentName} in ${row.branchName}`}
                  >
                    Managers
                  </Button>
                  {vm.canManage ? (
                    <>
                      <Button
                        size="small"
                        onClick={() => vm.openRename(row)}
                        aria-label={`Rename ${row.departmentName} in ${row.branchName}`}
                      >
                        Rename
                      </Button>
                      <Button
                        size="small"
                        danger
                        onClick={() => vm.askDelete([row])}
                        aria-label={`Delete ${row.departmentName} in ${row.branchName}`}
                      >
                        Delete
                      </Button>
                    </>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      ) : null}

      <Modal title="New department" open={vm.createOpen} onCancel={vm.closeForms} footer={null} destroyOnHidden>
        <Form<{ departmentName: string; branchId: string }>
          layout="vertical"
          name="new-department"
          initialValues={{ branchId: vm.unitFilter === 'ALL' ? undefined : vm.unitFilter }}
          onFinish={(values) => void vm.create(values)}
          disabled={vm.saving}
        >
          {vm.formError ? (
            <Alert type="error" showIcon role="alert" title={vm.formError} style={{ marginBottom: 16 }} />
          ) : null}
          <Form.Item
            label="Department name"
            name="departmentName"
            rules={[{ required: true, whitespace: true, message: 'Give the department a name' }, { max: 120 }]}
            validateStatus={vm.formFields.departmentName ? 'error' : undefined}
            help={vm.formFields.departmentName}
          >
            <Input autoFocus />
          </Form.Item>
          <Form.Item
            label="In business unit"
            name="branchId"
            rules={[{ required: true, message: 'Choose a business unit, or all' }]}
            validateStatus={vm.formFields.branchId ? 'error' : undefined}
            help={vm.formFields.branchId}
          >
            <Select aria-label="In business unit" options={vm.createUnitOptions} placeholder="Choose a business unit" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={vm.saving}>
              Create department
            </Button>
            <Button onClick={vm.closeForms}>Cancel</Button>
          </Space>
        </Form>
      </Modal>

      <Modal
        title={vm.renaming ? `Rename ${vm.renaming.departmentName}` : 'Rename'}
        open={vm.renaming !== null}
        onCancel={vm.closeForms}
        footer={null}
        destroyOnHidden
      >
        <Form<{ departmentName: string }>
          layout="vertical"
          name="rename-department"
          initialValues={{ departmentName: vm.renaming?.departmentName }}
          onFinish={(values) => void vm.rename(values)}
          disabled={vm.saving}
        >
          {vm.formError ? (
            <Alert type="error" showIcon role="alert" title={vm.formError} style={{ marginBottom: 16 }} />
          ) : null}
          <Form.Item
            label="New name"
            name="departmentName"
            rules={[{ required: true, whitespace: true, message: 'Give the department a name' }, { max: 120 }]}
            validateStatus={vm.formFields.departmentName ? 'error' : undefined}
            help={vm.formFields.departmentName}
          >
            <Input autoFocus />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={vm.saving}>
              Save
            </Button>
            <Button onClick={vm.closeForms}>Cancel</Button>
          </Space>
        </Form>
      </Modal>

      <Modal
        title={
          vm.pendingDelete.length === 1
            ? `Delete ${vm.pendingDelete[0].departmentName}?`
            : `Delete ${vm.pendingDelete.length} departments?`
        }
        open={vm.pendingDelete.length > 0}
        onCancel={vm.cancelDelete}
        okText="Delete"
        okButtonProps={{ danger: true, loading: vm.deleteBusy }}
        onOk={() => void vm.confirmDelete()}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {vm.peopleLosingDepartment === 0
            ? 'Nobody is in ' + (vm.pendingDelete.length === 1 ? 'this department.' : 'these departments.')
            : `${peopleWord(vm.peopleLosingDepartment)} will lose their department. They stay in their business unit.`}{' '}
          Its managers are removed with it.
        </Typography.Paragraph>
        <ul>
          {vm.pendingDelete.map((d) => (
            <li key={d.departmentId}>
              {d.departmentName} ({d.branchName})
            </li>
          ))}
        </ul>
        {vm.deleteError ? <Alert type="error" showIcon role="alert" title={vm.deleteError} /> : null}
      </Modal>

      <ManagersDrawer managers={vm.managers} canManage={vm.canManage} />
    </section>
  );
});

const ManagersDrawer = observer(function ManagersDrawer({
  managers,
  canManage,
}: {
  managers: DepartmentManagersViewModel;
  canManage: boolean;
}) {
  const [form] = Form.useForm<{ userId?: string; role?: ManagerRole }>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The form instance outlives the drawer's content: a person picked for one department is not offered for the next.
  useEffect(() => {
    form.resetFields();
  }, [managers.appointed, managers.department, form]);
  const department = managers.department;
  return (
    <Drawer
      title={department ? `Managers of ${department.departmentName} (${department.branchName})` : 'Managers'}
      open={department !== null}
      onClose={managers.close}
      size="large"
      destroyOnHidden
    >
      {managers.notice ? (
        <Alert
          type={managers.notice.type}
          showIcon
          role={managers.notice.type === 'error' ? 'alert' : 'status'}
          title={managers.notice.message}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {managers.status === 'loading' && managers.list.length === 0 ? <Loading label="Loading managers" /> : null}
      {managers.status === 'error' ? <LoadError message={managers.error ?? ''} /> : null}
      {managers.status === 'ready' ? (
        <div role="region" aria-label="Department managers">
          <List
            locale={{ emptyText: 'No managers yet' }}
            dataSource={managers.list.map((m) => ({ ...m }))}
            renderItem={(m) => (
              <List.Item
                actions={
                  canManage
                    ? [
                        <Popconfirm
                          key="remove"
                          title={`Remove ${m.firstName} ${m.lastName}?`}
                          description="They stay in the workspace; they stop managing this department."
                          okText="Remove"
                          onConfirm={() => void managers.removeManager(m)}
                        >
                          <Button
                            size="small"
                            danger
                            aria-label={`Remove ${m.firstName} ${m.lastName}`}
                            disabled={managers.busy}
                          >
                            Remove
                          </Button>
                        </Popconfirm>,
                      ]
                    : []
                }
              >
                <ListItemText
                  title={`${m.firstName} ${m.lastName}`}
                  description={`${MANAGER_ROLE_LABELS[m.role]} · ${m.email}`}
                />
              </List.Item>
            )}
          />
        </div>
      ) : null}
      {canManage ? (
        <>
          <Typography.Title level={2} style={{ marginTop: 24, fontSize: 20 }}>
            Appoint a manager
          </Typography.Title>
          <Form
            form={form}
            layout="vertical"
            name="appoint-manager"
            onFinish={(values) => void managers.add(values)}
            disabled={managers.busy}
          >
            {managers.formError ? (
              <Alert type="error" showIcon role="alert" title={managers.formError} style={{ marginBottom: 16 }} />
            ) : null}
            <Form.Item
              label="Person"
              name="userId"
              rules={[{ required: true, message: 'Choose a person' }]}
              validateStatus={managers.formFields.userId ? 'error' : undefined}
              help={managers.formFields.userId}
            >
              <Select
                showSearch={{
                  filterOption: false,
                  onSearch: (text) => {
                    clearTimeout(timer.current);
                    timer.current = setTimeout(() => void managers.searchUsers(text), 250);
                  },
                }}
                aria-label="Person"
                placeholder="Type a name or email"
                loading={managers.searching}
                options={managers.candidateOptions}
                notFoundContent={managers.searching ? 'Searching…' : 'Nobody matches'}
              />
            </Form.Item>
            <Form.Item
              label="Manager role"
              name="role"
              rules={[{ required: true, message: 'Choose their role' }]}
              validateStatus={managers.formFields.role ? 'error' : undefined}
              help={managers.formFields.role}
            >
              <Select aria-label="Manager role" options={ROLE_OPTIONS} placeholder="Choose a role" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={managers.busy}>
              Appoint
            </Button>
          </Form>
        </>
      ) : null}
    </Drawer>
  );
});

export default DepartmentsScreen;
