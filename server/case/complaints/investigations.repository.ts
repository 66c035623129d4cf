import type { Sql } from '../../platform/db/database';

/** The SQL of Canada's investigation (docs/case.md "Canada's investigation"; migration 0125). */

export interface InvestigatorRow {
  id: string;
  name: string;
  email: string;
  qualifications: string;
  kind: 'INTERNAL' | 'EXTERNAL';
  position: number;
  active: boolean;
}

export interface InvestigationRow {
  investigator_id: string;
  proposed_on: string;
  complainant_agreed_on: string | null;
  respondent_agreed_on: string | null;
  appointed_on: string | null;
  appointed_by: 'AGREEMENT' | 'ROSTER' | null;
  report_description: string | null;
  report_conclusions: string | null;
  report_submitted_at: Date | string | null;
  report_final_at: Date | string | null;
}

export interface RecommendationRow {
  position: number;
  body: string;
  chosen: boolean;
  chosen_on: string | null;
  implemented_on: string | null;
}

const INVESTIGATOR = `id, name, email, qualifications, kind, position, active`;

export async function roster(tx: Sql, ws: string): Promise<InvestigatorRow[]> {
  return tx.query<InvestigatorRow>(
    `SELECT ${INVESTIGATOR} FROM investigators WHERE workspace_id = $1 ORDER BY position`,
    [ws],
  );
}

export async function investigator(tx: Sql, ws: string, id: string): Promise<InvestigatorRow | null> {
  const [row] = await tx.query<InvestigatorRow>(
    `SELECT ${INVESTIGATOR} FROM investigators WHERE workspace_id = $1 AND id = $2`,
    [ws, id],
  );
  return row ?? null;
}

/** Adds to the end of the roster; null when the address is on it already. */
export async function insertInvestigator(
  tx: Sql,
  ws: string,
  userId: string,
  i: { name: string; email: string; qualifications: string; kind: 'INTERNAL' | 'EXTERNAL' },
): Promise<InvestigatorRow | null> {
  // The workspace's roster is appended to one at a time: the position is the next, under a lock of the workspace.
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('investigators:' || $1::text, 0))`, [ws]);
  const [row] = await tx.query<InvestigatorRow>(
    `INSERT INTO investigators (workspace_id, name, email, qualifications, kind, position, added_by)
     VALUES ($1, $2, $3, $4, $5, (SELECT COALESCE(max(position), 0) + 1 FROM investigators WHERE workspace_id = $1), $6)
     ON CONFLICT DO NOTHING
     RETURNING ${INVESTIGATOR}`,
    [ws, i.name, i.email, i.qualifications, i.kind, userId],
  );
  return row ?? null;
}

export async function setActive(tx: Sql, ws: string, id: string, active: boolean): Promise<InvestigatorRow | null> {
  const [row] = await tx.query<InvestigatorRow>(
    `UPDATE investigators SET active = $3 WHERE workspace_id = $1 AND id = $2 RETURNING ${INVESTIGATOR}`,
    [ws, id, active],
  );
  return row ?? null;
}

export async function investigationOf(tx: Sql, ws: string, complaintId: string): Promise<InvestigationRow | null> {
  const [row] = await tx.query<InvestigationRow>(
    `SELECT investigator_id, proposed_on::text AS proposed_on, complainant_agreed_on::text AS complainant_agreed_on,
            respondent_agreed_on::text AS respondent_agreed_on, appointed_on::text AS appointed_on, appointed_by,
            report_description, report_conclusions, report_submitted_at, report_final_at
       FROM complaint_investigations WHERE workspace_id = $1 AND complaint_id = $2`,
    [ws, complaintId],
  );
  return row ?? null;
}

export async function recommendationsOf(tx: Sql, ws: string, complaintId: string): Promise<RecommendationRow[]> {
  return tx.query<RecommendationRow>(
    `SELECT position, body, chosen, chosen_on::text AS chosen_on, implemented_on::text AS implemented_on
       FROM investigation_recommendations WHERE workspace_id = $1 AND complaint_id = $2 ORDER BY position`,
    [ws, complaintId],
  );
}

/** A new proposal: the parties' agreement starts anew. */
export async function propose(
  tx: Sql,
  ws: string,
  complaintId: string,
  investigatorId: string,
  today: string,
  userId: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO complaint_investigations (workspace_id, complaint_id, investigator_id, proposed_on, proposed_by)
     VALUES ($1, $2, $3, $4::date, $5)
     ON CONFLICT (workspace_id, complaint_id) DO UPDATE SET investigator_id = EXCLUDED.investigator_id,
       proposed_on = EXCLUDED.proposed_on, proposed_by = EXCLUDED.proposed_by,
       complainant_agreed_on = NULL, respondent_agreed_on = NULL`,
    [ws, complaintId, investigatorId, today, userId],
  );
}

export async function recordAgreement(
  tx: Sql,
  ws: string,
  complaintId: string,
  party: 'COMPLAINANT' | 'RESPONDENT',
  today: string,
): Promise<void> {
  const column = party === 'COMPLAINANT' ? 'complainant_agreed_on' : 'respondent_agreed_on';
  await tx.query(
    `UPDATE complaint_investigations SET ${column} = COALESCE(${column}, $3::date)
      WHERE workspace_id = $1 AND complaint_id = $2`,
    [ws, complaintId, today],
  );
}

export async function appoint(
  tx: Sql,
  ws: string,
  complaintId: string,
  how: { by: 'AGREEMENT' } | { by: 'ROSTER'; investigatorId: string; position: number },
  today: string,
): Promise<void> {
  if (how.by === 'AGREEMENT') {
    await tx.query(
      `UPDATE complaint_investigations SET appointed_on = $3::date, appointed_by = 'AGREEMENT', appointed_at = now()
        WHERE workspace_id = $1 AND complaint_id = $2`,
      [ws, complaintId, today],
    );
    return;
  }
  await tx.query(
    `UPDATE complaint_investigations SET investigator_id = $3, appointed_on = $4::date, appointed_by = 'ROSTER',
            appointed_at = now(), roster_position = $5
      WHERE workspace_id = $1 AND complaint_id = $2`,
    [ws, complaintId, how.investigatorId, today, how.position],
  );
}

/** The roster position of the workspace's last investigator the roster chose: the round robin goes on after it. */
export async function lastRosterPosition(tx: Sql, ws: string): Promise<number | null> {
  // One roster choice at a time per workspace, so two cases cannot both take the same next investigator.
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('investigator-roster:' || $1::text, 0))`, [ws]);
  const [row] = await tx.query<{ roster_position: number }>(
    `SELECT roster_position FROM complaint_investigations
      WHERE workspace_id = $1 AND appointed_by = 'ROSTER' ORDER BY appointed_at DESC LIMIT 1`,
    [ws],
  );
  return row?.roster_position ?? null;
}

export async function saveReport(
  tx: Sql,
  ws: string,
  complaintId: string,
  report: { description: string; conclusions: string; recommendations: readonly string[] },
): Promise<void> {
  await tx.query(
    `UPDATE complaint_investigations SET report_description = $3, report_conclusions = $4, report_submitted_at = now()
      WHERE workspace_id = $1 AND complaint_id = $2`,
    [ws, complaintId, report.description, report.conclusions],
  );
  await tx.query(`DELETE FROM investigation_recommendations WHERE workspace_id = $1 AND complaint_id = $2`, [
    ws,
    complaintId,
  ]);
  if (report.recommendations.length > 0)
    await tx.query(
      `INSERT INTO investigation_recommendations (workspace_id, complaint_id, position, body)
       SELECT $1, $2, r.position::int, r.body FROM unnest($3::text[]) WITH ORDINALITY AS r(body, position)`,
      [ws, complaintId, [...report.recommendations]],
    );
}

/** The investigator makes the report final (CA-06): it goes to the parties and no longer changes. */
export async function finaliseReport(tx: Sql, ws: string, complaintId: string): Promise<void> {
  await tx.query(
    `UPDATE complaint_investigations SET report_final_at = now()
      WHERE workspace_id = $1 AND complaint_id = $2 AND report_final_at IS NULL`,
    [ws, complaintId],
  );
}

/** The committee ends the investigator's part before the report is final: the choice starts anew (the log keeps it). */
export async function removeInvestigation(tx: Sql, ws: string, complaintId: string): Promise<void> {
  await tx.query(`DELETE FROM complaint_investigations WHERE workspace_id = $1 AND complaint_id = $2`, [
    ws,
    complaintId,
  ]);
}

export async function saveRecommendation(
  tx: Sql,
  ws: string,
  complaintId: string,
  position: number,
  r: { chosen: boolean; chosenOn: string | null; implementedOn: string | null; userId: string },
): Promise<void> {
  await tx.query(
    `UPDATE investigation_recommendations SET chosen = $4, chosen_on = $5::date, implemented_on = $6::date, recorded_by = $7
      WHERE workspace_id = $1 AND complaint_id = $2 AND position = $3`,
    [ws, complaintId, position, r.chosen, r.chosenOn, r.implementedOn, r.userId],
  );
}

/** What identifies the parties' accounts: names, addresses, employee ids. */
export async function accountsOf(
  tx: Sql,
  ws: string,
  userIds: readonly (string | null)[],
): Promise<{ id: string; name: string; email: string; employee_id: string | null }[]> {
  const ids = userIds.filter((u): u is string => !!u);
  if (ids.length === 0) return [];
  return tx.query(
    `SELECT id, trim(first_name || ' ' || last_name) AS name, email, employee_id
       FROM users WHERE workspace_id = $1 AND id = ANY($2::uuid[])`,
    [ws, ids],
  );
}

/**
 * The account of the address, if the workspace has one (a party or witness named by email), through the email index
 * (`user_ids_by_email`, migration 0177; see intake.repository.ts).
 */
export async function userIdByEmail(tx: Sql, ws: string, email: string): Promise<string | null> {
  const [row] = await tx.query<{ id: string }>(`SELECT id FROM user_ids_by_email($1::uuid, ARRAY[$2::text])`, [
    ws,
    email,
  ]);
  return row?.id ?? null;
}

export async function evidenceOf(
  tx: Sql,
  ws: string,
  complaintId: string,
): Promise<{ file_id: string; sha256: string | null }[]> {
  return tx.query(
    `SELECT e.file_id, f.sha256 FROM complaint_evidence e
       JOIN files f ON f.workspace_id = e.workspace_id AND f.id = e.file_id
      WHERE e.workspace_id = $1 AND e.complaint_id = $2 ORDER BY e.added_at`,
    [ws, complaintId],
  );
}

/** CA-05 / CA-06 for the legal rules: counts only. */
export async function investigationCounts(
  tx: Sql,
  ws: string,
  today: string,
): Promise<{ roster: number; awaitingRoster: number; reports: number; outstanding: number }> {
  const [row] = await tx.query<{
    roster: number;
    awaiting_roster: number;
    reports: number;
    outstanding: number;
  }>(
    `SELECT (SELECT count(*)::int FROM investigators WHERE workspace_id = $1 AND active) AS roster,
            (SELECT count(*)::int FROM complaint_investigations i
               JOIN complaints c ON c.workspace_id = i.workspace_id AND c.id = i.complaint_id
              WHERE i.workspace_id = $1 AND i.appointed_on IS NULL AND c.status = 'OPEN'
                AND i.proposed_on + 60 <= $2::date) AS awaiting_roster,
            (SELECT count(*)::int FROM complaint_investigations WHERE workspace_id = $1 AND report_submitted_at IS NOT NULL) AS reports,
            (SELECT count(*)::int FROM investigation_recommendations WHERE workspace_id = $1 AND chosen AND implemented_on IS NULL) AS outstanding`,
    [ws, today],
  );
  return {
    roster: row.roster,
    awaitingRoster: row.awaiting_roster,
    reports: row.reports,
    outstanding: row.outstanding,
  };
}

/** The cases an address is the appointed investigator of. */
export async function appointmentsOf(
  tx: Sql,
  ws: string,
  email: string,
): Promise<{ complaint_id: string; case_number: number; appointed_on: string; report: boolean }[]> {
  return tx.query(
    `SELECT i.complaint_id, c.case_number, i.appointed_on::text AS appointed_on, i.report_submitted_at IS NOT NULL AS report
       FROM complaint_investigations i
       JOIN investigators v ON v.workspace_id = i.workspace_id AND v.id = i.investigator_id
       JOIN complaints c ON c.workspace_id = i.workspace_id AND c.id = i.complaint_id
      WHERE i.workspace_id = $1 AND i.appointed_on IS NOT NULL AND lower(v.email) = lower($2)
      ORDER BY c.case_number DESC`,
    [ws, email],
  );
}
