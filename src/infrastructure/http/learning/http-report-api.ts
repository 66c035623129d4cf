import { inject, injectable } from 'inversify';
import type { ReportApi } from '../../../application/reports/report-api.port';
import {
  reportExport,
  reportExportStatus,
  reportOptions,
  reportPreview,
  reportScheduleDelete,
  reportScheduleGet,
  reportSchedulePut,
  savedReportCreate,
  savedReportDelete,
  savedReportList,
  savedReportUpdate,
  type ExportBody,
  type PreviewBody,
  type ReportScheduleBody,
  type SavedReportBody,
} from '../../../contracts/learning/reports.contract';
import { ApiClient, LearningHttp } from '../api-client';

@injectable()
export class HttpReportApi implements ReportApi {
  constructor(@inject(LearningHttp) private readonly learning: ApiClient) {}

  options() {
    return this.learning.call(reportOptions);
  }

  preview(body: PreviewBody) {
    return this.learning.call(reportPreview, { body });
  }

  startExport(body: ExportBody) {
    return this.learning.call(reportExport, { body });
  }

  exportStatus(jobId: string) {
    return this.learning.call(reportExportStatus, { params: { jobId } });
  }

  saved() {
    return this.learning.call(savedReportList);
  }

  save(body: SavedReportBody) {
    return this.learning.call(savedReportCreate, { body });
  }

  update(id: string, body: SavedReportBody) {
    return this.learning.call(savedReportUpdate, { params: { id }, body });
  }

  remove(id: string) {
    return this.learning.call(savedReportDelete, { params: { id } });
  }

  schedule(id: string) {
    return this.learning.call(reportScheduleGet, { params: { id } });
  }

  setSchedule(id: string, body: ReportScheduleBody) {
    return this.learning.call(reportSchedulePut, { params: { id }, body });
  }

  stopSchedule(id: string) {
    return this.learning.call(reportScheduleDelete, { params: { id } });
  }
}
