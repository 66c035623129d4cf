import type { Outcome } from '../shared/refusal';
import type { AssignmentSettings } from '../../contracts/learning/courses.contract';
import type { RemindResult } from '../../contracts/learning/notifications.contract';

export type RemindMode = 'ALL' | 'DUE';

/** Refused as `conflict` coded `reminders-off` (the course's reminders are switched off), or `invalid`/`not-found`. */
export type RemindOutcome = Outcome<RemindResult, 'reminders-off'>;

export type SaveSettingsOutcome = Outcome<{ settings: AssignmentSettings }>;

/** The reminder calls of the learning API: remind a course's learners now, and the workspace's due period and cadence. */
export const ReminderApi = Symbol('ReminderApi');
export interface ReminderApi {
  /** ALL: everyone who has not completed the course (or the chosen); DUE: those due or overdue. */
  remind(courseId: string, mode: RemindMode, userIds?: string[]): Promise<RemindOutcome>;
  /** @read */
  settings(): Promise<AssignmentSettings>;
  saveSettings(settings: AssignmentSettings): Promise<SaveSettingsOutcome>;
  /** @read A course's validity in years (recertification); null: completions never expire. */
  validity(courseId: string): Promise<number | null>;
  setValidity(courseId: string, years: 1 | 2 | 3 | null): Promise<void>;
}

/** What a reminder did, as the admin reads it. */
export function describeReminder(result: RemindResult): string {
  const parts = [`${result.mailed} ${result.mailed === 1 ? 'learner' : 'learners'} reminded`];
  if (result.alreadyReminded) parts.push(`${result.alreadyReminded} already reminded today`);
  if (result.notConcerned) parts.push(`${result.notConcerned} not concerned (completed, not due or not assigned)`);
  return `${parts.join(', ')}.`;
}
