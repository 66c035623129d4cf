import type { AttendanceBody } from '../../../src/contracts/case/hearings.contract';
import { hearingQuorum } from '../../../src/domain/complaints/hearings';
import type { Database, Sql } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import type { Outcome, Refusal } from '../../platform/refusal';
import type { Access, Actor, ComplaintService } from './complaints.service';
import { sittingMembers } from './hearing-view';
import * as hearings from './hearings.repository';

const refuse = (
  refusal: Refusal['refusal'],
  code: string,
  message: string,
  fields?: Record<string, string>,
): Refusal => ({ ok: false, refusal, code, message, fields });

const noMeeting = (): Refusal => refuse('not-found', 'NOT_FOUND', 'No such meeting on this case');

/**
 * Completing a MEETING step of a POSH case whose hearing was held without a quorum (its attendance recorded, the
 * quorum not met): refused, naming IN-06. Null when the step may go.
 */
export async function hearingGate(tx: Sql, ws: string, access: Access, stepId: string): Promise<Refusal | null> {
  if (access.row.compliance !== 'IN_POSH') return null;
  const rows = await hearings.meetingRows(tx, ws, access.row.id);
  const sitting = sittingMembers(access);
  for (const r of rows) {
    if (r.step_id !== stepId || !r.attendance) continue;
    const quorum = hearingQuorum(r.attendance, sitting, access.presiding?.userId ?? null);
    if (!quorum.met && !r.minutes_signed_at)
      return refuse('conflict', 'QUORUM_NOT_MET', `"${r.title}": ${quorum.problem}`, { stepId: quorum.problem! });
  }
  return null;
}

/**
 * Hearings (docs/case.md "Hearings: attendance, quorum, ex parte"): the committee records who attended a meeting, and
 * the one presiding signs its minutes. Access is the case's: a party is refused (403), anyone else gets 404.
 */
export class HearingsService {
  constructor(
    private readonly db: Database,
    private readonly complaints: ComplaintService,
    private readonly clock: Clock,
  ) {}

  async recordAttendance(actor: Actor, id: string, meetingId: string, body: AttendanceBody): Promise<Outcome<null>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const found = await this.complaints.decideAccess(tx, actor, id, { committeeOnly: true, lock: true });
      if (!found.ok) return found;
      const access = found.value;
      const meeting = await hearings.lockMeeting(tx, actor.ws, id, meetingId);
      if (!meeting) return noMeeting();
      if (access.row.status === 'CLOSED')
        return refuse('conflict', 'CASE_CLOSED', 'The case is closed: its hearings are as recorded');
      if (meeting.minutes_signed_at)
        return refuse(
          'conflict',
          'MINUTES_SIGNED',
          'The minutes of this meeting are signed: its attendance no longer changes',
        );
      if (new Date(meeting.starts_at).getTime() > this.clock.now().getTime())
        return refuse('conflict', 'MEETING_NOT_HELD', 'Attendance is recorded once the meeting has begun');
      // Only members of the case's committee attend as members; each once.
      const onCommittee = new Set(access.members.map((m) => m.user_id));
      const seen = new Set<string>();
      for (const [i, m] of body.members.entries()) {
        if (!onCommittee.has(m.userId))
          return refuse('invalid', 'VALIDATION', 'Not a member of the committee of this case', {
            [`members.${i}.userId`]: 'Not a member of the committee of this case',
          });
        if (seen.has(m.userId))
          return refuse('invalid', 'VALIDATION', 'Each member is recorded once', {
            [`members.${i}.userId`]: 'Recorded twice',
          });
        seen.add(m.userId);
      }
      if (body.respondent !== null && !access.row.respondent_name && !access.row.respondent_email)
        return refuse('invalid', 'VALIDATION', 'The case names no respondent', {
          respondent: 'The case names no respondent',
        });
      await hearings.saveAttendance(tx, actor.ws, meetingId, body, actor.userId);
      const quorum = hearingQuorum(body, sittingMembers(access), access.presiding?.userId ?? null);
      await this.complaints.log(tx, actor, id, 'meeting.attendance', {
        meetingId,
        membersPresent: quorum.present,
        quorum: quorum.met,
        complainant: body.complainant,
        respondent: body.respondent,
      });
      return { ok: true, value: null };
    });
  }

  async signMinutes(actor: Actor, id: string, meetingId: string): Promise<Outcome<null>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const found = await this.complaints.decideAccess(tx, actor, id, { committeeOnly: true, lock: true });
      if (!found.ok) return found;
      const access = found.value;
      const meeting = await hearings.lockMeeting(tx, actor.ws, id, meetingId);
      if (!meeting) return noMeeting();
      if (access.presiding?.userId !== actor.userId)
        return refuse('forbidden', 'NOT_PRESIDING', 'Only the member presiding over the case signs the minutes');
      if (access.row.status === 'CLOSED')
        return refuse('conflict', 'CASE_CLOSED', 'The case is closed: its hearings are as recorded');
      if (meeting.minutes_signed_at)
        return refuse('conflict', 'MINUTES_SIGNED', 'The minutes of this meeting are already signed');
      if (!meeting.minutes?.trim())
        return refuse('conflict', 'NO_MINUTES', 'Write the minutes before signing them', {
          minutes: 'Write the minutes before signing them',
        });
      if (access.row.compliance === 'IN_POSH' && meeting.step_id !== null) {
        if (!meeting.attendance) {
          const message = 'IN-06: record who attended the hearing before signing its minutes (POSH Rule 7)';
          return refuse('conflict', 'NO_ATTENDANCE', message, { attendance: message });
        }
        const quorum = hearingQuorum(meeting.attendance, sittingMembers(access), access.presiding.userId);
        if (!quorum.met)
          return refuse('conflict', 'QUORUM_NOT_MET', `The minutes cannot be signed. ${quorum.problem}`, {
            attendance: quorum.problem!,
          });
      }
      await hearings.signMinutes(tx, actor.ws, meetingId, actor.userId);
      await this.complaints.log(tx, actor, id, 'meeting.minutes.sign', { meetingId });
      return { ok: true, value: null };
    });
  }
}
