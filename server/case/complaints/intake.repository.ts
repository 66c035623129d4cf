import type { CaseEvent } from '../../../src/contracts/case/intake.contract';
import type { Sql } from '../../platform/db/database';
import { templates } from '../../platform/message-templates';
import type { Mailer } from '../../platform/messages';
import { NEXT_CASE_NUMBER } from './complaints.repository';

/**
 * The reporter of an intake case is told only that there is a reply, at the contact address they chose (if any):
 * no case number, no words of the reply (docs/case.md "Confidential intake").
 */
export async function notifyReporter(tx: Sql, mail: Mailer, ws: string, complaintId: string): Promise<void> {
  const [row] = await tx.query<{ contact_email: string | null }>(
    `SELECT contact_email FROM complaint_intakes WHERE workspace_id = $1 AND complaint_id = $2`,
    [ws, complaintId],
  );
  if (!row?.contact_email) return;
  await mail.send(
    {
      workspaceId: ws,
      to: row.contact_email,
      ...templates.reporterReply(),
    },
    tx,
  );
}

/** The receipt settings of the workspace (migration 0029); 180 days when nothing was set. */
export async function receiptExpiryDays(tx: Sql, ws: string): Promise<number> {
  const [row] = await tx.query<{ days: number }>(
    `SELECT receipt_expiry_days AS days FROM complaint_settings WHERE workspace_id = $1`,
    [ws],
  );
  return row?.days ?? 180;
}

export interface IntakeRow {
  id: string;
  complaint_id: string;
  password_hash: string | null;
  contact_email: string | null;
  key_confirmed_at: Date | string | null;
  last_used_at: Date | string;
  pending_file_ids: string[];
}

/** The workflow version a report is filed under: the workspace's default published one, else the newest published. */
export async function publishedWorkflow(tx: Sql, ws: string) {
  const [row] = await tx.query<{ workflow_id: string; version_id: string; workflow_name: string }>(
    `SELECT w.id AS workflow_id, v.id AS version_id, w.name AS workflow_name
       FROM workflow_versions v JOIN workflows w ON w.workspace_id = v.workspace_id AND w.id = v.workflow_id
      WHERE v.workspace_id = $1 AND v.status = 'PUBLISHED'
      ORDER BY v.default_to_workspace DESC, v.published_at DESC LIMIT 1`,
    [ws],
  );
  return row ?? null;
}

/** The workspace's committee; without one, the oldest unit committee (a reporter names no unit); null: none. */
export async function intakeCommittee(tx: Sql, ws: string): Promise<string | null> {
  const [row] = await tx.query<{ id: string }>(
    `SELECT id FROM committees WHERE workspace_id = $1 ORDER BY branch_id IS NULL DESC, created_at, id LIMIT 1`,
    [ws],
  );
  return row?.id ?? null;
}

/**
 * The account of the address, if the workspace has one (the respondent a reporter names). Through the email index
 * (`user_ids_by_email`, migration 0177): `lower(email) = ...` on users in a tenant transaction reads every user of the
 * workspace (row-level security keeps a non-leakproof condition off the index).
 */
export async function userIdByEmail(tx: Sql, ws: string, email: string): Promise<string | null> {
  const [row] = await tx.query<{ id: string }>(`SELECT id FROM user_ids_by_email($1::uuid, ARRAY[$2::text])`, [
    ws,
    email,
  ]);
  return row?.id ?? null;
}

/** The next case number, under the workspace's case-number lock (held to the end of the transaction). */
export async function lockNextCaseNumber(tx: Sql, ws: string): Promise<number> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('complaint-number:' || $1::text))`, [ws]);
  const [{ next }] = await tx.query<{ next: number }>(NEXT_CASE_NUMBER, [ws]);
  return next;
}

/**
 * A complaint of the confidential intake: filed by no account, `intake` set. The values in the order of the columns
 * after `version_id` less the fixed ones: workspace, number, compliance, committee, workflow, version, complainant's
 * name, the respondent's name, gender, phone, address, description and account, the incident's details and day,
 * witnesses, answers, received on, timeliness, who presides in the presiding officer's place, witnesses' addresses, the
 * day a former employee left.
 */
export async function insertReportedComplaint(tx: Sql, values: unknown[]): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO complaints (workspace_id, case_number, compliance, committee_id, workflow_id, version_id, filed_by, filed_as, intake,
        complainant_name, complainant_email, respondent_name, respondent_gender, respondent_phone, respondent_email, respondent_description,
        respondent_user_id, incident_details, incident_on, witnesses, answers, received_on, timeliness, presiding_member_id, witness_emails,
        former_employee_left_on)
     VALUES ($1, $2, $3, $4, $5, $6, NULL, 'COMPLAINANT', true, $7, NULL, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21::text[], $22::date)
     RETURNING id`,
    values,
  );
  return row.id;
}

/** The report's receipt: the key's hash, the password's hash if any, the contact address if any. */
export async function insertIntake(
  tx: Sql,
  ws: string,
  complaintId: string,
  keyHash: string,
  passwordHash: string | null,
  contactEmail: string | null,
): Promise<string> {
  const [intake] = await tx.query<{ id: string }>(
    `INSERT INTO complaint_intakes (workspace_id, complaint_id, key_hash, password_hash, contact_email) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [ws, complaintId, keyHash, passwordHash, contactEmail],
  );
  return intake.id;
}

/** Members who are parties to a reported case are recused from it. */
export async function recuseParties(tx: Sql, ws: string, complaintId: string, userIds: string[]): Promise<void> {
  for (const userId of userIds) {
    await tx.query(
      `INSERT INTO complaint_recusals (workspace_id, complaint_id, user_id, reason, note) VALUES ($1, $2, $3, 'AUTO_PARTY', 'A party to the case')`,
      [ws, complaintId, userId],
    );
  }
}

// ---------- the receipt and its sessions ----------

export async function storeSession(
  tx: Sql,
  ws: string,
  intakeId: string,
  hash: string,
  minutes: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO complaint_intake_sessions (workspace_id, token_hash, intake_id, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
    [ws, hash, intakeId, minutes],
  );
}

/** The receipt of a session not yet expired, with its case's number; null: no such session. */
export async function sessionIntake(
  tx: Sql,
  ws: string,
  tokenHash: string,
): Promise<(IntakeRow & { case_number: number }) | null> {
  const [row] = await tx.query<IntakeRow & { case_number: number }>(
    `SELECT i.id, i.complaint_id, i.password_hash, i.contact_email, i.key_confirmed_at, i.last_used_at, i.pending_file_ids::text[] AS pending_file_ids, c.case_number
       FROM complaint_intake_sessions s
       JOIN complaint_intakes i ON i.workspace_id = s.workspace_id AND i.id = s.intake_id
       JOIN complaints c ON c.workspace_id = i.workspace_id AND c.id = i.complaint_id
      WHERE s.workspace_id = $1 AND s.token_hash = $2 AND s.expires_at > now()`,
    [ws, tokenHash],
  );
  return row ?? null;
}

export async function touchIntake(tx: Sql, ws: string, intakeId: string): Promise<void> {
  await tx.query(`UPDATE complaint_intakes SET last_used_at = now() WHERE workspace_id = $1 AND id = $2`, [
    ws,
    intakeId,
  ]);
}

/** The receipt of the key's hash, and whether it went unused longer than the workspace allows. */
export async function intakeByKey(
  tx: Sql,
  ws: string,
  keyHash: string,
): Promise<(IntakeRow & { expired: boolean }) | null> {
  const [row] = await tx.query<IntakeRow & { expired: boolean }>(
    `SELECT i.id, i.complaint_id, i.password_hash, i.contact_email, i.key_confirmed_at, i.last_used_at, i.pending_file_ids,
            i.last_used_at < now() - make_interval(days => COALESCE((SELECT receipt_expiry_days FROM complaint_settings WHERE workspace_id = $1), 180)) AS expired
       FROM complaint_intakes i WHERE i.workspace_id = $1 AND i.key_hash = $2`,
    [ws, keyHash],
  );
  return row ?? null;
}

export async function keyMatches(tx: Sql, ws: string, intakeId: string, keyHash: string): Promise<boolean> {
  const [same] = await tx.query(
    `SELECT 1 FROM complaint_intakes WHERE workspace_id = $1 AND id = $2 AND key_hash = $3`,
    [ws, intakeId, keyHash],
  );
  return !!same;
}

export async function markKeyConfirmed(tx: Sql, ws: string, intakeId: string): Promise<void> {
  await tx.query(
    `UPDATE complaint_intakes SET key_confirmed_at = COALESCE(key_confirmed_at, now()) WHERE workspace_id = $1 AND id = $2`,
    [ws, intakeId],
  );
}

export async function deleteExpiredSessions(tx: Sql, ws: string): Promise<void> {
  await tx.query(`DELETE FROM complaint_intake_sessions WHERE workspace_id = $1 AND expires_at < now()`, [ws]);
}

export async function deleteSession(tx: Sql, ws: string, tokenHash: string): Promise<void> {
  await tx.query(`DELETE FROM complaint_intake_sessions WHERE workspace_id = $1 AND token_hash = $2`, [ws, tokenHash]);
}

// ---------- the reporter's case ----------

/** The complainant's thread: what the reporter and the committee wrote to each other. */
export async function reporterMessages(tx: Sql, ws: string, complaintId: string) {
  return tx.query<{ id: string; body: string; created_at: Date | string; author_id: string | null }>(
    `SELECT id, body, created_at, author_id FROM complaint_messages WHERE workspace_id = $1 AND complaint_id = $2 AND audience = 'COMPLAINANT' ORDER BY created_at, id`,
    [ws, complaintId],
  );
}

/** Every event of the case (the reporter sees them all: they are the complainant). */
export async function reporterEvents(tx: Sql, ws: string, complaintId: string) {
  return tx.query<{
    id: string;
    kind: CaseEvent['kind'];
    details: Record<string, unknown>;
    recorded_by: string | null;
    created_at: Date | string;
  }>(
    `SELECT id, kind, details, recorded_by, created_at FROM complaint_events WHERE workspace_id = $1 AND complaint_id = $2 ORDER BY created_at, id`,
    [ws, complaintId],
  );
}

export async function addPendingFile(tx: Sql, ws: string, intakeId: string, fileId: string): Promise<void> {
  await tx.query(
    `UPDATE complaint_intakes SET pending_file_ids = array_append(pending_file_ids, $3::uuid) WHERE workspace_id = $1 AND id = $2`,
    [ws, intakeId, fileId],
  );
}

export async function evidenceAttached(tx: Sql, ws: string, complaintId: string, fileId: string): Promise<boolean> {
  const attached = await tx.query(
    `SELECT 1 FROM complaint_evidence WHERE workspace_id = $1 AND complaint_id = $2 AND file_id = $3`,
    [ws, complaintId, fileId],
  );
  return attached.length > 0;
}

/** The reporter's upload becomes evidence of the case and leaves the receipt's pending files. */
export async function attachReporterEvidence(
  tx: Sql,
  ws: string,
  intakeId: string,
  complaintId: string,
  fileId: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO complaint_evidence (workspace_id, complaint_id, file_id, added_by) VALUES ($1, $2, $3, NULL) ON CONFLICT DO NOTHING`,
    [ws, complaintId, fileId],
  );
  await tx.query(
    `UPDATE complaint_intakes SET pending_file_ids = array_remove(pending_file_ids, $3::uuid) WHERE workspace_id = $1 AND id = $2`,
    [ws, intakeId, fileId],
  );
}

export async function saveReceiptExpiryDays(tx: Sql, ws: string, days: number): Promise<void> {
  await tx.query(
    `INSERT INTO complaint_settings (workspace_id, receipt_expiry_days) VALUES ($1, $2)
     ON CONFLICT (workspace_id) DO UPDATE SET receipt_expiry_days = excluded.receipt_expiry_days, updated_at = now()`,
    [ws, days],
  );
}
