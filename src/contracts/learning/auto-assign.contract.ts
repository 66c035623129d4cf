import { z } from 'zod';
import { Role } from '../../domain/auth/roles';
import { isCalendarDate } from '../../domain/courses/assignment-filter';
import { ruleProblems } from '../../domain/courses/auto-assign-rule';
import { Id, IdParams, route } from '../route';

/** Auto-assignment and bulk-add-users (docs/learning.md "Auto-assignment"). Same callers as add-users. */
const ADMINS = ['WORKSPACE_ADMIN', 'EMPLOYER', 'BRANCH_ADMIN'] as const;

const CalendarDate = z.string().refine(isCalendarDate, { message: 'Use a date in the form YYYY-MM-DD' });

export const AutoAssignRuleBody = z
  .strictObject({
    /** Business unit; absent or null: any (a business-unit admin's rule is always held to their unit). */
    branchId: Id.nullable().optional(),
    departmentId: Id.nullable().optional(),
    /** Joining-date window, both ends included; either end may be open. */
    startJoiningDate: CalendarDate.nullable().optional(),
    endJoiningDate: CalendarDate.nullable().optional(),
    role: Role.nullable().optional(),
    enabled: z.boolean().default(true),
    /** Days after assigning that the course falls due; absent or null: the workspace's default period. */
    dueDays: z.number().int().min(1, 'At least 1 day').max(3650, 'At most 3650 days').nullable().optional(),
  })
  .superRefine((body, ctx) => {
    for (const [field, message] of Object.entries(
      ruleProblems({ startJoiningDate: body.startJoiningDate ?? null, endJoiningDate: body.endJoiningDate ?? null }),
    )) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
export type AutoAssignRuleBody = z.infer<typeof AutoAssignRuleBody>;

/** What the last run of a rule did: when, how many it assigned, and how many it could not (no catalogue credits left). */
export const AutoAssignRun = z.object({
  at: z.string(),
  assigned: z.number().int(),
  alreadyAssigned: z.number().int(),
  /** Matched but not assigned: the catalogue course had no credits left for them. */
  notAssigned: z.number().int(),
});
export type AutoAssignRun = z.infer<typeof AutoAssignRun>;

export const AutoAssignRule = z.object({
  courseId: z.string(),
  branchId: z.string().nullable(),
  departmentId: z.string().nullable(),
  startJoiningDate: z.string().nullable(),
  endJoiningDate: z.string().nullable(),
  role: Role.nullable(),
  enabled: z.boolean(),
  dueDays: z.number().int().nullable(),
  updatedAt: z.string(),
  /** The run when it was last saved (null for a rule saved disabled, before any run). */
  lastRun: AutoAssignRun.nullable(),
});
export type AutoAssignRule = z.infer<typeof AutoAssignRule>;

export const AutoAssignState = z.object({
  /** Null: the course has no rule. */
  rule: AutoAssignRule.nullable(),
});
export type AutoAssignState = z.infer<typeof AutoAssignState>;

export const getAutoAssign = route({
  api: 'learning',
  method: 'GET',
  path: '/api/course/{id}/autoAssign',
  summary:
    "A course's auto-assignment rule (business unit, department, joining-date window, role, enabled) and its last run",
  params: IdParams,
  response: AutoAssignState,
  access: ADMINS,
  permission: 'courses.assign',
});

export const AutoAssignSaved = z.object({
  rule: AutoAssignRule,
  /** The run over everyone who already matches (all zero for a disabled rule). */
  run: AutoAssignRun,
});
export type AutoAssignSaved = z.infer<typeof AutoAssignSaved>;

export const saveAutoAssign = route({
  api: 'learning',
  method: 'POST',
  path: '/api/course/{id}/autoAssign',
  summary:
    "Save a published course's auto-assignment rule and, when enabled, assign it at once to everyone who already matches; people who come to match later (import, invite claim, sign-up, edit) are assigned then",
  params: IdParams,
  body: AutoAssignRuleBody,
  response: AutoAssignSaved,
  access: ADMINS,
  permission: 'courses.assign',
});

/**
 * `{courseIds}`: those courses' rules; `{}`: every rule the caller may reach (a business-unit admin: their unit's).
 * Clearing a rule never unassigns anyone.
 */
export const ResetAutoAssignBody = z.strictObject({
  courseIds: z.array(Id).min(1, 'Name at least one course').max(500).optional(),
});
export type ResetAutoAssignBody = z.infer<typeof ResetAutoAssignBody>;

export const resetAutoAssign = route({
  api: 'learning',
  method: 'POST',
  path: '/api/course/auto/reset',
  summary:
    'Clear auto-assignment rules: of the listed courses, or every rule the caller may reach; nobody is unassigned',
  body: ResetAutoAssignBody,
  response: z.object({ cleared: z.number().int() }),
  access: ADMINS,
  permission: 'courses.assign',
});

/** The multipart fields of bulk-add-users: the file of people and the courses (a JSON array of ids, or ids separated by commas). */
export const BULK_FILE_FIELD = 'file';
export const BULK_COURSES_FIELD = 'courseList';
/** At most this many rows (people) and courses in one call. */
export const BULK_MAX_ROWS = 5_000;
export const BULK_MAX_COURSES = 20;

export const BulkRowOutcome = z.enum([
  'ASSIGNED',
  'ALREADY_ASSIGNED',
  'UNKNOWN_EMAIL',
  'INVALID_EMAIL',
  'INACTIVE',
  'NO_CREDITS',
  'DUPLICATE',
]);
export type BulkRowOutcome = z.infer<typeof BulkRowOutcome>;

export const BulkRow = z.object({
  /** The spreadsheet row (the header is row 1). */
  row: z.number().int(),
  email: z.string(),
  courseId: z.string().nullable(),
  outcome: BulkRowOutcome,
});
export type BulkRow = z.infer<typeof BulkRow>;

export const BulkAddUsersResult = z.object({
  rows: z.array(BulkRow),
  courses: z.array(
    z.object({
      courseId: z.string(),
      title: z.string(),
      assigned: z.number().int(),
      alreadyAssigned: z.number().int(),
      notAssigned: z.number().int(),
    }),
  ),
  /** How many rows ended in each outcome (every outcome named, 0 when none). */
  totals: z.object({
    ASSIGNED: z.number().int(),
    ALREADY_ASSIGNED: z.number().int(),
    UNKNOWN_EMAIL: z.number().int(),
    INVALID_EMAIL: z.number().int(),
    INACTIVE: z.number().int(),
    NO_CREDITS: z.number().int(),
    DUPLICATE: z.number().int(),
  }) satisfies z.ZodType<Record<BulkRowOutcome, number>>,
});
export type BulkAddUsersResult = z.infer<typeof BulkAddUsersResult>;

export const bulkAddUsers = route({
  api: 'learning',
  method: 'POST',
  path: '/api/course/bulk-add-users',
  summary:
    'Assign published courses to the people a file lists (multipart: `file`, a CSV or XLSX with an email column, and `courseList`, the course ids as a JSON array); answers a report per row and course (assigned, already assigned, unknown email, inactive, no credits)',
  multipart: true,
  response: BulkAddUsersResult,
  access: ADMINS,
  permission: 'courses.assign',
});
