import { Alert, Button, Drawer, Form, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { CreateWorkspaceInput } from '../../application/platform/create-workspace.use-case';
import { useViewModel } from '../shared/container-context';
import { LoadError } from '../shared/page-state';
import { WorkspaceListViewModel } from './workspace-list.view-model';
import { tableStates } from '../shared/table-states';
import { DateInput } from '../shared/date-input';
import { showDate } from '../i18n/i18n';

/** The platform admin's workspaces: search, page through, open one, or create a new one. */
export const WorkspaceListScreen = observer(function WorkspaceListScreen() {
  const vm = useViewModel(WorkspaceListViewModel);
  const navigate = useNavigate();
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const [form] = Form.useForm<CreateWorkspaceInput>();

  useEffect(() => {
    void vm.load(1);
  }, [vm]);

  useEffect(() => {
    if (vm.created) void navigate(`/platform/workspaces/${vm.created.workspaceId}`, { state: { created: true } });
  }, [vm.created, navigate]);

  const fieldProps = (name: keyof CreateWorkspaceInput) =>
    vm.createFields[name] ? { validateStatus: 'error' as const, help: vm.createFields[name] } : {};

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        Workspaces
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Every customer organisation, each served at its own address.
      </Typography.Paragraph>
      {notice ? <Alert type="success" showIcon title={notice} style={{ marginBottom: 16 }} /> : null}
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          aria-label="Search workspaces"
          placeholder="Search by name or address"
          allowClear
          enterButton="Search"
          style={{ width: 360 }}
          onSearch={(value) => void vm.searchFor(value)}
        />
        <Button type="primary" icon={<PlusOutlined />} onClick={() => vm.openCreate()}>
          New workspace
        </Button>
      </Space>
      {vm.list.status === 'error' ? (
        <LoadError message={vm.list.error ?? ''} onRetry={() => void vm.load()} />
      ) : (
        <Table
          rowKey="key"
          dataSource={vm.rows}
          {...tableStates(vm.list.status === 'loading', vm.rows.length, vm.emptyText)}
          pagination={{
            current: vm.list.page,
            pageSize: vm.list.pageSize,
            total: vm.list.total,
            showSizeChanger: true,
            showTotal: (total) => `${total} ${total === 1 ? 'workspace' : 'workspaces'}`,
            onChange: (page, size) => void vm.load(page, size),
          }}
          columns={[
            {
              title: 'Company',
              dataIndex: 'companyName',
              render: (name: string, row) => <Link to={`/platform/workspaces/${row.workspaceId}`}>{name}</Link>,
            },
            { title: 'Address', dataIndex: 'workspaceUrl' },
            { title: 'Users', dataIndex: 'users' },
            { title: 'Contract', dataIndex: 'contract' },
            { title: 'Created', dataIndex: 'createdAt', render: (at: string) => showDate(at) },
          ]}
        />
      )}

      <Drawer
        title="New workspace"
        open={vm.createOpen}
        onClose={() => vm.closeCreate()}
        size={480}
        destroyOnHidden
        extra={
          <Button type="primary" loading={vm.creating} onClick={() => form.submit()}>
            Create workspace
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">
          The workspace gets a headquarters business unit, and its first admin is sent an invitation to set a password
          at the new address.
        </Typography.Paragraph>
        {vm.createError ? <Alert type="error" showIcon title={vm.createError} style={{ marginBottom: 16 }} /> : null}
        <Form form={form} layout="vertical" onFinish={(values) => void vm.create(values)}>
          <Form.Item
            name="companyName"
            label="Company name"
            rules={[{ required: true, whitespace: true, message: 'Give the company name' }]}
            {...fieldProps('companyName')}
          >
            <Input maxLength={200} autoFocus />
          </Form.Item>
          <Form.Item
            name="workspaceUrl"
            label="Workspace address"
            extra="The host name it is served at, e.g. initech.example.com"
            rules={[{ required: true, whitespace: true, message: 'Give the address' }]}
            {...fieldProps('workspaceUrl')}
          >
            <Input maxLength={253} placeholder="initech.example.com" spellCheck={false} />
          </Form.Item>
          <Form.Item
            name="adminEmail"
            label="Admin email"
            rules={[{ required: true, type: 'email', message: 'Give the first admin’s email address' }]}
            {...fieldProps('adminEmail')}
          >
            <Input type="email" maxLength={254} />
          </Form.Item>
          <Form.Item
            name="adminFirstName"
            label="Admin first name"
            rules={[{ required: true, whitespace: true, message: 'Give the first admin’s first name' }]}
            {...fieldProps('adminFirstName')}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="adminLastName" label="Admin last name" {...fieldProps('adminLastName')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="userLimit" label="User limit" extra="Leave empty for no limit" {...fieldProps('userLimit')}>
            <InputNumber min={1} max={1_000_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="jurisdictionCode"
            label="Jurisdiction"
            extra="Where it operates: the workspace starts with that law's complaint process, published"
            initialValue=""
            {...fieldProps('jurisdictionCode')}
          >
            <Select
              options={[
                { value: 'IN', label: 'India (POSH Act)' },
                { value: 'CA-FED', label: 'Canada (federal)' },
                { value: '', label: 'None declared (a general process)' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="contractExpiresOn"
            label="Contract end date"
            extra="The contract's last day; leave empty for an open-ended contract"
            {...fieldProps('contractExpiresOn')}
          >
            <DateInput />
          </Form.Item>
        </Form>
      </Drawer>
    </>
  );
});

export default WorkspaceListScreen;
