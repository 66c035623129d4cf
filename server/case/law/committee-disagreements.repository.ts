import type { Sql } from '../../platform/db/database';

/** The SQL of the disagreements with the workplace committee (migration 0167, CA-09). */
export interface DisagreementRow {
  id: string;
  subject: string;
  committee_position: string;
  employer_position: string;
  occurred_on: string;
  recorded_on: string;
  recorded_by_name: string | null;
}

const COLUMNS = `d.id, d.subject, d.committee_position, d.employer_position, d.occurred_on::text AS occurred_on,
  d.recorded_on::text AS recorded_on,
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS recorded_by_name`;
const FROM = `committee_disagreements d LEFT JOIN users u ON u.workspace_id = d.workspace_id AND u.id = d.recorded_by`;

export async function disagreementsOf(tx: Sql, ws: string): Promise<DisagreementRow[]> {
  return tx.query<DisagreementRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE d.workspace_id = $1 ORDER BY d.occurred_on DESC, d.recorded_at DESC`,
    [ws],
  );
}

export async function disagreementById(tx: Sql, ws: string, id: string): Promise<DisagreementRow | null> {
  const [row] = await tx.query<DisagreementRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE d.workspace_id = $1 AND d.id = $2`,
    [ws, id],
  );
  return row ?? null;
}

export async function insertDisagreement(
  tx: Sql,
  ws: string,
  userId: string,
  d: { subject: string; committeePosition: string; employerPosition: string; occurredOn: string; recordedOn: string },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO committee_disagreements
       (workspace_id, subject, committee_position, employer_position, occurred_on, recorded_on, recorded_by)
     VALUES ($1, $2, $3, $4, $5::date, $6::date, $7) RETURNING id`,
    [ws, d.subject, d.committeePosition, d.employerPosition, d.occurredOn, d.recordedOn, userId],
  );
  return row.id;
}

export async function deleteDisagreement(tx: Sql, ws: string, id: string): Promise<void> {
  await tx.query(`DELETE FROM committee_disagreements WHERE workspace_id = $1 AND id = $2`, [ws, id]);
}
