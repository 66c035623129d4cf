import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { ReportFormat } from '../../../src/contracts/main/invites.contract';
import { escapeReportCell } from '../../../src/domain/imports/report-cells';

/**
 * A detailed report as a stream, CSV (with a UTF-8 BOM for Excel) or XLSX (exceljs' streaming writer), written
 * batch by batch as the records come: a 100,000-row report is never held whole. Every cell goes through
 * `escapeReportCell` in both formats, so a spreadsheet shows `=cmd()` and never runs it.
 */
export function reportStream(format: ReportFormat, header: string[], batches: AsyncIterable<string[][]>): Readable {
  const escape = (records: string[][]) => records.map((r) => r.map(escapeReportCell));
  if (format === 'csv') {
    return Readable.from(
      (async function* () {
        yield `\uFEFF${stringify([header])}`;
        for await (const records of batches) if (records.length > 0) yield stringify(escape(records));
      })(),
    );
  }
  const out = new PassThrough();
  void (async () => {
    // Loaded on the first XLSX report, not at start: exceljs is about 30 MB of the server's resident memory.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Report');
    sheet.addRow(header).commit();
    for await (const records of batches) {
      for (const record of escape(records)) sheet.addRow(record).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `people.csv` -> `people-report.xlsx`, safe for a Content-Disposition header. */
export function reportFileName(fileName: string, format: ReportFormat): string {
  return `${fileName.replace(/\.[^.]+$/, '').replace(/[^A-Za-z0-9._-]/g, '_')}-report.${format}`;
}
