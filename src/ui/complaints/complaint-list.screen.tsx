import { Alert, Button, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { ComplaintSummary } from '../../contracts/case/complaints.contract';
import { useViewModel } from '../shared/container-context';
import { EmptyState, LoadError, Loading } from '../shared/page-state';
import { PendingConfirmations } from './case-extras';
import { ClockChip } from './clock-chip';
import { ComplaintListViewModel } from './complaints.view-models';
import { MyInvestigations } from './my-investigations';

const ROLE_WORDS: Record<ComplaintSummary['role'], string> = {
  COMPLAINANT: 'You raised it',
  RESPONDENT: 'It names you',
  COMMITTEE: 'Committee',
};

function CaseTable({ label, rows, committee }: { label: string; rows: ComplaintSummary[]; committee: boolean }) {
  return (
    <Table<ComplaintSummary>
      aria-label={label}
      rowKey="complaintId"
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          title: 'Case',
          dataIndex: 'caseNumber',
          render: (n: string, row) => <Link to={`/complaints/${row.complaintId}`}>{n}</Link>,
        },
        {
          title: 'Status',
          dataIndex: 'status',
          render: (s: string, row) => (
            <Tag color={s === 'OPEN' ? 'blue' : 'default'}>
              {s === 'OPEN'
                ? 'Open'
                : `Closed${row.outcome ? ` · ${row.outcome.replaceAll('_', ' ').toLowerCase()}` : ''}`}
            </Tag>
          ),
        },
        { title: 'Received', dataIndex: 'receivedOn' },
        { title: 'Next step', dataIndex: 'nextStep', render: (s: string | null) => s ?? '—' },
        committee
          ? {
              title: 'Nearest clock',
              dataIndex: 'nearestClock',
              render: (_: unknown, row) => (row.nearestClock ? <ClockChip clock={row.nearestClock} /> : '—'),
            }
          : { title: 'Your part', dataIndex: 'role', render: (r: ComplaintSummary['role']) => ROLE_WORDS[r] },
      ]}
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
          Complaints
        </Typography.Title>
        <Space wrap>
          {vm.seated || vm.committee.length > 0 ? (
            <Link to="/complaints/on-behalf">
              <Button>Record a complaint for someone</Button>
            </Link>
          ) : null}
          {vm.seated ? <Link to="/committees">Changes of the committee’s members</Link> : null}
          <Link to="/concerns/new">
            <Button type="primary">Raise a concern</Button>
          </Link>
        </Space>
      </Space>
      <Typography.Paragraph type="secondary">
        Your own complaints and, if you sit on the Internal Committee, the cases assigned to you. No names appear in
        these lists.
      </Typography.Paragraph>
      <PendingConfirmations />
      {vm.status === 'loading' && vm.items.length === 0 ? <Loading label="Loading complaints" /> : null}
      {vm.status === 'error' ? <LoadError message={vm.error ?? ''} onRetry={() => void vm.load()} /> : null}
      {vm.awaitingAdmission.length > 0 ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={`Awaiting admission: ${vm.awaitingAdmission.join(', ')}`}
          description="You joined the committee after these cases were filed. The presiding officer admits you to each case before you can read it; you will get an email when they do."
        />
      ) : null}
      {vm.status === 'ready' && vm.items.length === 0 && vm.awaitingAdmission.length === 0 ? (
        <EmptyState title="You have no complaints, and no cases are assigned to you." />
      ) : null}
      {vm.committee.length > 0 ? (
        <>
          <Typography.Title level={2}>Committee cases</Typography.Title>
          <CaseTable label="Committee cases" rows={vm.committee} committee />
        </>
      ) : null}
      {vm.mine.length > 0 ? (
        <>
          <Typography.Title level={2}>My complaints</Typography.Title>
          <CaseTable label="My complaints" rows={vm.mine} committee={false} />
        </>
      ) : null}
      <MyInvestigations />
    </section>
  );
});

export default ComplaintListScreen;
