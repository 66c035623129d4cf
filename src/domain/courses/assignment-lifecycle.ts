import { addCalendarDays, addYears, daysBetween, type IsoDate } from '../shared/calendar';

/**
 * A learner's assignment over time, as pure rules: when it is due, what state it is in, which reminders fall due on a
 * day (and which never again), and when a certification runs out and the course comes back. The scheduler asks these
 * functions what to do; it never decides by itself.
 */

export type LearnerStatus = 'NOT_STARTED' | 'IN_PROGRESS' | 'COMPLETED' | 'OVERDUE' | 'EXPIRED';

export const LEARNER_STATUS_LABELS: Record<LearnerStatus, string> = {
  NOT_STARTED: 'Not started',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
  OVERDUE: 'Overdue',
  EXPIRED: 'Expired',
};

/** How an assignment's due date is set: none, a number of days after it was assigned, or a fixed date. */
export type DueRule =
  { kind: 'NONE' } | { kind: 'DAYS_AFTER_ASSIGNMENT'; days: number } | { kind: 'FIXED'; date: IsoDate };

export function dueDate(rule: DueRule, assignedOn: IsoDate): IsoDate | null {
  switch (rule.kind) {
    case 'NONE':
      return null;
    case 'DAYS_AFTER_ASSIGNMENT':
      return addCalendarDays(assignedOn, rule.days);
    case 'FIXED':
      return rule.date;
  }
}

export interface AssignmentDates {
  dueOn: IsoDate | null;
  startedOn: IsoDate | null;
  completedOn: IsoDate | null;
  /** When the completion stops counting (a course with a validity); null when it never does. */
  expiresOn: IsoDate | null;
}

/**
 * The status a learner and their admin see: completed until the certification expires (the day after `expiresOn`),
 * overdue from the day after the due date, else in progress once started.
 */
export function learnerStatus(dates: AssignmentDates, today: IsoDate): LearnerStatus {
  if (dates.completedOn) return dates.expiresOn && daysBetween(dates.expiresOn, today) > 0 ? 'EXPIRED' : 'COMPLETED';
  if (dates.dueOn && daysBetween(dates.dueOn, today) > 0) return 'OVERDUE';
  return dates.startedOn ? 'IN_PROGRESS' : 'NOT_STARTED';
}

/** Whole percent of the parts done, rounded down: 100 only when everything is. */
export function progressPercent(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.floor((Math.min(done, total) / total) * 100);
}

/** The workspace's reminder cadence. It ends: a cadence that never ends teaches people to ignore it. */
export interface ReminderCadence {
  /** Days before the due date to remind, e.g. [7, 1]. */
  beforeDays: readonly number[];
  /** Remind on the due date itself. */
  onDueDate: boolean;
  /** While overdue: every this many days ... */
  overdueEveryDays: number;
  /** ... this many times at most, then stop. */
  overdueTimes: number;
  /** After this many days overdue, the learner's department manager is told (once); null for never. */
  managerAfterDays: number | null;
}

export const DEFAULT_CADENCE: ReminderCadence = {
  beforeDays: [7, 1],
  onDueDate: true,
  overdueEveryDays: 7,
  overdueTimes: 3,
  managerAfterDays: 14,
};

export type ReminderKind = 'BEFORE_DUE' | 'ON_DUE' | 'OVERDUE' | 'MANAGER';

export interface PlannedReminder {
  kind: ReminderKind;
  on: IsoDate;
}

/** Every reminder an assignment due on `dueOn` will get, in order; a finite list by construction. */
export function reminderPlan(cadence: ReminderCadence, dueOn: IsoDate): PlannedReminder[] {
  const plan: PlannedReminder[] = [];
  for (const days of [...new Set(cadence.beforeDays)].filter((d) => d > 0).sort((a, b) => b - a)) {
    plan.push({ kind: 'BEFORE_DUE', on: addCalendarDays(dueOn, -days) });
  }
  if (cadence.onDueDate) plan.push({ kind: 'ON_DUE', on: dueOn });
  for (let i = 1; i <= cadence.overdueTimes; i++)
    plan.push({ kind: 'OVERDUE', on: addCalendarDays(dueOn, i * cadence.overdueEveryDays) });
  if (cadence.managerAfterDays !== null)
    plan.push({ kind: 'MANAGER', on: addCalendarDays(dueOn, cadence.managerAfterDays) });
  return plan.sort((a, b) => daysBetween(b.on, a.on));
}

export interface ReminderCandidate {
  learnerId: string;
  courseId: string;
  dueOn: IsoDate | null;
  status: LearnerStatus;
  /** The course's reminder toggle. */
  remindersOn: boolean;
}

export interface ReminderToSend extends PlannedReminder {
  learnerId: string;
  courseId: string;
  /** One per learner, course, kind and day: a job that runs twice, or is restarted, sends it once. */
  idempotencyKey: string;
}

export function reminderKey(learnerId: string, courseId: string, kind: ReminderKind, on: IsoDate): string {
  return `${learnerId}:${courseId}:${kind}:${on}`;
}

/**
 * The reminders due on `today` for these assignments. A run that was missed (the server was down) catches up on the
 * latest reminder of each assignment that fell due since `lastRunOn`, not on every one it missed: one late nudge, not
 * a burst. Completed and expired assignments and courses with reminders off get none.
 */
export function remindersDue(
  candidates: readonly ReminderCandidate[],
  cadence: ReminderCadence,
  today: IsoDate,
  lastRunOn: IsoDate | null = null,
): ReminderToSend[] {
  const out: ReminderToSend[] = [];
  const from = lastRunOn ? addCalendarDays(lastRunOn, 1) : today;
  // What falls due depends on the due date only: computed once per distinct due date (a run over 100,000
  // assignments meets a few hundred of them).
  const byDueOn = new Map<IsoDate, PlannedReminder[]>();
  const dueFor = (dueOn: IsoDate): PlannedReminder[] => {
    let picked = byDueOn.get(dueOn);
    if (!picked) {
      const due = reminderPlan(cadence, dueOn).filter(
        (r) => daysBetween(from, r.on) >= 0 && daysBetween(r.on, today) >= 0,
      );
      // Manager notices are their own message; of the learner's own, only the latest is sent.
      const own = due.filter((r) => r.kind !== 'MANAGER').at(-1);
      picked = [own, due.find((r) => r.kind === 'MANAGER')].filter((r): r is PlannedReminder => r !== undefined);
      byDueOn.set(dueOn, picked);
    }
    return picked;
  };
  for (const c of candidates) {
    if (!c.remindersOn || !c.dueOn || c.status === 'COMPLETED' || c.status === 'EXPIRED') continue;
    for (const r of dueFor(c.dueOn)) {
      out.push({
        kind: r.kind,
        on: r.on,
        learnerId: c.learnerId,
        courseId: c.courseId,
        idempotencyKey: reminderKey(c.learnerId, c.courseId, r.kind, r.on),
      });
    }
  }
  return out;
}

/** One mail per learner a day: their reminders gathered into a digest, ordered by kind (overdue first). */
export function digests(reminders: readonly ReminderToSend[]): Map<string, ReminderToSend[]> {
  const order: Record<ReminderKind, number> = { OVERDUE: 0, ON_DUE: 1, BEFORE_DUE: 2, MANAGER: 3 };
  const byLearner = new Map<string, ReminderToSend[]>();
  for (const r of reminders.filter((r) => r.kind !== 'MANAGER')) {
    byLearner.set(r.learnerId, [...(byLearner.get(r.learnerId) ?? []), r]);
  }
  for (const list of byLearner.values()) list.sort((a, b) => order[a.kind] - order[b.kind]);
  return byLearner;
}

/**
 * A course with a validity: the completion expires that many years after it was completed (the day before the
 * anniversary is its last day), and the course is assigned again `leadDays` before, so the learner recertifies before
 * falling out of compliance.
 */
export function recertification(
  completedOn: IsoDate,
  validityYears: number,
  leadDays = 30,
): { expiresOn: IsoDate; reassignOn: IsoDate } {
  const expiresOn = addCalendarDays(addYears(completedOn, validityYears), -1);
  return { expiresOn, reassignOn: addCalendarDays(expiresOn, -leadDays) };
}
