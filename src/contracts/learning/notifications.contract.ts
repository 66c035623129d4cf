import { z } from 'zod';
import { Id, route } from '../route';

/**
 * The notification calls of the learning API (api/endpoints.tsv area "reminders"; docs/learning.md "Reminders"). An
 * admin's "remind now" goes through the same idempotency as the daily run: one mail per learner, course (or policy),
 * kind and day, whoever sends it; a course whose reminders are switched off answers 409 `REMINDERS_OFF`.
 */

const ADMINS = ['WORKSPACE_ADMIN', 'EMPLOYER', 'BRANCH_ADMIN'] as const;

export const RemindBody = z.strictObject({
  courseId: Id,
  /** Chosen learners; absent: every learner of the course the call concerns (a business-unit admin: their unit's). */
  userIds: z.array(Id).min(1, 'Choose at least one person').max(5000).optional(),
});
export type RemindBody = z.infer<typeof RemindBody>;

export const RemindResult = z.object({
  /** Mails put in the outbox now. */
  mailed: z.number().int(),
  /** Learners already reminded today of this course (the daily run or another admin): not mailed again. */
  alreadyReminded: z.number().int(),
  /** Chosen people this reminder does not concern (not assigned, completed, or not due). */
  notConcerned: z.number().int(),
});
export type RemindResult = z.infer<typeof RemindResult>;

export const courseReminder = route({
  api: 'learning',
  method: 'POST',
  path: '/api/notification/course-reminder',
  summary:
    'Remind now the learners of a course who have not completed it (all, or the chosen ones): one mail each, at most once a day per learner and course; 409 REMINDERS_OFF when the course’s reminders are off',
  body: RemindBody,
  response: RemindResult,
  access: ADMINS,
  permission: 'courses.assign',
});

export const courseDueReminder = route({
  api: 'learning',
  method: 'POST',
  path: '/api/notification/course-due-reminder',
  summary:
    'Remind now the learners of a course who are due (within the cadence’s first reminder before the due date, on it) or overdue: the reminder the daily run would send, counted once with it',
  body: RemindBody,
  response: RemindResult,
  access: ADMINS,
  permission: 'courses.assign',
});

export const PolicyRemindBody = z.strictObject({
  policyId: Id,
  /** Chosen people; absent: everyone in the policy's scope who has not accepted its current version. */
  userIds: z.array(Id).min(1, 'Choose at least one person').max(5000).optional(),
});
export type PolicyRemindBody = z.infer<typeof PolicyRemindBody>;

export const policyReminder = route({
  api: 'learning',
  method: 'POST',
  path: '/api/notification/policy/policy-reminder',
  summary:
    'Remind now the people in a published policy’s scope who have not accepted it (all, or the chosen ones): at most once a day per person and policy',
  body: PolicyRemindBody,
  response: RemindResult,
  access: ['WORKSPACE_ADMIN', 'EMPLOYER'],
  permission: 'policies.manage',
});

export const AwaitingCourse = z.object({
  courseId: z.string(),
  title: z.string(),
  /** NOT_STARTED, IN_PROGRESS, OVERDUE or EXPIRED (completed courses are not awaiting anything). */
  status: z.enum(['NOT_STARTED', 'IN_PROGRESS', 'OVERDUE', 'EXPIRED']),
  dueOn: z.string().nullable(),
  /** What today's digest says of it: BEFORE_DUE, ON_DUE, OVERDUE, or null when the cadence has nothing today. */
  reminderToday: z.enum(['BEFORE_DUE', 'ON_DUE', 'OVERDUE']).nullable(),
  lastRemindedOn: z.string().nullable(),
  remindersOn: z.boolean(),
});
export type AwaitingCourse = z.infer<typeof AwaitingCourse>;

export const userAssignedCourses = route({
  api: 'learning',
  method: 'GET',
  path: '/api/notification/user-assigned-courses',
  summary:
    'The caller’s assigned courses awaiting action (not completed, or expired), most urgent first, each with what today’s reminder digest says of it and when they were last reminded',
  response: z.object({ items: z.array(AwaitingCourse) }),
  access: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'EMPLOYER', 'BRANCH_ADMIN'],
  permission: 'courses.learn',
});
