/** Settings of the report exports (server/learning/reports/report-export.ts), given through ApiDeps. */
export interface ReportExportOptions {
  /** Rows read a page (a numbered page on PGlite, a FETCH on PostgreSQL’s cursor). */
  pageRows?: number;
  /** A RUNNING export silent this long has lost its worker: it is started again. */
  staleAfterMs?: number;
  /** A scheduled report's file up to this size is attached to its mail; a larger one is sent as a link (default 5 MB). */
  attachmentLimitBytes?: number;
  /** Tests only: runs before each page; throwing `ReportExportHalted` stops the worker dead, as a killed process. */
  beforePage?: (jobId: string, pageNo: number) => Promise<void>;
}
