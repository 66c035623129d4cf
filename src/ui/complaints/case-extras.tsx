import { Alert, Button, Card, Checkbox, Form, Input, List, Popconfirm, Radio, Select, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { CaseEvent } from '../../contracts/case/intake.contract';
import type { ComplaintDetail } from '../../contracts/case/complaints.contract';
import type { InterimReliefRequest, ReliefKind } from '../../application/complaints/case-extras-api.port';
import { useViewModel } from '../shared/container-context';
import { tr } from '../i18n/i18n';
import { CaseExtrasViewModel } from './case-extras.view-model';
import { REGION } from './confidential-banner';
import { ListItemText } from '../shared/list-item-text';

const CHANNEL_WORDS = {
  ORAL_NOTICE: 'from what you told a committee member',
  HELP_TO_WRITE: 'with a committee member’s help',
} as const;

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
              <Button
                key="confirm"
                type="primary"
                loading={vm.busy}
                onClick={() => void vm.confirm(p.complaintId)}
                aria-label={`Confirm case ${p.caseNumber}`}
              >
                Confirm
              </Button>,
            ]}
          >
            <ListItemText
              title={`Case ${p.caseNumber}, recorded ${CHANNEL_WORDS[p.channel]} on ${p.recordedOn}`}
              description={
                <>
                  <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                    {p.incidentDetails}
                  </Typography.Paragraph>
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

export function describeCaseEvent(e: CaseEvent): string {
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

const RELIEFS: { value: ReliefKind; label: string }[] = [
  { value: 'TRANSFER_COMPLAINANT', label: 'Transfer the complainant' },
  { value: 'TRANSFER_RESPONDENT', label: 'Transfer the respondent' },
  { value: 'LEAVE', label: 'Leave for the complainant (up to 3 months)' },
  { value: 'RESTRAIN_RESPONDENT', label: 'Keep the respondent from reporting on or assessing the complainant' },
  { value: 'OTHER', label: 'Other relief' },
];

/** The request for interim relief (IN-08): the complainant's, the committee's record of it, or the reporter's. */
export function ReliefForm({
  busy,
  fieldErrors,
  submitLabel,
  onSubmit,
}: {
  busy: boolean;
  fieldErrors: Record<string, string>;
  submitLabel: string;
  onSubmit: (body: InterimReliefRequest) => Promise<boolean>;
}) {
  const [form] = Form.useForm<InterimReliefRequest>();
  const relief = Form.useWatch('relief', form);
  const err = (name: string) =>
    fieldErrors[name] ? { validateStatus: 'error' as const, help: fieldErrors[name] } : {};
  return (
    <Form<InterimReliefRequest>
      form={form}
      layout="vertical"
      aria-label="Interim relief"
      onFinish={async (v) => {
        if (
          await onSubmit({
            relief: v.relief,
            leaveMonths: v.relief === 'LEAVE' ? Number(v.leaveMonths) : null,
            details: v.details,
          })
        )
          form.resetFields();
      }}
    >
      <Form.Item
        name="relief"
        label="Relief asked"
        rules={[{ required: true, message: 'Choose the relief' }]}
        {...err('relief')}
      >
        <Select aria-label="Relief asked" options={RELIEFS} />
      </Form.Item>
      {relief === 'LEAVE' ? (
        <Form.Item
          name="leaveMonths"
          label="Months of leave"
          rules={[{ required: true, message: 'Enter 1 to 3 months' }]}
          {...err('leaveMonths')}
        >
          <Select
            aria-label="Months of leave"
            options={[1, 2, 3].map((n) => ({ value: n, label: `${n} month${n > 1 ? 's' : ''}` }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item
        name="details"
        label="Why it is needed"
        rules={[{ required: true, message: 'Say why it is needed' }]}
        {...err('details')}
      >
        <Input.TextArea rows={3} />
      </Form.Item>
      <Button htmlType="submit" type="primary" loading={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}

function DecisionForm({
  vm,
  complaintId,
  request,
}: {
  vm: CaseExtrasViewModel;
  complaintId: string;
  request: CaseEvent;
}) {
  const [form] = Form.useForm<{ decision: 'RECOMMENDED' | 'REFUSED'; note: string }>();
  const label = `Decision on ${String(request.details.relief).replaceAll('_', ' ').toLowerCase()}`;
  return (
    <Form
      form={form}
      layout="vertical"
      aria-label={label}
      onFinish={(v) => void vm.decideRelief(complaintId, request.eventId, v.decision, v.note)}
    >
      <Form.Item name="decision" label={label} rules={[{ required: true, message: 'Choose the decision' }]}>
        <Radio.Group
          options={[
            { value: 'RECOMMENDED', label: 'Recommend to the employer' },
            { value: 'REFUSED', label: 'Refuse' },
          ]}
        />
      </Form.Item>
      <Form.Item name="note" label="Reasons" rules={[{ required: true, message: 'Give the reasons' }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Button htmlType="submit" loading={vm.busy}>
        Record the decision
      </Button>
    </Form>
  );
}

function SettlementForm({
  vm,
  complaintId,
  canada,
}: {
  vm: CaseExtrasViewModel;
  complaintId: string;
  canada: boolean;
}) {
  const [form] = Form.useForm<{ terms: string; respondentAgreed: boolean }>();
  const err = (name: string) =>
    vm.fieldErrors[name] ? { validateStatus: 'error' as const, help: vm.fieldErrors[name] } : {};
  return (
    <Form
      form={form}
      layout="vertical"
      aria-label="Record the settlement"
      onFinish={(v) => void vm.recordConciliation(complaintId, v.terms, v.respondentAgreed ?? false)}
    >
      <Form.Item
        name="terms"
        label="Terms of the settlement"
        extra="A settlement may not be a payment of money (POSH s.10). Copies go to the employer and both parties."
        rules={[{ required: true, message: 'Enter the terms' }]}
        {...err('terms')}
      >
        <Input.TextArea rows={3} />
      </Form.Item>
      <Form.Item name="respondentAgreed" valuePropName="checked" {...err('respondentAgreed')}>
        <Checkbox>{canada ? 'The responding party agrees (required in Canada)' : 'The respondent agrees'}</Checkbox>
      </Form.Item>
      <Button htmlType="submit" type="primary" loading={vm.busy}>
        Record the settlement
      </Button>
    </Form>
  );
}

/**
 * On the case page: interim relief (IN-08, POSH only) and conciliation (IN-04, CA-05), each its own event on the
 * case's timeline; the complainant asks, the committee records its decision or the settlement.
 */
export const CaseEvents = observer(function CaseEvents({ detail }: { detail: ComplaintDetail }) {
  const vm = useViewModel(CaseExtrasViewModel);
  const [open, setOpen] = useState<'relief' | 'conciliation' | null>(null);
  const id = detail.complaintId;
  useEffect(() => {
    void vm.loadEvents(id);
  }, [vm, id]);
  const committee = detail.role === 'COMMITTEE';
  const complainant = detail.role === 'COMPLAINANT';
  const openCase = detail.status === 'OPEN' && !detail.confirmationPending;
  const posh = detail.compliance === 'IN_POSH';
  const canAct = openCase && (committee || complainant);
  if (vm.events.length === 0 && !canAct) return null;
  return (
    <Card title={posh ? 'Interim relief and conciliation' : 'Conciliation'} size="small" style={{ marginBottom: 16 }}>
      {vm.note ? <Alert type="success" showIcon message={vm.note} style={{ marginBottom: 8 }} role="status" /> : null}
      {vm.error ? <Alert type="error" showIcon message={vm.error} style={{ marginBottom: 8 }} /> : null}
      {vm.events.length === 0 ? (
        <Typography.Paragraph>
          {posh ? 'No request for interim relief or conciliation yet.' : 'No request for conciliation yet.'}
        </Typography.Paragraph>
      ) : null}
      <List
        {...REGION}
        aria-label="Case events"
        style={vm.events.length === 0 ? { display: 'none' } : undefined}
        dataSource={vm.events}
        renderItem={(e) => (
          <List.Item>
            <ListItemText
              title={`${new Date(e.createdAt).toLocaleString()} · ${e.recordedBy}`}
              description={describeCaseEvent(e)}
            />
          </List.Item>
        )}
      />
      {committee && openCase
        ? vm.undecidedReliefs.map((r) => (
            <Card key={r.eventId} size="small" style={{ marginTop: 8 }}>
              <DecisionForm vm={vm} complaintId={id} request={r} />
            </Card>
          ))
        : null}
      {committee && openCase && vm.conciliationRequested && !vm.settled ? (
        <Card size="small" title="The complainant asked for conciliation" style={{ marginTop: 8 }}>
          <SettlementForm vm={vm} complaintId={id} canada={!posh} />
        </Card>
      ) : null}
      {canAct ? (
        <Space wrap style={{ marginTop: 8 }}>
          {posh ? (
            <Button onClick={() => setOpen(open === 'relief' ? null : 'relief')} aria-expanded={open === 'relief'}>
              {complainant ? 'Ask for interim relief' : 'Record a request for interim relief'}
            </Button>
          ) : null}
          {complainant && !vm.conciliationRequested ? (
            <Button
              onClick={() => setOpen(open === 'conciliation' ? null : 'conciliation')}
              aria-expanded={open === 'conciliation'}
            >
              Ask for conciliation
            </Button>
          ) : null}
        </Space>
      ) : null}
      {canAct && open === 'relief' ? (
        <Card size="small" style={{ marginTop: 8 }}>
          <Typography.Paragraph type="secondary">
            While the inquiry goes on, the committee may recommend that the employer transfer you or the respondent,
            give you leave, or keep the respondent from assessing your work (POSH s.12).
          </Typography.Paragraph>
          <ReliefForm
            busy={vm.busy}
            fieldErrors={vm.fieldErrors}
            submitLabel={complainant ? 'Send the request' : 'Record the request'}
            onSubmit={(body) => vm.requestRelief(id, body)}
          />
        </Card>
      ) : null}
      {complainant && canAct && open === 'conciliation' && !vm.conciliationRequested ? (
        <Card size="small" style={{ marginTop: 8 }}>
          <Typography.Paragraph type="secondary">
            Conciliation happens only if you ask for it, before the inquiry, and never as a payment of money.
            {posh ? '' : ' In Canada the responding party must agree too.'}
          </Typography.Paragraph>
          <ConciliationAsk vm={vm} complaintId={id} />
        </Card>
      ) : null}
    </Card>
  );
});

function ConciliationAsk({ vm, complaintId }: { vm: CaseExtrasViewModel; complaintId: string }) {
  const [note, setNote] = useState('');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.TextArea
        aria-label="Anything the committee should know (optional)"
        placeholder="Anything the committee should know (optional)"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        rows={2}
      />
      <Button type="primary" loading={vm.busy} onClick={() => void vm.requestConciliation(complaintId, note)}>
        Ask for conciliation
      </Button>
    </Space>
  );
}

/** On the case page, for the complainant of a complaint recorded on their behalf: read it and confirm it. */
export const CaseConfirmation = observer(function CaseConfirmation({
  detail,
  onConfirmed,
}: {
  detail: ComplaintDetail;
  onConfirmed: () => void;
}) {
  const vm = useViewModel(CaseExtrasViewModel);
  if (!detail.confirmationPending)
    return vm.note ? (
      <Alert type="success" showIcon message={vm.note} style={{ marginBottom: 16 }} role="status" />
    ) : null;
  if (detail.role !== 'COMPLAINANT') {
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message="Waiting for the complainant’s confirmation"
        description="Recorded on their behalf: no time limit runs and no step can be completed until they confirm it."
      />
    );
  }
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      message={tr('case.confirmTitle')}
      description={
        <Space direction="vertical">
          <span>{tr('case.confirmBody')}</span>
          {vm.error ? <Typography.Text type="danger">{vm.error}</Typography.Text> : null}
          <Button
            type="primary"
            loading={vm.busy}
            onClick={async () => {
              if (await vm.confirm(detail.complaintId)) onConfirmed();
            }}
          >
            {tr('case.confirm')}
          </Button>
        </Space>
      }
    />
  );
});

/** On the case page, for the one presiding: deny named people access at once, without telling them. */
export const DeniedAccess = observer(function DeniedAccess({ detail }: { detail: ComplaintDetail }) {
  const vm = useViewModel(CaseExtrasViewModel);
  const [person, setPerson] = useState<string | undefined>();
  const [note, setNote] = useState('');
  const id = detail.complaintId;
  useEffect(() => {
    void vm.loadDenied(id);
  }, [vm, id]);
  const me = detail.committee?.presiding?.userId;
  const options = new Map<string, string>();
  for (const m of detail.committee?.members ?? [])
    if (m.userId !== me && !m.recused) options.set(m.userId, `${m.name} (committee)`);
  for (const p of vm.people) if (p.userId !== me) options.set(p.userId, `${p.name} (${p.email})`);
  for (const d of vm.denied) options.delete(d.userId);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Someone denied access can no longer open the case, from now on; they are not told, and the case is hidden from
        them as from anyone else.
      </Typography.Paragraph>
      {vm.note ? <Alert type="success" showIcon message={vm.note} role="status" /> : null}
      {vm.error ? <Alert type="error" showIcon message={vm.error} /> : null}
      <Space wrap align="end">
        <Select
          style={{ minWidth: 240, maxWidth: '100%' }}
          aria-label="Person to deny access"
          placeholder="Search people"
          value={person}
          onChange={setPerson}
          showSearch={{ filterOption: false, onSearch: (text) => void vm.searchPeople(text) }}
          options={[...options].map(([value, label]) => ({ value, label }))}
        />
        <Input
          aria-label="Reason (kept in the case log)"
          placeholder="Reason"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          style={{ minWidth: 200 }}
        />
        <Popconfirm
          title="Deny this person access to the case now?"
          okText="Deny access"
          disabled={!person}
          onConfirm={async () => {
            if (person && (await vm.deny(id, person, note))) {
              setPerson(undefined);
              setNote('');
            }
          }}
        >
          <Button danger disabled={!person} loading={vm.busy}>
            Deny access
          </Button>
        </Popconfirm>
      </Space>
      {vm.denied.length === 0 ? (
        <Typography.Paragraph>Nobody is denied access to this case.</Typography.Paragraph>
      ) : null}
      <List
        {...REGION}
        aria-label="People denied access"
        style={vm.denied.length === 0 ? { display: 'none' } : undefined}
        dataSource={vm.denied}
        renderItem={(d) => (
          <List.Item
            actions={[
              <Button
                key="restore"
                onClick={() => void vm.restore(id, d.userId)}
                aria-label={`Restore access for ${d.name}`}
              >
                Restore
              </Button>,
            ]}
          >
            <ListItemText
              title={d.name}
              description={`Since ${new Date(d.deniedAt).toLocaleString()}${d.note ? ` · ${d.note}` : ''}`}
            />
          </List.Item>
        )}
      />
    </Space>
  );
});
