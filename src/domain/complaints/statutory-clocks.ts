import {
  addCalendarDays,
  addMonths,
  addWorkingDays,
  addYears,
  daysBetween,
  type IsoDate,
  type WorkingCalendar,
} from '../shared/calendar';

/**
 * The statutory clocks of a complaint (shared/spec/legal-rules.md), computed from what has happened on the case and
 * never kept by hand: each clock starts on an event, is due on a day the law fixes, and is met by another event.
 */

export type ClockId =
  | 'IN_RESPONDENT_COPY'
  | 'IN_RESPONDENT_REPLY'
  | 'IN_INQUIRY'
  | 'IN_REPORT'
  | 'IN_EMPLOYER_ACTION'
  | 'IN_APPEAL_WINDOW'
  | 'CA_FIRST_CONTACT'
  | 'CA_NEGOTIATED_MEETING'
  | 'CA_RESOLUTION';

export type ClockState = 'NOT_STARTED' | 'RUNNING' | 'DUE_SOON' | 'MISSED' | 'MET' | 'MET_LATE';

export interface Clock {
  id: ClockId;
  /** The rule's key in legal-rules.md (IN-05, CA-02 ...). */
  rule: string;
  /** What the clock asks, in words a committee uses. */
  label: string;
  /** Where it comes from, shown on hover or focus ("POSH Rule 7: copy to respondent within 7 working days"). */
  source: string;
  startedOn: IsoDate | null;
  dueOn: IsoDate | null;
  metOn: IsoDate | null;
  state: ClockState;
  /** Calendar days from today to the due day (negative once missed); null when not running. */
  daysLeft: number | null;
}

/** What has happened on a case, as far as the clocks care. Every date is optional but the start. */
export interface CaseDates {
  /** The day the complaint (India) or notice of occurrence (Canada) was received. */
  receivedOn: IsoDate;
  /** India, IN-07: the day the inquiry's 90 days count from; the Act does not fix it, so it is configurable. */
  inquiryStartOn?: IsoDate | null;
  respondentCopySentOn?: IsoDate | null;
  respondentReplyOn?: IsoDate | null;
  inquiryCompletedOn?: IsoDate | null;
  /** The inquiry report (and its recommendations) given to the employer and both parties. */
  reportIssuedOn?: IsoDate | null;
  employerActionOn?: IsoDate | null;
  /** Canada, CA-02: the principal party contacted. */
  firstContactOn?: IsoDate | null;
  /** Canada, CA-04: the negotiated-resolution meeting held. */
  negotiatedMeetingOn?: IsoDate | null;
  /** The process completed (Canada, CA-07) or the case closed. */
  resolvedOn?: IsoDate | null;
}

/** Amber from this many days before the due day (UI.md: clocks are amber within 7 days). */
export const DUE_SOON_DAYS = 7;

interface Definition {
  id: ClockId;
  rule: string;
  label: string;
  source: string;
  start: (d: CaseDates) => IsoDate | null | undefined;
  due: (start: IsoDate, calendar: WorkingCalendar) => IsoDate;
  met: (d: CaseDates) => IsoDate | null | undefined;
}

const INDIA: Definition[] = [
  {
    id: 'IN_RESPONDENT_COPY',
    rule: 'IN-05',
    label: 'Send a copy of the complaint to the respondent',
    source: 'POSH Rule 7(2): copy to respondent within 7 working days',
    start: (d) => d.receivedOn,
    due: (start, calendar) => addWorkingDays(calendar, start, 7),
    met: (d) => d.respondentCopySentOn,
  },
  {
    id: 'IN_RESPONDENT_REPLY',
    rule: 'IN-05',
    label: "Respondent's reply",
    source: 'POSH Rule 7(3): respondent replies within 10 working days of the copy',
    start: (d) => d.respondentCopySentOn,
    due: (start, calendar) => addWorkingDays(calendar, start, 10),
    met: (d) => d.respondentReplyOn,
  },
  {
    id: 'IN_INQUIRY',
    rule: 'IN-07',
    label: 'Complete the inquiry',
    source: 'POSH Act s.11(4): inquiry completed within 90 days',
    start: (d) => d.inquiryStartOn ?? d.receivedOn,
    due: (start) => addCalendarDays(start, 90),
    met: (d) => d.inquiryCompletedOn,
  },
  {
    id: 'IN_REPORT',
    rule: 'IN-09',
    label: 'Give the inquiry report to the employer and both parties',
    source: 'POSH Act s.13(1): report within 10 days of completing the inquiry',
    start: (d) => d.inquiryCompletedOn,
    due: (start) => addCalendarDays(start, 10),
    met: (d) => d.reportIssuedOn,
  },
  {
    id: 'IN_EMPLOYER_ACTION',
    rule: 'IN-09',
    label: 'Employer acts on the recommendations',
    source: 'POSH Act s.13(4): employer acts within 60 days of the report',
    start: (d) => d.reportIssuedOn,
    due: (start) => addCalendarDays(start, 60),
    met: (d) => d.employerActionOn,
  },
];

const CANADA: Definition[] = [
  {
    id: 'CA_FIRST_CONTACT',
    rule: 'CA-02',
    label: 'Contact the principal party',
    source: 'SOR/2020-130 s.23(2): contact the principal party within 7 days of the notice',
    start: (d) => d.receivedOn,
    due: (start) => addCalendarDays(start, 7),
    met: (d) => d.firstContactOn,
  },
  {
    id: 'CA_NEGOTIATED_MEETING',
    rule: 'CA-04',
    label: 'Hold the negotiated-resolution meeting',
    source: 'SOR/2020-130 s.24: initial review meeting within 45 days of the notice',
    start: (d) => d.receivedOn,
    due: (start) => addCalendarDays(start, 45),
    met: (d) => d.negotiatedMeetingOn,
  },
  {
    id: 'CA_RESOLUTION',
    rule: 'CA-07',
    label: 'Complete the resolution process',
    source: 'SOR/2020-130 s.32: resolution process completed within one year of the notice',
    start: (d) => d.receivedOn,
    due: (start) => addYears(start, 1),
    met: (d) => d.resolvedOn,
  },
];

function stateOf(
  dueOn: IsoDate,
  metOn: IsoDate | null,
  today: IsoDate,
): { state: ClockState; daysLeft: number | null } {
  if (metOn) return { state: daysBetween(dueOn, metOn) > 0 ? 'MET_LATE' : 'MET', daysLeft: null };
  const daysLeft = daysBetween(today, dueOn);
  if (daysLeft < 0) return { state: 'MISSED', daysLeft };
  return { state: daysLeft <= DUE_SOON_DAYS ? 'DUE_SOON' : 'RUNNING', daysLeft };
}

function evaluate(definition: Definition, dates: CaseDates, calendar: WorkingCalendar, today: IsoDate): Clock {
  const { id, rule, label, source } = definition;
  const startedOn = definition.start(dates) ?? null;
  if (!startedOn)
    return { id, rule, label, source, startedOn: null, dueOn: null, metOn: null, state: 'NOT_STARTED', daysLeft: null };
  const dueOn = definition.due(startedOn, calendar);
  const metOn = definition.met(dates) ?? null;
  return { id, rule, label, source, startedOn, dueOn, metOn, ...stateOf(dueOn, metOn, today) };
}

/**
 * Every clock of a case on `today`, in the order the process meets them. India adds the appeal window (IN-10) once
 * the report is out: not a deadline of the committee's, but a period in which the case may not be closed or purged.
 */
export function caseClocks(dates: CaseDates, calendar: WorkingCalendar, today: IsoDate): Clock[] {
  const definitions = calendar.jurisdiction === 'INDIA' ? INDIA : CANADA;
  const clocks = definitions.map((definition) => evaluate(definition, dates, calendar, today));
  if (calendar.jurisdiction === 'INDIA') {
    const window = appealWindow(dates);
    clocks.push({
      id: 'IN_APPEAL_WINDOW',
      rule: 'IN-10',
      label: 'Appeal window: the record may not be closed or purged',
      source: 'POSH Act s.18: appeal within 90 days of the recommendations',
      startedOn: dates.reportIssuedOn ?? null,
      dueOn: window?.endsOn ?? null,
      metOn: null,
      ...(window
        ? daysBetween(today, window.endsOn) < 0
          ? { state: 'MET' as const, daysLeft: null }
          : { state: 'RUNNING' as const, daysLeft: daysBetween(today, window.endsOn) }
        : { state: 'NOT_STARTED' as const, daysLeft: null }),
    });
  }
  return clocks;
}

/** The clocks that need the committee's attention: missed, or due within DUE_SOON_DAYS. */
export function clocksAtRisk(clocks: readonly Clock[]): Clock[] {
  return clocks.filter((c) => c.id !== 'IN_APPEAL_WINDOW' && (c.state === 'MISSED' || c.state === 'DUE_SOON'));
}

/** IN-10: the 90 days after the recommendations, during which an appeal may be filed. */
export function appealWindow(dates: Pick<CaseDates, 'reportIssuedOn'>): { startsOn: IsoDate; endsOn: IsoDate } | null {
  if (!dates.reportIssuedOn) return null;
  return { startsOn: dates.reportIssuedOn, endsOn: addCalendarDays(dates.reportIssuedOn, 90) };
}

/** A case may be closed or purged only after the appeal window (India) has ended; Canada has no such window. */
export function mayCloseOrPurge(
  calendar: Pick<WorkingCalendar, 'jurisdiction'>,
  dates: CaseDates,
  today: IsoDate,
): { ok: true } | { ok: false; until: IsoDate; reason: string } {
  if (calendar.jurisdiction !== 'INDIA') return { ok: true };
  const window = appealWindow(dates);
  if (window && daysBetween(today, window.endsOn) >= 0) {
    return {
      ok: false,
      until: window.endsOn,
      reason: `The appeal window (POSH Act s.18) is open until ${window.endsOn}.`,
    };
  }
  return { ok: true };
}

export type FilingTimeliness = 'ON_TIME' | 'EXTENSION_NEEDED' | 'BEYOND_EXTENSION';

/**
 * IN-03: a complaint is due within 3 months of the incident (or the last of a series); the committee may extend that
 * by at most 3 months, with reasons in writing. A late complaint is accepted and flagged for that decision, never
 * refused by the software.
 */
export function filingTimeliness(
  incidentOn: IsoDate,
  receivedOn: IsoDate,
): { timeliness: FilingTimeliness; dueOn: IsoDate; extendableTo: IsoDate } {
  const dueOn = addMonths(incidentOn, 3);
  const extendableTo = addMonths(incidentOn, 6);
  const timeliness =
    daysBetween(dueOn, receivedOn) <= 0
      ? 'ON_TIME'
      : daysBetween(extendableTo, receivedOn) <= 0
        ? 'EXTENSION_NEEDED'
        : 'BEYOND_EXTENSION';
  return { timeliness, dueOn, extendableTo };
}

export interface Hearing {
  on: IsoDate;
  /** Whether the respondent (or the party concerned) attended. */
  attended: boolean;
  /** An absence the committee accepted as explained. */
  explained?: boolean;
}

/**
 * IN-06: ex parte proceedings (or termination of the inquiry) only after 3 consecutive unexplained absences and 15
 * days' written notice. Answers whether they may proceed today, and if not, why.
 */
export function exParteAllowed(
  hearings: readonly Hearing[],
  noticeServedOn: IsoDate | null,
  today: IsoDate,
): { ok: true } | { ok: false; reason: string } {
  const ordered = [...hearings].sort((a, b) => daysBetween(b.on, a.on));
  let run = 0;
  let best = 0;
  for (const hearing of ordered) {
    run = !hearing.attended && !hearing.explained ? run + 1 : 0;
    best = Math.max(best, run);
  }
  if (best < 3)
    return {
      ok: false,
      reason: `Three consecutive unexplained absences are needed; there ${best === 1 ? 'is' : 'are'} ${best}.`,
    };
  if (!noticeServedOn)
    return { ok: false, reason: 'Written notice must be served 15 days before proceeding ex parte.' };
  const since = daysBetween(noticeServedOn, today);
  if (since < 15)
    return {
      ok: false,
      reason: `Written notice was served ${since} days ago; 15 days are needed (from ${addCalendarDays(noticeServedOn, 15)}).`,
    };
  return { ok: true };
}

/** IN-06: a hearing needs at least 3 members present, the presiding officer among them. */
export function hearingQuorum(
  presentMemberIds: readonly string[],
  presidingOfficerId: string | null,
): { ok: true } | { ok: false; reason: string } {
  const present = new Set(presentMemberIds);
  if (!presidingOfficerId || !present.has(presidingOfficerId))
    return { ok: false, reason: 'The presiding officer (or the member named to preside) must be present.' };
  if (present.size < 3)
    return {
      ok: false,
      reason: `At least 3 members must be present; ${present.size} ${present.size === 1 ? 'is' : 'are'}.`,
    };
  return { ok: true };
}

export interface MonthlyUpdate {
  party: 'PRINCIPAL' | 'RESPONDING';
  /** The first day of the month the update is for. */
  month: IsoDate;
  /** The last day it may be sent. */
  dueOn: IsoDate;
  sentOn: IsoDate | null;
  state: 'SENT' | 'DUE' | 'MISSED';
}

const monthStart = (date: IsoDate) => `${date.slice(0, 7)}-01`;

/**
 * CA-08 (s.34): monthly status updates, to the principal party from the month after the notice and to the responding
 * party from the month after first contact with them, until the process is complete. Each month's update is due by
 * that month's last day; an update counts for the month it was sent in; a month ending after completion needs none.
 */
export function monthlyUpdates(
  party: MonthlyUpdate['party'],
  from: IsoDate | null,
  completedOn: IsoDate | null,
  sent: readonly IsoDate[],
  today: IsoDate,
): MonthlyUpdate[] {
  if (!from) return [];
  const updates: MonthlyUpdate[] = [];
  for (let month = addMonths(monthStart(from), 1); daysBetween(month, today) >= 0; month = addMonths(month, 1)) {
    const dueOn = addCalendarDays(addMonths(month, 1), -1);
    // A month whose update would fall due after completion needs none: the completion itself is the last word.
    if (completedOn && daysBetween(completedOn, dueOn) >= 0) break;
    const sentOn = sent.filter((s) => monthStart(s) === month).sort()[0] ?? null;
    const state = sentOn ? 'SENT' : daysBetween(today, dueOn) < 0 ? 'MISSED' : 'DUE';
    updates.push({ party, month, dueOn, sentOn, state });
  }
  return updates;
}
