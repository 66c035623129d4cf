import type { Sql } from '../../platform/db/database';
import type { ImportCandidate } from '../../../src/domain/imports/import-rows';

/** The data of the import. Every query is scoped by workspace_id (row-level security is the second wall). */
export interface UnitRow {
  id: string;
  name: string;
  headquarter: boolean;
}

export async function businessUnits(tx: Sql, workspaceId: string): Promise<UnitRow[]> {
  return tx.query<UnitRow>(`SELECT id, name, headquarter FROM branches WHERE workspace_id = $1`, [workspaceId]);
}

export async function departments(tx: Sql, workspaceId: string): Promise<{ id: string; branch_id: string; name: string }[]> {
  return tx.query(`SELECT id, branch_id, name FROM departments WHERE workspace_id = $1`, [workspaceId]);
}

/** Which of these (lower-case) emails already belong to users of the workspace. */
export async function existingEmails(tx: Sql, workspaceId: string, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await tx.query<{ email: string }>(
    `SELECT lower(email) AS email FROM users WHERE workspace_id = $1 AND lower(email) = ANY($2::text[])`,
    [workspaceId, emails],
  );
  return new Set(rows.map((r) => r.email));
}

export interface NewUser extends ImportCandidate {
  /** Chosen by the service (a random UUID), so the invites can refer to it without RETURNING. */
  id: string;
  branchId: string | null;
  departmentId: string | null;
}

/**
 * One multi-row INSERT per batch (arrays through unnest), as INVITED users. The caller has checked, under
 * the import lock and in this transaction, that no email exists; a user created meanwhile by another path
 * makes the unique index refuse the whole import (the service answers 409), never a duplicate.
 * No ON CONFLICT and no RETURNING: together they doubled the cost of the insert.
 */
export async function insertInvitedUsers(tx: Sql, workspaceId: string, users: NewUser[]): Promise<void> {
  if (users.length === 0) return;
  const col = <K extends keyof NewUser>(key: K) => users.map((u) => u[key]);
  await tx.query(
    `INSERT INTO users (workspace_id, id, email, first_name, last_name, employee_id, gender, designation, branch_id, department_id,
                        role, home_address, phone_number, date_of_joining, status)
     SELECT $1, t.id, t.email, t.first_name, t.last_name, t.employee_id, t.gender, t.designation, t.branch_id, t.department_id,
            t.role, t.home_address, t.phone_number, t.date_of_joining, 'INVITED'
       FROM unnest($14::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::uuid[], $9::uuid[],
                   $10::text[], $11::text[], $12::text[], $13::date[])
            AS t(id, email, first_name, last_name, employee_id, gender, designation, branch_id, department_id,
                 role, home_address, phone_number, date_of_joining)`,
    [
      workspaceId,
      col('email'),
      col('firstName'),
      col('lastName'),
      col('employeeId'),
      col('gender'),
      col('designation'),
      col('branchId'),
      col('departmentId'),
      col('role'),
      col('homeAddress'),
      col('phoneNumber'),
      col('dateOfJoining'),
      col('id'),
    ],
  );
}

export async function insertInvites(
  tx: Sql,
  workspaceId: string,
  jobId: string,
  invites: { userId: string; email: string; branchId: string | null; codeHash: string }[],
): Promise<void> {
  if (invites.length === 0) return;
  await tx.query(
    `INSERT INTO invites (workspace_id, user_id, email, branch_id, code_hash, import_job_id)
     SELECT $1, t.user_id, t.email, t.branch_id, t.code_hash, $6
       FROM unnest($2::uuid[], $3::text[], $4::uuid[], $5::text[]) AS t(user_id, email, branch_id, code_hash)`,
    [workspaceId, invites.map((i) => i.userId), invites.map((i) => i.email), invites.map((i) => i.branchId), invites.map((i) => i.codeHash), jobId],
  );
}

export async function createImportJob(tx: Sql, workspaceId: string, fileKey: string, createdBy: string): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO import_jobs (workspace_id, file_key, created_by) VALUES ($1, $2, $3) RETURNING id`,
    [workspaceId, fileKey, createdBy],
  );
  return row.id;
}

export async function finishImportJob(
  tx: Sql,
  workspaceId: string,
  jobId: string,
  counts: { totalRows: number; created: number; skipped: number },
): Promise<void> {
  await tx.query(
    `UPDATE import_jobs SET status = 'DONE', total_rows = $3, created = $4, skipped = $5, finished_at = now()
      WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, jobId, counts.totalRows, counts.created, counts.skipped],
  );
}

export async function countUsers(tx: Sql, workspaceId: string): Promise<number> {
  const [row] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE workspace_id = $1`, [workspaceId]);
  return row.n;
}

/** Serialises imports within one workspace, so the user limit holds under concurrent imports. */
export async function lockImports(tx: Sql, workspaceId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('user-import:' || $1::text))`, [workspaceId]);
}
