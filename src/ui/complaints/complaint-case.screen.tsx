import {
  Alert,
  Breadcrumb,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  List,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AudienceValue, AuditEntry, ComplaintDetail } from '../../contracts/case/complaints.contract';
import {
  ClosedCaseNotices,
  CloseForm,
  ContactDrawer,
  mailsRespondent,
  OUTCOMES,
  RESPONDENT_EMAIL_MISSING,
} from './case-due-process';
import { CaseConfirmation, CaseEvents, DeniedAccess } from './case-extras';
import { REGION } from './confidential-banner';
import { NO_LEGAL_PRACTITIONERS } from '../../domain/complaints/case-runtime';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { AccessLogVerdict } from './access-log-verdict';
import { CaseExport } from './case-export';
import { CaseRetention } from './case-retention';
import { ClockChip, clockDay } from './clock-chip';
import { ComplaintCaseViewModel, type MeetingValues } from './complaint-case.view-model';
import { MeetingGuestsViewModel, PERSON_PREFIX } from './meeting-guests.view-model';
import { ConfidentialBanner } from './confidential-banner';
import { HearingRecord } from './hearing-record';
import { NaturalJustice } from './natural-justice';
import { PartyCase } from './party-case';
import { PhoneTabs } from '../shared/phone-tabs';
import { tr } from '../i18n/i18n';
import { OccurrenceCategoriesCard } from './occurrence-categories';
import { RespondentReply } from './respondent-reply';
import { firstContactTemplate } from '../../domain/complaints/first-contact';
import { FilingLate } from './filing-late';
import { FormerEmployeeNotice } from './former-employee-notice';
import { auditLabel } from '../../domain/audit/audit-actions';
import { auditDetails, CompleteStepDialog } from './complete-step-dialog';
import { ListItemText } from '../shared/list-item-text';

/** A field of the form this case's workflow does not show to the caller (docs/case.md "Field visibility"). */
const HIDDEN_FIELD = 'Not shown to you by the complaint form';
const AUDIENCE_WORDS: Record<AudienceValue, string> = {
  COMPLAINANT: 'With the complainant',
  RESPONDENT: 'With the respondent',
  COMMITTEE: 'Committee only',
};
function Thread({
  vm,
  audience,
  detail,
}: {
  vm: ComplaintCaseViewModel;
  audience: AudienceValue;
  detail: ComplaintDetail;
}) {
  const messages = detail.messages.filter((m) => m.audience === audience);
  // CA-02 / CA-03: the committee's first message to a party of a Canadian notice starts from what the Regulations list.
  const firstContact =
    detail.role === 'COMMITTEE' &&
    detail.compliance === 'CA_FEDERAL' &&
    (audience === 'COMPLAINANT' || audience === 'RESPONDENT') &&
    !messages.some((m) => m.fromCommittee)
      ? audience
      : null;
  const [text, setText] = useState(() => (firstContact ? firstContactTemplate(firstContact) : ''));
  const canWrite = detail.role === 'COMMITTEE' || detail.role === audience;
  return (
    <>
      <List
        {...REGION}
        aria-label={AUDIENCE_WORDS[audience]}
        // antd draws a List's empty text in its disabled grey (1.8:1); a sentence to read takes the secondary colour.
        locale={{ emptyText: <Typography.Text type="secondary">No messages yet.</Typography.Text> }}
        dataSource={messages}
        renderItem={(m) => (
          <List.Item>
            <ListItemText
              title={`${m.authorName} · ${new Date(m.createdAt).toLocaleString()}`}
              description={<span style={{ whiteSpace: 'pre-wrap' }}>{m.body}</span>}
            />
          </List.Item>
        )}
      />
      {firstContact && detail.status === 'OPEN' ? (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 8 }}
          message={`The first contact with the ${firstContact === 'COMPLAINANT' ? 'principal' : 'responding'} party (${firstContact === 'COMPLAINANT' ? 'CA-02' : 'CA-03'}) keeps each heading below: reword the text under them, not the headings.`}
        />
      ) : null}
      {canWrite && detail.status === 'OPEN' ? (
        <Space.Compact style={{ width: '100%', marginTop: 8 }} block>
          <Input.TextArea
            aria-label={`Message: ${AUDIENCE_WORDS[audience].toLowerCase()}`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoSize={{ minRows: 2 }}
          />
          <Button
            type="primary"
            loading={vm.busy}
            onClick={async () => {
              if (await vm.message(audience, text)) setText('');
            }}
          >
            Send
          </Button>
        </Space.Compact>
      ) : null}
    </>
  );
}

/**
 * The meeting's guests: the case's committee and parties first, then the workspace's people found by name or email,
 * and an outside address typed (tags). A person picked goes as `person:<id>`: the server reads their address.
 */
const GuestsSelect = observer(function GuestsSelect({
  detail,
  value,
  onChange,
  id,
}: {
  detail: ComplaintDetail;
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
}) {
  const people = useViewModel(MeetingGuestsViewModel);
  const [text, setText] = useState('');
  const matches = (label: string) => !text.trim() || label.toLowerCase().includes(text.trim().toLowerCase());
  const caseOptions = [
    ...(detail.committee?.members ?? [])
      .filter((m) => !m.recused)
      .map((m) => ({ value: `${PERSON_PREFIX}${m.userId}`, label: `${m.name} · committee` })),
    ...[
      { party: detail.complainant, role: 'complainant' },
      { party: detail.respondent, role: 'respondent' },
    ]
      .filter((p) => p.party?.email)
      .map((p) => ({
        value: (p.party?.email ?? '').toLowerCase(),
        label: `${p.party?.name ?? p.party?.email} · ${p.role} <${p.party?.email}>`,
      })),
  ].filter((o) => matches(o.label));
  const shown = new Set(caseOptions.map((o) => o.value));
  const found = people.found
    .map((p) => ({ value: `${PERSON_PREFIX}${p.userId}`, label: `${p.name} <${p.email}>` }))
    .filter((o) => !shown.has(o.value));
  // A person picked keeps their name on the tag after the search that found them is gone.
  const labels = useRef(new Map<string, string>());
  for (const o of [...caseOptions, ...found]) labels.current.set(o.value, o.label);
  return (
    <Select
      id={id}
      mode="tags"
      aria-label="Guests"
      value={value}
      onChange={onChange}
      labelRender={({ value: v, label }) => labels.current.get(String(v)) ?? label}
      tokenSeparators={[',', ';', ' ']}
      filterOption={false}
      searchValue={text}
      onSearch={(t) => {
        setText(t);
        void people.search(t);
      }}
      onSelect={() => {
        setText('');
        void people.search('');
      }}
      onBlur={() => setText('')}
      loading={people.searching}
      notFoundContent={text ? 'Nobody found: type their whole address to invite them' : null}
      options={[
        ...(caseOptions.length > 0 ? [{ label: 'This case', options: caseOptions }] : []),
        ...(found.length > 0 ? [{ label: 'People of the workspace', options: found }] : []),
      ]}
    />
  );
});

function MeetingForm({ vm, detail }: { vm: ComplaintCaseViewModel; detail: ComplaintDetail }) {
  const [form] = Form.useForm<MeetingValues>();
  const err = (name: string) =>
    vm.fieldErrors[name] ? { validateStatus: 'error' as const, help: vm.fieldErrors[name] } : {};
  return (
    <Form<MeetingValues>
      form={form}
      layout="vertical"
      aria-label="Schedule a meeting"
      onFinish={async (values) => {
        if (await vm.schedule(values)) form.resetFields();
      }}
    >
      <Form.Item name="title" label="Title" rules={[{ required: true, message: 'Enter a title' }]} {...err('title')}>
        <Input />
      </Form.Item>
      <Form.Item
        name="agenda"
        label="Agenda"
        rules={[{ required: true, message: 'Enter an agenda' }]}
        {...err('agenda')}
      >
        <Input.TextArea rows={2} />
      </Form.Item>
      <Space wrap>
        <Form.Item
          name="startsAt"
          label="Starts"
          rules={[{ required: true, message: 'Enter the start' }]}
          {...err('startsAt')}
        >
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item name="endsAt" label="Ends" rules={[{ required: true, message: 'Enter the end' }]} {...err('endsAt')}>
          <Input type="datetime-local" />
        </Form.Item>
      </Space>
      <Typography.Paragraph type="secondary">
        Times are the workspace’s: {vm.dateTime.zone.replaceAll('_', ' ')}.
      </Typography.Paragraph>
      <Form.Item
        name="location"
        label="Place or meeting link"
        rules={[{ required: true, message: 'Enter a place or a link' }]}
        {...err('location')}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="guests"
        label="Guests"
        extra="Pick people by name or email, the committee and the parties first; type an outside address and press Enter to invite someone outside the workspace. Each gets an invitation (.ics)."
        rules={[{ required: true, message: 'Invite at least one guest' }]}
        {...(vm.fieldErrors.people ? err('people') : err('guests'))}
      >
        <GuestsSelect detail={detail} />
      </Form.Item>
      <Form.Item name="stepId" label="For the step">
        <Select
          allowClear
          aria-label="For the step"
          options={detail.steps.filter((s) => s.kind === 'MEETING').map((s) => ({ value: s.stepId, label: s.name }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={vm.busy}>
        Schedule and invite
      </Button>
    </Form>
  );
}

function Minutes({
  vm,
  meetingId,
  minutes,
  outcome,
}: {
  vm: ComplaintCaseViewModel;
  meetingId: string;
  minutes: string | null;
  outcome: string | null;
}) {
  const [m, setM] = useState(minutes ?? '');
  const [o, setO] = useState(outcome ?? '');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.TextArea
        aria-label="Minutes"
        placeholder="Minutes"
        value={m}
        onChange={(e) => setM(e.target.value)}
        autoSize={{ minRows: 2 }}
      />
      <Input aria-label="Meeting outcome" placeholder="Outcome" value={o} onChange={(e) => setO(e.target.value)} />
      <Button onClick={() => void vm.recordMinutes(meetingId, m, o)} loading={vm.busy}>
        Save minutes
      </Button>
    </Space>
  );
}

export const ComplaintCaseScreen = observer(function ComplaintCaseScreen() {
  const vm = useViewModel(ComplaintCaseViewModel);
  const { complaintId = '' } = useParams();
  useEffect(() => {
    void vm.load(complaintId);
  }, [vm, complaintId]);
  const d = vm.detail;
  const committee = d?.role === 'COMMITTEE';

  return (
    <section aria-labelledby="case-title">
      <Breadcrumb
        items={[
          { title: <Link to="/complaints">{tr('complaints.title')}</Link> },
          { title: d?.caseNumber ?? tr('case.titlePlain') },
        ]}
      />
      <ConfidentialBanner />
      {vm.status === 'loading' && !d ? <Loading label={tr('case.loading')} /> : null}
      {vm.status === 'error' && vm.purged ? (
        <>
          <Typography.Title level={1} id="case-title">
            {tr('case.titlePlain')}
          </Typography.Title>
          <Alert
            type="info"
            showIcon
            message="This case was purged"
            description={`${vm.purged} Its parties, incident, messages, meetings and evidence were deleted; its number, outcome and dates are kept.`}
          />
        </>
      ) : null}
      {vm.status === 'error' && !vm.purged ? (
        <>
          <Typography.Title level={1} id="case-title">
            {tr('case.titlePlain')}
          </Typography.Title>
          <LoadError message={vm.error ?? ''} />
        </>
      ) : null}
      {d && !committee ? <PartyCase vm={vm} detail={d} /> : null}
      {d && committee ? (
        <>
          <Space wrap style={{ marginBottom: 8 }}>
            <Typography.Title level={1} id="case-title" style={{ margin: 0 }}>
              Case {d.caseNumber}
            </Typography.Title>
            <Tag color={d.status === 'OPEN' ? 'blue' : 'default'}>{d.status === 'OPEN' ? 'Open' : 'Closed'}</Tag>
            {d.lateFiling ? (
              <Tag color="orange">
                {d.lateFiling.extension ? 'Filed late: limit extended' : 'Filed late: extension to decide'}
              </Tag>
            ) : null}
            {d.referral ? <Tag color="purple">For the Local Committee</Tag> : null}
            {d.callerPresides ? <CaseExport vm={vm} detail={d} /> : null}
            {committee && d.compliance === 'CA_FEDERAL' ? (
              <Link to={`/complaints/${d.complaintId}/investigation`}>Investigation</Link>
            ) : null}
          </Space>
          <Typography.Paragraph type="secondary">
            {d.workflowName} · received {clockDay(d.receivedOn, vm.dateTime)}
            {d.outcome ? ` · outcome: ${OUTCOMES.find((o) => o.value === d.outcome)?.label}` : ''}
          </Typography.Paragraph>
          {vm.notice ? <Alert type="success" showIcon message={vm.notice} style={{ marginBottom: 12 }} /> : null}
          {vm.actionError ? (
            <Alert type="error" showIcon message={vm.actionError} style={{ marginBottom: 12 }} />
          ) : null}
          {committee ? (
            <Card title="Statutory clocks" size="small" style={{ marginBottom: 16 }}>
              <div role="region" aria-label="Statutory clocks">
                {d.clocks.map((c) => (
                  <ClockChip key={c.id} clock={c} dateTime={vm.dateTime} />
                ))}
                {d.clocks.length === 0 ? (
                  <Typography.Text type="secondary">
                    {d.confirmationPending
                      ? 'No clock runs until the complainant confirms the complaint.'
                      : 'No clock is running.'}
                  </Typography.Text>
                ) : null}
              </div>
              {d.clocks.some((c) => c.state === 'MISSED') ? (
                <Alert
                  type="error"
                  showIcon
                  style={{ marginTop: 8 }}
                  message={`Missed: ${d.clocks
                    .filter((c) => c.state === 'MISSED')
                    .map((c) => `${c.label} (due ${clockDay(c.dueOn, vm.dateTime)})`)
                    .join('; ')}`}
                />
              ) : null}
              {(d.escalations ?? []).length > 0 ? (
                <div role="region" aria-label="Escalations" style={{ marginTop: 8 }}>
                  <Typography.Text strong>Escalations</Typography.Text>
                  <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
                    {(d.escalations ?? []).map((e) => (
                      <li key={`${e.type}:${e.label}:${e.level}:${e.dueOn}`}>
                        Level {e.level} on {clockDay(e.escalatedOn, vm.dateTime)}: {e.label} (due{' '}
                        {clockDay(e.dueOn, vm.dateTime)}){e.targetName ? `, to ${e.targetName}` : ''}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
            </Card>
          ) : null}
          {d.role !== 'RESPONDENT' ? <FilingLate vm={vm} detail={d} committee={committee} /> : null}
          {d.role !== 'RESPONDENT' ? <FormerEmployeeNotice detail={d} dateTime={vm.dateTime} /> : null}
          {committee ? <RespondentReply vm={vm} detail={d} /> : null}
          {committee ? <CaseRetention key={d.status} complaintId={d.complaintId} /> : null}
          {d.compliance === 'CA_FEDERAL' ? <OccurrenceCategoriesCard complaintId={d.complaintId} /> : null}
          {d.outcomeSummary ? (
            <Alert type="info" message="Decision" description={d.outcomeSummary} style={{ marginBottom: 16 }} />
          ) : null}
          {d.status === 'CLOSED' ? <ClosedCaseNotices detail={d} /> : null}
          {committee ? <ContactDrawer vm={vm} detail={d} /> : null}
          <CaseConfirmation detail={d} onConfirmed={() => void vm.load(d.complaintId)} />
          <CaseEvents detail={d} />
          <PhoneTabs
            label="Part of the case"
            onChange={(key) => {
              if (key === 'access') void vm.verifyLog();
            }}
            items={[
              {
                key: 'parties',
                label: 'Parties',
                children: (
                  <Space direction="vertical" style={{ width: '100%' }}>
                    <Descriptions
                      title="Complainant"
                      column={1}
                      size="small"
                      bordered
                      extra={
                        committee && d.status === 'OPEN' && d.complainant?.email ? (
                          <Button onClick={() => vm.openContact('COMPLAINANT')}>Edit the complainant’s contact</Button>
                        ) : null
                      }
                    >
                      <Descriptions.Item label="Name">{d.complainant?.name ?? '—'}</Descriptions.Item>
                      {d.complainant?.email ? (
                        <Descriptions.Item label="Email">{d.complainant.email}</Descriptions.Item>
                      ) : null}
                      {d.complainant?.phone ? (
                        <Descriptions.Item label="Phone">{d.complainant.phone}</Descriptions.Item>
                      ) : null}
                    </Descriptions>
                    <Descriptions
                      title="Respondent"
                      column={1}
                      size="small"
                      bordered
                      extra={
                        committee && d.status === 'OPEN' ? (
                          <Button onClick={() => vm.openContact('RESPONDENT')}>Edit the respondent’s contact</Button>
                        ) : null
                      }
                    >
                      <Descriptions.Item label="Name">{d.respondent?.name ?? '—'}</Descriptions.Item>
                      <Descriptions.Item label="Email">
                        {d.respondent?.email ?? (committee ? 'None given' : '—')}
                      </Descriptions.Item>
                      {committee && d.respondent?.phone ? (
                        <Descriptions.Item label="Phone">{d.respondent.phone}</Descriptions.Item>
                      ) : null}
                      {d.respondent?.description ? (
                        <Descriptions.Item label="Description">{d.respondent.description}</Descriptions.Item>
                      ) : null}
                    </Descriptions>
                    {d.incident ? (
                      <Descriptions title="Incident" column={1} size="small" bordered>
                        <Descriptions.Item label="Date">{d.incident.date ?? HIDDEN_FIELD}</Descriptions.Item>
                        <Descriptions.Item label="What happened">
                          <span style={{ whiteSpace: 'pre-wrap' }}>{d.incident.details ?? HIDDEN_FIELD}</span>
                        </Descriptions.Item>
                        <Descriptions.Item label="Witnesses">
                          {d.incident.witnesses.join('; ') || '—'}
                        </Descriptions.Item>
                      </Descriptions>
                    ) : null}
                    {d.evidence.length > 0 ? (
                      <List
                        header={<strong>Evidence</strong>}
                        {...REGION}
                        aria-label="Evidence"
                        dataSource={d.evidence}
                        renderItem={(f) => (
                          <List.Item>
                            <div style={{ minWidth: 0 }}>
                              <Button
                                type="link"
                                style={{ paddingInline: 0, whiteSpace: 'normal', textAlign: 'left', height: 'auto' }}
                                onClick={async () => {
                                  const url = await vm.download(f.fileId);
                                  if (url) window.location.assign(url);
                                }}
                              >
                                Download {f.fileName}
                              </Button>
                              {/* Chain of custody: the hash the server took as the file was uploaded; a downloaded copy must match it. */}
                              <div
                                style={{
                                  fontSize: 12,
                                  color: '#57606a',
                                  fontFamily: 'monospace',
                                  wordBreak: 'break-all',
                                }}
                              >
                                SHA-256 {f.sha256 ?? 'not recorded'}
                              </div>
                            </div>
                          </List.Item>
                        )}
                      />
                    ) : null}
                    {d.committee ? (
                      <List
                        header={<strong>{d.committee.name}</strong>}
                        {...REGION}
                        aria-label="Committee members"
                        dataSource={d.committee.members}
                        renderItem={(m) => (
                          <List.Item>
                            {m.name} · {m.role.replaceAll('_', ' ').toLowerCase()}
                            {m.awaitingAdmission ? (
                              <Tag style={{ marginLeft: 8 }}>Awaiting admission</Tag>
                            ) : m.recused ? (
                              <Tag style={{ marginLeft: 8 }}>Recused</Tag>
                            ) : null}
                            {d.committee?.presiding?.userId === m.userId ? ' · presiding' : ''}
                          </List.Item>
                        )}
                        footer={
                          d.committee.quorumPossible ? null : (
                            <Typography.Text type="danger">
                              Fewer than 3 members can sit on this case: no hearing quorum (IN-06).
                            </Typography.Text>
                          )
                        }
                      />
                    ) : null}
                  </Space>
                ),
              },
              {
                key: 'messages',
                label: 'Messages',
                children: (
                  <PhoneTabs
                    size="small"
                    label="Thread"
                    items={(committee
                      ? (['COMPLAINANT', 'RESPONDENT', 'COMMITTEE'] as const)
                      : ([d.role] as AudienceValue[])
                    ).map((a) => ({
                      key: a,
                      label: AUDIENCE_WORDS[a],
                      children: <Thread vm={vm} audience={a} detail={d} />,
                    }))}
                  />
                ),
              },
              {
                key: 'meetings',
                label: 'Meetings',
                children: (
                  <Space direction="vertical" style={{ width: '100%' }}>
                    {d.compliance === 'IN_POSH' && d.meetings.length > 0 ? (
                      <Alert type="info" showIcon title={NO_LEGAL_PRACTITIONERS} />
                    ) : null}
                    <List
                      {...REGION}
                      aria-label="Meetings"
                      // antd draws a List's empty text in its disabled grey (1.8:1); a sentence to read takes the secondary colour.
                      locale={{ emptyText: <Typography.Text type="secondary">No meetings yet.</Typography.Text> }}
                      dataSource={d.meetings}
                      renderItem={(m) => (
                        <List.Item>
                          <Space direction="vertical" style={{ width: '100%' }}>
                            <strong>{m.title}</strong>
                            <span>
                              {vm.meetingTime(m.startsAt, m.endsAt)} · {m.location}
                            </span>
                            {committee ? (
                              m.minutesSigned ? (
                                <span style={{ whiteSpace: 'pre-wrap' }}>{m.minutes}</span>
                              ) : (
                                <Minutes vm={vm} meetingId={m.meetingId} minutes={m.minutes} outcome={m.outcome} />
                              )
                            ) : null}
                            {committee ? <HearingRecord vm={vm} detail={d} meeting={m} /> : null}
                          </Space>
                        </List.Item>
                      )}
                    />
                    {committee ? <NaturalJustice vm={vm} detail={d} /> : null}
                    {committee && d.status === 'OPEN' ? (
                      <Card title="Schedule a meeting" size="small">
                        <MeetingForm vm={vm} detail={d} />
                      </Card>
                    ) : null}
                  </Space>
                ),
              },
              {
                key: 'steps',
                label: 'Steps',
                children: (
                  <Space direction="vertical" style={{ width: '100%' }}>
                    {d.compliance === 'IN_POSH' && d.meetings.length > 0 ? (
                      <Alert type="info" showIcon title={NO_LEGAL_PRACTITIONERS} />
                    ) : null}
                    <List
                      {...REGION}
                      aria-label="Steps"
                      dataSource={d.steps}
                      renderItem={(s) => {
                        const waitsFor = d.dueProcess?.waitsFor.find((w) => w.stepId === s.stepId)?.names ?? [];
                        const noEmail = mailsRespondent(s) && !d.respondent?.email;
                        const open = committee && !s.completedAt && d.status === 'OPEN';
                        return (
                          <List.Item
                            actions={
                              open && waitsFor.length > 0
                                ? []
                                : open && noEmail
                                  ? [
                                      <Button
                                        key="contact"
                                        type="primary"
                                        aria-label={`Add the respondent’s email to ${s.name}`}
                                        onClick={() =>
                                          vm.openContact(
                                            'RESPONDENT',
                                            `To complete “${s.name}”, add the respondent’s email: the complaint gave none.`,
                                          )
                                        }
                                      >
                                        Add the respondent’s email
                                      </Button>,
                                    ]
                                  : open
                                    ? [
                                        <Button
                                          key="complete"
                                          aria-label={`Complete ${s.name}`}
                                          onClick={() => void vm.openComplete(s)}
                                        >
                                          Complete
                                        </Button>,
                                      ]
                                    : []
                            }
                          >
                            <ListItemText
                              title={`${s.position}. ${s.name}`}
                              description={
                                <>
                                  {s.completedAt
                                    ? `Completed ${new Date(s.completedAt).toLocaleString()}`
                                    : s.kind === 'ACTION'
                                      ? `Action: ${s.actionTypes.join(', ').replaceAll('_', ' ').toLowerCase()}`
                                      : 'Meeting'}
                                  {open && waitsFor.length > 0 ? (
                                    <Typography.Text type="warning" style={{ display: 'block' }}>
                                      Waits for {waitsFor.map((n) => `“${n}”`).join(', ')}: complete it first.
                                    </Typography.Text>
                                  ) : null}
                                  {open && waitsFor.length === 0 && noEmail ? (
                                    <Typography.Text type="danger" style={{ display: 'block' }}>
                                      {RESPONDENT_EMAIL_MISSING}
                                    </Typography.Text>
                                  ) : null}
                                </>
                              }
                            />
                          </List.Item>
                        );
                      }}
                    />
                    <CompleteStepDialog vm={vm} />
                    {committee && d.status === 'OPEN' ? (
                      <Card title="Close the case" size="small">
                        <CloseForm vm={vm} detail={d} />
                      </Card>
                    ) : null}
                    {committee && d.status === 'OPEN' ? (
                      <Popconfirm
                        title="Recuse yourself? You will lose access to this case at once."
                        okText="Recuse"
                        onConfirm={() => vm.recuse()}
                      >
                        <Button>Recuse myself</Button>
                      </Popconfirm>
                    ) : null}
                  </Space>
                ),
              },
              ...(d.callerPresides
                ? [
                    { key: 'denied', label: 'Denied access', children: <DeniedAccess detail={d} /> },
                    {
                      key: 'access',
                      label: 'Access log',
                      children: (
                        <>
                          <AccessLogVerdict verdict={vm.auditVerdict} error={vm.auditVerdictError} />
                          <div className="table-scroll" tabIndex={0} role="region" aria-label="Access log entries">
                            <Table
                              aria-label="Access log"
                              rowKey={(r) => `${r.at}-${r.action}-${r.actorName}`}
                              size="small"
                              dataSource={vm.audit}
                              pagination={{ pageSize: 50, hideOnSinglePage: true }}
                              columns={[
                                {
                                  title: 'When',
                                  dataIndex: 'at',
                                  render: (at: string) => new Date(at).toLocaleString(),
                                },
                                { title: 'Who', dataIndex: 'actorName' },
                                { title: 'What', dataIndex: 'action', render: (action: string) => auditLabel(action) },
                                {
                                  title: 'Details',
                                  key: 'details',
                                  render: (_: unknown, entry: AuditEntry) => (
                                    <span style={{ overflowWrap: 'anywhere' }}>{auditDetails(entry)}</span>
                                  ),
                                },
                              ]}
                            />
                          </div>
                        </>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </>
      ) : null}
    </section>
  );
});

export default ComplaintCaseScreen;
