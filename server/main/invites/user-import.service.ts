import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import {
  PROBLEMS_SHOWN,
  type ImportJobResult,
  type ImportRowProblem,
  type ImportValidation,
} from '../../../src/contracts/main/invites.contract';
import { seesAllBusinessUnits } from '../../../src/domain/auth/roles';
import { IMPORT_COLUMNS, IMPORT_COLUMN_LABELS, type ColumnMapping } from '../../../src/domain/imports/import-columns';
import { checkImportRow, isBlankRow, problem, type ImportProblem } from '../../../src/domain/imports/import-rows';
import { escapeReportCell } from '../../../src/domain/imports/report-cells';
import { audit } from '../../platform/audit';
import type { Database, Sql } from '../../platform/db/database';
import { badRequest, HttpError } from '../../platform/errors';
import type { FileStorage } from '../../platform/file-storage';
import type { UserPrincipal } from '../../platform/serve';
import type { WorkspaceRow } from '../../platform/tenancy';
import { readImportRows, type ImportFileKind } from './import-file.parser';
import * as repo from './invites.repository';
import type { NewUser } from './invites.repository';

export interface ImportUpload {
  fileName: string;
  kind: ImportFileKind;
  bytes: Uint8Array;
  mapping: ColumnMapping;
}

export interface ImportActor {
  user: UserPrincipal;
  workspace: WorkspaceRow;
  ip: string;
}

/** One data row after every check: either a user to create or its problems. */
export interface AssessedRow {
  row: number;
  cells: string[];
  email: string;
  problems: ImportProblem[];
  user: NewUser | null;
}

/** Rows are checked and written in batches: one existence query and one multi-row INSERT per batch. */
const BATCH_SIZE = 5000;

export class UserImportService {
  constructor(
    private readonly db: Database,
    private readonly files: FileStorage,
  ) {}

  async validate(actor: ImportActor, upload: ImportUpload): Promise<ImportValidation> {
    const summary = new ProblemSummary();
    await this.db.tenant(actor.workspace.id, (tx) => this.assess(tx, actor, upload, async (batch) => summary.add(batch)));
    return summary.validation();
  }

  /** The detailed report: every row's outcome, as CSV cells that spreadsheets show and never run. */
  async report(actor: ImportActor, upload: ImportUpload): Promise<string> {
    const mapped = IMPORT_COLUMNS.filter((c) => upload.mapping[c.key] !== undefined);
    const lines: string[] = [stringify([['Row', 'Outcome', 'Reasons', ...mapped.map((c) => c.label)]])];
    await this.db.tenant(actor.workspace.id, (tx) =>
      this.assess(tx, actor, upload, async (batch) => {
        const records = batch.map((r) =>
          [
            String(r.row),
            r.problems.length === 0 ? 'Ready to import' : 'Will be skipped',
            r.problems.map((p) => p.reason).join('; '),
            ...mapped.map((c) => r.cells[upload.mapping[c.key]!] ?? ''),
          ].map(escapeReportCell),
        );
        lines.push(stringify(records));
      }),
    );
    return lines.join('');
  }

  /**
   * Creates every valid row as an INVITED user with an invite, in ONE transaction: a failure anywhere
   * (a malformed row late in the file, the user limit) leaves nothing behind. Bad rows are skipped and
   * reported. Re-running the same file creates nobody twice: those users now exist.
   */
  async import(actor: ImportActor, upload: ImportUpload): Promise<ImportJobResult> {
    const workspaceId = actor.workspace.id;
    const fileKey = await this.files.put(workspaceId, upload.fileName, upload.bytes);
    const summary = new ProblemSummary();
    let created = 0;
    const jobId = await this.db.tenant(workspaceId, async (tx) => {
      await repo.lockImports(tx, workspaceId);
      const jobId = await repo.createImportJob(tx, workspaceId, fileKey, actor.user.userId);
      await this.assess(tx, actor, upload, async (batch) => {
        summary.add(batch);
        const users = batch.flatMap((r) => (r.user ? [r.user] : []));
        await repo.insertInvitedUsers(tx, workspaceId, users).catch(raceToConflict);
        created += users.length;
        await repo.insertInvites(
          tx,
          workspaceId,
          jobId,
          users.map((u) => ({ userId: u.id, branchId: u.branchId })),
        );
      });
      const limit = actor.workspace.user_limit;
      if (limit !== null && created > 0) {
        const total = await repo.countUsers(tx, workspaceId);
        if (total > limit) {
          throw new HttpError(
            409,
            'USER_LIMIT',
            `This workspace may have at most ${limit} users: importing ${created} would make ${total}. Nothing was imported.`,
            { file: `User limit ${limit} exceeded` },
          );
        }
      }
      const counts = { totalRows: summary.total, created, skipped: summary.total - created };
      await repo.finishImportJob(tx, workspaceId, jobId, counts);
      await audit(tx, {
        workspaceId,
        actorUserId: actor.user.userId,
        action: 'USERS_IMPORTED',
        target: jobId,
        ip: actor.ip,
        details: { fileKey, ...counts },
      });
      return jobId;
    });
    const validation = summary.validation();
    return {
      jobId,
      status: 'DONE',
      fileName: upload.fileName,
      totalRows: summary.total,
      created,
      skipped: summary.total - created,
      problems: validation.problems,
      problemsTruncated: validation.problemsTruncated,
    };
  }

  /** Reads the file row by row, checks each row (domain rules, then the database), hands on batches. */
  private async assess(tx: Sql, actor: ImportActor, upload: ImportUpload, onBatch: (batch: AssessedRow[]) => Promise<void>): Promise<void> {
    const workspaceId = actor.workspace.id;
    const { user } = actor;
    const units = await repo.businessUnits(tx, workspaceId);
    const unitByName = new Map(units.map((u) => [u.name.trim().toLowerCase(), u.id]));
    const headquarter = units.find((u) => u.headquarter)?.id ?? null;
    const ownUnitOnly = !seesAllBusinessUnits(user.role);
    const departmentByName = new Map((await repo.departments(tx, workspaceId)).map((d) => [`${d.branch_id}|${d.name.trim().toLowerCase()}`, d.id]));
    const seen = new Set<string>();
    const { mapping } = upload;

    let batch: AssessedRow[] = [];
    const flush = async () => {
      const candidates = batch.filter((r) => r.user).map((r) => r.email);
      const existing = await repo.existingEmails(tx, workspaceId, candidates);
      for (const r of batch) {
        if (r.user && existing.has(r.email)) {
          r.problems.push(problem('email', 'existing-user', r.email));
          r.user = null;
        }
      }
      await onBatch(batch);
      batch = [];
    };

    let header = true;
    for await (const rows of readImportRows(upload.kind, upload.bytes)) {
      for (const { row, cells } of rows) {
        if (header) {
          header = false;
          checkMappingFits(mapping, cells.length);
          continue;
        }
        if (isBlankRow(cells)) continue;
        const { candidate, problems } = checkImportRow(cells, mapping, user.role);
        const email = (cells[mapping.email!] ?? '').trim().toLowerCase();
        if (email) {
          if (seen.has(email)) problems.push(problem('email', 'duplicate-in-file', email));
          else seen.add(email);
        }

        const unitName = (mapping.branch === undefined ? '' : (cells[mapping.branch] ?? '')).trim();
        let branchId: string | null = ownUnitOnly ? user.branchId : headquarter;
        if (unitName) {
          const found = unitByName.get(unitName.toLowerCase());
          if (!found) problems.push(problem('branch', 'unknown-business-unit', unitName));
          else if (ownUnitOnly && found !== user.branchId) problems.push(problem('branch', 'business-unit-not-allowed', unitName));
          branchId = found ?? null;
        }
        const departmentName = (mapping.department === undefined ? '' : (cells[mapping.department] ?? '')).trim();
        let departmentId: string | null = null;
        if (departmentName && branchId) {
          departmentId = departmentByName.get(`${branchId}|${departmentName.toLowerCase()}`) ?? null;
          if (!departmentId) problems.push(problem('department', 'unknown-department', departmentName));
        }

        const ok = candidate !== null && problems.length === 0;
        batch.push({ row, cells, email, problems, user: ok ? { ...candidate, id: randomUUID(), branchId, departmentId } : null });
        if (batch.length >= BATCH_SIZE) await flush();
      }
    }
    if (header) throw badRequest('The file has no header row', { file: 'No header row' });
    if (batch.length > 0) await flush();
  }
}

/** A user created by another path between our check and our insert: the import is refused whole, never half-done. */
function raceToConflict(error: unknown): never {
  if ((error as { code?: string }).code === '23505') {
    throw new HttpError(409, 'CONFLICT', 'Some of these users were created while the import ran. Nothing was imported; validate and import again.');
  }
  throw error;
}

function checkMappingFits(mapping: ColumnMapping, columns: number): void {
  const fields: Record<string, string> = {};
  for (const [key, index] of Object.entries(mapping)) {
    if (index !== undefined && index >= columns) {
      fields[`mapping.${key}`] = `The file has no column ${index + 1}`;
    }
  }
  if (Object.keys(fields).length > 0) {
    const first = Object.keys(fields)[0].slice('mapping.'.length) as keyof typeof IMPORT_COLUMN_LABELS;
    throw badRequest(`${IMPORT_COLUMN_LABELS[first]} is mapped to a column the file does not have`, fields);
  }
}


/** Counts rows and keeps the first problems for the answer (the report has them all). */
class ProblemSummary {
  total = 0;
  invalid = 0;
  private readonly problems: ImportRowProblem[] = [];
  private truncated = false;

  add(batch: AssessedRow[]): void {
    for (const r of batch) {
      this.total += 1;
      if (r.problems.length === 0) continue;
      this.invalid += 1;
      for (const p of r.problems) {
        if (this.problems.length >= PROBLEMS_SHOWN) {
          this.truncated = true;
          break;
        }
        this.problems.push({ row: r.row, email: r.email, column: p.column, reason: p.reason });
      }
    }
  }

  validation(): ImportValidation {
    return {
      totalRows: this.total,
      validRows: this.total - this.invalid,
      invalidRows: this.invalid,
      problems: this.problems,
      problemsTruncated: this.truncated,
    };
  }
}
