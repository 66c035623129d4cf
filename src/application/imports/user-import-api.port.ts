import type {
  ImportHeaders,
  ImportJob,
  ImportJobSummary,
  ImportValidation,
  ReportFormat,
} from '../../contracts/main/invites.contract';
import type { ColumnMapping } from '../../domain/imports/import-columns';

/** A file chosen by the admin: its bytes and the name it is uploaded under. */
export interface ImportFile {
  name: string;
  content: Blob;
}

export interface MappedImportFile {
  file: ImportFile;
  mapping: ColumnMapping;
}

/** The import itself: the file, its mapping, and whether the job mails each new person an invitation. */
export interface ImportRequest extends MappedImportFile {
  sendInvitations: boolean;
}

export interface DownloadedReport {
  name: string;
  content: Blob;
}

/** The bulk user import of the main API. Failures (a malformed file, a limit) throw ApiError. */
export const UserImportApi = Symbol('UserImportApi');
export interface UserImportApi {
  readHeaders(file: ImportFile): Promise<ImportHeaders>;
  validate(input: MappedImportFile): Promise<ImportValidation>;
  /** The detailed report before importing, as a CSV or XLSX file. */
  detailedReport(input: MappedImportFile, format?: ReportFormat): Promise<DownloadedReport>;
  /** Starts the import as a background job; answers at once with the job. */
  importUsers(input: ImportRequest): Promise<ImportJob>;
  getJob(jobId: string): Promise<ImportJob>;
  /** The workspace's most recent jobs (a business-unit admin: their own). */
  listJobs(): Promise<ImportJobSummary[]>;
  cancelJob(jobId: string): Promise<ImportJob>;
  resumeJob(jobId: string): Promise<ImportJob>;
  /** Every row's outcome in the job, as a CSV or XLSX file. */
  jobReport(jobId: string, format: ReportFormat): Promise<DownloadedReport>;
}
