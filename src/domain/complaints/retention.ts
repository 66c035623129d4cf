import { addCalendarDays, addYears, daysBetween, type IsoDate } from '../shared/calendar';
import { appealWindow } from './statutory-clocks';

/**
 * Retention of closed cases (issue 13 "Records and retention"): when a closed case may be purged, as a pure rule.
 * The purge date is the latest of: the workspace's period for the case's outcome after closure; the end of the POSH
 * appeal window (IN-10: 90 days from the report, during which the record may not be purged); for a Canada case, the
 * records the Regulations keep (CA-09, s.37: said to be 10 years, not verified, legal-rules.md); and a postponement.
 * A case on legal hold, open, or with no period set for its outcome is never purged. The committee is warned
 * `warnDays` before.
 */

export type RetentionOutcome = 'UPHELD' | 'NOT_UPHELD' | 'SETTLED_BY_CONCILIATION' | 'WITHDRAWN' | 'REFERRED';

/** Days to keep a closed case, per outcome; an outcome without a period is kept. */
export type RetentionPeriods = Partial<Record<RetentionOutcome, number>>;

export interface RetentionCase {
  compliance: 'IN_POSH' | 'CA_FEDERAL';
  status: 'OPEN' | 'CLOSED';
  outcome: RetentionOutcome | null;
  closedOn: IsoDate | null;
  reportIssuedOn: IsoDate | null;
  legalHold: boolean;
  postponedUntil: IsoDate | null;
}

/**
 * CA-09: the Regulations keep "a record of each notice ... and of each action taken in response", the reasons for a
 * missed time limit and the investigator's report for 10 years (legal-rules.md says s.37, not verified; the text at
 * laws-lois.justice.gc.ca is s.35(2)). Counted here from the closure, the latest day such a record is made.
 */
export const CANADA_RECORD_YEARS = 10;
export const DEFAULT_WARN_DAYS = 30;
export const RETENTION_OUTCOMES: readonly RetentionOutcome[] = [
  'UPHELD',
  'NOT_UPHELD',
  'SETTLED_BY_CONCILIATION',
  'WITHDRAWN',
  'REFERRED',
];
/** A period may be at most 100 years; the warning's lead 1 to 365 days. */
export const MAX_PERIOD_DAYS = 36_500;
export const MIN_WARN_DAYS = 1;
export const MAX_WARN_DAYS = 365;
/** A postponement moves the purge date at most this many days after the day it is made. */
export const MAX_POSTPONE_DAYS = 365;

export type RetentionVerdict =
  | { state: 'KEEP'; reason: 'OPEN' | 'LEGAL_HOLD' | 'NO_PERIOD' }
  | {
      state: 'RETAINED' | 'WARN' | 'PURGE';
      purgeOn: IsoDate;
      heldBy: 'PERIOD' | 'APPEAL_WINDOW' | 'LAW' | 'POSTPONED';
      daysLeft: number;
    };

export function retentionVerdict(
  c: RetentionCase,
  periods: RetentionPeriods,
  today: IsoDate,
  warnDays = DEFAULT_WARN_DAYS,
): RetentionVerdict {
  if (c.status !== 'CLOSED' || !c.closedOn || !c.outcome) return { state: 'KEEP', reason: 'OPEN' };
  if (c.legalHold) return { state: 'KEEP', reason: 'LEGAL_HOLD' };
  const period = periods[c.outcome];
  if (period === undefined) return { state: 'KEEP', reason: 'NO_PERIOD' };
  const candidates: { on: IsoDate; by: 'PERIOD' | 'APPEAL_WINDOW' | 'LAW' | 'POSTPONED' }[] = [
    { on: addCalendarDays(c.closedOn, period), by: 'PERIOD' },
  ];
  if (c.compliance === 'IN_POSH') {
    // The window runs from the report; a case closed without one runs it from the closure.
    const window = appealWindow({ reportIssuedOn: c.reportIssuedOn ?? c.closedOn });
    if (window) candidates.push({ on: addCalendarDays(window.endsOn, 1), by: 'APPEAL_WINDOW' });
  } else {
    candidates.push({ on: addYears(c.closedOn, CANADA_RECORD_YEARS), by: 'LAW' });
  }
  if (c.postponedUntil) candidates.push({ on: c.postponedUntil, by: 'POSTPONED' });
  const latest = candidates.reduce((a, b) => (daysBetween(a.on, b.on) > 0 ? b : a));
  const daysLeft = daysBetween(today, latest.on);
  const state = daysLeft <= 0 ? 'PURGE' : daysLeft <= warnDays ? 'WARN' : 'RETAINED';
  return { state, purgeOn: latest.on, heldBy: latest.by, daysLeft: Math.max(0, daysLeft) };
}

/** What the daily job does with a closed case today, and the purge date the committee is shown. */
export type RetentionPlan =
  | { action: 'KEEP'; reason: 'OPEN' | 'LEGAL_HOLD' | 'NO_PERIOD' }
  | {
      action: 'NONE' | 'WARN' | 'PURGE';
      /** The day the rules allow the purge (the key of the warning). */
      ruleOn: IsoDate;
      /** The day the purge happens: the rule's day, or later when the warning went out late (never less than `warnDays` after it). */
      purgeOn: IsoDate;
      heldBy: 'PERIOD' | 'APPEAL_WINDOW' | 'LAW' | 'POSTPONED';
      /** The day the committee was warned for `ruleOn`, if it was. */
      warnedOn: IsoDate | null;
    };

/**
 * The job's decision: warn the committee once, `warnDays` before the purge (for this purge date: a postponement or a
 * new period gives a new date and a new warning), and purge only a case whose committee was warned at least
 * `warnDays` before. A case the rules let go today but that was never warned (the period was shortened, the job did
 * not run) is warned today and purged `warnDays` later: the committee always has the time to hold or postpone.
 * `warning` is the last warning sent for the case, if any.
 */
export function retentionPlan(
  c: RetentionCase,
  periods: RetentionPeriods,
  today: IsoDate,
  warnDays = DEFAULT_WARN_DAYS,
  warning: { ruleOn: IsoDate; warnedOn: IsoDate } | null = null,
): RetentionPlan {
  const v = retentionVerdict(c, periods, today, warnDays);
  if (v.state === 'KEEP') return { action: 'KEEP', reason: v.reason };
  const warnedOn = warning && warning.ruleOn === v.purgeOn ? warning.warnedOn : null;
  const later = (a: IsoDate, b: IsoDate) => (daysBetween(a, b) > 0 ? b : a);
  if (warnedOn) {
    const purgeOn = later(v.purgeOn, addCalendarDays(warnedOn, warnDays));
    return {
      action: daysBetween(today, purgeOn) <= 0 ? 'PURGE' : 'NONE',
      ruleOn: v.purgeOn,
      purgeOn,
      heldBy: v.heldBy,
      warnedOn,
    };
  }
  if (v.state === 'RETAINED')
    return { action: 'NONE', ruleOn: v.purgeOn, purgeOn: v.purgeOn, heldBy: v.heldBy, warnedOn: null };
  return {
    action: 'WARN',
    ruleOn: v.purgeOn,
    purgeOn: later(v.purgeOn, addCalendarDays(today, warnDays)),
    heldBy: v.heldBy,
    warnedOn: null,
  };
}

/**
 * A postponement: a new purge date after today and at most `MAX_POSTPONE_DAYS` after it, with a reason. It can only
 * move the purge later (an earlier date than the rules allow changes nothing, so it is refused); it can be made again.
 * Answers the problem per field, or an empty object.
 */
export function postponementProblems(
  until: IsoDate,
  reason: string,
  today: IsoDate,
  currentPurgeOn: IsoDate | null,
): Partial<Record<'until' | 'reason', string>> {
  const out: Partial<Record<'until' | 'reason', string>> = {};
  if (daysBetween(today, until) <= 0) out.until = 'Choose a day after today';
  else if (daysBetween(today, until) > MAX_POSTPONE_DAYS)
    out.until = `A purge can be postponed at most ${MAX_POSTPONE_DAYS} days ahead`;
  else if (currentPurgeOn && daysBetween(currentPurgeOn, until) <= 0)
    out.until = `Choose a day after the current purge date (${currentPurgeOn})`;
  if (reason.trim().length < 3) out.reason = 'Give the reason for the postponement';
  return out;
}
