import { randomUUID } from 'node:crypto';
import type { Role } from '../../../src/domain/auth/roles';
import { seesAllBusinessUnits } from '../../../src/domain/auth/roles';
import { IMPORT_COLUMN_LABELS, type ColumnMapping } from '../../../src/domain/imports/import-columns';
import {
  checkImportRow,
  isBlankRow,
  lowerCased,
  problem,
  type ImportProblem,
} from '../../../src/domain/imports/import-rows';
import { tenantBatch, type Database, type Sql } from '../../platform/db/database';
import { badRequest } from '../../platform/errors';
import {
  readImportRows,
  type FileRow,
  type ImportFileKind,
  type ImportSource,
} from '../../platform/imports/import-file.parser';
import { EmailSet } from './email-set';
import * as repo from './imports.repository';
import type { NewUser } from './imports.repository';

/** One data row after every check: either a user to create or its problems. */
export interface AssessedRow {
  row: number;
  cells: string[];
  email: string;
  problems: ImportProblem[];
  user: NewUser | null;
}

/** What a checked row's `cells` become once they are no longer needed (one shared empty array, never written). */
export const NO_CELLS: string[] = [];

/** Whose rules the rows are checked by: the role decides the assignable roles, a unit admin keeps to their unit. */
export interface RowRules {
  role: Role;
  branchId: string | null;
}

/**
 * The data rows of a file, in batches, the header checked against the mapping and blank rows left out.
 * Rows at or before `afterRow` (a resumed job's rows already done) go to `skipped` instead.
 */
export async function* dataRows(
  kind: ImportFileKind,
  bytes: ImportSource,
  mapping: ColumnMapping,
  afterRow = 1,
  skipped?: (row: FileRow) => void,
): AsyncGenerator<FileRow[]> {
  let header = true;
  for await (const rows of readImportRows(kind, bytes)) {
    const out: FileRow[] = [];
    for (const r of rows) {
      if (header) {
        header = false;
        checkMappingFits(mapping, r.cells.length);
        continue;
      }
      if (isBlankRow(r.cells)) continue;
      if (r.row <= afterRow) skipped?.(r);
      else out.push(r);
    }
    if (out.length > 0) yield out;
  }
  if (header) throw badRequest('The file has no header row', { file: 'No header row' });
}

/** Reads the whole file once, before anything is written: its data rows, or the 400 of a malformed file. */
export async function countDataRows(
  kind: ImportFileKind,
  source: ImportSource,
  mapping: ColumnMapping,
): Promise<number> {
  let count = 0;
  for await (const rows of dataRows(kind, source, mapping)) count += rows.length;
  return count;
}

/** Checks rows by the domain rules and the workspace's units and departments; remembers emails seen earlier in the file. */
export class RowAssessor {
  private readonly seen = new EmailSet();

  private constructor(
    private readonly rules: RowRules,
    private readonly mapping: ColumnMapping,
    private readonly unitByName: Map<string, string>,
    private readonly headquarter: string | null,
    private readonly departmentByName: Map<string, string>,
  ) {}

  static async load(tx: Sql, workspaceId: string, rules: RowRules, mapping: ColumnMapping): Promise<RowAssessor> {
    const units = await repo.businessUnits(tx, workspaceId);
    const departments = await repo.departments(tx, workspaceId);
    return new RowAssessor(
      rules,
      mapping,
      new Map(units.map((u) => [u.name.trim().toLowerCase(), u.id])),
      units.find((u) => u.headquarter)?.id ?? null,
      new Map(departments.map((d) => [`${d.branch_id}|${d.name.trim().toLowerCase()}`, d.id])),
    );
  }

  private emailOf(cells: string[]): string {
    return lowerCased((cells[this.mapping.email!] ?? '').trim());
  }

  /** A row already worked (a resumed job): only its email is remembered, for the duplicate check. */
  remember(cells: string[]): void {
    const email = this.emailOf(cells);
    if (email) this.seen.add(email);
  }

  /**
   * One row's problems, and the user it would create. `withId: false` (validate, the report before importing: nothing
   * is written) leaves the user's id empty: a random UUID per row was about a tenth of what checking a row allocated.
   */
  assess({ row, cells }: FileRow, withId = true): AssessedRow {
    const { mapping, rules } = this;
    const ownUnitOnly = !seesAllBusinessUnits(rules.role);
    const { candidate, problems } = checkImportRow(cells, mapping, rules.role);
    const email = this.emailOf(cells);
    if (email && !this.seen.add(email)) problems.push(problem('email', 'duplicate-in-file', email));
    const unitName = (mapping.branch === undefined ? '' : (cells[mapping.branch] ?? '')).trim();
    let branchId: string | null = ownUnitOnly ? rules.branchId : this.headquarter;
    if (unitName) {
      const found = this.unitByName.get(lowerCased(unitName));
      if (!found) problems.push(problem('branch', 'unknown-business-unit', unitName));
      else if (ownUnitOnly && found !== rules.branchId)
        problems.push(problem('branch', 'business-unit-not-allowed', unitName));
      branchId = found ?? null;
    }
    const departmentName = (mapping.department === undefined ? '' : (cells[mapping.department] ?? '')).trim();
    let departmentId: string | null = null;
    if (departmentName && branchId) {
      departmentId = this.departmentByName.get(`${branchId}|${lowerCased(departmentName)}`) ?? null;
      if (!departmentId) problems.push(problem('department', 'unknown-department', departmentName));
    }
    const ok = candidate !== null && problems.length === 0;
    return {
      row,
      cells,
      email,
      problems,
      user: ok ? { ...candidate, id: withId ? randomUUID() : '', branchId, departmentId } : null,
    };
  }
}

/** The database check, in the caller's transaction: rows whose email is already a user here are skipped. */
export async function skipExistingUsers(tx: Sql, workspaceId: string, batch: AssessedRow[]): Promise<void> {
  const existing = await repo.existingEmails(
    tx,
    workspaceId,
    batch.filter((r) => r.user).map((r) => r.email),
  );
  markExisting(batch, existing);
}

/**
 * The same check as a transaction of its own, in one round trip (`tenantBatch`): validate checks a file's rows a
 * thousand at a time, and `tenant`'s BEGIN, prologue, statement and COMMIT were four round trips each.
 */
export async function skipExistingUsersAlone(db: Database, workspaceId: string, batch: AssessedRow[]): Promise<void> {
  const emails = batch.filter((r) => r.user).map((r) => r.email);
  if (emails.length === 0) return;
  const [rows] = (await tenantBatch(db, workspaceId, [repo.existingEmailsStatement(workspaceId, emails)])) as [
    { email: string }[],
  ];
  markExisting(batch, new Set(rows.map((r) => r.email)));
}

function markExisting(batch: AssessedRow[], existing: Set<string>): void {
  for (const r of batch) {
    if (r.user && existing.has(r.email)) {
      r.problems.push(problem('email', 'existing-user', r.email));
      r.user = null;
    }
  }
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
