import type { Committee } from '../../../src/contracts/case/complaints.contract';
import type { Compliance } from '../../../src/domain/workflows/builder-rules';
import type { Sql } from '../../platform/db/database';

/** The SQL of the committee setup and of the workspace's complaint settings (docs/case.md "Complaints"). */

export interface CommitteeRow {
  id: string;
  name: string;
  branch_id: string | null;
  branch_name: string | null;
  term_start: string;
  term_end: string;
}

export interface MemberRow {
  id: string;
  committee_id: string;
  user_id: string;
  name: string;
  email: string;
  role: Committee['members'][number]['role'];
  gender: Committee['members'][number]['gender'];
  senior: boolean;
  from_another_office: boolean;
}

/** The workspace's committees (or the one named), the workspace-wide one first, then by business unit. */
export function committeeRows(tx: Sql, ws: string, id?: string): Promise<CommitteeRow[]> {
  return tx.query<CommitteeRow>(
    `SELECT c.id, c.name, c.branch_id, b.name AS branch_name, c.term_start::text AS term_start, c.term_end::text AS term_end
       FROM committees c LEFT JOIN branches b ON b.workspace_id = c.workspace_id AND b.id = c.branch_id
      WHERE c.workspace_id = $1 AND ($2::uuid IS NULL OR c.id = $2)
      ORDER BY c.branch_id IS NOT NULL, b.name, c.name`,
    [ws, id ?? null],
  );
}

/** The members of these committees, in their order. */
export function memberRows(tx: Sql, ws: string, committeeIds: readonly string[]): Promise<MemberRow[]> {
  return tx.query<MemberRow>(
    `SELECT m.id, m.committee_id, m.user_id, trim(u.first_name || ' ' || u.last_name) AS name, u.email, m.role, m.gender, m.senior, m.from_another_office
       FROM committee_members m JOIN users u ON u.workspace_id = m.workspace_id AND u.id = m.user_id
      WHERE m.workspace_id = $1 AND m.committee_id = ANY($2::uuid[])
      ORDER BY m.position`,
    [ws, [...committeeIds]],
  );
}

/** Which of these user ids are people of the workspace. */
export async function knownUsers(tx: Sql, ws: string, userIds: readonly string[]): Promise<Set<string>> {
  const rows = await tx.query<{ id: string }>(`SELECT id FROM users WHERE workspace_id = $1 AND id = ANY($2::uuid[])`, [
    ws,
    [...userIds],
  ]);
  return new Set(rows.map((r) => r.id));
}

export async function branchExists(tx: Sql, ws: string, branchId: string): Promise<boolean> {
  const [b] = await tx.query(`SELECT 1 FROM branches WHERE workspace_id = $1 AND id = $2`, [ws, branchId]);
  return Boolean(b);
}

/** Whether the business unit (null: the whole workspace) already has a committee. */
export async function hasCommittee(tx: Sql, ws: string, branchId: string | null | undefined): Promise<boolean> {
  const [existing] = await tx.query(
    `SELECT 1 FROM committees WHERE workspace_id = $1 AND branch_id IS NOT DISTINCT FROM $2::uuid`,
    [ws, branchId],
  );
  return Boolean(existing);
}

export async function insertCommittee(
  tx: Sql,
  ws: string,
  c: { branchId: string | null | undefined; name: string; termStart: string; termEnd: string; createdBy: string },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO committees (workspace_id, branch_id, name, term_start, term_end, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [ws, c.branchId, c.name, c.termStart, c.termEnd, c.createdBy],
  );
  return row.id;
}

/** Locks the committee row (false: no such committee in the workspace). */
export async function lockCommittee(tx: Sql, ws: string, id: string): Promise<boolean> {
  const [found] = await tx.query(`SELECT id FROM committees WHERE workspace_id = $1 AND id = $2 FOR UPDATE`, [ws, id]);
  return Boolean(found);
}

export async function updateCommittee(
  tx: Sql,
  ws: string,
  id: string,
  c: { name: string; termStart: string; termEnd: string },
): Promise<void> {
  await tx.query(
    `UPDATE committees SET name = $3, term_start = $4, term_end = $5, updated_at = now() WHERE workspace_id = $1 AND id = $2`,
    [ws, id, c.name, c.termStart, c.termEnd],
  );
}

/** Writes the workspace's regime and calendar (one row a workspace). */
export async function saveComplaintSettings(
  tx: Sql,
  ws: string,
  s: { compliance: Compliance; extraHolidays: string[]; saturdayOff: boolean; removedHolidays: string[] },
): Promise<void> {
  await tx.query(
    `INSERT INTO complaint_settings (workspace_id, compliance, extra_holidays, saturday_off, removed_holidays) VALUES ($1, $2, $3::date[], $4, $5::date[])
     ON CONFLICT (workspace_id) DO UPDATE SET compliance = $2, extra_holidays = $3::date[], saturday_off = $4, removed_holidays = $5::date[], updated_at = now()`,
    [ws, s.compliance, s.extraHolidays, s.saturdayOff, s.removedHolidays],
  );
}

export async function setRecuseWitnesses(tx: Sql, ws: string, recuse: boolean): Promise<void> {
  await tx.query(`UPDATE complaint_settings SET recuse_witnesses = $2 WHERE workspace_id = $1`, [ws, recuse]);
}
