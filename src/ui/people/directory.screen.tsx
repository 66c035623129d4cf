import {
  Alert,
  App,
  Button,
  Card,
  Col,
  DatePicker,
  Drawer,
  Form,
  Input,
  Progress,
  Row,
  Select,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import type { SorterResult } from 'antd/es/table/interface';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { ROLE_LABELS } from '../../domain/auth/roles';
import { ALL_BUSINESS_UNITS } from '../../domain/organisation/business-unit-selection';
import type { DirectorySort } from '../../domain/people/directory';
import { inviteState } from '../../domain/people/email-list';
import type { DirectoryUser } from '../../contracts/main/users.contract';
import { DeleteByFileModal } from './delete-by-file.modal';
import { InvitePeopleModal } from './invite-people.modal';
import { PendingInvitationsBar } from './pending-invitations.bar';
import { PendingInvitationsViewModel } from './pending-invitations.view-model';
import { useViewModel } from '../shared/container-context';
import { LoadError } from '../shared/page-state';
import { useShell } from '../shell/shell-context';
import { DirectoryViewModel, type DirectoryRow, type PersonFormValues } from './directory.view-model';
import { plural } from '../shared/plural';
import { tableStates } from '../shared/table-states';
import { ChoiceOrText } from '../shared/choice-or-text';
import { labelled, PHONE_CARDS } from '../shared/phone-cards';
import { DateInput } from '../shared/date-input';
import { appLocale, showDate, dateInputFormats } from '../i18n/i18n';

const STATUS_COLOURS = { ACTIVE: 'green', INVITED: 'blue', INACTIVE: 'default' } as const;

/** People: the workspace directory, with filters, search, server-side paging and sorting, edit and bulk actions. */
export const DirectoryScreen = observer(function DirectoryScreen() {
  const vm = useViewModel(DirectoryViewModel);
  const pending = useViewModel(PendingInvitationsViewModel);
  const shell = useShell();
  const { modal } = App.useApp();
  const [inviting, setInviting] = useState(false);
  const [deletingByFile, setDeletingByFile] = useState(false);

  useEffect(() => {
    void vm.start(shell.selectedUnit);
    return () => vm.dispose();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per screen: later changes of the header's unit are the next effect's
  }, [vm]);

  // The header's business-unit selector drives the directory too.
  useEffect(() => {
    if (shell.selectedUnit && shell.selectedUnit !== vm.filters.businessUnit)
      void vm.setFilters({ businessUnit: shell.selectedUnit });
  }, [shell.selectedUnit, vm]);

  const confirmStatus = (ids: string[], status: 'ACTIVE' | 'INACTIVE') => {
    const who = plural(ids.length, 'person', 'people');
    modal.confirm({
      title: status === 'INACTIVE' ? `Deactivate ${who}?` : `Reactivate ${who}?`,
      content:
        status === 'INACTIVE'
          ? 'They are signed out at once and cannot sign in until reactivated. Their training records stay.'
          : 'They can sign in again. People who never accepted their invitation go back to “invited”.',
      okText: status === 'INACTIVE' ? 'Deactivate' : 'Reactivate',
      okButtonProps: { danger: status === 'INACTIVE' },
      onOk: () => vm.setStatus(ids, status),
    });
  };

  const confirmDelete = (ids: string[]) => {
    const who = plural(ids.length, 'person', 'people');
    modal.confirm({
      title: `Delete ${who}?`,
      content: (
        <>
          <p>This cannot be undone. Their accounts, sessions, invitations and course assignments are deleted.</p>
          <p>Complaint records are never deleted with a person. To keep training records, deactivate instead.</p>
        </>
      ),
      okText: `Delete ${who}`,
      okButtonProps: { danger: true },
      onOk: () => vm.remove(ids),
    });
  };

  const stats = vm.stats;
  const me = vm.me;

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        People
      </Typography.Title>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Everyone in this workspace you may manage: find, invite, edit, deactivate or delete.
        </Typography.Paragraph>
        <Space wrap>
          <Button danger onClick={() => setDeletingByFile(true)}>
            Delete by file…
          </Button>
          <Button type="primary" onClick={() => setInviting(true)}>
            Invite people
          </Button>
        </Space>
      </Space>
      <DeleteByFileModal
        open={deletingByFile}
        onClose={() => setDeletingByFile(false)}
        onDeleted={() => void Promise.all([vm.load(1), vm.loadStats(), pending.load()])}
      />
      <InvitePeopleModal
        open={inviting}
        roleOptions={vm.assignableRoleOptions}
        onClose={() => setInviting(false)}
        onInvited={() => void Promise.all([vm.load(1), vm.loadStats(), pending.load()])}
      />
      <PendingInvitationsBar vm={pending} onSent={() => void vm.load()} />

      {stats && (
        <Row gutter={16} style={{ marginBottom: 16 }} aria-label="People in numbers">
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title="People" value={stats.total} />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title="Active" value={stats.byStatus.ACTIVE ?? 0} />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title="Invited" value={stats.byStatus.INVITED ?? 0} />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title="Deactivated" value={stats.byStatus.INACTIVE ?? 0} />
            </Card>
          </Col>
        </Row>
      )}

      <Space wrap style={{ marginBottom: 16 }} align="end">
        <Input.Search
          aria-label="Search people"
          placeholder="Name, email or employee ID"
          allowClear
          style={{ width: 280 }}
          value={vm.searchText}
          onChange={(e) => vm.setSearchText(e.target.value)}
          onSearch={(text) => void vm.searchNow(text)}
        />
        <Select
          aria-label="Filter by department"
          style={{ minWidth: 180 }}
          value={vm.filters.department}
          options={vm.departmentOptions}
          onChange={(department: string) => void vm.setFilters({ department })}
        />
        <Select
          aria-label="Filter by role"
          allowClear
          placeholder="All roles"
          style={{ minWidth: 170 }}
          value={vm.filters.role}
          options={vm.roleOptions}
          onChange={(role) => void vm.setFilters({ role })}
        />
        <Select
          aria-label="Filter by status"
          allowClear
          placeholder="Any status"
          style={{ minWidth: 140 }}
          value={vm.filters.status}
          options={vm.statusOptions}
          onChange={(status) => void vm.setFilters({ status })}
        />
        {/* One range picker for the joining dates (UI.md), either end open. */}
        <DatePicker.RangePicker
          format={dateInputFormats()}
          id={{ start: 'joined-from', end: 'joined-until' }}
          allowEmpty={[true, true]}
          placeholder={['Joined from', 'Joined until']}
          value={[
            vm.filters.joinedFrom ? dayjs(vm.filters.joinedFrom) : null,
            vm.filters.joinedTo ? dayjs(vm.filters.joinedTo) : null,
          ]}
          onChange={(range) =>
            void vm.setFilters({
              joinedFrom: range?.[0]?.format('YYYY-MM-DD') || undefined,
              joinedTo: range?.[1]?.format('YYYY-MM-DD') || undefined,
            })
          }
        />
      </Space>

      {vm.notice && (
        <Alert
          style={{ marginBottom: 16 }}
          type={vm.notice.type}
          showIcon
          title={vm.notice.text}
          closable={{ onClose: vm.dismissNotice }}
        />
      )}

      {vm.progress && (
        <div role="status" aria-live="polite" style={{ marginBottom: 16 }}>
          {vm.progress.label} {vm.progress.done} of {vm.progress.total}…
          <Progress percent={Math.round((vm.progress.done / Math.max(vm.progress.total, 1)) * 100)} />
        </div>
      )}

      {vm.list.selectedKeys.length > 0 && (
        <Space style={{ marginBottom: 12 }} aria-label="Selected people">
          <Typography.Text strong>{plural(vm.list.selectedKeys.length, 'person', 'people')} selected</Typography.Text>
          <Button disabled={vm.busy} onClick={() => confirmStatus(vm.list.selectedKeys, 'INACTIVE')}>
            Deactivate selected
          </Button>
          <Button disabled={vm.busy} onClick={() => confirmStatus(vm.list.selectedKeys, 'ACTIVE')}>
            Reactivate selected
          </Button>
          <Button
            disabled={vm.busy || !vm.list.selected.some((u) => u.status === 'INVITED')}
            onClick={() => void vm.resendInvitations(vm.list.selected)}
          >
            Resend invitations
          </Button>
          <Button danger disabled={vm.busy} onClick={() => confirmDelete(vm.list.selectedKeys)}>
            Delete selected
          </Button>
          <Button type="link" onClick={vm.list.clearSelection}>
            Clear selection
          </Button>
        </Space>
      )}

      {vm.list.status === 'error' ? (
        <LoadError message={vm.list.error ?? ''} onRetry={() => void vm.load()} />
      ) : (
        <Table<DirectoryRow>
          rowKey="key"
          dataSource={vm.rows}
          {...tableStates(vm.list.status === 'loading', vm.rows.length, vm.emptyText)}
          rowSelection={{
            selectedRowKeys: vm.list.selectedKeys,
            preserveSelectedRowKeys: true,
            onChange: (keys) => vm.list.select(keys as string[]),
            getCheckboxProps: (row) => ({ disabled: row.userId === me?.userId, 'aria-label': `Select ${row.name}` }),
          }}
          pagination={{
            current: vm.list.page,
            pageSize: vm.list.pageSize,
            total: vm.list.total,
            showSizeChanger: true,
            showTotal: (total) => plural(total, 'person', 'people'),
          }}
          onChange={(pagination, _filters, sorter, extra) => {
            if (extra.action === 'sort') {
              const s = sorter as SorterResult<DirectoryRow>;
              void vm.list.sortBy(
                s.columnKey as DirectorySort | undefined,
                s.order === 'descend' ? 'desc' : s.order === 'ascend' ? 'asc' : undefined,
              );
            } else if (extra.action === 'paginate') {
              void vm.load(pagination.current ?? 1, pagination.pageSize ?? vm.list.pageSize);
            }
          }}
          className={PHONE_CARDS}
          columns={labelled<DirectoryRow>([
            {
              title: 'Name',
              key: 'name',
              dataIndex: 'name',
              sorter: true,
              sortOrder: vm.list.columnSortOrder('name'),
              render: (name: string, row) => (
                <Button
                  type="link"
                  style={{ padding: 0 }}
                  onClick={() => void vm.openEdit(row)}
                  aria-label={`Edit ${name}`}
                >
                  {name}
                </Button>
              ),
            },
            {
              title: 'Email',
              key: 'email',
              dataIndex: 'email',
              sorter: true,
              sortOrder: vm.list.columnSortOrder('email'),
            },
            { title: 'Business unit', dataIndex: 'branchName', render: (v: string | null) => v ?? '—' },
            { title: 'Department', dataIndex: 'departmentName', render: (v: string | null) => v ?? '—' },
            {
              title: 'Role',
              key: 'role',
              dataIndex: 'roleLabel',
              sorter: true,
              sortOrder: vm.list.columnSortOrder('role'),
            },
            {
              title: 'Status',
              key: 'status',
              dataIndex: 'statusLabel',
              sorter: true,
              sortOrder: vm.list.columnSortOrder('status'),
              render: (label: string, row) => <StatusCell label={label} user={row} />,
            },
            {
              title: 'Joined',
              key: 'joined',
              dataIndex: 'dateOfJoining',
              sorter: true,
              sortOrder: vm.list.columnSortOrder('joined'),
              render: (v: string | null) => v ?? '—',
            },
          ])}
        />
      )}
      <PersonDrawer
        vm={vm}
        onResend={(user) => void vm.resendInvitations([user])}
        onSignOut={(user) =>
          modal.confirm({
            title: `Sign ${user.email} out everywhere?`,
            content: 'Every session of this person ends at once, on every device. They can sign in again.',
            okText: 'Sign out everywhere',
            onOk: () => vm.signOutEverywhere(user),
          })
        }
        onUnlock={(user) =>
          modal.confirm({
            title: `Unlock ${user.email}?`,
            content:
              'The account was locked after too many wrong one-time codes. Unlock it once you have checked with the person: they can ask for a code again at once.',
            okText: 'Unlock account',
            onOk: () => vm.unlock(user),
          })
        }
        onWithdraw={(user) =>
          modal.confirm({
            title: `Withdraw the invitation of ${user.email}?`,
            content: 'The link stops working. Someone who never signed in is removed from the workspace.',
            okText: 'Withdraw invitation',
            okButtonProps: { danger: true },
            onOk: () => vm.withdrawInvitation(user),
          })
        }
        onDeactivate={(id) => confirmStatus([id], 'INACTIVE')}
        onReactivate={(id) => confirmStatus([id], 'ACTIVE')}
        onDelete={(id) => confirmDelete([id])}
      />
    </>
  );
});

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString(appLocale(), { hour: '2-digit', minute: '2-digit', day: 'numeric', month: 'short' });
const dateOf = (iso: string) => showDate(iso);

/** Status, for invited people where their invitation stands, and for sign-ups whether they confirmed their email. */
function StatusCell({ label, user }: { label: string; user: DirectoryUser }) {
  const invite = user.invite;
  const state = invite ? inviteState(invite, new Date()) : null;
  return (
    <>
      <Tag color={STATUS_COLOURS[user.status]}>{label}</Tag>
      {invite && (
        <Typography.Text type={state === 'expired' ? 'danger' : 'secondary'} style={{ display: 'block', fontSize: 12 }}>
          {state === 'expired'
            ? `Invitation expired ${dateOf(invite.expiresAt)}`
            : state === 'not-sent'
              ? 'Invitation not sent yet'
              : `Invitation sent, expires ${dateOf(invite.expiresAt)}`}
        </Typography.Text>
      )}
      {!user.emailConfirmed && (
        <Typography.Text type="warning" style={{ display: 'block', fontSize: 12 }}>
          Signed up; email not confirmed yet
        </Typography.Text>
      )}
      {user.lockedUntil && (
        <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>
          Locked after too many wrong codes, until {timeOf(user.lockedUntil)}
        </Typography.Text>
      )}
    </>
  );
}

const PersonDrawer = observer(function PersonDrawer(props: {
  vm: DirectoryViewModel;
  onResend: (user: DirectoryUser) => void;
  onSignOut: (user: DirectoryUser) => void;
  onUnlock: (user: DirectoryUser) => void;
  onWithdraw: (user: DirectoryUser) => void;
  onDeactivate: (id: string) => void;
  onReactivate: (id: string) => void;
  onDelete: (id: string) => void;
}) {
  const vm = props.vm;
  const shell = useShell();
  const [form] = Form.useForm<PersonFormValues>();
  const user = vm.editing;
  const self = user?.userId === vm.me?.userId;

  useEffect(() => {
    if (user) form.setFieldsValue(vm.formValues(user));
  }, [user, form, vm]);

  const units = shell.unitOptions.filter((o) => o.value !== ALL_BUSINESS_UNITS);
  const fieldError = (name: keyof PersonFormValues) =>
    vm.fieldErrors[name] ? { validateStatus: 'error' as const, help: vm.fieldErrors[name] } : {};

  return (
    <Drawer
      title={user ? `Edit ${`${user.firstName} ${user.lastName}`.trim() || user.email}` : 'Edit person'}
      open={user !== null}
      onClose={vm.closeEdit}
      size={480}
      destroyOnHidden
      footer={
        user && (
          <Space style={{ justifyContent: 'space-between', width: '100%' }}>
            <Space wrap>
              {user.status === 'INVITED' && (
                <>
                  <Button onClick={() => props.onResend(user)}>Resend invitation</Button>
                  <Button onClick={() => props.onWithdraw(user)}>Withdraw invitation</Button>
                </>
              )}
              {vm.mayUnlock(user) && <Button onClick={() => props.onUnlock(user)}>Unlock account</Button>}
              {vm.maySignOthersOut && user.status === 'ACTIVE' && !self && (
                <Button onClick={() => props.onSignOut(user)}>Sign out everywhere</Button>
              )}
              {user.status === 'INACTIVE' ? (
                <Button onClick={() => props.onReactivate(user.userId)}>Reactivate</Button>
              ) : (
                <Button disabled={self} onClick={() => props.onDeactivate(user.userId)}>
                  Deactivate
                </Button>
              )}
              <Button danger disabled={self} onClick={() => props.onDelete(user.userId)}>
                Delete
              </Button>
            </Space>
            <Button type="primary" loading={vm.saving} onClick={() => form.submit()}>
              Save changes
            </Button>
          </Space>
        )
      }
    >
      {user && (
        <>
          <Typography.Paragraph type="secondary">
            {user.email} ·{' '}
            <StatusCell
              label={user.status === 'INACTIVE' ? 'Deactivated' : user.status === 'INVITED' ? 'Invited' : 'Active'}
              user={user}
            />
          </Typography.Paragraph>
          {vm.formError && <Alert type="error" showIcon title={vm.formError} style={{ marginBottom: 16 }} />}
          <Form form={form} layout="vertical" onFinish={(values) => void vm.save(values)} requiredMark="optional">
            <Form.Item
              label="First name"
              name="firstName"
              rules={[{ required: true, whitespace: true, message: 'Enter a first name' }, { max: 100 }]}
              {...fieldError('firstName')}
            >
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item label="Last name" name="lastName" rules={[{ max: 100 }]} {...fieldError('lastName')}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item label="Employee ID" name="employeeId" rules={[{ max: 64 }]} {...fieldError('employeeId')}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item label="Designation" name="designation" rules={[{ max: 100 }]} {...fieldError('designation')}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item label="Phone number" name="phoneNumber" rules={[{ max: 32 }]} {...fieldError('phoneNumber')}>
              <Input type="tel" autoComplete="off" />
            </Form.Item>
            <Form.Item label="Date of joining" name="dateOfJoining" {...fieldError('dateOfJoining')}>
              <DateInput />
            </Form.Item>
            <Form.Item label="Business unit" name="branchId" {...fieldError('branchId')}>
              <ChoiceOrText
                options={units}
                onChange={(branchId: string) => {
                  form.setFieldValue('departmentId', '');
                  void vm.loadEditDepartments(branchId);
                }}
              />
            </Form.Item>
            <Form.Item label="Department" name="departmentId" {...fieldError('departmentId')}>
              <Select
                options={[
                  { value: '', label: 'No department' },
                  ...vm.editDepartments.map((d) => ({ value: d.departmentId, label: d.departmentName })),
                ]}
              />
            </Form.Item>
            <Form.Item
              label="Role"
              name="role"
              {...fieldError('role')}
              extra={self ? 'You cannot change your own role.' : undefined}
            >
              <Select
                disabled={self}
                options={
                  vm.assignableRoleOptions.some((o) => o.value === user.role)
                    ? vm.assignableRoleOptions
                    : [{ value: user.role, label: ROLE_LABELS[user.role] }]
                }
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Drawer>
  );
});

export default DirectoryScreen;
