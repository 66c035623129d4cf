import { Alert, Button, Card, List, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { CaseEvent } from '../../contracts/case/intake.contract';
import { useViewModel } from '../shared/container-context';
import { CaseExtrasViewModel } from './case-extras.view-model';
import { REGION } from './confidential-banner';

const CHANNEL_WORDS = { ORAL_NOTICE: 'from what you told a committee member', HELP_TO_WRITE: 'with a committee member’s help' } as const;

/** On the Complaints list: complaints recorded on the caller's behalf, each to read and confirm (CA-01, IN-03). */
export const PendingConfirmations = observer(function PendingConfirmations() {
  const vm = useViewModel(CaseExtrasViewModel);
  useEffect(() => {
    void vm.loadPending();
  }, [vm]);
  if (vm.pending.length === 0 && !vm.note) return null;
  return (
    <Card title="To confirm" style={{ marginBottom: 16 }}>
      {vm.note ? <Alert type="success" showIcon message={vm.note} style={{ marginBottom: 8 }} /> : null}
      {vm.error ? <Alert type="error" showIcon message={vm.error} style={{ marginBottom: 8 }} /> : null}
      <List
        {...REGION}
        aria-label="Complaints to confirm"
        dataSource={vm.pending}
        renderItem={(p) => (
          <List.Item
            actions={[
              <Button key="confirm" type="primary" loading={vm.busy} onClick={() => void vm.confirm(p.complaintId)} aria-label={`Confirm case ${p.caseNumber}`}>
                Confirm
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={`Case ${p.caseNumber}, recorded ${CHANNEL_WORDS[p.channel]} on ${p.recordedOn}`}
              description={
                <>
                  <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{p.incidentDetails}</Typography.Paragraph>
                  <Typography.Text type="secondary">Nothing happens on the case until you confirm it.</Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
});

function describe(e: CaseEvent): string {
  const d = e.details as Record<string, string | number | boolean | null>;
  switch (e.kind) {
    case 'INTERIM_RELIEF_REQUESTED':
      return `Interim relief asked: ${String(d.relief).replaceAll('_', ' ').toLowerCase()}${d.leaveMonths ? ` (${d.leaveMonths} months)` : ''}. ${d.details ?? ''}`;
    case 'INTERIM_RELIEF_DECIDED':
      return `Interim relief ${d.decision === 'RECOMMENDED' ? 'recommended to the employer' : 'refused'}: ${d.note ?? ''}`;
    case 'CONCILIATION_REQUESTED':
      return `The complainant asked for conciliation. ${d.note ?? ''}`;
    case 'CONCILIATION_SETTLED':
      return `Settled by conciliation: ${d.terms ?? ''}`;
  }
}

/** On the case page: interim relief (IN-08) and conciliation (IN-04) events, each its own record. */
export const CaseEvents = observer(function CaseEvents({ complaintId }: { complaintId: string }) {
  const vm = useViewModel(CaseExtrasViewModel);
  useEffect(() => {
    void vm.loadEvents(complaintId);
  }, [vm, complaintId]);
  if (vm.events.length === 0) return null;
  return (
    <Card title="Interim relief and conciliation" style={{ marginTop: 16 }}>
      <List
        {...REGION}
        aria-label="Interim relief and conciliation"
        dataSource={vm.events}
        renderItem={(e) => (
          <List.Item>
            <List.Item.Meta title={`${new Date(e.createdAt).toLocaleString()} · ${e.recordedBy}`} description={describe(e)} />
          </List.Item>
        )}
      />
    </Card>
  );
});
