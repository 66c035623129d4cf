import { Alert, Button, Drawer, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import type { ComplaintDetail, Outcome } from '../../contracts/case/complaints.contract';
import { appealRightText, readableDay } from '../../domain/complaints/case-runtime';
import type { ComplaintCaseViewModel } from './complaint-case.view-model';

/**
 * Due process on the case page (docs/case.md "Due process in the case runtime"): the contact editor, the close form
 * with its confirmation and the presiding officer's override, the appeal right of a closed case.
 */

export const OUTCOMES: { value: Outcome; label: string }[] = [
  { value: 'UPHELD', label: 'Upheld' },
  { value: 'NOT_UPHELD', label: 'Not upheld' },
  { value: 'SETTLED_BY_CONCILIATION', label: 'Settled by conciliation' },
  { value: 'WITHDRAWN', label: 'Withdrawn' },
  { value: 'REFERRED', label: 'Referred elsewhere' },
];

/** A step that mails the respondent: it needs their address. */
export const mailsRespondent = (step: ComplaintDetail['steps'][number]): boolean =>
  step.actionTypes.includes('INFORM_RESPONDENT') ||
  (step.actionTypes.includes('NOTIFY') && step.party === 'RESPONDENT');

export const RESPONDENT_EMAIL_MISSING =
  'The respondent’s email is missing: the complaint gave none. Add it to inform them.';

export const ContactDrawer = observer(function ContactDrawer({
  vm,
  detail,
}: {
  vm: ComplaintCaseViewModel;
  detail: ComplaintDetail;
}) {
  const party = vm.contactParty;
  const current = party === 'COMPLAINANT' ? detail.complainant : detail.respondent;
  const err = (name: string) =>
    vm.contactFieldErrors[name] ? { validateStatus: 'error' as const, help: vm.contactFieldErrors[name] } : {};
  const title = party === 'COMPLAINANT' ? 'The complainant’s contact' : 'The respondent’s contact';
  return (
    <Drawer open={party !== null} onClose={vm.closeContact} title={title} width={480} destroyOnHidden>
      {party ? (
        <Form
          layout="vertical"
          aria-label={title}
          initialValues={{ name: current?.name ?? '', email: current?.email ?? '', phone: current?.phone ?? '' }}
          onFinish={(values: { name?: string; email?: string; phone?: string }) => void vm.saveContact(values)}
        >
          {vm.contactReason ? (
            <Alert type="warning" showIcon message={vm.contactReason} style={{ marginBottom: 16 }} />
          ) : null}
          <Typography.Paragraph type="secondary">
            Only the committee of this case can change this. The change, who made it and when are kept in the case’s
            access log.
          </Typography.Paragraph>
          {vm.contactError ? (
            <Alert type="error" showIcon message={vm.contactError} style={{ marginBottom: 16 }} />
          ) : null}
          {party === 'RESPONDENT' ? (
            <Form.Item name="name" label="Name" {...err('name')}>
              <Input autoComplete="off" />
            </Form.Item>
          ) : null}
          <Form.Item name="email" label="Email" {...err('email')}>
            <Input type="email" autoComplete="off" autoFocus={vm.contactReason !== null} />
          </Form.Item>
          <Form.Item name="phone" label="Phone" {...err('phone')}>
            <Input type="tel" autoComplete="off" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={vm.busy}>
              Save contact
            </Button>
            <Button onClick={vm.closeContact}>Cancel</Button>
          </Space>
        </Form>
      ) : null}
    </Drawer>
  );
});

export const CloseForm = observer(function CloseForm({
  vm,
  detail,
}: {
  vm: ComplaintCaseViewModel;
  detail: ComplaintDetail;
}) {
  const [form] = Form.useForm<{ outcome: Outcome; summary: string; reasons?: string }>();
  const open = detail.dueProcess?.mandatoryOpen ?? [];
  const blocked = open.length > 0 && !detail.callerPresides;
  const label = OUTCOMES.find((o) => o.value === vm.closing?.outcome)?.label ?? '';
  return (
    <>
      <Form form={form} layout="vertical" aria-label="Close the case" onFinish={(v) => vm.askToClose(v)}>
        {open.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message={`Mandatory ${open.length === 1 ? 'step' : 'steps'} still open: ${open.join(', ')}`}
            description={
              detail.callerPresides
                ? 'Complete them first, or close now and record your reasons: they are kept in the case.'
                : 'Complete them first. Only the presiding officer may close the case with a mandatory step open, with written reasons.'
            }
          />
        ) : null}
        {blocked ? null : (
          <>
            <Form.Item name="outcome" label="Outcome" rules={[{ required: true, message: 'Choose the outcome' }]}>
              <Select aria-label="Outcome" options={OUTCOMES} />
            </Form.Item>
            <Form.Item
              name="summary"
              label="Summary of the decision"
              rules={[{ required: true, message: 'Summarise the decision' }]}
            >
              <Input.TextArea rows={3} />
            </Form.Item>
          </>
        )}
        {open.length > 0 && detail.callerPresides ? (
          <Form.Item
            name="reasons"
            label="Your reasons for closing with a mandatory step open"
            rules={[{ required: true, whitespace: true, message: 'Give your reasons' }]}
            {...(vm.fieldErrors.reasons || vm.fieldErrors.override
              ? { validateStatus: 'error' as const, help: vm.fieldErrors.reasons ?? vm.fieldErrors.override }
              : {})}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        ) : null}
        {blocked ? null : (
          <Button danger htmlType="submit" loading={vm.busy}>
            Close the case
          </Button>
        )}
      </Form>
      <Modal
        open={vm.closing !== null}
        title={`Close case ${detail.caseNumber}?`}
        okText="Close the case"
        okButtonProps={{ danger: true, loading: vm.busy }}
        cancelText="Keep it open"
        onOk={async () => {
          if (await vm.confirmClose()) form.resetFields();
        }}
        onCancel={vm.cancelClose}
      >
        <Typography.Paragraph>
          Outcome: <strong>{label}</strong>. The parties will be told, and the case cannot be reopened.
          {detail.compliance === 'IN_POSH' ? ' The 90-day appeal window (POSH Act s.18) starts today.' : ''}
        </Typography.Paragraph>
        {vm.closing?.reasons ? (
          <Typography.Paragraph>
            The mandatory steps left open and your reasons are recorded in the case.
          </Typography.Paragraph>
        ) : null}
      </Modal>
    </>
  );
});

/** A closed case: the appeal right and its last day (IN-10), and, for the committee, the override recorded on closing. */
export function ClosedCaseNotices({ detail }: { detail: ComplaintDetail }) {
  const appeal = detail.dueProcess?.appeal ?? null;
  const override = detail.dueProcess?.closeOverride ?? null;
  const committee = detail.role === 'COMMITTEE';
  return (
    <>
      {appeal ? (
        <Alert
          type="info"
          showIcon
          role="region"
          aria-label="Appeal"
          style={{ marginBottom: 16 }}
          message={committee ? `The parties may appeal until ${readableDay(appeal.deadline)}` : 'Your right to appeal'}
          description={
            committee
              ? `POSH Act s.18: within 90 days of the recommendations (${readableDay(appeal.from)}). The record is kept whole until then.`
              : `${appealRightText(appeal.deadline)} The appeal goes to the appellate authority under your service rules.`
          }
        />
      ) : null}
      {committee && override ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={`Closed with a mandatory step open by ${override.byName}`}
          description={<span style={{ whiteSpace: 'pre-wrap' }}>Reasons: {override.reasons}</span>}
        />
      ) : null}
    </>
  );
}
