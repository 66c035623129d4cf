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

/** CA-09 (Work Place Harassment and Violence Prevention Regulations s.37): records kept 10 years (not verified). */
export const CANADA_RECORD_YEARS = 10;
export const DEFAULT_WARN_DAYS = 30;

export type RetentionVerdict =
  | { state: 'KEEP'; reason: 'OPEN' | 'LEGAL_HOLD' | 'NO_PERIOD' }
  | { state: 'RETAINED' | 'WARN' | 'PURGE'; purgeOn: IsoDate; heldBy: 'PERIOD' | 'APPEAL_WINDOW' | 'LAW' | 'POSTPONED'; daysLeft: number };

export function retentionVerdict(c: RetentionCase, periods: RetentionPeriods, today: IsoDate, warnDays = DEFAULT_WARN_DAYS): RetentionVerdict {
  if (c.status !== 'CLOSED' || !c.closedOn || !c.outcome) return { state: 'KEEP', reason: 'OPEN' };
  if (c.legalHold) return { state: 'KEEP', reason: 'LEGAL_HOLD' };
  const period = periods[c.outcome];
  if (period === undefined) return { state: 'KEEP', reason: 'NO_PERIOD' };
  const candidates: { on: IsoDate; by: 'PERIOD' | 'APPEAL_WINDOW' | 'LAW' | 'POSTPONED' }[] = [{ on: addCalendarDays(c.closedOn, period), by: 'PERIOD' }];
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
