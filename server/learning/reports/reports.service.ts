import type { ExportStatus, PreviewAnswer, ReportDefinition, ReportOptions, SavedReport } from '../../../src/contracts/learning/reports.contract';
import type { ExportFormat } from '../../../src/contracts/learning/reports.contract';
import type { Role } from '../../../src/domain/auth/roles';
import type { Database } from '../../platform/db/database';
import type { DirectFileUrls } from '../../platform/signed-files';
import { cellsOf, dateSettingsOf } from './report-cells';
import type { ReportExporter } from './report-export';
import { countQuery, pageQuery, type DetailRow, type ReportScope } from './report-query';
import * as repo from './reports.repository';
import { instantText } from '../../../src/domain/shared/date-time';
import type { Acting } from '../../platform/actor';


export type ReportRefusal = { ok: false; reason: 'NOT_FOUND' } | { ok: false; reason: 'UNAVAILABLE' };

/** How long an export's download URL works: long enough to start the download, short enough not to be shared. */
export const DOWNLOAD_SECONDS = 300;

/** The scope every report of this actor runs under: a business-unit admin's own unit, or the whole workspace. */
export function scopeOf(actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId'>): ReportScope {
  return actor.role === 'BRANCH_ADMIN' ? { workspaceId: actor.workspaceId, branchId: actor.branchId } : { workspaceId: actor.workspaceId };
}

/** Reports: preview, export, saved definitions (docs/reports.md). */
export class ReportsService {
  constructor(
    private readonly db: Database,
    private readonly exporter: ReportExporter,
    private readonly fileUrls: DirectFileUrls | undefined,
    private readonly now: () => Date,
  ) {}

  /** One page of the report and its total, both counted and cut in the database. */
  async preview(actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId'>, def: ReportDefinition, page: number, pageSize: number): Promise<PreviewAnswer> {
    const ws = actor.workspaceId;
    const scope = scopeOf(actor);
    return this.db.tenant(ws, async (tx) => {
      const dates = await dateSettingsOf(tx, ws);
      const settings = { now: this.now(), zone: dates.zone };
      const count = countQuery(def, scope, settings);
      const total = await repo.countRows(tx, count);
      const q = pageQuery(def, scope, settings, page, pageSize);
      const rows = total === 0 ? [] : await repo.pageRows(tx, q);
      const scopedTo = scope.branchId !== undefined ? (scope.branchId ? await repo.branchName(tx, ws, scope.branchId) : null) ?? 'No business unit' : null;
      return {
        columns: def.columns,
        rows: rows.map((r) => {
          const cells = cellsOf(r, def.columns, dates);
          return { kind: r.kind, userId: r.user_id, name: r.name, email: r.email, values: Object.fromEntries(def.columns.map((c, i) => [c, cells[i]])) };
        }),
        page,
        pageSize,
        total,
        scopedTo,
      };
    });
  }

  /** Records the export (with the actor's scope fixed now) and queues its job; answers its id at once. */
  async startExport(actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId'>, name: string, def: ReportDefinition, format: ExportFormat): Promise<{ ok: true; jobId: string } | ReportRefusal> {
    if (!this.exporter.available) return { ok: false, reason: 'UNAVAILABLE' };
    const ws = actor.workspaceId;
    const scope = scopeOf(actor);
    const jobId = await this.db.tenant(ws, (tx) =>
      repo.insertExport(tx, ws, { ownerId: actor.userId, name, definition: def, scoped: scope.branchId !== undefined, scopeBranchId: scope.branchId ?? null, format }),
    );
    await this.exporter.start(ws, jobId);
    return { ok: true, jobId };
  }

  /** An export of the actor's: progress, and a fresh short-lived URL once the whole file is stored. */
  async exportStatus(actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId'>, jobId: string): Promise<ExportStatus | ReportRefusal> {
    const ws = actor.workspaceId;
    const row = await this.db.tenant(ws, (tx) => repo.exportOf(tx, ws, actor.userId, jobId));
    if (!row) return { ok: false, reason: 'NOT_FOUND' };
    const done = row.status === 'DONE' && row.file_key && row.file_name;
    const type = row.format === 'CSV' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const downloadUrl =
      done && this.fileUrls
        ? await this.fileUrls.downloadUrl(ws, row.file_key!, { seconds: DOWNLOAD_SECONDS, disposition: 'attachment', type, fileName: row.file_name! })
        : null;
    return {
      jobId: row.id,
      name: row.name,
      format: row.format,
      status: row.status,
      rowsDone: row.rows_done,
      totalRows: row.total_rows,
      fileName: done ? row.file_name : null,
      downloadUrl,
      createdAt: instantText(row.created_at),
      finishedAt: row.finished_at ? instantText(row.finished_at) : null,
    };
  }

  /** The filters' choices, within the actor's scope. */
  options(actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId'>): Promise<ReportOptions> {
    return this.db.tenant(actor.workspaceId, (tx) => repo.options(tx, actor.workspaceId, scopeOf(actor).branchId));
  }

  async savedList(actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId'>): Promise<SavedReport[]> {
    const rows = await this.db.tenant(actor.workspaceId, (tx) => repo.savedOf(tx, actor.workspaceId, actor.userId));
    return rows.map(savedOut);
  }

  async saveNew(actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId'>, name: string, def: ReportDefinition): Promise<SavedReport> {
    return savedOut(await this.db.tenant(actor.workspaceId, (tx) => repo.insertSaved(tx, actor.workspaceId, actor.userId, name, def)));
  }

  async saveOver(actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId'>, id: string, name: string, def: ReportDefinition): Promise<SavedReport | ReportRefusal> {
    const row = await this.db.tenant(actor.workspaceId, (tx) => repo.updateSaved(tx, actor.workspaceId, actor.userId, id, name, def));
    return row ? savedOut(row) : { ok: false, reason: 'NOT_FOUND' };
  }

  async remove(actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId'>, id: string): Promise<{ ok: true } | ReportRefusal> {
    const gone = await this.db.tenant(actor.workspaceId, (tx) => repo.deleteSaved(tx, actor.workspaceId, actor.userId, id));
    return gone ? { ok: true } : { ok: false, reason: 'NOT_FOUND' };
  }
}

function savedOut(row: repo.SavedRow): SavedReport {
  return { id: row.id, name: row.name, definition: row.definition, createdAt: instantText(row.created_at), updatedAt: instantText(row.updated_at) };
}
