import type { Sql } from '../../platform/db/database';

/** The workspace's active employers (who an action step informs), by address. */
export async function activeEmployers(tx: Sql, ws: string): Promise<{ email: string; name: string }[]> {
  return tx.query<{ email: string; name: string }>(
    `SELECT lower(email) AS email, trim(first_name || ' ' || last_name) AS name FROM users
      WHERE workspace_id = $1 AND role = 'EMPLOYER' AND status <> 'INACTIVE' ORDER BY email`,
    [ws],
  );
}

export async function completeStep(
  tx: Sql,
  ws: string,
  complaintId: string,
  stepId: string,
  note: string,
  by: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO complaint_step_completions (workspace_id, complaint_id, step_id, note, completed_by) VALUES ($1, $2, $3, $4, $5)`,
    [ws, complaintId, stepId, note, by],
  );
}

/**
 * The case closed with its outcome: the inquiry complete and the report issued on `today` unless recorded before
 * (the appeal window, IN-10, runs from the report).
 */
export async function closeCase(
  tx: Sql,
  ws: string,
  id: string,
  close: { outcome: string; summary: string; by: string; today: string },
): Promise<void> {
  await tx.query(
    `UPDATE complaints SET status = 'CLOSED', outcome = $3, outcome_summary = $4, closed_at = now(), closed_by = $5, updated_at = now(),
            inquiry_completed_on = COALESCE(inquiry_completed_on, $6::date), report_issued_on = COALESCE(report_issued_on, $6::date),
            resolved_on = COALESCE(resolved_on, $6::date)
      WHERE workspace_id = $1 AND id = $2`,
    [ws, id, close.outcome, close.summary, close.by, close.today],
  );
}

/** A member steps aside from a case of their own will (kept as it was when already recused). */
export async function recuseSelf(
  tx: Sql,
  ws: string,
  complaintId: string,
  userId: string,
  note: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO complaint_recusals (workspace_id, complaint_id, user_id, reason, note, recorded_by) VALUES ($1, $2, $3, 'SELF', $4, $3)
     ON CONFLICT DO NOTHING`,
    [ws, complaintId, userId, note],
  );
}

export async function setPresiding(tx: Sql, ws: string, id: string, userId: string | null): Promise<void> {
  await tx.query(
    `UPDATE complaints SET presiding_member_id = $3, updated_at = now() WHERE workspace_id = $1 AND id = $2`,
    [ws, id, userId],
  );
}
