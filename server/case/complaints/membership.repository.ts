import type { MembershipChange } from '../../../src/contracts/case/committee-membership.contract';
import type { Seat } from '../../../src/domain/complaints/membership';
import type { Sql } from '../../platform/db/database';

/** The SQL of committee membership (docs/case.md "Committee membership"): seats, their changes, recusals, admissions. */

export interface MemberSeat {
  userId: string;
  role: Seat['role'];
  gender: string;
  senior: boolean;
  fromAnotherOffice: boolean;
}

export interface ChangeRow {
  id: string;
  committee_id: string;
  committee_name: string;
  status: MembershipChange['status'];
  approver: MembershipChange['approver'];
  proposal: { name: string; termStart: string; termEnd: string; members: MemberSeat[] };
  added: string[];
  removed: string[];
  requested_by: string;
  requested_at: Date | string;
  decided_by: string | null;
  decided_at: Date | string | null;
  decision_note: string;
}

const CHANGE_COLUMNS = `ch.id, ch.committee_id, c.name AS committee_name, ch.status, ch.approver, ch.proposal, ch.added, ch.removed, ch.requested_by, ch.requested_at,
  ch.decided_by, ch.decided_at, ch.decision_note`;

export async function currentSeats(tx: Sql, ws: string, committeeId: string): Promise<Seat[]> {
  return (
    await tx.query<{ user_id: string; role: Seat['role'] }>(
      `SELECT user_id, role FROM committee_members WHERE workspace_id = $1 AND committee_id = $2 ORDER BY position`,
      [ws, committeeId],
    )
  ).map((r) => ({ userId: r.user_id, role: r.role }));
}

export async function removeMembers(tx: Sql, ws: string, committeeId: string, userIds: string[]): Promise<void> {
  await tx.query(
    `DELETE FROM committee_members WHERE workspace_id = $1 AND committee_id = $2 AND user_id = ANY($3::uuid[])`,
    [ws, committeeId, userIds],
  );
}

/** Seats the member at this place (1-based), or updates the seat of one who stays. */
export async function upsertMember(
  tx: Sql,
  ws: string,
  committeeId: string,
  m: MemberSeat,
  position: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO committee_members (workspace_id, committee_id, user_id, role, gender, senior, from_another_office, position)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (workspace_id, committee_id, user_id) DO UPDATE SET role = EXCLUDED.role, gender = EXCLUDED.gender, senior = EXCLUDED.senior,
       from_another_office = EXCLUDED.from_another_office, position = EXCLUDED.position`,
    [ws, committeeId, m.userId, m.role, m.gender, m.senior, m.fromAnotherOffice, position],
  );
}

/**
 * Recuses members who just joined: from each case of the committee they are a party to (AUTO_PARTY), a named witness
 * of where the workspace recuses witnesses (AUTO_PARTY, "A named witness"), from every other case (NOT_ADMITTED).
 */
export async function recuseJoiners(
  tx: Sql,
  ws: string,
  committeeId: string,
  added: string[],
  decidedBy: string | null,
): Promise<void> {
  await tx.query(
    `INSERT INTO complaint_recusals (workspace_id, complaint_id, user_id, reason, note, recorded_by)
     SELECT c.workspace_id, c.id, u.id, p.reason,
            CASE k.kind WHEN 'AUTO_PARTY' THEN 'A party to the case' WHEN 'AUTO_WITNESS' THEN 'A named witness' ELSE 'Joined the committee after the case was filed' END, $4
       FROM complaints c
       JOIN users u ON u.workspace_id = c.workspace_id AND u.id = ANY($3::uuid[])
       LEFT JOIN complaint_settings s ON s.workspace_id = c.workspace_id
       CROSS JOIN LATERAL (SELECT CASE WHEN c.filed_by = u.id OR c.respondent_user_id = u.id
                                        OR lower(c.complainant_email) = lower(u.email) OR lower(coalesce(c.respondent_email, '')) = lower(u.email)
                                       THEN 'AUTO_PARTY'
                                       WHEN coalesce(s.recuse_witnesses, true) AND lower(u.email) = ANY(c.witness_emails) THEN 'AUTO_WITNESS'
                                       ELSE 'NOT_ADMITTED' END AS kind) k
       CROSS JOIN LATERAL (SELECT CASE k.kind WHEN 'NOT_ADMITTED' THEN 'NOT_ADMITTED' ELSE 'AUTO_PARTY' END AS reason) p
      WHERE c.workspace_id = $1 AND c.committee_id = $2
     ON CONFLICT (workspace_id, complaint_id, user_id) DO NOTHING`,
    [ws, committeeId, added, decidedBy],
  );
}

/** Recuses the seated members named as witnesses of their committee's open cases; answers who, in which case. */
export function recuseSeatedWitnessRows(
  tx: Sql,
  ws: string,
  actorUserId: string,
): Promise<{ complaint_id: string; user_id: string }[]> {
  return tx.query<{ complaint_id: string; user_id: string }>(
    `INSERT INTO complaint_recusals (workspace_id, complaint_id, user_id, reason, note, recorded_by)
     SELECT c.workspace_id, c.id, m.user_id, 'AUTO_PARTY', 'A named witness', $2
       FROM complaints c
       JOIN committee_members m ON m.workspace_id = c.workspace_id AND m.committee_id = c.committee_id
       JOIN users u ON u.workspace_id = m.workspace_id AND u.id = m.user_id
      WHERE c.workspace_id = $1 AND c.status = 'OPEN' AND lower(u.email) = ANY(c.witness_emails)
     ON CONFLICT (workspace_id, complaint_id, user_id) DO UPDATE SET reason = 'AUTO_PARTY', note = 'A named witness', recorded_by = $2, recorded_at = now()
      WHERE complaint_recusals.reason = 'NOT_ADMITTED'
     RETURNING complaint_id, user_id`,
    [ws, actorUserId],
  );
}

/** The open cases before the committee. */
export async function openCaseIds(tx: Sql, ws: string, committeeId: string): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `SELECT id FROM complaints WHERE workspace_id = $1 AND committee_id = $2 AND status = 'OPEN'`,
    [ws, committeeId],
  );
  return rows.map((r) => r.id);
}

export async function hasPendingChange(tx: Sql, ws: string, committeeId: string): Promise<boolean> {
  const [pending] = await tx.query(
    `SELECT 1 FROM committee_membership_changes WHERE workspace_id = $1 AND committee_id = $2 AND status = 'PENDING'`,
    [ws, committeeId],
  );
  return Boolean(pending);
}

export async function insertChange(
  tx: Sql,
  ws: string,
  c: {
    committeeId: string;
    approver: string;
    proposal: ChangeRow['proposal'];
    added: string[];
    removed: string[];
    requestedBy: string;
  },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO committee_membership_changes (workspace_id, committee_id, approver, proposal, added, removed, requested_by)
     VALUES ($1, $2, $3, $4, $5::uuid[], $6::uuid[], $7) RETURNING id`,
    [ws, c.committeeId, c.approver, JSON.stringify(c.proposal), c.added, c.removed, c.requestedBy],
  );
  return row.id;
}

/** The changes the caller may see (all when they set committees up; else theirs and those of committees they preside). */
export function visibleChanges(tx: Sql, ws: string, userId: string, setsUp: boolean): Promise<ChangeRow[]> {
  return tx.query<ChangeRow>(
    `SELECT ${CHANGE_COLUMNS}
       FROM committee_membership_changes ch JOIN committees c ON c.workspace_id = ch.workspace_id AND c.id = ch.committee_id
      WHERE ch.workspace_id = $1
        AND ($3 OR ch.requested_by = $2
             OR EXISTS (SELECT 1 FROM committee_members m WHERE m.workspace_id = ch.workspace_id AND m.committee_id = ch.committee_id AND m.user_id = $2 AND m.role = 'PRESIDING_OFFICER'))
      ORDER BY ch.status <> 'PENDING', ch.requested_at DESC
      LIMIT 200`,
    [ws, userId, setsUp],
  );
}

/** The committees the person presides over. */
export async function presidedCommittees(tx: Sql, ws: string, userId: string): Promise<Set<string>> {
  const rows = await tx.query<{ committee_id: string }>(
    `SELECT committee_id FROM committee_members WHERE workspace_id = $1 AND user_id = $2 AND role = 'PRESIDING_OFFICER'`,
    [ws, userId],
  );
  return new Set(rows.map((r) => r.committee_id));
}

/**
 * Members waiting to be admitted to the cases the person presides over (the presiding officer not recused, or the
 * member named to preside in their stead).
 */
export function waitingAdmissions(
  tx: Sql,
  ws: string,
  userId: string,
): Promise<{ complaint_id: string; case_number: number; user_id: string; name: string }[]> {
  return tx.query<{ complaint_id: string; case_number: number; user_id: string; name: string }>(
    `SELECT c.id AS complaint_id, c.case_number, r.user_id, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) AS name
       FROM complaint_recusals r
       JOIN complaints c ON c.workspace_id = r.workspace_id AND c.id = r.complaint_id
       JOIN users u ON u.workspace_id = r.workspace_id AND u.id = r.user_id
       JOIN committee_members still ON still.workspace_id = c.workspace_id AND still.committee_id = c.committee_id AND still.user_id = r.user_id
      WHERE r.workspace_id = $1 AND r.reason = 'NOT_ADMITTED'
        AND NOT EXISTS (SELECT 1 FROM complaint_recusals me WHERE me.workspace_id = c.workspace_id AND me.complaint_id = c.id AND me.user_id = $2)
        AND (c.presiding_member_id = $2
             OR EXISTS (SELECT 1 FROM committee_members po WHERE po.workspace_id = c.workspace_id AND po.committee_id = c.committee_id AND po.user_id = $2 AND po.role = 'PRESIDING_OFFICER'))
        AND c.filed_by <> $2 AND c.respondent_user_id IS DISTINCT FROM $2
      ORDER BY c.case_number, name`,
    [ws, userId],
  );
}

/** The change, its row and its committee's locked when `lock`. */
export async function findChange(
  tx: Sql,
  ws: string,
  changeId: string,
  options: { lock?: boolean } = {},
): Promise<ChangeRow | null> {
  const [row] = await tx.query<ChangeRow>(
    `SELECT ${CHANGE_COLUMNS}
       FROM committee_membership_changes ch JOIN committees c ON c.workspace_id = ch.workspace_id AND c.id = ch.committee_id
      WHERE ch.workspace_id = $1 AND ch.id = $2${options.lock ? ' FOR UPDATE OF ch, c' : ''}`,
    [ws, changeId],
  );
  return row ?? null;
}

/** The person's seat on the committee (null: not a member). */
export async function seatRole(tx: Sql, ws: string, committeeId: string, userId: string): Promise<string | null> {
  const [seat] = await tx.query<{ role: string }>(
    `SELECT role FROM committee_members WHERE workspace_id = $1 AND committee_id = $2 AND user_id = $3`,
    [ws, committeeId, userId],
  );
  return seat?.role ?? null;
}

export async function recordDecision(
  tx: Sql,
  ws: string,
  changeId: string,
  d: { status: 'APPROVED' | 'REJECTED'; decidedBy: string; note: string },
): Promise<void> {
  await tx.query(
    `UPDATE committee_membership_changes SET status = $3, decided_by = $4, decided_at = now(), decision_note = $5 WHERE workspace_id = $1 AND id = $2`,
    [ws, changeId, d.status, d.decidedBy, d.note],
  );
}

/** The address of a member waiting to be admitted to the case (null: not waiting). */
export async function waitingMemberEmail(
  tx: Sql,
  ws: string,
  complaintId: string,
  userId: string,
): Promise<string | null> {
  const [waiting] = await tx.query<{ email: string }>(
    `SELECT u.email FROM complaint_recusals r JOIN users u ON u.workspace_id = r.workspace_id AND u.id = r.user_id
      WHERE r.workspace_id = $1 AND r.complaint_id = $2 AND r.user_id = $3 AND r.reason = 'NOT_ADMITTED'`,
    [ws, complaintId, userId],
  );
  return waiting?.email ?? null;
}

export async function admitMember(tx: Sql, ws: string, complaintId: string, userId: string): Promise<void> {
  await tx.query(
    `DELETE FROM complaint_recusals WHERE workspace_id = $1 AND complaint_id = $2 AND user_id = $3 AND reason = 'NOT_ADMITTED'`,
    [ws, complaintId, userId],
  );
}

export async function setRespondentAccount(tx: Sql, ws: string, complaintId: string, userId: string): Promise<void> {
  await tx.query(
    `UPDATE complaints SET respondent_user_id = $3, updated_at = now() WHERE workspace_id = $1 AND id = $2`,
    [ws, complaintId, userId],
  );
}

/** Adds the address to the case's named witnesses (once). */
export async function addWitnessEmail(tx: Sql, ws: string, complaintId: string, email: string): Promise<void> {
  await tx.query(
    `UPDATE complaints SET witness_emails = array_append(witness_emails, $3::text), updated_at = now()
      WHERE workspace_id = $1 AND id = $2 AND NOT ($3::text = ANY(witness_emails))`,
    [ws, complaintId, email],
  );
}

/** Of these cases, those the person presides over (seated as presiding officer of its committee, not recused). */
export async function presidedCases(
  tx: Sql,
  ws: string,
  complaintIds: readonly string[],
  userId: string,
): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `SELECT c.id FROM complaints c
      WHERE c.workspace_id = $1 AND c.id = ANY($2::uuid[])
        AND EXISTS (SELECT 1 FROM committee_members m WHERE m.workspace_id = c.workspace_id AND m.committee_id = c.committee_id AND m.user_id = $3 AND m.role = 'PRESIDING_OFFICER')
        AND NOT EXISTS (SELECT 1 FROM complaint_recusals r WHERE r.workspace_id = c.workspace_id AND r.complaint_id = c.id AND r.user_id = $3)`,
    [ws, [...complaintIds], userId],
  );
  return rows.map((r) => r.id);
}

export async function acknowledgeDeparture(
  tx: Sql,
  ws: string,
  a: { userId: string; acknowledgedBy: string; note: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO case_departure_acknowledgements (workspace_id, user_id, acknowledged_by, note) VALUES ($1, $2, $3, $4)
     ON CONFLICT (workspace_id, user_id) DO UPDATE SET acknowledged_by = $3, acknowledged_at = now(), note = $4`,
    [ws, a.userId, a.acknowledgedBy, a.note],
  );
}

/** What a change adds and removes, who approves it, and its committee's name. */
export async function changeSummary(
  tx: Sql,
  ws: string,
  changeId: string,
): Promise<{ added: string[]; removed: string[]; approver: string; name: string }> {
  const [change] = await tx.query<{ added: string[]; removed: string[]; approver: string; name: string }>(
    `SELECT ch.added, ch.removed, ch.approver, c.name FROM committee_membership_changes ch JOIN committees c ON c.workspace_id = ch.workspace_id AND c.id = ch.committee_id
      WHERE ch.workspace_id = $1 AND ch.id = $2`,
    [ws, changeId],
  );
  return change;
}

/** The addresses of the committee's active members and of these people. */
export async function committeeRecipients(
  tx: Sql,
  ws: string,
  committeeId: string,
  also: readonly string[],
): Promise<string[]> {
  const rows = await tx.query<{ email: string }>(
    `SELECT DISTINCT u.email FROM users u
      WHERE u.workspace_id = $1 AND u.status <> 'INACTIVE'
        AND (u.id IN (SELECT user_id FROM committee_members WHERE workspace_id = $1 AND committee_id = $2) OR u.id = ANY($3::uuid[]))`,
    [ws, committeeId, [...also]],
  );
  return rows.map((r) => r.email);
}

/** The display names of these people (their address where they have no name). */
export async function userNames(tx: Sql, ws: string, ids: readonly string[]): Promise<Map<string, string>> {
  const rows = await tx.query<{ id: string; name: string }>(
    `SELECT id, coalesce(nullif(trim(first_name || ' ' || last_name), ''), email) AS name FROM users WHERE workspace_id = $1 AND id = ANY($2::uuid[])`,
    [ws, [...new Set(ids.filter(Boolean))]],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}
