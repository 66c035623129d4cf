import type { ComplaintDetail } from '../../../src/contracts/case/complaints.contract';
import type { AttendanceBody, ExParteBody } from '../../../src/contracts/case/hearings.contract';
import { compositionWarnings } from '../../../src/domain/complaints/committee';
import { exParteCheck, type HearingParty } from '../../../src/domain/complaints/hearings';
import { hearingQuorum } from '../../../src/domain/complaints/hearings';
import { localDay, instantText } from '../../../src/domain/shared/date-time';
import type { Database, Sql } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import type { Outcome, Refusal } from '../../platform/refusal';
import type { Access, Actor, ComplaintService } from './complaints.service';
import { sittingMembers } from './hearing-view';
import * as hearings from './hearings.repository';
import { regimeOf, todayIn } from './regime';
const EX_PARTE = 'complaint.ex-parte';
const COMPOSITION_OVERRIDE = 'complaint.composition.override';

const refuse = (
  refusal: Refusal['refusal'],
  code: string,
  message: string,
  fields?: Record<string, string>,
): Refusal => ({ ok: false, refusal, code, message, fields });

const HEARINGS_CLOSED = 'The case is closed: its hearings are as recorded';
const CASE_CLOSED = 'The case is closed';

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

/** What fails IN-02 in the composition of a POSH case's committee today (a term about to end is a warning, not a failure). */
export async function compositionProblems(tx: Sql, ws: string, access: Access, today: string): Promise<string[]> {
  if (access.row.compliance !== 'IN_POSH') return [];
  const committee = await hearings.committeeOfCase(tx, ws, access.row.committee_id);
  if (!committee) return [];
  return compositionWarnings(committee, today)
    .filter((w) => w.code !== 'TERM_ENDS_SOON')
    .map((w) => w.message);
}

/**
 * Proceeding (completing a step, setting a hearing) with a committee whose composition fails IN-02: refused until the
 * one presiding records an override with written reasons (IN-17: strict constitution). Null when it may go.
 */
export async function compositionGate(tx: Sql, ws: string, access: Access, today: string): Promise<Refusal | null> {
  const problems = await compositionProblems(tx, ws, access, today);
  if (problems.length === 0) return null;
  if ((await hearings.decisions(tx, ws, access.row.id, COMPOSITION_OVERRIDE)).length > 0) return null;
  const message = `IN-02: the committee is not constituted as the Act asks (${problems.join(' ')}) The presiding officer may proceed with written reasons`;
  return refuse('conflict', 'COMPOSITION_NOT_MET', message, { override: message });
}

/** The case page's record of natural justice, for the committee of a POSH case (undefined otherwise). */
export async function naturalJusticeOf(
  tx: Sql,
  ws: string,
  access: Access,
  today: string,
): Promise<ComplaintDetail['natural']> {
  if (access.role !== 'COMMITTEE' || access.row.compliance !== 'IN_POSH') return undefined;
  const exParte = await hearings.decisions(tx, ws, access.row.id, EX_PARTE);
  const [override] = await hearings.decisions(tx, ws, access.row.id, COMPOSITION_OVERRIDE);
  return {
    exParte: exParte.map((e) => ({
      party: e.details.party as HearingParty,
      reasons: String(e.details.reasons ?? ''),
      at: instantText(e.at),
      byName: e.name ?? 'A committee member',
    })),
    compositionProblems: await compositionProblems(tx, ws, access, today),
    compositionOverride: override
      ? {
          reasons: String(override.details.reasons ?? ''),
          at: instantText(override.at),
          byName: override.name ?? 'A committee member',
        }
      : null,
  };
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
    return this.onCase(actor, id, { meetingId, closed: HEARINGS_CLOSED }, async (tx, access, meeting) => {
      if (meeting!.minutes_signed_at)
        return refuse(
          'conflict',
          'MINUTES_SIGNED',
          'The minutes of this meeting are signed: its attendance no longer changes',
        );
      if (new Date(meeting!.starts_at).getTime() > this.clock.now().getTime())
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
    const gate = {
      meetingId,
      presiding: 'Only the member presiding over the case signs the minutes',
      closed: HEARINGS_CLOSED,
    };
    return this.onCase(actor, id, gate, async (tx, access, meeting) => {
      if (meeting!.minutes_signed_at)
        return refuse('conflict', 'MINUTES_SIGNED', 'The minutes of this meeting are already signed');
      if (!meeting!.minutes?.trim())
        return refuse('conflict', 'NO_MINUTES', 'Write the minutes before signing them', {
          minutes: 'Write the minutes before signing them',
        });
      if (access.row.compliance === 'IN_POSH' && meeting!.step_id !== null) {
        if (!meeting!.attendance) {
          const message = 'IN-06: record who attended the hearing before signing its minutes (POSH Rule 7)';
          return refuse('conflict', 'NO_ATTENDANCE', message, { attendance: message });
        }
        const quorum = hearingQuorum(meeting!.attendance, sittingMembers(access), access.presiding!.userId);
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

  /**
   * Ex parte against a party (IN-06, IN-17): the one presiding records the committee's decision with its reasons, only
   * after 3 consecutive recorded absences of that party from hearings and 15 days' notice from the first of them.
   */
  async proceedExParte(actor: Actor, id: string, body: ExParteBody): Promise<Outcome<null>> {
    const gate = {
      presiding: 'Only the member presiding over the case records an ex parte decision',
      posh: 'Ex parte under Rule 7 is a rule of the POSH Act: this case follows another regime',
      closed: CASE_CLOSED,
    };
    return this.onCase(actor, id, gate, async (tx) => {
      const earlier = await hearings.decisions(tx, actor.ws, id, EX_PARTE);
      if (earlier.some((e) => e.details.party === body.party))
        return refuse('conflict', 'EX_PARTE_RECORDED', 'The committee already proceeds ex parte against this party');
      const zone = (await regimeOf(tx, actor.ws)).timeZone;
      const today = localDay(this.clock.now(), zone);
      const key = body.party === 'COMPLAINANT' ? 'complainant' : 'respondent';
      const held = (await hearings.meetingRows(tx, actor.ws, id)).filter((r) => r.step_id !== null && r.attendance);
      const check = exParteCheck(
        held.map((r) => ({
          notifiedOn: localDay(r.created_at, zone),
          startsAt: instantText(r.starts_at),
          status: r.attendance![key],
        })),
        today,
      );
      if (!check.allowed) return refuse('conflict', 'EX_PARTE_NOT_ALLOWED', check.problem, { party: check.problem });
      await this.complaints.log(tx, actor, id, EX_PARTE, {
        party: body.party,
        reasons: body.reasons,
        absences: check.absences,
        noticeFrom: check.noticeFrom,
        // The workspace's day the order was made on (IN-17 judges the order against the hearings up to it).
        on: today,
      });
      return { ok: true, value: null };
    });
  }

  /** IN-02: the one presiding records why the case proceeds with a committee whose composition fails the Act. */
  async overrideComposition(actor: Actor, id: string, reasons: string): Promise<Outcome<null>> {
    const gate = { presiding: 'Only the member presiding over the case records this override', closed: CASE_CLOSED };
    return this.onCase(actor, id, gate, async (tx, access) => {
      const today = todayIn(await regimeOf(tx, actor.ws), this.clock.now());
      const problems = await compositionProblems(tx, actor.ws, access, today);
      if (problems.length === 0)
        return refuse(
          'conflict',
          'COMPOSITION_MET',
          'The committee is constituted as the Act asks: there is nothing to override',
        );
      await this.complaints.log(tx, actor, id, COMPOSITION_OVERRIDE, { reasons, problems });
      return { ok: true, value: null };
    });
  }

  /**
   * The gate of every act on a case's hearings, in one tenant transaction and in this order: the case's committee (a
   * party 403, anyone else 404; the case locked), the meeting named (locked; 404), the one presiding (403 with
   * `presiding`), a POSH case (409 with `posh`), a case still open (409 with `closed`). Then `act`, with the meeting
   * when one is named.
   */
  private async onCase<T>(
    actor: Actor,
    id: string,
    gate: { meetingId?: string; presiding?: string; posh?: string; closed: string },
    act: (tx: Sql, access: Access, meeting: hearings.MeetingRow | undefined) => Promise<Outcome<T>>,
  ): Promise<Outcome<T>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const found = await this.complaints.decideAccess(tx, actor, id, { committeeOnly: true, lock: true });
      if (!found.ok) return found;
      const access = found.value;
      const meeting = gate.meetingId ? await hearings.lockMeeting(tx, actor.ws, id, gate.meetingId) : undefined;
      if (gate.meetingId && !meeting) return noMeeting();
      if (gate.presiding && access.presiding?.userId !== actor.userId)
        return refuse('forbidden', 'NOT_PRESIDING', gate.presiding);
      if (gate.posh && access.row.compliance !== 'IN_POSH') return refuse('conflict', 'NOT_POSH', gate.posh);
      if (access.row.status === 'CLOSED') return refuse('conflict', 'CASE_CLOSED', gate.closed);
      return act(tx, access, meeting);
    });
  }
}
