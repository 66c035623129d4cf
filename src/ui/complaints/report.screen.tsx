import { Alert, Button, Card, Form, Input, List, Space, Tag, Typography, Upload } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { DEFAULT_PRIMARY, readableBrand } from '../../domain/organisation/branding';
import { useViewModel } from '../shared/container-context';
import { REGION } from './confidential-banner';
import { WhereElseToGo } from './where-else-to-go';
import { describeCaseEvent, ReliefForm } from './case-extras';
import { FormFiles } from './complaint-form-parts';
import { FormerEmployeeCard } from './former-employee-card';
import { LoadError, Loading } from '../shared/page-state';
import { ReportViewModel, type ReportValues } from './report.view-model';
import { DateInput } from '../shared/date-input';
import { showDate } from '../i18n/i18n';

/** Where the server names a field, the form shows it under the field. */
const SERVER_FIELD: Record<string, string> = {
  contactEmail: 'contactEmail',
  password: 'password',
  incidentDetails: 'incident.details',
  incidentDate: 'incident.date',
};

/**
 * The workspace's public report page (`/report`, no sign-in): a confidential report, anonymous if the reporter wishes,
 * a receipt key shown once and typed back, and the follow-up with that key (messages both ways, more evidence).
 */
export const ReportScreen = observer(function ReportScreen() {
  const vm = useViewModel(ReportViewModel);
  useEffect(() => {
    void vm.loadProfile();
  }, [vm]);
  const profile = vm.profile;
  const brand = readableBrand(profile?.backgroundColor) ?? DEFAULT_PRIMARY;
  return (
    <main className="verify-page">
      {profile ? (
        <div className="report-brand" style={{ borderTopColor: brand }}>
          {profile.companyLogo ? (
            <img src={profile.companyLogo} alt={`${profile.companyName} logo`} height={40} />
          ) : null}
          <span>
            Reporting to the committee of <strong>{profile.companyName}</strong>
          </span>
        </div>
      ) : null}
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        {vm.stage === 'case' ? `Your report ${vm.current?.caseNumber ?? ''}` : 'Report a concern in confidence'}
      </Typography.Title>
      {vm.stage === 'start' ? <Start vm={vm} /> : null}
      {vm.stage === 'report' ? <ReportForm vm={vm} /> : null}
      {vm.stage === 'receipt' ? <Receipt vm={vm} /> : null}
      {vm.stage === 'follow-up' ? <FollowUp vm={vm} /> : null}
      {vm.stage === 'case' ? <CaseView vm={vm} /> : null}
    </main>
  );
});

const Start = observer(function Start({ vm }: { vm: ReportViewModel }) {
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Paragraph>
        You can tell the Internal Committee what happened without an account and without giving your name. You get a
        receipt key: with it, you come back here to read the committee&apos;s questions and answer them.
      </Typography.Paragraph>
      {/* The heading in the body, not the card's title bar, which cuts a long title short on a phone. */}
      <Card>
        <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
          What your anonymity covers, and what it does not
        </Typography.Title>
        <Typography.Paragraph strong style={{ marginBottom: 4 }}>
          Covered
        </Typography.Paragraph>
        <ul>
          <li>
            You need no account, and your name is optional: leave it out and the committee does not learn it from us.
          </li>
          <li>We do not store your network address, and the report&apos;s records name no account and no address.</li>
          <li>Only the committee members assigned to the report read it; every view is recorded.</li>
        </ul>
        <Typography.Paragraph strong style={{ marginBottom: 4 }}>
          Not covered
        </Typography.Paragraph>
        <ul style={{ marginBottom: 0 }}>
          <li>What you write can identify you: a date, a place, or a detail only you know.</li>
          <li>
            Photos and documents may carry hidden details (where, when, which phone). Remove them first if they matter.
          </li>
          <li>
            A contact email, if you give one, is kept to tell you there is a reply; its address may say who you are.
          </li>
          <li>Anyone who has your receipt key can read the report and the committee&apos;s questions: keep it safe.</li>
          <li>
            The committee may not be able to take an anonymous report as far as a named one, for example to a formal
            inquiry.
          </li>
        </ul>
      </Card>
      <Card title="Make a report">
        <Button type="primary" size="large" onClick={() => void vm.startReport()}>
          Make a report
        </Button>
      </Card>
      <Card title="I have a receipt key">
        <Button size="large" onClick={() => vm.go('follow-up')}>
          Follow up on my report
        </Button>
      </Card>
    </Space>
  );
});

const ReportForm = observer(function ReportForm({ vm }: { vm: ReportViewModel }) {
  const [form] = Form.useForm<ReportValues>();
  const serverError = (name: string) => vm.fieldErrors[SERVER_FIELD[name] ?? name];
  const item = (
    name: keyof ReportValues,
    label: string,
    input: React.ReactNode,
    required = false,
    extra?: React.ReactNode,
  ) => (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      rules={required ? [{ required: true, message: `Enter ${label.toLowerCase()}` }] : []}
      validateStatus={serverError(name) ? 'error' : undefined}
      help={serverError(name)}
    >
      {input}
    </Form.Item>
  );
  if (vm.loadError) return <LoadError message={vm.loadError} onRetry={() => void vm.startReport()} />;
  if (!vm.form) return <Loading label="Loading the report form" />;
  return (
    <Form<ReportValues>
      form={form}
      layout="vertical"
      requiredMark="optional"
      onFinish={(values) => void vm.submit(values)}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="Who will see this"
        description="Only the Internal Committee members assigned to your report read it. They see your name only if you give it. HR, managers and admins see counts only."
      />
      <FormFiles components={vm.form.components} download={vm.formFiles.link} error={vm.formFiles.error} />
      <Card title="About you (all optional)" style={{ marginBottom: 16 }}>
        {item('reporterName', 'Your name', <Input autoComplete="off" />, false, 'Leave it empty to stay anonymous.')}
        {item(
          'contactEmail',
          'An email to tell you there is a reply',
          <Input type="email" autoComplete="off" />,
          false,
          'We only ever send "there is a reply", never what it says. The address itself may reveal who you are: use one that does not, or leave it empty and come back with your key.',
        )}
        {item(
          'password',
          'A password of your own',
          <Input.Password autoComplete="new-password" />,
          false,
          'Asked with your receipt key when you come back. At least 8 characters.',
        )}
      </Card>
      <Card title="Who it is about" style={{ marginBottom: 16 }}>
        {item('respondentName', 'Their name', <Input autoComplete="off" />)}
        {item(
          'respondentDescription',
          'How you would describe them',
          <Input.TextArea rows={2} />,
          false,
          'Their role or team, if you do not know their name.',
        )}
      </Card>
      {vm.form.compliance === 'CA_FEDERAL' ? <FormerEmployeeCard errors={vm.fieldErrors} /> : null}
      <Card title="What happened" style={{ marginBottom: 16 }}>
        {item(
          'incidentDetails',
          'What happened',
          <Input.TextArea rows={6} />,
          true,
          'In your own words: what was said or done, where, and how often.',
        )}
        {item('incidentDate', 'When it happened (the last time, if more than once)', <DateInput />, true)}
        {item('witnesses', 'Witnesses', <Input.TextArea rows={2} />, false, 'One per line.')}
        {vm.customFields.map((a) => (
          <Form.Item
            key={a.attributeId}
            name={['answers', a.attributeId]}
            label={a.label}
            rules={a.required ? [{ required: true, message: `Answer "${a.label}"` }] : []}
            validateStatus={vm.fieldErrors[`answers.${a.attributeId}`] ? 'error' : undefined}
            help={vm.fieldErrors[`answers.${a.attributeId}`]}
          >
            {a.fieldType === 'TEXTAREA' ? (
              <Input.TextArea rows={3} />
            ) : (
              <Input type={a.fieldType === 'DATE' ? 'date' : 'text'} />
            )}
          </Form.Item>
        ))}
        <Typography.Paragraph type="secondary">
          You can add evidence files once you have your receipt key.
        </Typography.Paragraph>
      </Card>
      {vm.error ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={vm.error} /> : null}
      <Space wrap>
        <Button type="primary" htmlType="submit" size="large" loading={vm.busy}>
          Send my report
        </Button>
        <Button size="large" onClick={() => vm.go('start')}>
          Back
        </Button>
      </Space>
    </Form>
  );
});

const Receipt = observer(function Receipt({ vm }: { vm: ReportViewModel }) {
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Alert type="success" showIcon message={`Your report was received as case ${vm.caseNumber}.`} />
      {vm.form?.compliance === 'IN_POSH' ? <WhereElseToGo /> : null}
      <Card title="Your receipt key">
        <Typography.Paragraph>
          Write it down or keep it somewhere safe. It is shown only once: nobody, not even us, can show it to you again.
        </Typography.Paragraph>
        <Typography.Text code copyable style={{ fontSize: 20, wordBreak: 'break-word' }} data-testid="receipt-key">
          {vm.receiptKey}
        </Typography.Text>
      </Card>
      <Form layout="vertical" onFinish={(v: { typed: string }) => void vm.confirmKey(v.typed)}>
        <Form.Item
          name="typed"
          label="Type your receipt key again"
          rules={[{ required: true, message: 'Type your receipt key' }]}
          validateStatus={vm.fieldErrors.receiptKey ? 'error' : undefined}
          help={vm.fieldErrors.receiptKey}
          extra="To be sure you kept it. Spaces do not matter."
        >
          <Input inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" loading={vm.busy}>
          I have kept my key
        </Button>
      </Form>
    </Space>
  );
});

const FollowUp = observer(function FollowUp({ vm }: { vm: ReportViewModel }) {
  return (
    <Form layout="vertical" onFinish={(v: { key: string; password?: string }) => void vm.signIn(v.key, v.password)}>
      <Typography.Paragraph>
        Enter the receipt key you were given, and your password if you chose one.
      </Typography.Paragraph>
      <Form.Item
        name="key"
        label="Receipt key"
        rules={[{ required: true, message: 'Enter your receipt key' }]}
        validateStatus={vm.fieldErrors.receiptKey ? 'error' : undefined}
        help={vm.fieldErrors.receiptKey}
      >
        <Input inputMode="numeric" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="password"
        label="Your password (if you chose one)"
        validateStatus={vm.fieldErrors.password ? 'error' : undefined}
        help={vm.fieldErrors.password}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      {vm.error ? <Alert type="error" showIcon style={{ marginBottom: 16 }} message={vm.error} /> : null}
      <Space wrap>
        <Button type="primary" htmlType="submit" size="large" loading={vm.busy}>
          Open my report
        </Button>
        <Button size="large" onClick={() => vm.go('start')}>
          Back
        </Button>
      </Space>
    </Form>
  );
});

const CaseView = observer(function CaseView({ vm }: { vm: ReportViewModel }) {
  const [form] = Form.useForm<{ body: string }>();
  const c = vm.current;
  if (!c) return <Loading label="Loading your report" />;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      {vm.form?.compliance === 'IN_POSH' ? <WhereElseToGo /> : null}
      <Space wrap>
        <Tag color={c.status === 'OPEN' ? 'blue' : 'default'}>{c.status === 'OPEN' ? 'Open' : 'Closed'}</Tag>
        <Typography.Text>Received on {showDate(c.receivedOn)}</Typography.Text>
      </Space>
      {c.outcomeSummary ? (
        <Alert type="info" showIcon message="The committee's decision" description={c.outcomeSummary} />
      ) : null}
      <Card title="Messages">
        {c.messages.length === 0 ? (
          <Typography.Paragraph type="secondary">
            No message yet. The committee writes here when it has a question or news for you.
          </Typography.Paragraph>
        ) : (
          <List
            {...REGION}
            aria-label="Messages"
            dataSource={c.messages}
            renderItem={(m) => (
              <List.Item>
                <Space direction="vertical" style={{ minWidth: 0 }}>
                  <Typography.Text strong>
                    {m.authorName} · {new Date(m.createdAt).toLocaleString()}
                  </Typography.Text>
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{m.body}</Typography.Paragraph>
                </Space>
              </List.Item>
            )}
          />
        )}
        {c.status === 'OPEN' ? (
          <Form
            form={form}
            layout="vertical"
            onFinish={async (v) => {
              if (await vm.reply(v.body)) form.resetFields();
            }}
          >
            <Form.Item
              name="body"
              label="Your answer to the committee"
              rules={[{ required: true, message: 'Write your answer' }]}
            >
              <Input.TextArea rows={4} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={vm.busy}>
              Send
            </Button>
          </Form>
        ) : null}
      </Card>
      <Card title="Evidence">
        {c.evidence.length > 0 ? (
          <List
            {...REGION}
            aria-label="Evidence"
            dataSource={c.evidence}
            renderItem={(e) => (
              <List.Item>
                <div style={{ minWidth: 0 }}>
                  <div>{e.fileName}</div>
                  <div style={{ fontSize: 12, color: '#57606a', fontFamily: 'monospace', wordBreak: 'break-all' }}>
                    SHA-256 {e.sha256 ?? 'not recorded'}
                  </div>
                </div>
              </List.Item>
            )}
          />
        ) : (
          <Typography.Paragraph type="secondary">You have not added any file.</Typography.Paragraph>
        )}
        <Typography.Paragraph type="secondary">
          Any file: screenshots, saved messages, voice notes. A photo may carry hidden details (where and when it was
          taken) that can identify you; we keep files as given.
        </Typography.Paragraph>
        <Upload
          showUploadList={false}
          beforeUpload={(file) => {
            void vm.addEvidence(file);
            return false;
          }}
        >
          <Button>Add a file</Button>
        </Upload>
        {vm.uploadNote ? (
          <Typography.Paragraph role="status" style={{ marginTop: 8 }}>
            {vm.uploadNote}
          </Typography.Paragraph>
        ) : null}
      </Card>
      <ReporterRequests vm={vm} />
      {vm.error ? <Alert type="error" showIcon message={vm.error} /> : null}
      <Space wrap>
        <Button onClick={() => void vm.refresh()}>Check for new messages</Button>
        <Button onClick={() => void vm.signOut()}>Leave</Button>
      </Space>
    </Space>
  );
});

/** The reporter's own requests: interim relief (POSH cases, IN-08) and conciliation (IN-04), as a signed-in complainant has. */
const ReporterRequests = observer(function ReporterRequests({ vm }: { vm: ReportViewModel }) {
  const [open, setOpen] = useState<'relief' | 'conciliation' | null>(null);
  const [note, setNote] = useState('');
  const c = vm.current;
  if (!c) return null;
  const events = c.events ?? [];
  const asked = events.some((e) => e.kind === 'CONCILIATION_REQUESTED');
  return (
    <Card title="Interim relief and conciliation">
      {events.length > 0 ? (
        <List
          {...REGION}
          aria-label="Your requests"
          dataSource={events}
          renderItem={(e) => <List.Item>{describeCaseEvent(e)}</List.Item>}
        />
      ) : (
        <Typography.Paragraph>
          While the inquiry goes on you may ask the committee for interim relief (a transfer, leave, keeping the person
          from assessing you) and, if you wish, for conciliation: it happens only if you ask, never as a payment.
        </Typography.Paragraph>
      )}
      {vm.eventNote ? (
        <Typography.Paragraph role="status" type="success">
          {vm.eventNote}
        </Typography.Paragraph>
      ) : null}
      {c.status === 'OPEN' ? (
        <Space wrap>
          <Button onClick={() => setOpen(open === 'relief' ? null : 'relief')} aria-expanded={open === 'relief'}>
            Ask for interim relief
          </Button>
          {!asked ? (
            <Button
              onClick={() => setOpen(open === 'conciliation' ? null : 'conciliation')}
              aria-expanded={open === 'conciliation'}
            >
              Ask for conciliation
            </Button>
          ) : null}
        </Space>
      ) : null}
      {c.status === 'OPEN' && open === 'relief' ? (
        <div style={{ marginTop: 12 }}>
          <ReliefForm
            busy={vm.busy}
            fieldErrors={vm.fieldErrors}
            submitLabel="Send the request"
            onSubmit={async (body) => (await vm.askRelief(body)) && (setOpen(null), true)}
          />
        </div>
      ) : null}
      {c.status === 'OPEN' && open === 'conciliation' && !asked ? (
        <Space direction="vertical" style={{ width: '100%', marginTop: 12 }}>
          <Input.TextArea
            aria-label="Anything the committee should know (optional)"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            rows={2}
          />
          <Button
            type="primary"
            loading={vm.busy}
            onClick={async () => (await vm.askConciliation(note)) && setOpen(null)}
          >
            Send the request for conciliation
          </Button>
        </Space>
      ) : null}
    </Card>
  );
});

export default ReportScreen;
