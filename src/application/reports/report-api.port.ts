import type {
  ExportBody,
  ExportStatus,
  PreviewAnswer,
  PreviewBody,
  ReportOptions,
  ReportScheduleAnswer,
  ReportScheduleBody,
  SavedReport,
  SavedReportBody,
} from '../../contracts/learning/reports.contract';

/** Reports (learning API, /api/reports): preview, export jobs, saved definitions, the filters' choices. */
export const ReportApi = Symbol('ReportApi');
export interface ReportApi {
  /** @read */
  options(): Promise<ReportOptions>;
  /** @read */
  preview(body: PreviewBody): Promise<PreviewAnswer>;
  startExport(body: ExportBody): Promise<{ jobId: string }>;
  /** @read */
  exportStatus(jobId: string): Promise<ExportStatus>;
  /** @read */
  saved(): Promise<{ items: SavedReport[] }>;
  save(body: SavedReportBody): Promise<SavedReport>;
  update(id: string, body: SavedReportBody): Promise<SavedReport>;
  remove(id: string): Promise<{ ok: true }>;
  /** @read A saved report's mailing schedule, and who may receive it. */
  schedule(id: string): Promise<ReportScheduleAnswer>;
  setSchedule(id: string, body: ReportScheduleBody): Promise<ReportScheduleAnswer>;
  stopSchedule(id: string): Promise<{ ok: true }>;
}
