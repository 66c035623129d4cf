import type { MappedImportFile, UserImportApi } from './user-import-api.port';

/** The detailed report (every row's outcome) as a file to save. */
export class DownloadImportReport {
  constructor(private readonly api: UserImportApi) {}

  async execute(input: MappedImportFile): Promise<{ name: string; content: Blob }> {
    const report = await this.api.detailedReport(input);
    const fallback = `${input.file.name.replace(/\.[^.]+$/, '')}-report.csv`;
    return { name: report.name || fallback, content: report.content };
  }
}
