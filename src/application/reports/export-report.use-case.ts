import type { ExportFormat, ReportDefinition } from '../../contracts/learning/reports.contract';
import { invalid, refusalOf, type Refusal } from '../shared/refusal';
import type { ReportApi } from './report-api.port';

export interface ExportReportInput {
  name: string;
  definition: ReportDefinition;
  format: ExportFormat;
}

/**
 * Starts writing a report to a file: the server answers a job at once and writes the file in the background; the
 * caller follows the job's progress (which outlives a reload: the job is on the server) until its download is ready.
 */
export class ExportReport {
  constructor(private readonly reports: ReportApi) {}

  async execute(input: ExportReportInput): Promise<{ ok: true; jobId: string } | Refusal> {
    if (input.definition.columns.length === 0) return invalid('Choose at least one column', 'columns');
    if (!input.definition.isCourseInclude && !input.definition.isPolicyInclude) return invalid('Include courses, policies or both', 'isCourseInclude');
    try {
      const { jobId } = await this.reports.startExport({ name: input.name.trim() || 'Report', ...input.definition, format: input.format });
      return { ok: true, jobId };
    } catch (error) {
      return refusalOf(error);
    }
  }
}
