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

/** A date of the case's course (one of DATE_COLUMNS) set to a day. */
export async function setCaseDate(tx: Sql, ws: string, id: string, column: DateColumn, day: string): Promise<void> {
  if (!DATE_COLUMNS.includes(column)) throw new Error(`not a date column: ${column}`);
  await tx.query(`UPDATE complaints SET ${column} = $3::date, updated_at = now() WHERE workspace_id = $1 AND id = $2`, [
    ws,
    id,
    day,
  ]);
}

/** A member found to be a party, recused from the case (kept as it was when already recused). */
export async function recuseFoundParty(tx: Sql, ws: string, complaintId: string, userId: string): Promise<void> {
  await tx.query(
    `INSERT INTO complaint_recusals (workspace_id, complaint_id, user_id, reason, note) VALUES ($1, $2, $3, 'AUTO_PARTY', 'A party to the case') ON CONFLICT DO NOTHING`,
    [ws, complaintId, userId],
  );
}

/** The process the user files through: the published version of their business unit, else the workspace's default. */
export async function publishedVersionFor(
  tx: Sql,
  ws: string,
  userId: string,
): Promise<{ workflow_id: string; version_id: string; workflow_name: string } | null> {
  const [row] = await tx.query<{ workflow_id: string; version_id: string; workflow_name: string }>(
    `SELECT w.id AS workflow_id, v.id AS version_id, w.name AS workflow_name
       FROM workflow_versions v JOIN workflows w ON w.workspace_id = v.workspace_id AND w.id = v.workflow_id
      WHERE v.workspace_id = $1 AND v.status = 'PUBLISHED'
      ORDER BY (SELECT branch_id FROM users WHERE workspace_id = $1 AND id = $2) = ANY(v.branch_ids) IS TRUE DESC,
               v.default_to_workspace DESC, v.published_at DESC
      LIMIT 1`,
    [ws, userId],
  );
  return row ?? null;
}

/** The committee of the user's business unit, else the workspace's (IN-01); null: none constituted. */
export async function committeeOfFiler(tx: Sql, ws: string, userId: string): Promise<string | null> {
  const [row] = await tx.query<{ id: string }>(
    `SELECT c.id FROM committees c
      WHERE c.workspace_id = $1 AND (c.branch_id IS NULL OR c.branch_id = (SELECT branch_id FROM users WHERE workspace_id = $1 AND id = $2))
      ORDER BY c.branch_id IS NULL LIMIT 1`,
    [ws, userId],
  );
  return row?.id ?? null;
}

export async function committeeName(tx: Sql, ws: string, committeeId: string | null): Promise<string> {
  const [row] = await tx.query<{ name: string }>(`SELECT name FROM committees WHERE workspace_id = $1 AND id = $2`, [
    ws,
    committeeId,
  ]);
  return row?.name ?? '';
}

/** Whether the user sits on any committee of the workspace. */
export async function seatedOnCommittee(tx: Sql, ws: string, userId: string): Promise<boolean> {
  const rows = await tx.query(`SELECT 1 FROM committee_members WHERE workspace_id = $1 AND user_id = $2 LIMIT 1`, [
    ws,
    userId,
  ]);
  return rows.length > 0;
}

/** The numbers of the open cases of the user's committees that they wait to be admitted to. */
export async function awaitingAdmission(tx: Sql, ws: string, userId: string): Promise<number[]> {
  const rows = await tx.query<{ case_number: number }>(
    `SELECT c.case_number FROM complaint_recusals r
       JOIN complaints c ON c.workspace_id = r.workspace_id AND c.id = r.complaint_id
       JOIN committee_members m ON m.workspace_id = c.workspace_id AND m.committee_id = c.committee_id AND m.user_id = r.user_id
      WHERE r.workspace_id = $1 AND r.user_id = $2 AND r.reason = 'NOT_ADMITTED' AND c.status = 'OPEN'
      ORDER BY c.case_number`,
    [ws, userId],
  );
  return rows.map((r) => r.case_number);
}

export interface CaseLogRow {
  at: Date | string;
  action: string;
  details: Record<string, unknown>;
  name: string | null;
  email: string | null;
  actor_user_id: string | null;
}

/**
 * The case's access log: its own events and the list reads that listed it (one row per list, migration 0042), by
 * their own ids or by the set of cases they name (migration 0048).
 */
export async function caseLog(tx: Sql, ws: string, complaintId: string): Promise<CaseLogRow[]> {
  return tx.query<CaseLogRow>(
    `SELECT a.at, a.action, a.actor_user_id, a.details, trim(u.first_name || ' ' || u.last_name) AS name, u.email
       FROM (SELECT e.at, e.id, e.action, e.actor_user_id, e.details FROM complaint_audit_events e WHERE e.workspace_id = $1 AND e.complaint_id = $2
             UNION ALL
             SELECT l.at, l.id, 'complaint.list', l.actor_user_id, '{}'::jsonb FROM complaint_list_reads l WHERE l.workspace_id = $1 AND l.complaint_ids @> ARRAY[$2::uuid]
             UNION ALL
             SELECT l.at, l.id, 'complaint.list', l.actor_user_id, '{}'::jsonb
               FROM complaint_list_sets k JOIN complaint_list_reads l ON l.workspace_id = k.workspace_id AND l.set_id = k.id
              WHERE k.workspace_id = $1 AND k.complaint_ids @> ARRAY[$2::uuid]) a
       LEFT JOIN users u ON u.workspace_id = $1 AND u.id = a.actor_user_id
      ORDER BY a.at, a.id`,
    [ws, complaintId],
  );
}

/** What the admin's home warns about: a process published, a workspace-wide committee, open cases without one. */
export async function readiness(
  tx: Sql,
  ws: string,
): Promise<{ published: boolean; committee: boolean; without: number }> {
  const [row] = await tx.query<{ published: boolean; committee: boolean; without: number }>(
    `SELECT EXISTS (SELECT 1 FROM workflow_versions WHERE workspace_id = $1 AND status = 'PUBLISHED') AS published,
            EXISTS (SELECT 1 FROM committees c WHERE c.workspace_id = $1 AND c.branch_id IS NULL
                      AND EXISTS (SELECT 1 FROM committee_members m WHERE m.workspace_id = $1 AND m.committee_id = c.id)) AS committee,
            (SELECT count(*)::int FROM complaints WHERE workspace_id = $1 AND status = 'OPEN' AND committee_id IS NULL) AS without`,
    [ws],
  );
  return row;
}

/** How many cases retention purged (their tombstones). */
export async function purgedCount(tx: Sql, ws: string): Promise<number> {
  const [{ purged }] = await tx.query<{ purged: number }>(
    `SELECT count(*)::int AS purged FROM complaint_tombstones WHERE workspace_id = $1`,
    [ws],
  );
  return purged;
}

/** Each field of the version's form with who sees it under the regime (null: the field's default). */
export async function formFieldReaders<R>(
  tx: Sql,
  ws: string,
  versionId: string,
  compliance: string,
): Promise<{ id: string; system_key: string | null; roles: R[] | null }[]> {
  return tx.query<{ id: string; system_key: string | null; roles: R[] | null }>(
    `SELECT a.id, a.system_key, r.roles
       FROM workflow_form_attributes a
       LEFT JOIN workflow_attribute_roles r ON r.workspace_id = a.workspace_id AND r.version_id = a.version_id AND r.attribute_id = a.id AND r.compliance = $3
      WHERE a.workspace_id = $1 AND a.version_id = $2`,
    [ws, versionId, compliance],
  );
}

export interface MessageRow<A extends string> {
  id: string;
  audience: A;
  body: string;
  created_at: Date | string;
  author_id: string;
  name: string | null;
}

/** The case's messages in the given threads, oldest first, with their authors' names. */
export async function messagesOf<A extends string>(
  tx: Sql,
  ws: string,
  complaintId: string,
  audiences: readonly A[],
): Promise<MessageRow<A>[]> {
  return tx.query<MessageRow<A>>(
    `SELECT m.id, m.audience, m.body, m.created_at, m.author_id, trim(u.first_name || ' ' || u.last_name) AS name
       FROM complaint_messages m LEFT JOIN users u ON u.workspace_id = m.workspace_id AND u.id = m.author_id
      WHERE m.workspace_id = $1 AND m.complaint_id = $2 AND m.audience = ANY($3::text[]) ORDER BY m.created_at, m.id`,
    [ws, complaintId, [...audiences]],
  );
}
