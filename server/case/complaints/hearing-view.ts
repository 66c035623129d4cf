import type { CaseMeeting } from '../../../src/contracts/case/complaints.contract';
import { hearingQuorum } from '../../../src/domain/complaints/hearings';
import type { Access } from './complaints.service';
import type { MeetingRow } from './hearings.repository';
import { instantText } from '../../../src/domain/shared/date-time';

/** The members who sit on the case (not recused nor awaiting admission): they make the quorum of a hearing. */
export const sittingMembers = (access: Pick<Access, 'members' | 'recused'>): Set<string> =>
  new Set(access.members.filter((m) => !access.recused.has(m.user_id)).map((m) => m.user_id));

/**
 * A meeting as the case page shows it. A party (`guestEmail`) sees the meetings they are a guest of, without the
 * committee's record: minutes, outcome, attendance.
 */
export function caseMeeting(
  r: MeetingRow,
  access: Pick<Access, 'members' | 'recused' | 'presiding'>,
  guestEmail?: string,
): CaseMeeting {
  const committee = guestEmail === undefined;
  const names = new Map(access.members.map((m) => [m.user_id, m.name || m.email]));
  const attendance =
    committee && r.attendance && r.attendance_recorded_at
      ? {
          members: r.attendance.members.map((m) => ({
            userId: m.userId,
            name: names.get(m.userId) ?? 'A former member',
            status: m.status,
          })),
          complainant: r.attendance.complainant,
          respondent: r.attendance.respondent,
          recordedAt: instantText(r.attendance_recorded_at),
          quorum: (({ met, present, problem }) => ({ met, present, problem }))(
            hearingQuorum(r.attendance, sittingMembers(access), access.presiding?.userId ?? null),
          ),
        }
      : null;
  return {
    meetingId: r.id,
    stepId: r.step_id,
    title: r.title,
    agenda: r.agenda,
    startsAt: instantText(r.starts_at),
    endsAt: instantText(r.ends_at),
    location: r.location,
    guests: committee ? r.guests : [guestEmail],
    // What was said at a meeting is the committee's record.
    minutes: committee ? r.minutes : null,
    outcome: committee ? r.outcome : null,
    hearing: r.step_id !== null,
    attendance,
    minutesSigned:
      committee && r.minutes_signed_at
        ? { at: instantText(r.minutes_signed_at), byName: r.minutes_signed_by_name ?? 'A committee member' }
        : null,
  };
}
