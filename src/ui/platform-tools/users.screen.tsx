import { Alert, Button, Card, Col, Descriptions, Form, Input, Row, Select, Space, Table, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { UserFixes } from '../../application/platform-tools/platform-users.use-cases';
import { ROLE_LABELS, Role } from '../../domain/auth/roles';
import { useViewModel } from '../shared/container-context';
import { EmptyState } from '../shared/page-state';
import { PlatformUsersViewModel, type CourseRow } from './users.view-model';
import { WorkspacePicker } from './workspace-picker';
import { showDate } from '../i18n/i18n';

const STATUS_OPTIONS = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INVITED', label: 'Invited' },
  { value: 'INACTIVE', label: 'Inactive (signed out, cannot sign in)' },
];

/** Find a workspace's user by email, fix their details, see their course and policy record. */
export const PlatformUsersScreen = observer(function PlatformUsersScreen() {
  const vm = useViewModel(PlatformUsersViewModel);
  useEffect(() => {
    void vm.workspaces.search('');
  }, [vm]);

  return (
    <section aria-labelledby="platform-users-title">
      <Typography.Title level={1} id="platform-users-title">
        Users
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Find a person in a workspace by email to fix their details or see their training record.
      </Typography.Paragraph>
      <Space align="end" wrap>
        <WorkspacePicker
          id="users-workspace"
          label="Workspace"
          choices={vm.workspaces}
          value={vm.workspaceId}
          onChange={vm.choose}
        />
        <Form<{ email: string }>
          layout="inline"
          name="find-user"
          onFinish={(v) => void vm.find(v.email)}
          disabled={vm.searching || !vm.workspaceId}
        >
          <Form.Item
            label="User email"
            name="email"
            rules={[{ required: true, whitespace: true, message: 'Type an email' }]}
          >
            <Input type="email" style={{ width: 280 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={vm.searching}>
            Find user
          </Button>
        </Form>
      </Space>
      {vm.searchError ? (
        <Alert type="error" showIcon role="alert" title={vm.searchError} style={{ marginTop: 16 }} />
      ) : null}
      {!vm.record && !vm.searchError ? (
        <EmptyState title={vm.workspaceId ? 'Type the email of the person to find' : 'Choose a workspace first'} />
      ) : null}
      {vm.record ? (
        <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
          <Col xs={24} xl={10}>
            <Card title="Details">
              <EditUserForm vm={vm} key={vm.shown} />
            </Card>
          </Col>
          <Col xs={24} xl={14}>
            <Card title="Courses">
              {vm.courseRows.length === 0 ? (
                <EmptyState title="No course assigned" />
              ) : (
                <Table<CourseRow>
                  aria-label="Courses of the user"
                  rowKey="key"
                  dataSource={vm.courseRows}
                  pagination={{ pageSize: 20, hideOnSinglePage: true }}
                  columns={[
                    { title: 'Course', dataIndex: 'title' },
                    { title: 'Status', dataIndex: 'status', width: 120 },
                    { title: 'Progress', dataIndex: 'progress', width: 100 },
                    { title: 'Assigned', dataIndex: 'assigned', width: 130 },
                    { title: 'Completed', dataIndex: 'completed', width: 130 },
                  ]}
                />
              )}
            </Card>
            <Card title="Policies" style={{ marginTop: 16 }}>
              {vm.record.policies.length === 0 ? (
                <EmptyState title="No policy is published to this person yet" />
              ) : (
                <Descriptions
                  column={1}
                  items={vm.record.policies.map((p) => ({
                    key: p.policyId,
                    label: p.title,
                    children: p.acceptedAt ? `${p.status}, ${showDate(p.acceptedAt)}` : p.status,
                  }))}
                />
              )}
            </Card>
          </Col>
        </Row>
      ) : null}
    </section>
  );
});

const EditUserForm = observer(function EditUserForm({ vm }: { vm: PlatformUsersViewModel }) {
  const user = vm.record!.user;
  return (
    <Form<UserFixes>
      layout="vertical"
      name="edit-user"
      initialValues={{
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        role: user.role,
        status: user.status,
      }}
      onFinish={(v) => void vm.save(v)}
      disabled={vm.saving}
    >
      {vm.notice ? (
        <Alert type="success" showIcon role="status" title={vm.notice} style={{ marginBottom: 16 }} />
      ) : null}
      {vm.saveError ? (
        <Alert type="error" showIcon role="alert" title={vm.saveError} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item
        label="First name"
        name="firstName"
        rules={[{ required: true, whitespace: true, message: 'Give a first name' }, { max: 100 }]}
        validateStatus={vm.fields.firstName ? 'error' : undefined}
        help={vm.fields.firstName}
      >
        <Input />
      </Form.Item>
      <Form.Item
        label="Last name"
        name="lastName"
        rules={[{ max: 100 }]}
        validateStatus={vm.fields.lastName ? 'error' : undefined}
        help={vm.fields.lastName}
      >
        <Input />
      </Form.Item>
      <Form.Item
        label="Email"
        name="email"
        rules={[{ required: true, type: 'email', message: 'Not an email address' }]}
        validateStatus={vm.fields.email ? 'error' : undefined}
        help={vm.fields.email}
      >
        <Input />
      </Form.Item>
      <Form.Item label="Role" name="role">
        <Select options={Role.options.map((r) => ({ value: r, label: ROLE_LABELS[r] }))} />
      </Form.Item>
      <Form.Item label="Status" name="status">
        <Select options={STATUS_OPTIONS} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={vm.saving}>
        Save changes
      </Button>
    </Form>
  );
});

export default PlatformUsersScreen;
