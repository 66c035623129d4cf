import { Alert, Button, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { AdminCreditRequest } from '../../contracts/learning/credits.contract';
import { useViewModel } from '../shared/container-context';
import { EmptyState, LoadError, Loading } from '../shared/page-state';
import { CreditRequestsViewModel } from './credit-requests.view-model';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '–');

/** The workspaces' requests for catalogue course credits: those waiting first, each granted once. */
export const CreditRequestsScreen = observer(function CreditRequestsScreen() {
  const vm = useViewModel(CreditRequestsViewModel);
  useEffect(() => {
    void vm.load();
  }, [vm]);
  const columns = [
    { title: 'Workspace', dataIndex: 'workspaceName', key: 'workspace' },
    { title: 'Course', dataIndex: 'courseTitle', key: 'course' },
    { title: 'Credits', dataIndex: 'credits', key: 'credits' },
    { title: 'Note', dataIndex: 'note', key: 'note' },
    { title: 'Asked on', dataIndex: 'requestedAt', key: 'requested', render: when },
    { title: 'Balance', dataIndex: 'balance', key: 'balance' },
    {
      title: 'Status',
      key: 'status',
      render: (_: unknown, row: AdminCreditRequest) =>
        row.status === 'GRANTED' ? (
          <Tag color="green">Granted {when(row.grantedAt)}</Tag>
        ) : (
          <Button
            type="primary"
            loading={vm.granting === row.id}
            onClick={() => void vm.grant(row)}
            aria-label={`Grant ${row.credits} credits to ${row.workspaceName} for ${row.courseTitle}`}
          >
            Grant
          </Button>
        ),
    },
  ];
  return (
    <section aria-labelledby="credit-requests-title">
      <Typography.Title level={1} id="credit-requests-title">
        Course credits
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Workspaces ask for credits for a catalogue course; each person they assign it to uses one. Granting adds the
        credits once, however often it is clicked.
      </Typography.Paragraph>
      {vm.notice ? (
        <Alert
          type={vm.notice.type}
          role={vm.notice.type === 'error' ? 'alert' : 'status'}
          showIcon
          title={vm.notice.text}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {vm.items.status === 'loading' ? <Loading label="Loading the credit requests" /> : null}
      {vm.items.status === 'error' ? <LoadError message={vm.items.error ?? ''} onRetry={() => void vm.load()} /> : null}
      {vm.items.status === 'ready' && vm.items.value.length === 0 ? (
        <EmptyState title="No workspace has asked for credits yet." />
      ) : null}
      {vm.items.status === 'ready' && vm.items.value.length > 0 ? (
        <Table
          rowKey="id"
          dataSource={vm.items.value.slice()}
          columns={columns}
          pagination={false}
          scroll={{ x: true }}
        />
      ) : null}
    </section>
  );
});

export default CreditRequestsScreen;
