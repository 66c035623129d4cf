import { z } from 'zod';
import {
  CourseReportStatus,
  PolicyReportStatus,
  ReportColumn,
  ReportUserStatus,
} from '../../domain/reports/report-columns';
import { Id, IdParams, Ok, route } from '../route';

/**
 * Reports (docs/reports.md): an admin builds a report from column toggles and filters, previews a page of it, exports
 * it whole (CSV or XLSX, on the job queue) and keeps definitions to use again. A business-unit admin's reports hold
 * only their own unit's people, whatever the filters say.
 */

const ADMINS = ['WORKSPACE_ADMIN', 'EMPLOYER', 'BRANCH_ADMIN'] as const;
const PERMISSION = 'reports.read' as const;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day as YYYY-MM-DD');
const DayRange = z
  .strictObject({ from: Day.optional(), to: Day.optional() })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: 'The range ends before it starts' });
const Ids = z.array(Id).max(500);

export const ReportFilters = z.strictObject({
  branchIds: Ids.optional(),
  departmentIds: Ids.optional(),
  courseIds: Ids.optional(),
  /** Published policies of the workspace (workspace policy ids). */
  policyIds: Ids.optional(),
  userStatuses: z.array(ReportUserStatus).max(3).optional(),
  courseStatuses: z.array(CourseReportStatus).max(4).optional(),
  policyStatuses: z.array(PolicyReportStatus).max(3).optional(),
  assigned: DayRange.optional(),
  completed: DayRange.optional(),
  accepted: DayRange.optional(),
  /** Completed assignments whose current certificate expires on these days (the dashboard's "certificates expiring"). */
  expires: DayRange.optional(),
  /** Completed assignments whose current certificate expires from today to today + N days (the workspace's days). */
  expiresWithinDays: z.number().int().min(0).max(3650).optional(),
  /** The course version assigned (and completed), and the policy version accepted. */
  courseVersion: z.number().int().min(1).max(100000).optional(),
  policyVersion: z.number().int().min(1).max(100000).optional(),
});
export type ReportFilters = z.infer<typeof ReportFilters>;

export const ReportDefinition = z
  .strictObject({
    columns: z.array(ReportColumn).min(1, 'Choose at least one column').max(ReportColumn.options.length),
    filters: ReportFilters.default({}),
    isPolicyInclude: z.boolean(),
    isCourseInclude: z.boolean(),
  })
  .refine((d) => d.isPolicyInclude || d.isCourseInclude, {
    message: 'Include courses, policies or both',
    path: ['isCourseInclude'],
  });
export type ReportDefinition = z.infer<typeof ReportDefinition>;

export const PreviewBody = z
  .strictObject({
    columns: z.array(ReportColumn).min(1, 'Choose at least one column').max(ReportColumn.options.length),
    filters: ReportFilters.default({}),
    isPolicyInclude: z.boolean(),
    isCourseInclude: z.boolean(),
    page: z.number().int().min(1).max(100000).default(1),
    pageSize: z.number().int().min(1).max(200).default(50),
  })
  .refine((d) => d.isPolicyInclude || d.isCourseInclude, {
    message: 'Include courses, policies or both',
    path: ['isCourseInclude'],
  });
export type PreviewBody = z.input<typeof PreviewBody>;

/** One row: the person, the kind of row, and the chosen columns' values (dates in the workspace's format and zone, as in the file; empty as null). */
export const ReportRow = z.object({
  kind: z.enum(['COURSE', 'POLICY']),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type ReportRow = z.infer<typeof ReportRow>;

export const PreviewAnswer = z.object({
  columns: z.array(ReportColumn),
  rows: z.array(ReportRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Set for a business-unit admin: the one unit every row is of. */
  scopedTo: z.string().nullable(),
});
export type PreviewAnswer = z.infer<typeof PreviewAnswer>;

export const ExportFormat = z.enum(['CSV', 'XLSX']);
export type ExportFormat = z.infer<typeof ExportFormat>;

export const ExportBody = z
  .strictObject({
    name: z.string().trim().min(1, 'Name the report').max(120).default('Report'),
    columns: z.array(ReportColumn).min(1, 'Choose at least one column').max(ReportColumn.options.length),
    filters: ReportFilters.default({}),
    isPolicyInclude: z.boolean(),
    isCourseInclude: z.boolean(),
    format: ExportFormat,
  })
  .refine((d) => d.isPolicyInclude || d.isCourseInclude, {
    message: 'Include courses, policies or both',
    path: ['isCourseInclude'],
  });
export type ExportBody = z.input<typeof ExportBody>;

export const ExportStarted = z.object({ jobId: z.string() });

export const ExportStatus = z.object({
  jobId: z.string(),
  name: z.string(),
  format: ExportFormat,
  status: z.enum(['QUEUED', 'RUNNING', 'DONE', 'FAILED']),
  rowsDone: z.number().int(),
  /** Known once the job has counted its rows. */
  totalRows: z.number().int().nullable(),
  fileName: z.string().nullable(),
  /** When DONE: a signed URL that downloads the file for a few minutes (ask again for a fresh one). */
  downloadUrl: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ExportStatus = z.infer<typeof ExportStatus>;

export const SavedReport = z.object({
  id: z.string(),
  name: z.string(),
  definition: ReportDefinition,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedReport = z.infer<typeof SavedReport>;

export const SavedReportBody = z.strictObject({
  name: z.string().trim().min(1, 'Name the report').max(120, 'At most 120 characters'),
  definition: ReportDefinition,
});
export type SavedReportBody = z.input<typeof SavedReportBody>;

export const reportPreview = route({
  api: 'learning',
  method: 'POST',
  path: '/api/reports/preview',
  summary: 'One page of a report and its total (business-unit admins: their unit only)',
  body: PreviewBody,
  response: PreviewAnswer,
  access: ADMINS,
  permission: PERMISSION,
  apiKeyScope: 'reports:read',
});

export const reportExport = route({
  api: 'learning',
  method: 'POST',
  path: '/api/reports/export',
  summary: 'Starts writing a report to a CSV or XLSX file; answers the job id at once',
  body: ExportBody,
  response: ExportStarted,
  access: ADMINS,
  permission: PERMISSION,
});

export const reportExportStatus = route({
  api: 'learning',
  method: 'GET',
  path: '/api/reports/export/{jobId}',
  summary: 'An export of mine: rows written of the total, then a short-lived download URL',
  params: z.strictObject({ jobId: Id }),
  response: ExportStatus,
  access: ADMINS,
  permission: PERMISSION,
});

export const savedReportList = route({
  api: 'learning',
  method: 'GET',
  path: '/api/reports/saved',
  summary: 'My saved report definitions, by name',
  response: z.object({ items: z.array(SavedReport) }),
  access: ADMINS,
  permission: PERMISSION,
});

export const savedReportCreate = route({
  api: 'learning',
  method: 'POST',
  path: '/api/reports/saved',
  summary: 'Saves a report definition (mine only)',
  body: SavedReportBody,
  response: SavedReport,
  access: ADMINS,
  permission: PERMISSION,
});

export const savedReportUpdate = route({
  api: 'learning',
  method: 'PUT',
  path: '/api/reports/saved/{id}',
  summary: 'Renames or changes a saved report of mine',
  params: IdParams,
  body: SavedReportBody,
  response: SavedReport,
  access: ADMINS,
  permission: PERMISSION,
});

export const savedReportDelete = route({
  api: 'learning',
  method: 'DELETE',
  path: '/api/reports/saved/{id}',
  summary: 'Deletes a saved report of mine',
  params: IdParams,
  response: Ok,
  access: ADMINS,
  permission: PERMISSION,
});

const Choice = z.object({ id: z.string(), name: z.string() });
export const ReportOptions = z.object({
  /** A business-unit admin's own unit only. */
  businessUnits: z.array(Choice),
  departments: z.array(Choice.extend({ businessUnit: z.string() })),
  courses: z.array(Choice),
  /** Published policies (workspace policy ids). */
  policies: z.array(Choice),
});
export type ReportOptions = z.infer<typeof ReportOptions>;

export const reportOptions = route({
  api: 'learning',
  method: 'GET',
  path: '/api/reports/options',
  summary:
    'What a report may be filtered by: business units and departments (a business-unit admin: their own), courses, published policies',
  response: ReportOptions,
  access: ADMINS,
  permission: PERMISSION,
});

// ---------------------------------------------------------------- scheduled reports

export const ScheduleFrequency = z.enum(['WEEKLY', 'MONTHLY']);
export type ScheduleFrequency = z.infer<typeof ScheduleFrequency>;

export const ReportScheduleBody = z.strictObject({
  frequency: ScheduleFrequency,
  format: ExportFormat,
  /** Admins of this workspace who may read reports (at most 20); a business-unit admin only for a schedule of their own unit. */
  recipientIds: z.array(Id).min(1, 'Choose at least one recipient').max(20, 'At most 20 recipients'),
});
export type ReportScheduleBody = z.infer<typeof ReportScheduleBody>;

export const ReportSchedule = z.object({
  frequency: ScheduleFrequency,
  format: ExportFormat,
  recipients: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  /** Set when the schedule stopped (a recipient or its owner may no longer read reports): nothing more is sent. */
  stoppedAt: z.string().nullable(),
  stoppedReason: z.string().nullable(),
});
export type ReportSchedule = z.infer<typeof ReportSchedule>;

export const ScheduleRecipient = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const ReportScheduleAnswer = z.object({
  schedule: ReportSchedule.nullable(),
  /** Who may receive this report now: the workspace's admins who may read reports (a business-unit admin's: also their unit's). */
  choices: z.array(ScheduleRecipient),
});
export type ReportScheduleAnswer = z.infer<typeof ReportScheduleAnswer>;

export const reportScheduleGet = route({
  api: 'learning',
  method: 'GET',
  path: '/api/reports/saved/{id}/schedule',
  summary: 'The mailing schedule of a saved report of mine (null: none)',
  params: IdParams,
  response: ReportScheduleAnswer,
  access: ADMINS,
  permission: PERMISSION,
});

export const reportSchedulePut = route({
  api: 'learning',
  method: 'PUT',
  path: '/api/reports/saved/{id}/schedule',
  summary:
    'Mails a saved report of mine weekly or monthly to chosen admins of the workspace (sets or replaces its schedule)',
  params: IdParams,
  body: ReportScheduleBody,
  response: ReportScheduleAnswer,
  access: ADMINS,
  permission: PERMISSION,
});

export const reportScheduleDelete = route({
  api: 'learning',
  method: 'DELETE',
  path: '/api/reports/saved/{id}/schedule',
  summary: 'Stops mailing a saved report of mine',
  params: IdParams,
  response: Ok,
  access: ADMINS,
  permission: PERMISSION,
});
