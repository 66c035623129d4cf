import { categoryFigures, type OccurrenceCategories } from './occurrence-categories';
import { addCalendarDays, daysBetween, type IsoDate } from '../shared/calendar';

/**
 * The statutory returns' figures (docs/law.md "The returns"), computed from rows that carry no party: a case is its
 * dates, its regime, its committee and its outcome. Pure: the server reads the rows, these rules count them.
 */

export type CaseOutcome = 'UPHELD' | 'NOT_UPHELD' | 'SETTLED_BY_CONCILIATION' | 'WITHDRAWN' | 'REFERRED';

/** A case as the returns see it: no name, no number, no text. */
export interface ReturnCase {
  regime: 'IN_POSH' | 'CA_FEDERAL';
  committeeId: string | null;
  receivedOn: IsoDate;
  /** The day the committee decided it (the inquiry completed, else the day it was closed); null while open. */
  disposedOn: IsoDate | null;
  outcome: CaseOutcome | null;
  /** Canada: the negotiated-resolution meeting was held (CA-04). */
  negotiatedMeetingOn: IsoDate | null;
  /** Canada (CA-10): the categories its committee recorded, or null. */
  categories?: OccurrenceCategories | null;
}

export interface Period {
  from: IsoDate;
  to: IsoDate;
}

/** A calendar year, 1 January to 31 December (IN-13, CA-10). */
export function calendarYear(year: number): Period {
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

/** An Indian financial year written `2025-26`: 1 April 2025 to 31 March 2026 (IN-14); null when malformed. */
export function financialYear(label: string): Period | null {
  const m = /^(\d{4})-(\d{2})$/.exec(label);
  if (!m) return null;
  const start = Number(m[1]);
  if ((start + 1) % 100 !== Number(m[2])) return null;
  return { from: `${start}-04-01`, to: `${start + 1}-03-31` };
}

const within = (day: IsoDate, p: Period) => day >= p.from && day <= p.to;

/**
 * Pending over 90 days at the period's end (IN-07, IN-13, IN-14): received by then, not disposed by then, and more
 * than 90 days between receipt and the period's last day (exactly 90 days is not over 90).
 */
export function pendingOver90Days(c: ReturnCase, periodEnd: IsoDate): boolean {
  if (c.receivedOn > periodEnd) return false;
  if (c.disposedOn !== null && c.disposedOn <= periodEnd) return false;
  return daysBetween(c.receivedOn, periodEnd) > 90;
}

export interface CaseFigures {
  received: number;
  disposed: number;
  /** Received by the period's end and not disposed by then. */
  pendingAtEnd: number;
  pendingOver90Days: number;
}

export function caseFigures(cases: readonly ReturnCase[], period: Period): CaseFigures {
  return {
    received: cases.filter((c) => within(c.receivedOn, period)).length,
    disposed: cases.filter((c) => c.disposedOn !== null && within(c.disposedOn, period)).length,
    pendingAtEnd: cases.filter((c) => c.receivedOn <= period.to && (c.disposedOn === null || c.disposedOn > period.to))
      .length,
    pendingOver90Days: cases.filter((c) => pendingOver90Days(c, period.to)).length,
  };
}

export const OUTCOMES: readonly CaseOutcome[] = [
  'UPHELD',
  'NOT_UPHELD',
  'SETTLED_BY_CONCILIATION',
  'WITHDRAWN',
  'REFERRED',
];

/** IN-13's "nature of action taken", in the return's words. */
export const ACTION_TAKEN: Record<CaseOutcome, string> = {
  UPHELD: 'Complaint upheld: action recommended against the respondent',
  NOT_UPHELD: 'Complaint not proved: no action against the respondent',
  SETTLED_BY_CONCILIATION: 'Settled by conciliation (s.10)',
  WITHDRAWN: 'Withdrawn by the complainant',
  REFERRED: 'Referred elsewhere (Local Committee or police)',
};

/** Disposed cases of the period by outcome, every outcome listed (0 included). */
export function actionTaken(cases: readonly ReturnCase[], period: Period): Record<CaseOutcome, number> {
  const out = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<CaseOutcome, number>;
  for (const c of cases) if (c.outcome && c.disposedOn && within(c.disposedOn, period)) out[c.outcome] += 1;
  return out;
}

export type AwarenessKind = 'WORKSHOP' | 'AWARENESS_PROGRAMME' | 'COMMITTEE_ORIENTATION';

export interface AwarenessEvent {
  kind: AwarenessKind;
  heldOn: IsoDate;
  /** Attendees named from the directory, or the head count given. */
  attendance: number;
}

export function awarenessHeld(
  events: readonly AwarenessEvent[],
  period: Period,
): { workshops: number; awarenessProgrammes: number; orientations: number; attendance: number } {
  const held = events.filter((e) => within(e.heldOn, period));
  return {
    workshops: held.filter((e) => e.kind === 'WORKSHOP').length,
    awarenessProgrammes: held.filter((e) => e.kind === 'AWARENESS_PROGRAMME').length,
    orientations: held.filter((e) => e.kind === 'COMMITTEE_ORIENTATION').length,
    attendance: held.reduce((n, e) => n + e.attendance, 0),
  };
}

/** IN-14's headcount by gender, from the directory's free-text gender (women, men, transgender, not given). */
export function headcountByGender(genders: readonly (string | null)[]): {
  female: number;
  male: number;
  transgender: number;
  notGiven: number;
} {
  const out = { female: 0, male: 0, transgender: 0, notGiven: 0 };
  for (const raw of genders) {
    const g = (raw ?? '').trim().toLowerCase();
    if (['f', 'female', 'woman', 'women'].includes(g)) out.female += 1;
    else if (['m', 'male', 'man', 'men'].includes(g)) out.male += 1;
    else if (['t', 'transgender', 'trans', 'transgender person'].includes(g)) out.transgender += 1;
    else out.notGiven += 1;
  }
  return out;
}

export type ResolutionMeans = 'NEGOTIATED_RESOLUTION' | 'CONCILIATION' | 'INVESTIGATION' | 'WITHDRAWN' | 'OTHER';

/** CA-10's "resolution means" of a resolved Canadian case, from what the case recorded. */
export function resolutionMeans(c: ReturnCase): ResolutionMeans {
  if (c.categories?.resolution) return c.categories.resolution;
  if (c.outcome === 'SETTLED_BY_CONCILIATION') return 'CONCILIATION';
  if (c.outcome === 'WITHDRAWN') return 'WITHDRAWN';
  if (c.negotiatedMeetingOn) return 'NEGOTIATED_RESOLUTION';
  if (c.outcome === 'UPHELD' || c.outcome === 'NOT_UPHELD') return 'INVESTIGATION';
  return 'OTHER';
}

/** Whole months and the days past them, as a decimal month of 30.44 days (the mean month), to one decimal. */
export function monthsBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((daysBetween(from, to) / 30.44) * 10) / 10;
}

export interface CanadaFigures {
  occurrences: number;
  resolved: number;
  resolutionMeans: Record<ResolutionMeans, number>;
  /** Mean of the months from notice to resolution over the cases resolved in the year; null when none. */
  averageMonthsToResolve: number | null;
  /** The occurrences of the year by nature, prohibited ground, location and relationship, as their committees recorded. */
  categories: ReturnType<typeof categoryFigures>;
}

/** CA-10 (LAB1206): notices of occurrence received in the calendar year and the cases resolved in it. */
export function canadaFigures(cases: readonly ReturnCase[], year: number): CanadaFigures {
  const period = calendarYear(year);
  const mine = cases.filter((c) => c.regime === 'CA_FEDERAL');
  const resolved = mine.filter((c) => c.disposedOn !== null && within(c.disposedOn, period));
  const means: Record<ResolutionMeans, number> = {
    NEGOTIATED_RESOLUTION: 0,
    CONCILIATION: 0,
    INVESTIGATION: 0,
    WITHDRAWN: 0,
    OTHER: 0,
  };
  for (const c of resolved) means[resolutionMeans(c)] += 1;
  const months = resolved.map((c) => monthsBetween(c.receivedOn, c.disposedOn!));
  const occurrences = mine.filter((c) => within(c.receivedOn, period));
  return {
    occurrences: occurrences.length,
    categories: categoryFigures(occurrences.map((c) => c.categories ?? null)),
    resolved: resolved.length,
    resolutionMeans: means,
    averageMonthsToResolve: months.length
      ? Math.round((months.reduce((a, b) => a + b, 0) / months.length) * 10) / 10
      : null,
  };
}

export type ReturnKind = 'POSH_ANNUAL' | 'BOARD' | 'CANADA_ANNUAL';

/**
 * The deadline of a return for its period. CA-10: 1 March after the calendar year. IN-13: the districts differ (30
 * April in Gurugram; many advise 31 January), so the earlier, 31 January. IN-14: the board's report goes with the
 * annual accounts, at the latest 30 September after the financial year (the annual general meeting's limit).
 */
export function returnDeadline(kind: ReturnKind, period: Period): IsoDate {
  const nextYear = Number(period.to.slice(0, 4)) + 1;
  if (kind === 'CANADA_ANNUAL') return `${nextYear}-03-01`;
  if (kind === 'POSH_ANNUAL') return `${nextYear}-01-31`;
  return `${period.to.slice(0, 4)}-09-30`;
}

/** The period whose return is due next as of `today`: last calendar year, or the last financial year ended. */
export function currentReturnPeriod(kind: ReturnKind, today: IsoDate): { label: string; period: Period } {
  const year = Number(today.slice(0, 4));
  if (kind === 'BOARD') {
    const start = today >= `${year}-04-01` ? year - 1 : year - 2;
    const label = `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
    return { label, period: financialYear(label)! };
  }
  return { label: String(year - 1), period: calendarYear(year - 1) };
}

/** Within `days` of the deadline: a return not yet made is at risk. */
export function deadlineNear(deadline: IsoDate, today: IsoDate, days = 30): boolean {
  return today <= deadline && today >= addCalendarDays(deadline, -days);
}

/** The statutory returns' names, as the compliance pages show them. */
export const RETURN_NAMES = {
  POSH_ANNUAL: 'POSH annual return (IN-13)',
  BOARD: 'Board’s report figures (IN-14)',
  CANADA_ANNUAL: 'Annual report, LAB1206 (CA-10)',
} as const;
