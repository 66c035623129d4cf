import { Alert, Button, Radio, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { AttendanceStatus, CaseMeeting, ComplaintDetail } from '../../contracts/case/complaints.contract';
import { formatDateTime } from '../../domain/shared/date-time';
import type { ComplaintCaseViewModel } from './complaint-case.view-model';

const STATUS_WORDS: Record<AttendanceStatus, string> = {
  PRESENT: 'Present',
  ABSENT: 'Absent',
  EXCUSED: 'Excused',
};
const OPTIONS = (Object.keys(STATUS_WORDS) as AttendanceStatus[]).map((value) => ({
  value,
  label: STATUS_WORDS[value],
}));

function AttendanceChoice({
  label,
  value,
  onChange,
}: {
  label: string;
  value: AttendanceStatus | undefined;
  onChange: (value: AttendanceStatus) => void;
}) {
  return (
    <div role="radiogroup" aria-label={`Attendance of ${label}`} style={{ marginBottom: 8 }}>
      <div>{label}</div>
      <Radio.Group
        options={OPTIONS}
        optionType="button"
        value={value}
        onChange={(e) => onChange(e.target.value as AttendanceStatus)}
      />
    </div>
  );
}

/**
 * A hearing's record for its committee (IN-06, docs/case.md "Hearings: attendance, quorum, ex parte"): who attended,
 * the quorum that follows, and "Sign the minutes" for the one presiding. A refusal shows here, beside the hearing.
 */
export const HearingRecord = observer(function HearingRecord({
  vm,
  detail,
  meeting,
}: {
  vm: ComplaintCaseViewModel;
  detail: ComplaintDetail;
  meeting: CaseMeeting;
}) {
  const sitting = (detail.committee?.members ?? []).filter((m) => !m.recused);
  const recorded = meeting.attendance;
  const [members, setMembers] = useState<Record<string, AttendanceStatus | undefined>>(() =>
    Object.fromEntries((recorded?.members ?? []).map((m) => [m.userId, m.status])),
  );
  const [complainant, setComplainant] = useState<AttendanceStatus | undefined>(recorded?.complainant ?? undefined);
  const [respondent, setRespondent] = useState<AttendanceStatus | undefined>(recorded?.respondent ?? undefined);
  const error = vm.hearingError?.meetingId === meeting.meetingId ? vm.hearingError.message : null;
  const begun = new Date(meeting.startsAt).getTime() <= Date.now();
  const editable = detail.status === 'OPEN' && !meeting.minutesSigned && begun;
  const title = meeting.hearing ? 'Hearing attendance' : 'Attendance';

  return (
    <section aria-label={`${title}: ${meeting.title}`} style={{ width: '100%' }}>
      <Typography.Text strong>{title}</Typography.Text>
      {recorded ? (
        <ul style={{ margin: '4px 0', paddingInlineStart: 20 }}>
          {recorded.members.map((m) => (
            <li key={m.userId}>
              {m.name}: {STATUS_WORDS[m.status]}
            </li>
          ))}
          {recorded.complainant ? <li>The complainant: {STATUS_WORDS[recorded.complainant]}</li> : null}
          {recorded.respondent ? <li>The respondent: {STATUS_WORDS[recorded.respondent]}</li> : null}
        </ul>
      ) : (
        <div>
          <Typography.Text type="secondary">
            {begun ? 'Not recorded yet.' : 'Recorded once the meeting has begun.'}
          </Typography.Text>
        </div>
      )}
      {recorded && meeting.hearing ? (
        recorded.quorum.met ? (
          <Typography.Text type="success">
            Quorum: {recorded.quorum.present} members present, the presiding officer among them.
          </Typography.Text>
        ) : (
          <Typography.Text type="danger">No quorum. {recorded.quorum.problem}</Typography.Text>
        )
      ) : null}
      {meeting.minutesSigned ? (
        <div>
          <Typography.Text>
            Minutes signed by {meeting.minutesSigned.byName} on {formatDateTime(meeting.minutesSigned.at, vm.dateTime)}.
          </Typography.Text>
        </div>
      ) : null}
      {editable ? (
        <Space orientation="vertical" style={{ width: '100%', marginTop: 8 }}>
          {sitting.map((m) => (
            <AttendanceChoice
              key={m.userId}
              label={m.name}
              value={members[m.userId]}
              onChange={(value) => setMembers((all) => ({ ...all, [m.userId]: value }))}
            />
          ))}
          <AttendanceChoice label="the complainant" value={complainant} onChange={setComplainant} />
          {detail.respondent ? (
            <AttendanceChoice label="the respondent" value={respondent} onChange={setRespondent} />
          ) : null}
          <Space wrap>
            <Button
              loading={vm.hearingBusy === meeting.meetingId}
              onClick={() => void vm.recordAttendance(meeting.meetingId, { members, complainant, respondent })}
            >
              Record attendance
            </Button>
            {detail.callerPresides ? (
              <Button
                type="primary"
                loading={vm.hearingBusy === meeting.meetingId}
                onClick={() => void vm.signMinutes(meeting.meetingId)}
              >
                Sign the minutes
              </Button>
            ) : null}
          </Space>
        </Space>
      ) : null}
      {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 8 }} /> : null}
    </section>
  );
});
