import { daysBetween, type IsoDate } from '../shared/calendar';

/**
 * Hearings under POSH Rule 7 (IN-06, IN-17): who attended each hearing, the quorum its minutes need, and when the
 * committee may proceed ex parte against a party. Pure rules; the case runtime records and enforces them.
 */

export type AttendanceStatus = 'PRESENT' | 'ABSENT' | 'EXCUSED';
export type HearingParty = 'COMPLAINANT' | 'RESPONDENT';

export interface Attendance {
  members: readonly { userId: string; status: AttendanceStatus }[];
  complainant: AttendanceStatus | null;
  respondent: AttendanceStatus | null;
}

/** Rule 7(7): at least 3 members present, the presiding officer among them. */
export const HEARING_QUORUM = 3;
/** Rule 7(5)/(6): ex parte after this many absences of a party... */
export const EX_PARTE_ABSENCES = 3;
/** ...and this many days' written notice. */
export const EX_PARTE_NOTICE_DAYS = 15;

export interface Quorum {
  met: boolean;
  present: number;
  presidingPresent: boolean;
  /** Why it is not met, in words naming the rule; null when met. */
  problem: string | null;
}

/**
 * The quorum of a hearing: members present who sit on the case (not recused), at least 3, including the one presiding
 * over the case. A member recorded present who does not sit on the case does not count.
 */
export function hearingQuorum(
  attendance: Pick<Attendance, 'members'>,
  sitting: ReadonlySet<string>,
  presidingUserId: string | null,
): Quorum {
  const present = new Set(
    attendance.members.filter((m) => m.status === 'PRESENT' && sitting.has(m.userId)).map((m) => m.userId),
  );
  const presidingPresent = presidingUserId !== null && present.has(presidingUserId);
  const missing: string[] = [];
  if (present.size < HEARING_QUORUM)
    missing.push(
      `${present.size} of the ${HEARING_QUORUM} members needed ${present.size === 1 ? 'was' : 'were'} present`,
    );
  if (!presidingPresent) missing.push('the presiding officer was not present');
  return {
    met: missing.length === 0,
    present: present.size,
    presidingPresent,
    problem: missing.length
      ? `IN-06: a hearing needs a quorum of ${HEARING_QUORUM} members including the presiding officer (POSH Rule 7); ${missing.join(' and ')}`
      : null,
  };
}

export interface PartyHearing {
  /** The day the party was notified of the hearing (the invitation sent when it was set), local day. */
  notifiedOn: IsoDate;
  startsAt: string;
  /** The party's attendance as recorded; null when not recorded yet. */
  status: AttendanceStatus | null;
}

export type ExParteCheck =
  { allowed: true; absences: number; noticeFrom: IsoDate } | { allowed: false; absences: number; problem: string };

/**
 * Whether the committee may proceed ex parte against a party on `today`: the party's last 3 hearings with attendance
 * recorded are absences without excuse (3 consecutive absences; a hearing attended or excused starts the count again),
 * and the first of those 3 was notified at least 15 days before today (the written notice).
 */
export function exParteCheck(hearings: readonly PartyHearing[], today: IsoDate): ExParteCheck {
  const recorded = hearings.filter((h) => h.status !== null).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const run: PartyHearing[] = [];
  for (const h of recorded) {
    if (h.status === 'ABSENT') run.push(h);
    else run.length = 0;
  }
  const absences = run.length;
  if (absences < EX_PARTE_ABSENCES)
    return {
      allowed: false,
      absences,
      problem: `IN-06: ex parte needs ${EX_PARTE_ABSENCES} consecutive recorded absences from hearings; the party has ${absences}`,
    };
  const first = run[run.length - EX_PARTE_ABSENCES];
  const notice = daysBetween(first.notifiedOn, today);
  if (notice < EX_PARTE_NOTICE_DAYS)
    return {
      allowed: false,
      absences,
      problem: `IN-06: ex parte needs ${EX_PARTE_NOTICE_DAYS} days' written notice; the first of the ${EX_PARTE_ABSENCES} hearings was notified ${notice} ${notice === 1 ? 'day' : 'days'} ago`,
    };
  return { allowed: true, absences, noticeFrom: first.notifiedOn };
}

/** A hearing as the legal rules judge it after the fact (IN-06, IN-17): its case, attendance and who sat. */
export interface HeldHearing {
  caseId: string;
  startsAt: string;
  /** The local day it was held on. */
  heldOn: IsoDate;
  notifiedOn: IsoDate;
  attendance: Attendance | null;
  sitting: ReadonlySet<string>;
  presidingUserId: string | null;
}

export interface ExParteOrder {
  caseId: string;
  party: HearingParty;
  /** The local day the order was made. */
  on: IsoDate;
}

export interface HearingFigures {
  held: number;
  withoutQuorum: number;
  attendanceNotRecorded: number;
  exParteOrders: number;
  /** Ex parte orders the hearings recorded before them do not bear out (3 consecutive absences, 15 days' notice). */
  exParteWithoutBasis: number;
}

/**
 * The hearings held across the workspace's POSH cases, judged as Rule 7 asks: each with its quorum (attendance recorded,
 * 3 members sitting on the case present, the one presiding among them), and each ex parte order against the hearings
 * held before it (an attendance rewritten after the order no longer bears it out).
 */
export function judgeHearings(hearings: readonly HeldHearing[], orders: readonly ExParteOrder[]): HearingFigures {
  let withoutQuorum = 0;
  let attendanceNotRecorded = 0;
  for (const h of hearings) {
    if (!h.attendance) attendanceNotRecorded += 1;
    else if (!hearingQuorum(h.attendance, h.sitting, h.presidingUserId).met) withoutQuorum += 1;
  }
  const exParteWithoutBasis = orders.filter((o) => {
    const before = hearings
      .filter((h) => h.caseId === o.caseId && h.attendance && h.heldOn <= o.on)
      .map((h) => ({
        notifiedOn: h.notifiedOn,
        startsAt: h.startsAt,
        status: o.party === 'COMPLAINANT' ? h.attendance!.complainant : h.attendance!.respondent,
      }));
    return !exParteCheck(before, o.on).allowed;
  }).length;
  return {
    held: hearings.length,
    withoutQuorum,
    attendanceNotRecorded,
    exParteOrders: orders.length,
    exParteWithoutBasis,
  };
}
