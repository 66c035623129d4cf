import { Alert, Button, Card, Checkbox, Drawer, Form, Input, List, Select, Space, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import { useEffect } from 'react';
import type { Committee } from '../../contracts/case/complaints.contract';
import { REGION } from './confidential-banner';
import { useViewModel } from '../shared/container-context';
import { EmptyState, LoadError, Loading } from '../shared/page-state';
import { CommitteeSetupViewModel, type MemberDraft } from './committee-setup.view-model';
import { CommitteeChanges } from './committee-changes';
import { CommitteeChangesViewModel } from './committee-changes.view-model';
import { DateInput } from '../shared/date-input';
import { showDate } from '../i18n/i18n';

const ROLES: { value: MemberDraft['role']; label: string }[] = [
  { value: 'PRESIDING_OFFICER', label: 'Presiding officer' },
  { value: 'EMPLOYEE_MEMBER', label: 'Employee member' },
  { value: 'EXTERNAL_MEMBER', label: 'External member' },
];
const GENDERS: { value: MemberDraft['gender']; label: string }[] = [
  { value: 'WOMAN', label: 'Woman' },
  { value: 'MAN', label: 'Man' },
  { value: 'TRANSGENDER', label: 'Transgender' },
  { value: 'UNDISCLOSED', label: 'Not given' },
];
const roleLabel = (role: string) =>
  role === 'DESIGNATED_RECIPIENT' ? 'Designated recipient' : (ROLES.find((r) => r.value === role)?.label ?? role);

const CommitteeCard = ({ committee, onEdit }: { committee: Committee; onEdit: () => void }) => (
  <Card title={committee.name} extra={<Button onClick={onEdit}>Change</Button>} style={{ marginBottom: 16 }}>
    <Typography.Paragraph type="secondary">
      {committee.branchName ?? 'The whole workspace'} · term {showDate(committee.termStart)} to{' '}
      {showDate(committee.termEnd)}
    </Typography.Paragraph>
    {committee.warnings.length === 0 ? (
      <Alert
        type="success"
        showIcon
        message={
          committee.kind === 'DESIGNATED_RECIPIENTS'
            ? 'Designated recipients named (CA-01).'
            : 'The committee meets the POSH composition (IN-02).'
        }
      />
    ) : (
      <Alert
        type="warning"
        showIcon
        message={`${committee.warnings.length} ${committee.warnings.length === 1 ? 'warning' : 'warnings'}`}
        description={
          <ul style={{ margin: 0, paddingLeft: 18 }} aria-label="Composition warnings">
            {committee.warnings.map((w) => (
              <li key={w.code}>{w.message}</li>
            ))}
          </ul>
        }
      />
    )}
    <List
      style={{ marginTop: 12 }}
      {...REGION}
      aria-label={`Members of ${committee.name}`}
      dataSource={committee.members}
      locale={{ emptyText: 'No members yet.' }}
      renderItem={(m) => (
        <List.Item>
          <Space wrap>
            {m.name}
            <Tag>{roleLabel(m.role)}</Tag>
          </Space>
        </List.Item>
      )}
    />
  </Card>
);

export const CommitteesScreen = observer(function CommitteesScreen() {
  const vm = useViewModel(CommitteeSetupViewModel);
  const changes = useViewModel(CommitteeChangesViewModel);
  const [form] = Form.useForm<{ name: string; termStart: string; termEnd: string }>();
  useEffect(() => {
    void vm.load();
    void changes.load();
  }, [vm, changes]);
  useEffect(() => {
    if (vm.editing === 'new')
      form.setFieldsValue({
        name: vm.canada ? 'Designated recipients' : 'Internal Committee',
        termStart: '',
        termEnd: '',
      });
    else if (vm.editing)
      form.setFieldsValue({ name: vm.editing.name, termStart: vm.editing.termStart, termEnd: vm.editing.termEnd });
  }, [vm.editing, vm.canada, form]);
  const items = vm.list?.items ?? [];
  const hasWorkspaceCommittee = items.some((c) => c.branchId === null);
  const err = (name: string) =>
    vm.fieldErrors[name] ? { validateStatus: 'error' as const, help: vm.fieldErrors[name] } : {};

  return (
    <section aria-labelledby="committees-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <Typography.Title level={1} id="committees-title" style={{ margin: 0 }}>
          Internal Committee
        </Typography.Title>
        {vm.setsUp ? (
          <Space wrap>
            <Link to="/complaints/retention">Retention of closed cases</Link>
            {vm.canada ? <Link to="/complaints/investigators">Investigators</Link> : null}
            <Link to="/complaints/holidays">
              <Button>Public holidays</Button>
            </Link>
            {!hasWorkspaceCommittee && vm.status === 'ready' ? (
              <Button type="primary" onClick={() => vm.open('new')}>
                {vm.canada ? 'Name designated recipients' : 'Constitute the committee'}
              </Button>
            ) : null}
          </Space>
        ) : null}
      </Space>
      {vm.setsUp ? (
        <>
          <Typography.Paragraph type="secondary">
            {vm.canada
              ? 'Under the Canada Labour Code, notices of occurrence go to designated recipients (CA-01).'
              : 'Under the POSH Act the committee has a presiding officer who is a senior woman, at least 2 employee members, 1 external member, at least half women, and a term of at most 3 years (IN-02).'}
          </Typography.Paragraph>
          {vm.status === 'loading' && !vm.list ? <Loading label="Loading committees" /> : null}
          {vm.status === 'error' ? <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} /> : null}
          {vm.status === 'ready' && items.length === 0 ? (
            <EmptyState title="No committee has been constituted: complaints go to the Local Committee until one is." />
          ) : null}
          {items.map((c) => (
            <CommitteeCard key={c.committeeId} committee={c} onEdit={() => vm.open(c)} />
          ))}
          {vm.status === 'ready' ? <CommitteeChanges vm={changes} /> : null}
        </>
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            Changes of your committee’s members wait for your approval here, with the members waiting to be admitted to
            earlier cases.
          </Typography.Paragraph>
          <CommitteeChanges vm={changes} />
        </>
      )}
      <Drawer
        open={vm.editing !== null}
        onClose={vm.closeDrawer}
        title={vm.editing === 'new' ? 'Constitute the committee' : 'Change the committee'}
        width={Math.min(560, typeof window === 'undefined' ? 560 : window.innerWidth)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => void vm.save(v).then(() => changes.load())}>
          <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Enter a name' }]} {...err('name')}>
            <Input />
          </Form.Item>
          <Space wrap>
            <Form.Item
              name="termStart"
              label="Term starts"
              rules={[{ required: true, message: 'Enter the start' }]}
              {...err('termStart')}
            >
              <DateInput />
            </Form.Item>
            <Form.Item
              name="termEnd"
              label="Term ends"
              rules={[{ required: true, message: 'Enter the end' }]}
              {...err('termEnd')}
            >
              <DateInput />
            </Form.Item>
          </Space>
          <Form.Item label="Add a member">
            <Select
              showSearch
              aria-label="Find a person to add"
              placeholder="Type a name or email"
              filterOption={false}
              onSearch={(t) => void vm.search(t)}
              onSelect={(id: string | null) => id && vm.addMember(id)}
              value={null}
              options={vm.people.map((p) => ({ value: p.userId, label: p.label }))}
            />
          </Form.Item>
          <List
            {...REGION}
            aria-label="Members"
            // A plain copy: antd's List is not an observer, so the screen must read the members itself for a pick to
            // show at once (handing it the observable array drew the new member only at the next search).
            dataSource={vm.members.map((m) => ({ ...m }))}
            locale={{ emptyText: 'No members yet.' }}
            renderItem={(m) => (
              <List.Item>
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Typography.Text strong>{m.label}</Typography.Text>
                  <Space wrap>
                    {vm.canada ? (
                      <Tag>Designated recipient</Tag>
                    ) : (
                      <Select
                        aria-label={`Role of ${m.label}`}
                        style={{ minWidth: 170 }}
                        value={m.role}
                        options={ROLES}
                        onChange={(role) => vm.changeMember(m.userId, { role })}
                      />
                    )}
                    <Select
                      aria-label={`Gender of ${m.label}`}
                      style={{ minWidth: 130 }}
                      value={m.gender}
                      options={GENDERS}
                      onChange={(gender) => vm.changeMember(m.userId, { gender })}
                    />
                    {m.role === 'PRESIDING_OFFICER' ? (
                      <Checkbox
                        checked={m.senior}
                        onChange={(e) => vm.changeMember(m.userId, { senior: e.target.checked })}
                      >
                        Senior employee
                      </Checkbox>
                    ) : null}
                    <Button type="link" onClick={() => vm.removeMember(m.userId)} aria-label={`Remove ${m.label}`}>
                      Remove
                    </Button>
                  </Space>
                </Space>
              </List.Item>
            )}
          />
          {vm.editing !== 'new' ? (
            <Alert
              type="info"
              showIcon
              style={{ margin: '12px 0' }}
              message="A change of who sits on the committee, or of their roles, takes effect once the presiding officer approves it (a second admin for the presiding officer’s own seat). You cannot add yourself."
            />
          ) : null}
          {vm.saveError ? <Alert type="error" showIcon message={vm.saveError} style={{ margin: '12px 0' }} /> : null}
          <Button type="primary" htmlType="submit" loading={vm.saving} style={{ marginTop: 12 }}>
            Save
          </Button>
        </Form>
      </Drawer>
    </section>
  );
});

export default CommitteesScreen;
