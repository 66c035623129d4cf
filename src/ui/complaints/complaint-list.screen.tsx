import { Alert, Button, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { ComplaintSummary } from '../../contracts/case/complaints.contract';
import { showDate, tr } from '../i18n/i18n';
import { useViewModel } from '../shared/container-context';
import { EmptyState, LoadError, Loading } from '../shared/page-state';
import { PendingConfirmations } from './case-extras';
import { ClockChip } from './clock-chip';
import { ComplaintListViewModel } from './complaint-list.view-model';
import { MyInvestigations } from './my-investigations';
import { labelled, PHONE_CARDS } from '../shared/phone-cards';

const ROLE_WORDS: Record<ComplaintSummary['role'], string> = {
  COMPLAINANT: 'complaints.roleComplainant',
  RESPONDENT: 'complaints.roleRespondent',
  COMMITTEE: 'complaints.roleCommittee',
};

/** "Open", or "Closed · upheld" in the reader's language. */
function statusWords(row: ComplaintSummary): string {
  if (row.status === 'OPEN') return tr('complaints.open');
  return row.outcome
    ? tr('complaints.closedWith', { outcome: tr(`complaints.${row.outcome}`) })
    : tr('complaints.closed');
}

function CaseTable({ label, rows, committee }: { label: string; rows: ComplaintSummary[]; committee: boolean }) {
  return (
    <Table<ComplaintSummary>
      aria-label={label}
      rowKey="complaintId"
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      className={PHONE_CARDS}
      columns={labelled<ComplaintSummary>([
        {
          title: tr('complaints.columnCase'),
          dataIndex: 'caseNumber',
          render: (n: string, row) => <Link to={`/complaints/${row.complaintId}`}>{n}</Link>,
        },
        {
          title: tr('complaints.columnStatus'),
          dataIndex: 'status',
          render: (s: string, row) => <Tag color={s === 'OPEN' ? 'blue' : 'default'}>{statusWords(row)}</Tag>,
        },
        { title: tr('complaints.columnReceived'), dataIndex: 'receivedOn', render: (day: string) => showDate(day) },
        { title: tr('complaints.columnNextStep'), dataIndex: 'nextStep', render: (s: string | null) => s ?? '—' },
        committee
          ? {
              title: tr('complaints.columnClock'),
              dataIndex: 'nearestClock',
              render: (_: unknown, row) => (row.nearestClock ? <ClockChip clock={row.nearestClock} /> : '—'),
            }
          : {
              title: tr('complaints.columnPart'),
              dataIndex: 'role',
              render: (r: ComplaintSummary['role']) => tr(ROLE_WORDS[r]),
            },
      ])}
    />
  );
}

export const ComplaintListScreen = observer(function ComplaintListScreen() {
  const vm = useViewModel(ComplaintListViewModel);
  useEffect(() => {
    void vm.load();
  }, [vm]);
  return (
    <section aria-labelledby="complaints-title">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }} wrap>
        <Typography.Title level={1} id="complaints-title" style={{ margin: 0 }}>
          {tr('complaints.title')}
        </Typography.Title>
        <Space wrap>
          {vm.seated || vm.committee.length > 0 ? (
            <Link to="/complaints/on-behalf">
              <Button>{tr('complaints.recordForSomeone')}</Button>
            </Link>
          ) : null}
          {vm.seated ? <Link to="/committees">{tr('complaints.committeeChanges')}</Link> : null}
          <Link to="/concerns/new">
            <Button type="primary">{tr('complaints.raise')}</Button>
          </Link>
        </Space>
      </Space>
      <Typography.Paragraph type="secondary">{tr('complaints.lead')}</Typography.Paragraph>
      <PendingConfirmations />
      {vm.cases.status === 'loading' && vm.items.length === 0 ? <Loading label={tr('complaints.loading')} /> : null}
      {vm.cases.status === 'error' ? <LoadError message={vm.cases.error ?? ''} onRetry={() => void vm.load()} /> : null}
      {vm.awaitingAdmission.length > 0 ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={tr('complaints.awaiting', { cases: vm.awaitingAdmission.join(', ') })}
          description={tr('complaints.awaitingBody')}
        />
      ) : null}
      {vm.cases.status === 'ready' && vm.items.length === 0 && vm.awaitingAdmission.length === 0 ? (
        <EmptyState title={tr('complaints.empty')} />
      ) : null}
      {vm.committee.length > 0 ? (
        <>
          <Typography.Title level={2}>{tr('complaints.committeeCases')}</Typography.Title>
          <CaseTable label={tr('complaints.committeeCases')} rows={vm.committee} committee />
        </>
      ) : null}
      {vm.mine.length > 0 ? (
        <>
          <Typography.Title level={2}>{tr('complaints.mine')}</Typography.Title>
          <CaseTable label={tr('complaints.mine')} rows={vm.mine} committee={false} />
        </>
      ) : null}
      <MyInvestigations />
    </section>
  );
});

export default ComplaintListScreen;
