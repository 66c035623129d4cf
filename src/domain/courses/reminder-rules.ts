import { addCalendarDays, daysBetween, type IsoDate } from '../shared/calendar';
import { reminderPlan, type PlannedReminder, type ReminderCadence } from './assignment-lifecycle';

/**
 * Reminder rules beside the course cadence of assignment-lifecycle.ts: what an admin's "remind the due ones" sends,
 * what today's digest says of a course, and the policy cadence (the same cadence, without the manager, ending after
 * its last overdue reminder).
 */

export type DueKind = 'BEFORE_DUE' | 'ON_DUE' | 'OVERDUE';

/**
 * Whether a learner is "due" for an admin's due reminder: overdue, due today, or due within the cadence's earliest
 * reminder before the due date. Null when not due (no due date, or further away).
 */
export function dueKind(dueOn: IsoDate | null, today: IsoDate, beforeDays: readonly number[]): DueKind | null {
  if (!dueOn) return null;
  const left = daysBetween(today, dueOn);
  if (left < 0) return 'OVERDUE';
  if (left === 0) return 'ON_DUE';
  return left <= Math.max(0, ...beforeDays) ? 'BEFORE_DUE' : null;
}

/** What the cadence sends a learner of this course today (the digest's line), or null: the cadence has nothing today. */
export function reminderToday(cadence: ReminderCadence, dueOn: IsoDate | null, today: IsoDate): DueKind | null {
  if (!dueOn) return null;
  const own = reminderPlan(cadence, dueOn)
    .filter((r) => r.kind !== 'MANAGER' && r.on === today)
    .at(-1);
  return (own?.kind as DueKind | undefined) ?? null;
}

/**
 * The policy reminder a person who has not accepted gets on `today`, by the workspace's cadence: before the
 * acceptance deadline, on it, a few times after, and then never again. A run that missed days sends the latest one
 * that fell due in the last `catchUpDays` (one late nudge, not a burst); its key is the day it was planned for, so
 * the next day's run does not send it again.
 */
export function policyReminderToday(
  cadence: ReminderCadence,
  dueOn: IsoDate,
  today: IsoDate,
  catchUpDays = 7,
): PlannedReminder | null {
  const from = addCalendarDays(today, -catchUpDays);
  const plan = reminderPlan({ ...cadence, managerAfterDays: null }, dueOn);
  return plan.filter((r) => daysBetween(from, r.on) >= 0 && daysBetween(r.on, today) >= 0).at(-1) ?? null;
}
