import { Alert, Button, Card, Descriptions, Input, List, Space, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { ComplaintDetail } from '../../contracts/case/complaints.contract';
import { showDate, tr } from '../i18n/i18n';
import { PhoneTabs } from '../shared/phone-tabs';
import { CaseConfirmation, CaseEvents } from './case-extras';
import type { ComplaintCaseViewModel } from './complaint-case.view-model';
import { REGION } from './confidential-banner';
import { WhereElseToGo } from './where-else-to-go';
import { PartyOccurrenceCategories } from './party-occurrence-categories';
import { PartyReportCard } from './party-report';
import { FilingLate } from './filing-late';
import { OwnReplyCard } from './own-reply';
import { ListItemText } from '../shared/list-item-text';

/**
 * The case page as a party sees it (the complainant, or the respondent it names), in the reader's language
 * (docs/i18n.md): the committee's view of the same case stays in complaint-case.screen.tsx.
 */
export const PartyCase = observer(function PartyCase({
  vm,
  detail: d,
}: {
  vm: ComplaintCaseViewModel;
  detail: ComplaintDetail;
}) {
  const zone = vm.dateTime.zone;
  const appeal = d.status === 'CLOSED' ? (d.dueProcess?.appeal ?? null) : null;
  const posh = d.compliance === 'IN_POSH';
  return (
    <>
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Title level={1} id="case-title" style={{ margin: 0 }}>
          {tr('case.title', { number: d.caseNumber })}
        </Typography.Title>
        <Tag color={d.status === 'OPEN' ? 'blue' : 'default'}>
          {d.status === 'OPEN' ? tr('complaints.open') : tr('complaints.closed')}
        </Tag>
        {d.referral ? <Tag color="purple">{tr('case.forLocalCommittee')}</Tag> : null}
      </Space>
      <Typography.Paragraph type="secondary">
        {tr('case.received', { process: d.workflowName, date: showDate(d.receivedOn) })}
        {d.outcome ? ` · ${tr('case.outcome', { outcome: tr(`complaints.${d.outcome}`) })}` : ''}
      </Typography.Paragraph>
      {vm.actionError ? <Alert type="error" showIcon message={vm.actionError} style={{ marginBottom: 12 }} /> : null}
      {d.outcomeSummary ? (
        <Alert type="info" message={tr('case.decision')} description={d.outcomeSummary} style={{ marginBottom: 16 }} />
      ) : null}
      {appeal ? (
        <Alert
          type="info"
          showIcon
          role="region"
          aria-label={tr('case.appeal')}
          style={{ marginBottom: 16 }}
          message={tr('case.appealTitle')}
          description={tr('case.appealBody', { date: showDate(appeal.deadline) })}
        />
      ) : null}
      {d.role === 'COMPLAINANT' && posh ? <WhereElseToGo /> : null}
      <OwnReplyCard vm={vm} detail={d} />
      {d.role === 'COMPLAINANT' ? <FilingLate vm={vm} detail={d} committee={false} /> : null}
      {d.compliance === 'CA_FEDERAL' && d.role === 'COMPLAINANT' ? (
        <PartyOccurrenceCategories complaintId={d.complaintId} />
      ) : null}
      {d.compliance === 'CA_FEDERAL' ? <PartyReportCard complaintId={d.complaintId} /> : null}
      <CaseConfirmation detail={d} onConfirmed={() => void vm.load(d.complaintId)} />
      <CaseEvents detail={d} />
      <PhoneTabs
        label={tr('case.part')}
        items={[
          { key: 'parties', label: tr('case.tabParties'), children: <Parties vm={vm} detail={d} /> },
          { key: 'messages', label: tr('case.tabMessages'), children: <PartyThread vm={vm} detail={d} /> },
          {
            key: 'meetings',
            label: tr('case.tabMeetings'),
            children: (
              <Space direction="vertical" style={{ width: '100%' }}>
                {posh && d.meetings.length > 0 ? <Alert type="info" showIcon message={tr('case.noLawyers')} /> : null}
                <List
                  {...REGION}
                  aria-label={tr('case.tabMeetings')}
                  locale={{ emptyText: tr('case.noMeetings') }}
                  dataSource={d.meetings}
                  renderItem={(m) => (
                    <List.Item>
                      <Space direction="vertical">
                        <strong>{m.title}</strong>
                        <span>
                          {tr('case.meetingWhen', {
                            start: showDate(m.startsAt, { zone, time: true }),
                            end: showDate(m.endsAt, { zone, time: true }),
                          })}{' '}
                          · {m.location}
                        </span>
                      </Space>
                    </List.Item>
                  )}
                />
              </Space>
            ),
          },
          {
            key: 'steps',
            label: tr('case.tabSteps'),
            children: (
              <List
                {...REGION}
                aria-label={tr('case.tabSteps')}
                dataSource={d.steps}
                renderItem={(s) => (
                  <List.Item>
                    <ListItemText
                      title={`${s.position}. ${s.name}`}
                      description={
                        s.completedAt
                          ? tr('case.stepDone', { date: showDate(s.completedAt, { zone }) })
                          : tr('case.stepToCome')
                      }
                    />
                  </List.Item>
                )}
              />
            ),
          },
        ]}
      />
    </>
  );
});

const MEMBER_ROLES = {
  PRESIDING_OFFICER: 'case.rolePresiding',
  EMPLOYEE_MEMBER: 'case.roleEmployee',
  EXTERNAL_MEMBER: 'case.roleExternal',
  DESIGNATED_RECIPIENT: 'case.roleRecipient',
} as const;

function Parties({ vm, detail: d }: { vm: ComplaintCaseViewModel; detail: ComplaintDetail }) {
  const hidden = tr('case.hidden');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Descriptions title={tr('case.complainant')} column={1} size="small" bordered>
        <Descriptions.Item label={tr('case.name')}>{d.complainant?.name ?? '—'}</Descriptions.Item>
        {d.complainant?.email ? (
          <Descriptions.Item label={tr('case.email')}>{d.complainant.email}</Descriptions.Item>
        ) : null}
        {d.complainant?.phone ? (
          <Descriptions.Item label={tr('case.phone')}>{d.complainant.phone}</Descriptions.Item>
        ) : null}
      </Descriptions>
      <Descriptions title={tr('case.respondent')} column={1} size="small" bordered>
        <Descriptions.Item label={tr('case.name')}>{d.respondent?.name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={tr('case.email')}>{d.respondent?.email ?? '—'}</Descriptions.Item>
        {d.respondent?.description ? (
          <Descriptions.Item label={tr('case.description')}>{d.respondent.description}</Descriptions.Item>
        ) : null}
      </Descriptions>
      {d.incident ? (
        <Descriptions title={tr('case.incident')} column={1} size="small" bordered>
          <Descriptions.Item label={tr('case.incidentDate')}>
            {d.incident.date ? showDate(d.incident.date) : hidden}
          </Descriptions.Item>
          <Descriptions.Item label={tr('case.whatHappened')}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{d.incident.details ?? hidden}</span>
          </Descriptions.Item>
          <Descriptions.Item label={tr('case.witnesses')}>{d.incident.witnesses.join('; ') || '—'}</Descriptions.Item>
        </Descriptions>
      ) : null}
      {d.evidence.length > 0 ? (
        <List
          header={<strong>{tr('case.evidence')}</strong>}
          {...REGION}
          aria-label={tr('case.evidence')}
          dataSource={d.evidence}
          renderItem={(f) => (
            <List.Item>
              <Button
                type="link"
                style={{ paddingInline: 0, whiteSpace: 'normal', textAlign: 'left', height: 'auto' }}
                onClick={async () => {
                  const url = await vm.download(f.fileId);
                  if (url) window.location.assign(url);
                }}
              >
                {tr('case.download', { file: f.fileName })}
              </Button>
            </List.Item>
          )}
        />
      ) : null}
      {d.committee ? (
        <List
          header={<strong>{d.committee.name}</strong>}
          {...REGION}
          aria-label={tr('case.members')}
          dataSource={d.committee.members.filter((m) => !m.recused)}
          renderItem={(m) => (
            <List.Item>
              {m.name} · {tr(MEMBER_ROLES[m.role])}
            </List.Item>
          )}
        />
      ) : null}
    </Space>
  );
}

/** The party's one thread with the committee. */
const PartyThread = observer(function PartyThread({
  vm,
  detail: d,
}: {
  vm: ComplaintCaseViewModel;
  detail: ComplaintDetail;
}) {
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  const messages = d.messages.filter((m) => m.audience === d.role);
  return (
    <Card size="small">
      <List
        {...REGION}
        aria-label={tr('case.thread')}
        locale={{ emptyText: tr('case.noMessages') }}
        dataSource={messages}
        renderItem={(m) => (
          <List.Item>
            <ListItemText
              title={`${m.authorName} · ${showDate(m.createdAt, { zone: vm.dateTime.zone, time: true })}`}
              description={<span style={{ whiteSpace: 'pre-wrap' }}>{m.body}</span>}
            />
          </List.Item>
        )}
      />
      {sent ? <Alert type="success" showIcon role="status" message={tr('case.sent')} style={{ marginTop: 8 }} /> : null}
      {d.status === 'OPEN' ? (
        <Space.Compact style={{ width: '100%', marginTop: 8 }} block>
          <Input.TextArea
            aria-label={tr('case.yourMessage')}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setSent(false);
            }}
            autoSize={{ minRows: 2 }}
          />
          <Button
            type="primary"
            loading={vm.busy}
            onClick={async () => {
              if (await vm.message(d.role, text)) {
                setText('');
                setSent(true);
              }
            }}
          >
            {tr('case.send')}
          </Button>
        </Space.Compact>
      ) : null}
    </Card>
  );
});
