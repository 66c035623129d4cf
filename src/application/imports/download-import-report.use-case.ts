import type { ReportFormat } from '../../contracts/main/invites.contract';
import type { DownloadedReport, MappedImportFile, UserImportApi } from './user-import-api.port';

/** The detailed report (every row's expected outcome, before importing) as a file to save. */
export class DownloadImportReport {
  constructor(private readonly api: UserImportApi) {}

  async execute(input: MappedImportFile, format: ReportFormat = 'csv'): Promise<DownloadedReport> {
    const report = await this.api.detailedReport(input, format);
    const fallback = `${input.file.name.replace(/\.[^.]+$/, '')}-report.${format}`;
    return { name: report.name || fallback, content: report.content };
  }
}
