import {
  Alert,
  Breadcrumb,
  Button,
  Card,
  Checkbox,
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
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Investigation, Recommendation } from '../../contracts/case/investigations.contract';
import { useViewModel } from '../shared/container-context';
import { LoadError, Loading } from '../shared/page-state';
import { ConfidentialBanner, REGION } from './confidential-banner';
import { InvestigationViewModel } from './investigation.view-model';
import { DateInput } from '../shared/date-input';
import { showDate } from '../i18n/i18n';

const ROLE_WORDS: Record<Investigation['role'], string> = {
  COMMITTEE: 'You sit on the committee of this case',
  INVESTIGATOR: 'You are the investigator of this case',
  EMPLOYER: 'The employer chooses the recommendations to implement',
};

/** The committee ends the investigator's part before the report is final, with its reasons (kept in the case's log). */
const Removal = observer(function Removal({ vm, appointed }: { vm: InvestigationViewModel; appointed: boolean }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!open)
    return (
      <Button danger style={{ marginBottom: 12 }} onClick={() => setOpen(true)}>
        {appointed ? 'Remove the investigator' : 'Withdraw the proposal'}
      </Button>
    );
  return (
    <Form
      layout="vertical"
      aria-label="Remove the investigator"
      style={{ marginBottom: 12 }}
      onFinish={async () => {
        if (await vm.end({ kind: 'REMOVE', reason })) {
          setOpen(false);
          setReason('');
        }
      }}
    >
      <Form.Item
        label="Why the investigator leaves the case"
        htmlFor="removal-reason"
        validateStatus={vm.fieldErrors.reason ? 'error' : undefined}
        help={vm.fieldErrors.reason ?? 'Kept in the case’s access log. They no longer reach the case or its evidence.'}
      >
        <Input.TextArea id="removal-reason" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Form.Item>
      <Space wrap>
        <Button danger htmlType="submit" loading={vm.busy}>
          Remove
        </Button>
        <Button onClick={() => setOpen(false)}>Cancel</Button>
      </Space>
    </Form>
  );
});

/** The investigator's evidence: each file downloaded while the mandate runs, every download in the case's log. */
const EvidenceDownloads = observer(function EvidenceDownloads({
  vm,
  inv,
}: {
  vm: InvestigationViewModel;
  inv: Investigation;
}) {
  return (
    <List
      header={<strong>Evidence</strong>}
      {...REGION}
      aria-label="Evidence"
      locale={{ emptyText: 'No evidence was filed with this notice.' }}
      dataSource={inv.evidence.map((e, i) => ({ ...e, n: i + 1 }))}
      renderItem={(e) => (
        <List.Item>
          <div style={{ minWidth: 0 }}>
            <Button
              onClick={async () => {
                const url = await vm.download(e.fileId);
                if (url) window.location.assign(url);
              }}
            >
              Download evidence file {e.n}
            </Button>
            {e.sha256 ? (
              <div style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                <Typography.Text type="secondary">SHA-256 {e.sha256}</Typography.Text>
              </div>
            ) : null}
          </div>
        </List.Item>
      )}
      footer={
        <Typography.Text type="secondary">
          Each download is recorded in the case’s access log. Once your report is final, the evidence is no longer yours
          to download.
        </Typography.Text>
      }
    />
  );
});

/** The committee's choice of investigator: propose, record each party's agreement, or the roster after 60 days. */
const Choice = observer(function Choice({ vm, inv }: { vm: InvestigationViewModel; inv: Investigation }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const appointed = inv.appointedOn !== null;
  return (
    <Card title="Investigator" size="small" style={{ marginBottom: 16 }}>
      {inv.investigator ? (
        <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={appointed ? 'Appointed' : 'Proposed'}>
            {inv.investigator.name} ({inv.investigator.kind === 'EXTERNAL' ? 'external' : 'internal'})
          </Descriptions.Item>
          {inv.investigator.qualifications ? (
            <Descriptions.Item label="Qualifications">{inv.investigator.qualifications}</Descriptions.Item>
          ) : null}
          {appointed ? (
            <Descriptions.Item label="How">
              {inv.appointedBy === 'ROSTER' ? 'The roster’s next, after 60 days' : 'Both parties agreed'} on{' '}
              {inv.appointedOn ? showDate(inv.appointedOn) : ''}
            </Descriptions.Item>
          ) : (
            <>
              <Descriptions.Item label="Complainant">
                {inv.complainantAgreedOn ? `Agreed on ${showDate(inv.complainantAgreedOn)}` : 'Not yet agreed'}
              </Descriptions.Item>
              <Descriptions.Item label="Respondent">
                {inv.respondentAgreedOn ? `Agreed on ${showDate(inv.respondentAgreedOn)}` : 'Not yet agreed'}
              </Descriptions.Item>
              <Descriptions.Item label="Roster from">{inv.rosterFrom}</Descriptions.Item>
            </>
          )}
        </Descriptions>
      ) : null}
      {inv.investigator && !inv.report?.finalAt ? <Removal vm={vm} appointed={appointed} /> : null}
      {!appointed && inv.investigator ? (
        <Space wrap style={{ marginBottom: 12 }}>
          {!inv.complainantAgreedOn ? (
            <Button loading={vm.busy} onClick={() => void vm.choose({ kind: 'AGREED', party: 'COMPLAINANT' })}>
              The complainant agreed
            </Button>
          ) : null}
          {!inv.respondentAgreedOn ? (
            <Button loading={vm.busy} onClick={() => void vm.choose({ kind: 'AGREED', party: 'RESPONDENT' })}>
              The respondent agreed
            </Button>
          ) : null}
          <Button loading={vm.busy} onClick={() => void vm.choose({ kind: 'ROSTER' })}>
            Appoint the roster’s next
          </Button>
        </Space>
      ) : null}
      {!appointed ? (
        inv.candidates.length === 0 ? (
          <Typography.Paragraph type="secondary">
            Nobody on the roster can investigate this case. An admin adds investigators under Internal Committee,
            Investigators.
          </Typography.Paragraph>
        ) : (
          <Form layout="vertical" onFinish={() => void vm.choose({ kind: 'PROPOSE', investigatorId: chosen })}>
            <Form.Item
              label={inv.investigator ? 'Propose another investigator' : 'Propose an investigator'}
              htmlFor="investigator"
              validateStatus={vm.fieldErrors.investigatorId ? 'error' : undefined}
              help={vm.fieldErrors.investigatorId}
            >
              <Select
                id="investigator"
                value={chosen}
                onChange={setChosen}
                placeholder="Choose from the roster"
                options={inv.candidates.map((c) => ({
                  value: c.id,
                  label: `${c.name}${c.qualifications ? `: ${c.qualifications}` : ''}`,
                }))}
                style={{ maxWidth: 480 }}
              />
            </Form.Item>
            <Button htmlType="submit" type="primary" loading={vm.busy}>
              Propose to the parties
            </Button>
          </Form>
        )
      ) : null}
    </Card>
  );
});

/** The investigator's report: description, conclusions, recommendations (one a line); no identifier of the parties. */
const ReportForm = observer(function ReportForm({ vm }: { vm: InvestigationViewModel }) {
  const [form] = Form.useForm<{ description: string; conclusions: string; recommendations: string }>();
  const error = (name: string) =>
    vm.fieldErrors[name] ? { validateStatus: 'error' as const, help: vm.fieldErrors[name] } : {};
  return (
    <Card title="Your report" size="small" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">
        Write it without anything that identifies the parties or the witnesses: no names, email addresses or employee
        ids. Say “the principal party” and “the responding party”.
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => void vm.submitReport(values)}>
        <Form.Item
          label="Description of the occurrence and the investigation"
          name="description"
          {...error('description')}
        >
          <Input.TextArea rows={5} />
        </Form.Item>
        <Form.Item label="Conclusions" name="conclusions" {...error('conclusions')}>
          <Input.TextArea rows={4} />
        </Form.Item>
        <Form.Item label="Recommendations, one a line" name="recommendations" {...error('recommendations')}>
          <Input.TextArea rows={4} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={vm.busy}>
          Submit the report
        </Button>
      </Form>
    </Card>
  );
});

function RecommendationRow({ vm, r }: { vm: InvestigationViewModel; r: Recommendation }) {
  const [chosen, setChosen] = useState(r.chosen);
  const [implementedOn, setImplementedOn] = useState(r.implementedOn ?? '');
  return (
    <Space wrap>
      <Checkbox checked={chosen} onChange={(e) => setChosen(e.target.checked)}>
        Chosen
      </Checkbox>
      <DateInput
        aria-label={`Implemented on (recommendation ${r.position})`}
        value={implementedOn}
        disabled={!chosen}
        onChange={setImplementedOn}
        style={{ width: 170 }}
      />
      <Button size="small" onClick={() => void vm.recordRecommendation(r.position, chosen, implementedOn || null)}>
        Save
      </Button>
    </Space>
  );
}

const Report = observer(function Report({ vm, inv }: { vm: InvestigationViewModel; inv: Investigation }) {
  const report = inv.report!;
  return (
    <Card
      // The report's title an h2 under the page's h1, so its parts' h3s keep the headings in order.
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 14 }}>
          Investigator’s report
        </Typography.Title>
      }
      size="small"
      style={{ marginBottom: 16 }}
      role="region"
      aria-label="Investigator’s report"
    >
      <Typography.Title level={3}>Description</Typography.Title>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{report.description}</Typography.Paragraph>
      <Typography.Title level={3}>Conclusions</Typography.Title>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{report.conclusions}</Typography.Paragraph>
      <Typography.Title level={3}>Recommendations</Typography.Title>
      <Table<Recommendation>
        aria-label="Recommendations"
        rowKey="position"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={report.recommendations.map((r) => ({ ...r }))}
        locale={{ emptyText: 'The report makes no recommendation.' }}
        columns={[
          { title: 'No.', dataIndex: 'position' },
          { title: 'Recommendation', dataIndex: 'body' },
          {
            title: 'Employer’s decision',
            key: 'decision',
            render: (_: unknown, r) =>
              inv.role === 'EMPLOYER' ? (
                <RecommendationRow vm={vm} r={r} />
              ) : r.chosen ? (
                <Tag color={r.implementedOn ? 'green' : 'gold'}>
                  {r.implementedOn
                    ? `Implemented ${showDate(r.implementedOn)}`
                    : `Chosen ${r.chosenOn ? showDate(r.chosenOn) : ''}: to implement`}
                </Tag>
              ) : (
                <Tag>Not chosen</Tag>
              ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary">
        Submitted {new Date(report.submittedAt).toLocaleString()}.{' '}
        {report.finalAt
          ? `Final on ${new Date(report.finalAt).toLocaleString()}: sent to each party.`
          : 'Not final yet: the parties and the employer receive it once the investigator makes it final.'}
      </Typography.Paragraph>
      {inv.role === 'INVESTIGATOR' && !report.finalAt ? (
        <Popconfirm
          title="Make the report final?"
          description="Each party is sent it, the employer can read it, and it no longer changes. Your mandate ends."
          okText="Make it final"
          onConfirm={() => void vm.end({ kind: 'FINAL_REPORT' })}
        >
          <Button type="primary" loading={vm.busy}>
            Make the report final and send it to the parties
          </Button>
        </Popconfirm>
      ) : null}
    </Card>
  );
});

/** A case's investigation (CA-05, CA-06): the committee chooses the investigator, who writes the report. */
export const InvestigationScreen = observer(function InvestigationScreen() {
  const { complaintId = '' } = useParams();
  const vm = useViewModel(InvestigationViewModel);
  useEffect(() => {
    void vm.load(complaintId);
  }, [vm, complaintId]);
  const inv = vm.investigation;
  return (
    <section aria-labelledby="investigation-title" style={{ maxWidth: 960 }}>
      <Breadcrumb
        items={[
          { title: <Link to="/complaints">Complaints</Link> },
          inv?.role === 'COMMITTEE'
            ? { title: <Link to={`/complaints/${complaintId}`}>{inv.caseNumber}</Link> }
            : { title: inv?.caseNumber ?? 'Case' },
          { title: 'Investigation' },
        ]}
      />
      <ConfidentialBanner />
      <Typography.Title level={1} id="investigation-title">
        Investigation{inv ? ` of case ${inv.caseNumber}` : ''}
      </Typography.Title>
      {vm.status === 'loading' && !inv ? <Loading label="Loading the investigation" /> : null}
      {vm.status === 'error' ? <LoadError message={vm.error ?? ''} onRetry={() => void vm.load(complaintId)} /> : null}
      {inv ? (
        <>
          <Typography.Paragraph type="secondary">{ROLE_WORDS[inv.role]}.</Typography.Paragraph>
          {vm.notice ? (
            <Alert type="success" showIcon role="status" message={vm.notice} style={{ marginBottom: 12 }} />
          ) : null}
          {vm.actionError ? (
            <Alert type="error" showIcon message={vm.actionError} style={{ marginBottom: 12 }} />
          ) : null}
          {inv.notInvestigable ? (
            <Alert type="info" showIcon message={inv.notInvestigable} style={{ marginBottom: 12 }} />
          ) : null}
          {inv.role === 'COMMITTEE' && !inv.notInvestigable ? <Choice vm={vm} inv={inv} /> : null}
          {inv.incident ? (
            <Card title="The incident" size="small" style={{ marginBottom: 16 }}>
              <Descriptions size="small" column={1}>
                <Descriptions.Item label="Date">{inv.incident.date}</Descriptions.Item>
                <Descriptions.Item label="What happened">
                  <span style={{ whiteSpace: 'pre-wrap' }}>{inv.incident.details}</span>
                </Descriptions.Item>
                <Descriptions.Item label="Witnesses named">{inv.incident.witnesses.length}</Descriptions.Item>
                <Descriptions.Item label="Evidence files">{inv.evidence.length}</Descriptions.Item>
              </Descriptions>
              {inv.role === 'INVESTIGATOR' && inv.mandateActive ? <EvidenceDownloads vm={vm} inv={inv} /> : null}
            </Card>
          ) : null}
          {inv.report ? <Report vm={vm} inv={inv} /> : null}
          {inv.role === 'INVESTIGATOR' && !inv.report ? <ReportForm vm={vm} /> : null}
          {inv.role === 'COMMITTEE' && inv.appointedOn && !inv.report ? (
            <Typography.Paragraph>The investigator has not written the report yet.</Typography.Paragraph>
          ) : null}
        </>
      ) : null}
    </section>
  );
});

export default InvestigationScreen;
