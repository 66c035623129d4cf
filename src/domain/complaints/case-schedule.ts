import {
  addCalendarDays,
  addWorkingDays,
  daysBetween,
  workingDaysBetween,
  type IsoDate,
  type WorkingCalendar,
} from '../shared/calendar';

/**
 * What the daily case job decides (docs/case.md "The daily case job"), as pure rules: when the committee is reminded
 * of a statutory clock, when a case escalates, and when a step of the workflow falls due.
 */

/**
 * The committee's reminders of a clock: 3 working days before its due day, the day before (and on the day itself,
 * for a clock that started too late for the first), and the day after it was missed.
 */
export type ReminderKind = 'BEFORE_3_WORKING_DAYS' | 'BEFORE_1_DAY' | 'MISSED';

export const REMINDER_WORKING_DAYS = 3;

/**
 * The reminder a clock due on `dueOn` calls for on `today`, or null. Only the latest reminder reached is answered: a
 * job that did not run for a few days sends the one that matters now, not the ones it skipped. Whoever sends it keeps
 * one per (case, clock, kind, due day), so a second run of the same day, or the next day, sends nothing again.
 */
export function reminderDue(calendar: WorkingCalendar, dueOn: IsoDate, today: IsoDate): ReminderKind | null {
  const daysLeft = daysBetween(today, dueOn);
  if (daysLeft < 0) return 'MISSED';
  if (daysLeft <= 1) return 'BEFORE_1_DAY';
  if (workingDaysBetween(calendar, today, dueOn) <= REMINDER_WORKING_DAYS) return 'BEFORE_3_WORKING_DAYS';
  return null;
}

export const REMINDER_LABELS: Record<ReminderKind, string> = {
  BEFORE_3_WORKING_DAYS: 'due within 3 working days',
  BEFORE_1_DAY: 'due tomorrow or today',
  MISSED: 'missed',
};

/**
 * The escalation level a late item has reached on `today` (builder escalation settings: the thresholds are days after
 * the step's time limit or the clock's due day; 0 is the due day itself): 2 past the second threshold, 1 past the
 * first, 0 before. A disabled setting never escalates.
 */
export function escalationLevel(
  setting: { firstThresholdDays: number; secondThresholdDays: number | null; enabled: boolean },
  dueOn: IsoDate,
  today: IsoDate,
): 0 | 1 | 2 {
  if (!setting.enabled) return 0;
  const late = daysBetween(dueOn, today);
  if (setting.secondThresholdDays !== null && late >= setting.secondThresholdDays) return 2;
  if (late >= setting.firstThresholdDays) return 1;
  return 0;
}

/** The day the threshold of `level` is reached (for the mail and the case). */
export function escalationDay(
  setting: { firstThresholdDays: number; secondThresholdDays: number | null },
  dueOn: IsoDate,
  level: 1 | 2,
): IsoDate {
  return addCalendarDays(
    dueOn,
    level === 2 ? (setting.secondThresholdDays ?? setting.firstThresholdDays) : setting.firstThresholdDays,
  );
}

export type StepTimeLimit =
  { kind: 'DAYS'; days: number; workingDays: boolean } | { kind: 'STATUTORY'; clockId: string } | null;

/**
 * The day the current step of a case falls due: a limit in days counts from the day the step became current (the
 * case's receipt or the previous step's completion), in working days over the workspace calendar when so set; a
 * statutory limit falls due with its clock (`clockDue`), null when that clock has not started or was met.
 */
export function stepDueOn(
  calendar: WorkingCalendar,
  limit: StepTimeLimit,
  currentSince: IsoDate,
  clockDue: (clockId: string) => IsoDate | null,
): IsoDate | null {
  if (!limit) return null;
  if (limit.kind === 'STATUTORY') return clockDue(limit.clockId);
  return limit.workingDays
    ? addWorkingDays(calendar, currentSince, limit.days)
    : addCalendarDays(currentSince, limit.days);
}
