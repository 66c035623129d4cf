import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { stringify } from 'csv-stringify/sync';
import { escapeReportCell } from '../../../src/domain/imports/report-cells';
import { REPORT_COLUMN_LABELS, reportFileName, type ReportColumn } from '../../../src/domain/reports/report-columns';
import type { Database } from '../../platform/db/database';
import type { JobQueue } from '../../platform/jobs';
import { newFileKey, type DirectFileUrls } from '../../platform/signed-files';
import { countQuery, fullJsonQuery, fullQuery, type DetailRow, type ReportScope } from './report-query';
import { cellsOf, dateSettingsOf } from './report-cells';
import * as repo from './reports.repository';

export const JOB_REPORT_EXPORT = 'report-export';
export const JOB_REPORT_EXPORT_SWEEP = 'report-export-sweep';

export type { ReportExportOptions } from '../../platform/report-export-options';
import type { ReportExportOptions } from '../../platform/report-export-options';

/** Thrown by a test hook: the export stops as if its process were killed, leaving the job RUNNING. */
export class ReportExportHalted extends Error {}

export const DEFAULT_PAGE_ROWS = 2000;
export const DEFAULT_STALE_AFTER_MS = 30_000;

/**
 * Writes report exports (docs/reports.md "Exports"). The rows come in pages (PostgreSQL: a server-side cursor in one
 * tenant transaction; PGlite: a holdable cursor, fetched a page per short transaction, since a long one would hold the
 * embedded database's one connection) and go to a local spool file (csv-stringify, or exceljs' streaming WorkbookWriter), so
 * memory stays flat at any size. Only a whole file is copied to the file store, and only then does the job's row get
 * its key, in the transaction that marks it DONE: a crash anywhere leaves a job with no file, which the sweep (or the
 * queue's retry) starts again from its first row.
 */
export class ReportExporter {
  readonly pageRows: number;
  readonly staleAfterMs: number;
  private readonly working = new Set<string>();

  constructor(
    private readonly db: Database,
    private readonly files: DirectFileUrls | undefined,
    private readonly now: () => Date,
    private readonly options: ReportExportOptions = {},
    private readonly queue: JobQueue | null = null,
    private readonly log: (line: string, error?: unknown) => void = () => {},
  ) {
    this.pageRows = options.pageRows ?? DEFAULT_PAGE_ROWS;
    this.staleAfterMs = options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  }

  get available(): boolean {
    return this.files !== undefined;
  }

  /** Queues a new export's job (without a queue: works it in this process, in the background). */
  async start(ws: string, jobId: string): Promise<void> {
    if (this.queue?.started) {
      await this.queue.send(JOB_REPORT_EXPORT, { workspaceId: ws, jobId });
      return;
    }
    void this.run(ws, jobId).catch((error: unknown) => this.log(`report export ${jobId} stopped`, error));
  }

  /** Queues again the exports whose worker died (after a restart, or on another process). */
  async sweep(): Promise<number> {
    const orphans = await this.db.system((tx) => repo.orphanedExports(tx, this.staleAfterMs));
    let queued = 0;
    for (const o of orphans) {
      if (this.working.has(o.id)) continue;
      if (this.queue?.started) await this.queue.send(JOB_REPORT_EXPORT, { workspaceId: o.workspace_id, jobId: o.id }, { singletonKey: o.id });
      else void this.run(o.workspace_id, o.id).catch((error: unknown) => this.log(`report export ${o.id} stopped`, error));
      queued++;
    }
    return queued;
  }

  /** Works one export to its end; nothing when it is done, failed, or worked by a live worker. */
  async run(ws: string, jobId: string): Promise<void> {
    if (this.working.has(jobId)) return;
    this.working.add(jobId);
    let spool: string | null = null;
    let job: repo.ExportRow | null = null;
    try {
      job = await this.db.tenant(ws, (tx) => repo.claimExport(tx, ws, jobId, this.staleAfterMs));
      if (!job) return;
      if (!this.files) throw new Error('No file store is configured for report exports');
      spool = await mkdtemp(path.join(os.tmpdir(), 'safeplace-report-'));
      const file = path.join(spool, `report.${job.format.toLowerCase()}`);
      const written = await this.write(job, file);
      if (written === null) return; // a later attempt took the job over
      const key = newFileKey(ws);
      const { size } = await stat(file);
      await this.files.writeStream(ws, key, createReadStream(file, { highWaterMark: 64 * 1024 }), size);
      const day = dayIn(this.now(), written.zone);
      const finished = await this.db.tenant(ws, (tx) => repo.finishExport(tx, ws, jobId, job!.attempts, key, reportFileName(job!.name, day, job!.format), written.rows));
      if (!finished) await this.files.remove(ws, key);
    } catch (error) {
      if (error instanceof ReportExportHalted) return;
      if (job) await this.db.tenant(ws, (tx) => repo.failExport(tx, ws, jobId, job!.attempts, error instanceof Error ? error.message : String(error)));
      throw error;
    } finally {
      this.working.delete(jobId);
      if (spool) await rm(spool, { recursive: true, force: true });
    }
  }

  /** Writes the report to `file`; the rows written, or null when another attempt owns the job now. */
  private async write(job: repo.ExportRow, file: string): Promise<{ rows: number; zone: string } | null> {
    const ws = job.workspace_id;
    const scope: ReportScope = job.scoped ? { workspaceId: ws, branchId: job.scope_branch_id } : { workspaceId: ws };
    const settings = await this.db.tenant(ws, (tx) => dateSettingsOf(tx, ws));
    const querySettings = { now: this.now(), zone: settings.zone };
    const def = job.definition;
    const [{ n: total }] = await this.db.tenant(ws, (tx) => {
      const q = countQuery(def, scope, querySettings);
      return tx.query<{ n: number }>(q.text, q.params);
    });
    if (!(await this.db.tenant(ws, (tx) => repo.progress(tx, ws, job.id, job.attempts, 0, total)))) return null;
    const sink = job.format === 'CSV' ? csvSink(file) : await xlsxSink(file);
    const header = ['Name', 'Email', 'Row', ...def.columns.map((c: ReportColumn) => REPORT_COLUMN_LABELS[c])];
    await sink.add([header], false);
    let rows = 0;
    let pageNo = 0;
    const onPage = async (page: DetailRow[]): Promise<boolean> => {
      await sink.add(page.map((r) => [r.name, r.email, r.kind === 'COURSE' ? 'Course' : 'Policy', ...cellsOf(r, def.columns, settings)]), true);
      rows += page.length;
      return this.db.tenant(ws, (tx) => repo.progress(tx, ws, job.id, job.attempts, rows, null));
    };
    const before = async () => {
      pageNo++;
      await this.options.beforePage?.(job.id, pageNo);
    };
    try {
      if (this.db.kind === 'postgres') {
        const q = fullQuery(def, scope, querySettings);
        const owned = await this.db.tenant(ws, async (tx) => {
          await tx.query(`DECLARE report_rows NO SCROLL CURSOR FOR ${q.text}`, q.params);
          for (;;) {
            await before();
            const page = await tx.query<DetailRow>(`FETCH ${this.pageRows} FROM report_rows`);
            if (page.length === 0) return true;
            if (!(await onPage(page))) return false;
          }
        });
        if (!owned) return null;
      } else {
        // A holdable cursor: its rows are worked out once, when the transaction that declares it commits, and kept
        // (in memory up to work_mem, then in temporary files) for this connection; each page is then a FETCH in its own
        // short transaction, so other requests run between pages. Each row comes as one JSON value
        // (docs/reports.md "Exports").
        const q = fullJsonQuery(def, scope, querySettings);
        const cursor = `report_rows_${job.id.replace(/-/g, '')}`;
        if (!/^report_rows_[0-9a-f]{32}$/.test(cursor)) throw new Error(`Not an export id: ${job.id}`);
        await this.db.tenant(ws, (tx) => tx.query(`DECLARE ${cursor} NO SCROLL CURSOR WITH HOLD FOR ${q.text}`, q.params));
        try {
          for (;;) {
            await before();
            const page = await this.db.tenant(ws, (tx) => tx.query<{ row: DetailRow }>(`FETCH ${this.pageRows} FROM ${cursor}`));
            if (page.length === 0) break;
            if (!(await onPage(page.map((r) => r.row)))) return null;
            if (page.length < this.pageRows) break;
          }
        } finally {
          await this.db.tenant(ws, (tx) => tx.query(`CLOSE ${cursor}`)).catch(() => {});
        }
      }
      await sink.close();
    } catch (error) {
      await sink.close().catch(() => {});
      throw error;
    }
    return { rows, zone: settings.zone };
  }
}

interface Sink {
  /** Adds rows; `escape`: cells a spreadsheet would run as formulas are written as text. */
  add(rows: (string | number | null)[][], escape: boolean): Promise<void>;
  close(): Promise<void>;
}

const escapeRow = (row: (string | number | null)[]) => row.map((v) => (typeof v === 'number' ? v : escapeReportCell(v)));

/** CSV with a UTF-8 byte-order mark (Excel then reads it as UTF-8), written with the stream's back-pressure. */
function csvSink(file: string): Sink {
  const out = createWriteStream(file);
  let first = true;
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  return {
    async add(rows, escape) {
      const text = stringify(escape ? rows.map(escapeRow) : rows);
      await write(first ? `\uFEFF${text}` : text);
      first = false;
    },
    async close() {
      if (out.closed) return;
      out.end();
      await once(out, 'close');
    },
  };
}

/** XLSX through exceljs' streaming writer (loaded on first use): each row is committed (written out) as it comes. */
async function xlsxSink(file: string): Promise<Sink> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Report');
  let closed = false;
  return {
    async add(rows, escape) {
      for (const row of rows) sheet.addRow(escape ? escapeRow(row) : row).commit();
    },
    async close() {
      if (closed) return;
      closed = true;
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** The day (YYYY-MM-DD) of a moment in a zone, for the file's name. */
function dayIn(moment: Date, zone: string): string {
  return moment.toLocaleDateString('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
}
