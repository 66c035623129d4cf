import { Alert, Button, Card, List, Space, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import type { MembershipChange } from '../../contracts/case/committee-membership.contract';
import { LoadError, Loading } from '../shared/page-state';
import type { CommitteeChangesViewModel } from './committee-changes.view-model';
import { REGION } from './confidential-banner';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const names = (people: { name: string }[]) => people.map((p) => p.name).join(', ');
const STATUS: Record<MembershipChange['status'], { label: string; color: string }> = {
  PENDING: { label: 'Waiting for approval', color: 'gold' },
  APPROVED: { label: 'Approved', color: 'green' },
  REJECTED: { label: 'Rejected', color: 'default' },
};

function ChangeText({ change }: { change: MembershipChange }) {
  return (
    <Space direction="vertical" size={2}>
      <Typography.Text strong>{change.committeeName}</Typography.Text>
      {change.added.length > 0 ? <Typography.Text>Joining: {names(change.added)}</Typography.Text> : null}
      {change.removed.length > 0 ? <Typography.Text>Leaving: {names(change.removed)}</Typography.Text> : null}
      {change.added.length + change.removed.length === 0 ? <Typography.Text>Roles change</Typography.Text> : null}
      <Typography.Text type="secondary">
        Asked by {change.requestedBy.name} on {day(change.requestedAt)}
        {change.decidedBy && change.decidedAt
          ? ` · ${change.status === 'APPROVED' ? 'approved' : 'rejected'} by ${change.decidedBy.name} on ${day(change.decidedAt)}`
          : ''}
      </Typography.Text>
      {change.status === 'PENDING' ? (
        <Typography.Text type="secondary">
          {change.approver === 'PRESIDING_OFFICER'
            ? 'The presiding officer approves it.'
            : 'It changes the presiding officer’s seat: another workspace admin or employer approves it.'}{' '}
          Until then nothing changes.
        </Typography.Text>
      ) : null}
    </Space>
  );
}

/** Pending changes of the committee's members with approve and reject for whoever decides, their history, and admissions. */
export const CommitteeChanges = observer(function CommitteeChanges({ vm }: { vm: CommitteeChangesViewModel }) {
  if (vm.loaded.status === 'loading' && vm.changes.length === 0) return <Loading label="Loading changes of members" />;
  if (vm.loaded.status === 'error') return <LoadError message={vm.loaded.error ?? ''} onRetry={() => void vm.load()} />;
  return (
    <>
      {vm.note ? <Alert type="success" showIcon message={vm.note} style={{ marginBottom: 12 }} /> : null}
      {vm.actionError ? <Alert type="error" showIcon message={vm.actionError} style={{ marginBottom: 12 }} /> : null}
      <Card
        title={
          <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
            Changes of members
          </Typography.Title>
        }
        style={{ marginBottom: 16 }}
      >
        <Typography.Paragraph type="secondary">
          Who sits on the committee reads its cases, so a change takes effect only once it is approved. A new member
          reads the cases filed before they joined only once the one presiding admits them.
        </Typography.Paragraph>
        {vm.pending.length === 0 ? (
          <Typography.Paragraph>No change is waiting for approval.</Typography.Paragraph>
        ) : null}
        <List
          {...REGION}
          aria-label="Changes waiting for approval"
          style={vm.pending.length === 0 ? { display: 'none' } : undefined}
          dataSource={vm.pending}
          renderItem={(c) => (
            <List.Item>
              <Space direction="vertical" style={{ width: '100%' }}>
                <Space wrap>
                  <Tag color={STATUS[c.status].color}>{STATUS[c.status].label}</Tag>
                </Space>
                <ChangeText change={c} />
                {c.mayApprove || c.mayReject ? (
                  <Space wrap>
                    {c.mayApprove ? (
                      <Button
                        type="primary"
                        loading={vm.busy === c.changeId}
                        onClick={() => void vm.decide(c, 'APPROVE')}
                        aria-label={`Approve the change of ${c.committeeName}`}
                      >
                        Approve
                      </Button>
                    ) : null}
                    {c.mayReject ? (
                      <Button
                        danger
                        loading={vm.busy === c.changeId}
                        onClick={() => void vm.decide(c, 'REJECT')}
                        aria-label={`Reject the change of ${c.committeeName}`}
                      >
                        {c.mayApprove ? 'Reject' : 'Withdraw'}
                      </Button>
                    ) : null}
                  </Space>
                ) : null}
              </Space>
            </List.Item>
          )}
        />
        {vm.history.length > 0 ? (
          <>
            <Typography.Title level={3} style={{ fontSize: 16, marginTop: 16 }}>
              History
            </Typography.Title>
            <List
              {...REGION}
              aria-label="Decided changes"
              dataSource={vm.history}
              renderItem={(c) => (
                <List.Item>
                  <Space direction="vertical">
                    <Tag color={STATUS[c.status].color}>{STATUS[c.status].label}</Tag>
                    <ChangeText change={c} />
                  </Space>
                </List.Item>
              )}
            />
          </>
        ) : null}
      </Card>
      {vm.admissions.length > 0 ? (
        <Card
          title={
            <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
              Members waiting to be admitted
            </Typography.Title>
          }
          style={{ marginBottom: 16 }}
        >
          <Typography.Paragraph type="secondary">
            They joined after these cases were filed. Admit a member to a case only when they should read it.
          </Typography.Paragraph>
          <List
            {...REGION}
            aria-label="Members waiting to be admitted"
            dataSource={vm.admissions}
            renderItem={(a) => {
              const key = `${a.complaintId}:${a.member.userId}`;
              return (
                <List.Item>
                  <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
                    <Typography.Text>
                      {a.member.name} · case {a.caseNumber}
                      <Tag style={{ marginLeft: 8 }}>Awaiting admission</Tag>
                    </Typography.Text>
                    <Button
                      loading={vm.busy === key}
                      onClick={() => void vm.admit(a)}
                      aria-label={`Admit ${a.member.name} to case ${a.caseNumber}`}
                    >
                      Admit
                    </Button>
                  </Space>
                </List.Item>
              );
            }}
          />
        </Card>
      ) : null}
    </>
  );
});
