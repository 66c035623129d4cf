import { Alert, Modal, Spin, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import type { AuditEntry, StepMail } from '../../contracts/case/complaints.contract';
import { ACTION_TYPE_LABELS } from '../../domain/workflows/workflow-rules';
import type { ComplaintCaseViewModel } from './complaint-case.view-model';

const KIND_WORDS = { RESPONDENT: 'Respondent', EMPLOYER: 'Employer' } as const;

function MailRecipients({ mail }: { mail: StepMail }) {
  const id = `mail-${mail.actionType}`;
  return (
    <section aria-labelledby={id} style={{ marginBottom: 12 }}>
      <Typography.Text strong id={id}>
        {ACTION_TYPE_LABELS[mail.actionType]}: “{mail.subject}”
      </Typography.Text>
      <div>
        {mail.complaintCopy
          ? 'With a copy of the complaint (the fields each recipient may see).'
          : 'Without the complaint’s contents.'}
      </div>
      <ul
        aria-label={`Recipients of ${ACTION_TYPE_LABELS[mail.actionType]}`}
        style={{ paddingInlineStart: 20, margin: '4px 0 0' }}
      >
        {mail.recipients.map((r) => (
          <li key={r.email} style={{ overflowWrap: 'anywhere' }}>
            {r.name} &lt;{r.email}&gt; · {KIND_WORDS[r.kind]}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * "Complete step": who the step's mails go to, shown before anything is sent (docs/case.md "Who receives case
 * content"). The member confirms exactly these recipients; if they changed meanwhile, the dialog shows them again.
 */
export const CompleteStepDialog = observer(function CompleteStepDialog({ vm }: { vm: ComplaintCaseViewModel }) {
  const step = vm.completing;
  const r = vm.recipients;
  const mails = r?.mails ?? [];
  const sends = mails.length > 0;
  return (
    <Modal
      open={step !== null}
      title={step ? `Complete step: ${step.name}` : ''}
      okText={sends ? 'Send and complete' : 'Complete'}
      onOk={() => void vm.confirmComplete()}
      onCancel={vm.cancelComplete}
      okButtonProps={{ disabled: !r || r.problem !== null, loading: vm.busy }}
      destroyOnHidden
    >
      {vm.recipientsError ? <Alert type="error" showIcon message={vm.recipientsError} /> : null}
      {!r && !vm.recipientsError ? <Spin aria-label="Loading the recipients" /> : null}
      {r && !sends ? <Typography.Paragraph>This step sends no mail.</Typography.Paragraph> : null}
      {r && sends ? (
        <>
          <Typography.Paragraph>
            These mails are sent when you complete the step. Check who receives them:
          </Typography.Paragraph>
          {mails.map((m) => (
            <MailRecipients key={m.actionType} mail={m} />
          ))}
          <Typography.Paragraph type="secondary">
            The case’s access log records each mail with its recipients.
          </Typography.Paragraph>
        </>
      ) : null}
      {r?.problem ? <Alert type="warning" showIcon message={r.problem} /> : null}
      {vm.actionError ? <Alert type="error" showIcon message={vm.actionError} style={{ marginTop: 8 }} /> : null}
    </Modal>
  );
});

/** What an access-log entry adds to its action: the recipients of the mails a step sent. */
export function auditDetails(entry: AuditEntry): string {
  // A refused request (a case route's refusal): what was asked and the answer it got.
  const { method, route, answered } = entry.details;
  if (typeof method === 'string' && typeof route === 'string')
    return `${method} ${route}, answered ${String(answered)}${entry.details.who === 'no session' ? ' (no session)' : ''}`;
  const mails = entry.details.mails;
  if (!Array.isArray(mails)) return '';
  return mails
    .map((m: { to?: unknown; complaintCopy?: unknown; subject?: unknown }) => {
      const to = Array.isArray(m.to) ? m.to.join(', ') : '';
      return `Mailed “${String(m.subject ?? '')}” to ${to}${m.complaintCopy ? ' (with a copy of the complaint)' : ''}`;
    })
    .join('; ');
}
