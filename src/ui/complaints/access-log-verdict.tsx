import { Alert, Typography } from 'antd';
import type { AuditVerdict } from '../../contracts/case/complaints.contract';
import { CHAIN_PROBLEM_TEXT } from '../../domain/complaints/audit-chain';

/**
 * Above the access log: whether the log still holds to its hash chain, as the server recomputed it just now
 * (docs/case.md "The access log's hash chain"). The head is what a later export's chain must pass through.
 */
export function AccessLogVerdict({ verdict, error }: { verdict: AuditVerdict | null; error: string | null }) {
  if (error)
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        title="The log could not be verified just now"
        description={`${error} Open the tab again to retry.`}
      />
    );
  if (!verdict) return <Alert type="info" style={{ marginBottom: 12 }} title="Verifying the log…" />;
  if (verdict.ok) {
    return (
      <Alert
        type="success"
        showIcon
        style={{ marginBottom: 12 }}
        title={`Log verified: head ${verdict.head ? verdict.head.slice(0, 12) : 'none'}`}
        description={
          <>
            Checked as the tab opened: all {verdict.entries} entries still hash to the chain written when they were
            recorded. Full head:{' '}
            <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
              {verdict.head ?? 'none'}
            </Typography.Text>
          </>
        }
      />
    );
  }
  const b = verdict.brokenAt;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      title="Warning: this access log was altered"
      description={
        b
          ? `Entry ${b.seq}${b.action ? ` (${b.action})` : ''} ${CHAIN_PROBLEM_TEXT[b.problem]}. Tell the presiding officer and keep the last exported case file: its head hash shows what the log was.`
          : `The workspace's record of case lists was altered (list read ${verdict.listReads.brokenAt}). Tell the presiding officer and keep the last exported case file.`
      }
    />
  );
}
