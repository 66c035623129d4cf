import type { CaseEvent } from '../../../src/contracts/case/intake.contract';
import type { Sql } from '../../platform/db/database';

/**
 * The SQL of the case's extras (case-extras.service.ts): people a committee member may name, denied access, the case's
 * events (interim relief, conciliation; the reporter's path of intake.service.ts writes them too) and complaints
 * recorded on someone's behalf.
 */

type EventKind = CaseEvent['kind'];

export interface DeniedRow {
  user_id: string;
  name: string | null;
  email: string;
  note: string;
  recorded_at: Date | string;
}

export interface EventRow {
  id: string;
  kind: EventKind;
  details: Record<string, unknown>;
  recorded_by: string | null;
  name: string | null;
  created_at: Date | string;
}

// ---------- people ----------

/** Whether the person sits on any committee of the workspace. */
export async function sitsOnACommittee(tx: Sql, ws: string, userId: string): Promise<boolean> {
  const [seat] = await tx.query(`SELECT 1 FROM committee_members WHERE workspace_id = $1 AND user_id = $2 LIMIT 1`, [
    ws,
    userId,
  ]);
  return !!seat;
}

/** Active people whose address or names start with the prefix (a LIKE pattern, its wildcards escaped), at most 20. */
export async function searchPeople(tx: Sql, ws: string, prefix: string) {
  return tx.query<{ id: string; email: string; name: string }>(
    `SELECT id, email, trim(first_name || ' ' || last_name) AS name FROM users
      WHERE workspace_id = $1 AND status <> 'INACTIVE'
        AND (lower(email) LIKE $2 OR lower(first_name) LIKE $2 OR lower(last_name) LIKE $2 OR lower(trim(first_name || ' ' || last_name)) LIKE $2)
      ORDER BY lower(trim(first_name || ' ' || last_name)), lower(email) LIMIT 20`,
    [ws, prefix],
  );
}

export async function personExists(tx: Sql, ws: string, userId: string): Promise<boolean> {
  const [person] = await tx.query<{ id: string }>(`SELECT id FROM users WHERE workspace_id = $1 AND id = $2`, [
    ws,
    userId,
  ]);
  return !!person;
}

/** A person of the workspace who is not inactive, with their unit. */
export async function activePerson(tx: Sql, ws: string, userId: string) {
  const [user] = await tx.query<{ id: string; email: string; name: string; branch_id: string | null }>(
    `SELECT id, email, trim(first_name || ' ' || last_name) AS name, branch_id FROM users WHERE workspace_id = $1 AND id = $2 AND status <> 'INACTIVE'`,
    [ws, userId],
  );
  return user ?? null;
}

/** Whether the person sits on the committee that hears a complaint of the unit: the unit's, else the workspace's. */
export async function sitsOnHearingCommittee(
  tx: Sql,
  ws: string,
  userId: string,
  branchId: string | null,
): Promise<boolean> {
  const [seat] = await tx.query(
    `SELECT 1 FROM committee_members m WHERE m.workspace_id = $1 AND m.user_id = $2 AND m.committee_id = (
       SELECT c.id FROM committees c WHERE c.workspace_id = $1 AND (c.branch_id IS NULL OR c.branch_id = $3) ORDER BY c.branch_id IS NULL LIMIT 1)`,
    [ws, userId, branchId],
  );
  return !!seat;
}

export async function employerEmails(tx: Sql, ws: string): Promise<string[]> {
  const rows = await tx.query<{ email: string }>(
    `SELECT email FROM users WHERE workspace_id = $1 AND role = 'EMPLOYER' AND status <> 'INACTIVE' ORDER BY email`,
    [ws],
  );
  return rows.map((r) => r.email);
}

// ---------- denied access ----------

/** Denies the person access to the case; a person already without access (recused, a party member) keeps their record. */
export async function denyAccess(tx: Sql, ws: string, id: string, userId: string, note: string, by: string) {
  await tx.query(
    `INSERT INTO complaint_recusals (workspace_id, complaint_id, user_id, reason, note, recorded_by) VALUES ($1, $2, $3, 'DENIED', $4, $5) ON CONFLICT DO NOTHING`,
    [ws, id, userId, note, by],
  );
}

/** Gives the denied person their access back; false when they were not denied it. */
export async function restoreAccess(tx: Sql, ws: string, id: string, userId: string): Promise<boolean> {
  const gone = await tx.query(
    `DELETE FROM complaint_recusals WHERE workspace_id = $1 AND complaint_id = $2 AND user_id = $3 AND reason = 'DENIED' RETURNING user_id`,
    [ws, id, userId],
  );
  return gone.length > 0;
}

export async function deniedRows(tx: Sql, ws: string, id: string): Promise<DeniedRow[]> {
  return tx.query<DeniedRow>(
    `SELECT r.user_id, trim(u.first_name || ' ' || u.last_name) AS name, u.email, r.note, r.recorded_at
       FROM complaint_recusals r JOIN users u ON u.workspace_id = r.workspace_id AND u.id = r.user_id
      WHERE r.workspace_id = $1 AND r.complaint_id = $2 AND r.reason = 'DENIED' ORDER BY r.recorded_at, r.user_id`,
    [ws, id],
  );
}

// ---------- events ----------

export async function hasEvent(tx: Sql, ws: string, id: string, kind: EventKind): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM complaint_events WHERE workspace_id = $1 AND complaint_id = $2 AND kind = $3 LIMIT 1`,
    [ws, id, kind],
  );
  return rows.length > 0;
}

/** Records an event of the case; `recordedBy` null: the reporter without an account. */
export async function insertEvent(
  tx: Sql,
  ws: string,
  id: string,
  kind: EventKind,
  details: Record<string, unknown>,
  recordedBy: string | null,
): Promise<{ id: string; created_at: Date | string }> {
  const [row] = await tx.query<{ id: string; created_at: Date | string }>(
    `INSERT INTO complaint_events (workspace_id, complaint_id, kind, details, recorded_by) VALUES ($1, $2, $3, $4, $5) RETURNING id, created_at`,
    [ws, id, kind, JSON.stringify(details), recordedBy],
  );
  return row;
}

/** The case's events of the given kinds, with the name of who recorded each. */
export async function eventRows(tx: Sql, ws: string, id: string, kinds: EventKind[]): Promise<EventRow[]> {
  return tx.query<EventRow>(
    `SELECT e.id, e.kind, e.details, e.recorded_by, trim(u.first_name || ' ' || u.last_name) AS name, e.created_at
       FROM complaint_events e LEFT JOIN users u ON u.workspace_id = e.workspace_id AND u.id = e.recorded_by
      WHERE e.workspace_id = $1 AND e.complaint_id = $2 AND e.kind = ANY($3::text[]) ORDER BY e.created_at, e.id`,
    [ws, id, kinds],
  );
}

/** The interim relief request of the case, if it is one. */
export async function reliefRequest(tx: Sql, ws: string, id: string, requestId: string) {
  const [request] = await tx.query<{ details: Record<string, unknown> }>(
    `SELECT details FROM complaint_events WHERE workspace_id = $1 AND complaint_id = $2 AND id = $3 AND kind = 'INTERIM_RELIEF_REQUESTED'`,
    [ws, id, requestId],
  );
  return request ?? null;
}

export async function reliefDecided(tx: Sql, ws: string, id: string, requestId: string): Promise<boolean> {
  const [decided] = await tx.query(
    `SELECT 1 FROM complaint_events WHERE workspace_id = $1 AND complaint_id = $2 AND kind = 'INTERIM_RELIEF_DECIDED' AND details->>'requestId' = $3`,
    [ws, id, requestId],
  );
  return !!decided;
}

// ---------- on someone's behalf ----------

/** The complaints recorded on the person's behalf that wait for their confirmation. */
export async function pendingConfirmations(tx: Sql, ws: string, userId: string) {
  return tx.query<{
    id: string;
    case_number: number;
    recorded_channel: 'ORAL_NOTICE' | 'HELP_TO_WRITE';
    created_at: Date | string;
    incident_details: string;
    incident_on: string;
    respondent_name: string | null;
  }>(
    `SELECT id, case_number, recorded_channel, created_at, incident_details, incident_on::text AS incident_on, respondent_name FROM complaints
      WHERE workspace_id = $1 AND filed_by = $2 AND confirmation_pending ORDER BY case_number`,
    [ws, userId],
  );
}

/** The complainant makes the complaint theirs: its clocks count from `receivedOn`. */
export async function confirmComplaint(tx: Sql, ws: string, id: string, receivedOn: string): Promise<void> {
  await tx.query(
    `UPDATE complaints SET confirmation_pending = false, confirmed_at = now(), received_on = $3::date, updated_at = now() WHERE workspace_id = $1 AND id = $2`,
    [ws, id, receivedOn],
  );
}
