import type { Sql } from '../../platform/db/database';

/** A case row with its dates as text (`YYYY-MM-DD`). */
export interface ComplaintRow {
  id: string;
  case_number: number;
  compliance: 'IN_POSH' | 'CA_FEDERAL';
  committee_id: string | null;
  workflow_id: string;
  version_id: string;
  workflow_name: string;
  /** Null for a case filed through the confidential intake (no account). */
  filed_by: string;
  filed_as: 'COMPLAINANT' | 'WITNESS';
  complainant_name: string;
  complainant_email: string | null;
  complainant_gender: string | null;
  complainant_phone: string | null;
  respondent_name: string | null;
  respondent_gender: string | null;
  respondent_phone: string | null;
  respondent_email: string | null;
  respondent_description: string | null;
  respondent_user_id: string | null;
  against_employer: boolean;
  incident_details: string;
  incident_on: string;
  witnesses: string[];
  /** The addresses the witnesses were named with (migration 0075), lower case. */
  witness_emails: string[];
  answers: Record<string, string>;
  received_on: string;
  timeliness: 'ON_TIME' | 'EXTENSION_NEEDED' | 'BEYOND_EXTENSION';
  presiding_member_id: string | null;
  status: 'OPEN' | 'CLOSED';
  outcome: 'UPHELD' | 'NOT_UPHELD' | 'SETTLED_BY_CONCILIATION' | 'WITHDRAWN' | 'REFERRED' | null;
  outcome_summary: string | null;
  closed_at: Date | string | null;
  respondent_copy_sent_on: string | null;
  respondent_reply_on: string | null;
  inquiry_start_on: string | null;
  inquiry_completed_on: string | null;
  report_issued_on: string | null;
  employer_action_on: string | null;
  first_contact_on: string | null;
  negotiated_meeting_on: string | null;
  resolved_on: string | null;
  /** Filed through /api/intake (migration 0029). */
  intake: boolean;
  /** Recorded on someone's behalf and not confirmed by them yet. */
  confirmation_pending: boolean;
  /** IN-03 (migration 0136): the extension of the filing limit, and a filing for her. */
  filing_extension_reasons: string | null;
  filing_extended_on: string | null;
  filing_extended_by: string | null;
  filed_for_capacity: string | null;
  filed_for_reason: string | null;
  filed_for_consent: boolean | null;
}

export const DATE_COLUMNS = [
  'respondent_copy_sent_on',
  'respondent_reply_on',
  'inquiry_start_on',
  'inquiry_completed_on',
  'report_issued_on',
  'employer_action_on',
  'first_contact_on',
  'negotiated_meeting_on',
  'resolved_on',
] as const;
export type DateColumn = (typeof DATE_COLUMNS)[number];

const SELECT = `SELECT c.id, c.case_number, c.compliance, c.committee_id, c.workflow_id, c.version_id, w.name AS workflow_name, c.filed_by, c.filed_as,
    c.complainant_name, c.complainant_email, c.complainant_gender, c.complainant_phone,
    c.respondent_name, c.respondent_gender, c.respondent_phone, c.respondent_email, c.respondent_description, c.respondent_user_id,
    c.against_employer, c.incident_details, c.incident_on::text AS incident_on, c.witnesses, c.witness_emails, c.answers, c.received_on::text AS received_on,
    c.timeliness, c.presiding_member_id, c.status, c.outcome, c.outcome_summary, c.closed_at, c.intake, c.confirmation_pending,
    c.filing_extension_reasons, c.filing_extended_on::text AS filing_extended_on, c.filing_extended_by,
    c.filed_for_capacity, c.filed_for_reason, c.filed_for_consent,
    ${DATE_COLUMNS.map((d) => `c.${d}::text AS ${d}`).join(', ')}
  FROM complaints c JOIN workflows w ON w.workspace_id = c.workspace_id AND w.id = c.workflow_id`;

/** The next case number: never one a purged case had (its tombstone keeps it). */
export const NEXT_CASE_NUMBER = `SELECT GREATEST((SELECT COALESCE(max(case_number), 0) FROM complaints WHERE workspace_id = $1),
    (SELECT COALESCE(max(case_number), 0) FROM complaint_tombstones WHERE workspace_id = $1))::int + 1 AS next`;

export async function findComplaint(tx: Sql, ws: string, id: string, lock = false): Promise<ComplaintRow | null> {
  const [row] = await tx.query<ComplaintRow>(
    `${SELECT} WHERE c.workspace_id = $1 AND c.id = $2${lock ? ' FOR UPDATE OF c' : ''}`,
    [ws, id],
  );
  return row ?? null;
}

/** Every case the user may be part of: filed, named as respondent, or on the committee of. Access is decided after. */
export async function candidateComplaints(tx: Sql, ws: string, userId: string): Promise<ComplaintRow[]> {
  return tx.query<ComplaintRow>(
    `${SELECT}
      WHERE c.workspace_id = $1
        AND (c.filed_by = $2 OR c.respondent_user_id = $2
             OR c.committee_id IN (SELECT committee_id FROM committee_members WHERE workspace_id = $1 AND user_id = $2))
      ORDER BY c.case_number DESC`,
    [ws, userId],
  );
}

export async function allOpenOrClosed(tx: Sql, ws: string): Promise<ComplaintRow[]> {
  return tx.query<ComplaintRow>(`${SELECT} WHERE c.workspace_id = $1`, [ws]);
}

export interface OpenCaseStage {
  id: string;
  /** The stage of the case's next step (the first step of its version not completed); null: outside any stage. */
  stage_name: string | null;
  stage_position: number | null;
  /** The case has a step left to complete. */
  has_next_step: boolean;
}

/** The stage each open case is at: the stage of its next step (docs/case.md "Counts by stage"). */
export async function openCaseStages(tx: Sql, ws: string): Promise<OpenCaseStage[]> {
  return tx.query<OpenCaseStage>(
    `SELECT c.id, st.name AS stage_name, st.position AS stage_position, nx.id IS NOT NULL AS has_next_step
       FROM complaints c
       LEFT JOIN LATERAL (
         SELECT s.id, s.stage_id FROM workflow_steps s
          WHERE s.workspace_id = c.workspace_id AND s.version_id = c.version_id
            AND NOT EXISTS (SELECT 1 FROM complaint_step_completions x
                             WHERE x.workspace_id = c.workspace_id AND x.complaint_id = c.id AND x.step_id = s.id)
          ORDER BY s.position LIMIT 1) nx ON true
       LEFT JOIN workflow_stages st ON st.workspace_id = c.workspace_id AND st.id = nx.stage_id
      WHERE c.workspace_id = $1 AND c.status = 'OPEN'`,
    [ws],
  );
}

export interface MemberOfCase {
  user_id: string;
  name: string;
  email: string;
  role: 'PRESIDING_OFFICER' | 'EMPLOYEE_MEMBER' | 'EXTERNAL_MEMBER' | 'DESIGNATED_RECIPIENT';
  committee_id: string;
}

export async function membersOf(tx: Sql, ws: string, committeeIds: readonly string[]): Promise<MemberOfCase[]> {
  if (committeeIds.length === 0) return [];
  return tx.query<MemberOfCase>(
    `SELECT m.user_id, trim(u.first_name || ' ' || u.last_name) AS name, u.email, m.role, m.committee_id
       FROM committee_members m JOIN users u ON u.workspace_id = m.workspace_id AND u.id = m.user_id
      WHERE m.workspace_id = $1 AND m.committee_id = ANY($2::uuid[]) ORDER BY m.position`,
    [ws, [...new Set(committeeIds)]],
  );
}

export async function recusalsOf(
  tx: Sql,
  ws: string,
  complaintIds: readonly string[],
): Promise<{ complaint_id: string; user_id: string; reason: string }[]> {
  if (complaintIds.length === 0) return [];
  return tx.query(
    `SELECT complaint_id, user_id, reason FROM complaint_recusals WHERE workspace_id = $1 AND complaint_id = ANY($2::uuid[])`,
    [ws, [...complaintIds]],
  );
}

export async function caseAudit(
  tx: Sql,
  e: {
    ws: string;
    complaintId: string;
    actorUserId: string | null;
    action: string;
    ip: string | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO complaint_audit_events (workspace_id, complaint_id, actor_user_id, action, ip, details) VALUES ($1, $2, $3, $4, $5, $6)`,
    [e.ws, e.complaintId, e.actorUserId, e.action, e.ip, JSON.stringify(e.details ?? {})],
  );
}

/** Recuses a member from a case as a party (`note` says which), over a recusal or a wait for admission written before. */
export async function recuseAsParty(
  tx: Sql,
  ws: string,
  complaintId: string,
  userId: string,
  note: string,
  recordedBy: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO complaint_recusals (workspace_id, complaint_id, user_id, reason, note, recorded_by) VALUES ($1, $2, $3, 'AUTO_PARTY', $5, $4)
     ON CONFLICT (workspace_id, complaint_id, user_id) DO UPDATE SET reason = 'AUTO_PARTY', note = $5, recorded_by = $4, recorded_at = now()`,
    [ws, complaintId, userId, recordedBy, note],
  );
}

/** An account's address, lower case, if it is the workspace's. */
export async function accountEmail(tx: Sql, ws: string, userId: string): Promise<string | null> {
  const [row] = await tx.query<{ email: string }>(
    `SELECT lower(email) AS email FROM users WHERE workspace_id = $1 AND id = $2`,
    [ws, userId],
  );
  return row?.email ?? null;
}

export interface StepRow {
  id: string;
  position: number;
  kind: 'MEETING' | 'ACTION';
  name: string;
  description: string;
  settings: { actionTypes?: string[]; party?: string | null };
  time_limit: { kind: 'DAYS'; days: number; workingDays: boolean } | { kind: 'STATUTORY'; clockId: string } | null;
  completed_at: Date | string | null;
}

export async function stepsOf(tx: Sql, ws: string, complaintId: string, versionId: string): Promise<StepRow[]> {
  return tx.query<StepRow>(
    `SELECT s.id, s.position, s.kind, s.name, s.description, s.settings, s.time_limit, d.completed_at
       FROM workflow_steps s
       LEFT JOIN complaint_step_completions d ON d.workspace_id = s.workspace_id AND d.step_id = s.id AND d.complaint_id = $3
      WHERE s.workspace_id = $1 AND s.version_id = $2 ORDER BY s.position`,
    [ws, versionId, complaintId],
  );
}

export const caseNumberText = (n: number): string => `C-${String(n).padStart(4, '0')}`;

/** The caller's address and name, for the mails and the messages they write. */
export async function whoIs(tx: Sql, ws: string, userId: string): Promise<{ email: string; name: string } | null> {
  const [me] = await tx.query<{ email: string; name: string }>(
    `SELECT email, trim(first_name || ' ' || last_name) AS name FROM users WHERE workspace_id = $1 AND id = $2`,
    [ws, userId],
  );
  return me ?? null;
}

/**
 * Development only (server/web/dev-case-clock.routes.ts, journeys): moves every date of a case back `days` days, as if
 * it had been received that long ago. Answers whether the case was found.
 */
export async function backdateCase(tx: Sql, ws: string, id: string, days: number): Promise<boolean> {
  const moved = await tx.query(
    `UPDATE complaints SET received_on = received_on - $3::int, incident_on = incident_on - $3::int, created_at = created_at - make_interval(days => $3::int),
       ${DATE_COLUMNS.map((c) => `${c} = ${c} - $3::int`).join(', ')}
     WHERE workspace_id = $1 AND id = $2 RETURNING id`,
    [ws, id, days],
  );
  return moved.length > 0;
}

/** The addresses of the case's committee members who may read it (not recused or denied, not inactive): told of a party's message. */
export async function committeeReaders(tx: Sql, ws: string, complaintId: string): Promise<string[]> {
  const rows = await tx.query<{ email: string }>(
    `SELECT u.email
       FROM complaints c
       JOIN committee_members m ON m.workspace_id = c.workspace_id AND m.committee_id = c.committee_id
       JOIN users u ON u.workspace_id = m.workspace_id AND u.id = m.user_id AND u.status <> 'INACTIVE'
      WHERE c.workspace_id = $1 AND c.id = $2
        AND NOT EXISTS (SELECT 1 FROM complaint_recusals r WHERE r.workspace_id = c.workspace_id AND r.complaint_id = c.id AND r.user_id = m.user_id)
      ORDER BY m.position`,
    [ws, complaintId],
  );
  return rows.map((r) => r.email);
}

/** A party wrote to the committee: its readers are told there is a message (no words of it, no name), in the same transaction. */
export function partyMessageMails(
  ws: string,
  readers: string[],
  caseNumber: string,
  from: 'complainant' | 'respondent' | 'reporter',
) {
  return readers.map((to) => ({
    workspaceId: ws,
    to,
    subject: `A new message on case ${caseNumber}`,
    text: `The ${from} wrote to the committee on case ${caseNumber}. Sign in to read it.`,
  }));
}

/** Whether any of `authors` (the committee's members) already wrote in `audience`'s thread of the case. */
export async function wroteTo(
  tx: Sql,
  ws: string,
  complaintId: string,
  audience: 'COMPLAINANT' | 'RESPONDENT',
  authors: string[],
): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM complaint_messages WHERE workspace_id = $1 AND complaint_id = $2 AND audience = $3 AND author_id = ANY($4::uuid[]) LIMIT 1`,
    [ws, complaintId, audience, authors],
  );
  return rows.length > 0;
}
