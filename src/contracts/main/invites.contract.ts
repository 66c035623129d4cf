import { z } from 'zod';
import { ColumnMapping, ImportColumnKey } from '../../domain/imports/import-columns';
import { route } from '../route';

/**
 * The bulk user import. Every call is multipart: a `file` part (CSV or XLSX) and, except for the header
 * read, a `mapping` field holding the JSON of a ColumnMapping (column key -> zero-based file column).
 * The workspace is the host's; the body never names it.
 */
export const IMPORT_FILE_FIELD = 'file';
export const IMPORT_MAPPING_FIELD = 'mapping';
/** Import only: `true` to email each new person an invitation as the job creates them (`false` or absent: none). */
export const IMPORT_SEND_INVITATIONS_FIELD = 'sendInvitations';
export { ColumnMapping };

const ImportAccess = ['WORKSPACE_ADMIN', 'EMPLOYER', 'BRANCH_ADMIN'] as const;

export const ImportHeaders = z.object({
  headers: z.array(z.string()),
  proposed: z.partialRecord(ImportColumnKey, z.number().int()),
  /** A few data rows, to help the admin check the mapping. */
  sample: z.array(z.array(z.string())),
});
export type ImportHeaders = z.infer<typeof ImportHeaders>;

export const ImportRowProblem = z.object({
  /** The spreadsheet row: the header is row 1, the first data row is row 2. */
  row: z.number().int(),
  email: z.string(),
  column: ImportColumnKey.nullable(),
  reason: z.string(),
});
export type ImportRowProblem = z.infer<typeof ImportRowProblem>;

export const ImportValidation = z.object({
  totalRows: z.number().int(),
  validRows: z.number().int(),
  invalidRows: z.number().int(),
  /** The first problems (at most PROBLEMS_SHOWN); the detailed report lists every row. */
  problems: z.array(ImportRowProblem),
  problemsTruncated: z.boolean(),
});
export type ImportValidation = z.infer<typeof ImportValidation>;

export const PROBLEMS_SHOWN = 500;

export const ImportJobStatus = z.enum(['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELLED', 'INTERRUPTED']);
export type ImportJobStatus = z.infer<typeof ImportJobStatus>;
/** A job that may still change (the browser keeps polling it). */
export const ACTIVE_IMPORT_STATUSES: readonly ImportJobStatus[] = ['QUEUED', 'RUNNING'];
/** A job that stopped before the end, and can be resumed from the rows already done. */
export const RESUMABLE_IMPORT_STATUSES: readonly ImportJobStatus[] = ['INTERRUPTED', 'CANCELLED'];

/**
 * An import job, worked in the background in batches: `rowsDone` of `totalRows` data rows are written (each batch
 * all or nothing), `created` + `skipped` = `rowsDone`. `problems` are the first skipped rows (the report has all).
 */
export const ImportJob = z.object({
  jobId: z.string(),
  status: ImportJobStatus,
  fileName: z.string(),
  totalRows: z.number().int(),
  rowsDone: z.number().int(),
  created: z.number().int(),
  skipped: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Why a FAILED job stopped (for example USER_LIMIT, naming the limit). */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  cancelRequested: z.boolean(),
  /** Whether the job emails each person it creates an invitation (in the same batches). */
  sendInvitations: z.boolean(),
  /** Invitations mailed so far by the job (through the outbox). */
  invitationsSent: z.number().int(),
  problems: z.array(ImportRowProblem),
  problemsTruncated: z.boolean(),
});
export type ImportJob = z.infer<typeof ImportJob>;
/** The former name of the import's answer. */
export const ImportJobResult = ImportJob;
export type ImportJobResult = ImportJob;

export const ImportJobSummary = ImportJob.omit({ problems: true, problemsTruncated: true });
export type ImportJobSummary = z.infer<typeof ImportJobSummary>;

export const REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** The optional multipart field of the detailed report: `csv` (default) or `xlsx`. */
export const IMPORT_FORMAT_FIELD = 'format';

const JobParams = z.strictObject({ jobId: z.uuid('Not a job id') });

export const readImportHeaders = route({
  api: 'main',
  method: 'POST',
  path: '/api/invite/bulk/file/mappings',
  summary: "An import file's header row, with a proposed column mapping",
  multipart: true,
  response: ImportHeaders,
  access: ImportAccess,
  permission: 'invites.manage',
});

export const validateUserImport = route({
  api: 'main',
  method: 'POST',
  path: '/api/invite/bulk/validate',
  summary: 'Checks every row of an import file; lists the bad rows with their reasons',
  multipart: true,
  response: ImportValidation,
  access: ImportAccess,
  permission: 'invites.manage',
});

export const downloadImportReport = route({
  api: 'main',
  method: 'POST',
  path: '/api/invite/download/bulk/detailed-report',
  summary: "Every row's expected outcome, before importing, as a CSV or XLSX file (multipart field `format`)",
  multipart: true,
  response: null,
  access: ImportAccess,
  permission: 'invites.manage',
});

export const importUsers = route({
  api: 'main',
  method: 'POST',
  path: '/api/invite/bulk',
  summary:
    'Starts a background job creating the valid rows as invited users, with their invites; answers 202 with the job',
  multipart: true,
  response: ImportJob,
  access: ImportAccess,
  permission: 'invites.manage',
});

// Job calls beside the import (not in api/endpoints.tsv; docs/imports.md). A business-unit admin sees only their own jobs.

export const listImportJobs = route({
  api: 'main',
  method: 'GET',
  path: '/api/invite/bulk/jobs',
  summary: 'The most recent import jobs of the workspace (20)',
  response: z.object({ jobs: z.array(ImportJobSummary) }),
  access: ImportAccess,
  permission: 'invites.manage',
});

export const getImportJob = route({
  api: 'main',
  method: 'GET',
  path: '/api/invite/bulk/jobs/{jobId}',
  summary: "An import job's status and progress, with its first skipped rows",
  params: JobParams,
  response: ImportJob,
  access: ImportAccess,
  permission: 'invites.manage',
});

export const cancelImportJob = route({
  api: 'main',
  method: 'POST',
  path: '/api/invite/bulk/jobs/{jobId}/cancel',
  summary: 'Cancels a queued or running import after its current batch (batches written stay written)',
  params: JobParams,
  body: z.strictObject({}),
  response: ImportJob,
  access: ImportAccess,
  permission: 'invites.manage',
});

export const resumeImportJob = route({
  api: 'main',
  method: 'POST',
  path: '/api/invite/bulk/jobs/{jobId}/resume',
  summary: 'Resumes an interrupted or cancelled import from the rows already done',
  params: JobParams,
  body: z.strictObject({}),
  response: ImportJob,
  access: ImportAccess,
  permission: 'invites.manage',
});

export const downloadImportJobReport = route({
  api: 'main',
  method: 'GET',
  path: '/api/invite/bulk/jobs/{jobId}/report',
  summary: "Every row's outcome in an import job, as a CSV or XLSX file",
  params: JobParams,
  query: z.strictObject({ format: z.enum(REPORT_FORMATS).optional() }),
  response: null,
  access: ImportAccess,
  permission: 'invites.manage',
});

// --- Sending invitations and claiming them -------------------------------------------------------------

export const UnusedInvites = z.object({
  /** Not yet claimed and not expired. */
  unused: z.number().int(),
  /** Never sent (for example just imported). */
  unsent: z.number().int(),
  expired: z.number().int(),
});
export type UnusedInvites = z.infer<typeof UnusedInvites>;

export const unusedInviteCount = route({
  api: 'main',
  method: 'GET',
  path: '/api/invite/unused/count',
  summary: "Invitations not yet claimed (in the caller's business unit for a business-unit admin)",
  query: z.strictObject({ filterOnlyExpired: z.enum(['true', 'false']).optional() }),
  response: UnusedInvites,
  access: ImportAccess,
  permission: 'invites.manage',
});

export const resendUnusedInvites = route({
  api: 'main',
  method: 'POST',
  path: '/api/invite/resend/unused/all',
  summary: 'Send (or send again) every unclaimed invitation: a new link each, valid 14 days',
  body: z.strictObject({}),
  response: z.object({ sent: z.number().int() }),
  access: ImportAccess,
  permission: 'invites.manage',
});
