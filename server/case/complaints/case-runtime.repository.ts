import type { VersionPrerequisite } from '../../../src/domain/complaints/case-runtime';
import type { Sql } from '../../platform/db/database';

/** The SQL of due process in the case runtime (docs/case.md "Due process in the case runtime"). */

/** The version's prerequisites, as the runtime reads them (the builder's workflow-prerequisite calls write them). */
export async function prerequisitesOf(tx: Sql, ws: string, versionId: string): Promise<VersionPrerequisite[]> {
  return tx.query<VersionPrerequisite>(
    `SELECT label, reference_id AS "referenceId" FROM workflow_prerequisites WHERE workspace_id = $1 AND version_id = $2 ORDER BY position`,
    [ws, versionId],
  );
}

/** The latest close with a mandatory step open: its written reasons, when, and by whom. */
export async function lastCloseOverride(
  tx: Sql,
  ws: string,
  complaintId: string,
): Promise<{ reasons: string; at: Date | string; name: string | null } | undefined> {
  const [override] = await tx.query<{ reasons: string; at: Date | string; name: string | null }>(
    `SELECT e.details->>'reasons' AS reasons, e.at, trim(u.first_name || ' ' || u.last_name) AS name
       FROM complaint_audit_events e LEFT JOIN users u ON u.workspace_id = e.workspace_id AND u.id = e.actor_user_id
      WHERE e.workspace_id = $1 AND e.complaint_id = $2 AND e.action = 'complaint.close.override' ORDER BY e.at DESC LIMIT 1`,
    [ws, complaintId],
  );
  return override;
}

/** Sets the given columns of the case (names from the service's own table of party columns, never from input). */
export async function setCaseColumns(
  tx: Sql,
  ws: string,
  id: string,
  columns: readonly { column: string; value: string | null }[],
): Promise<void> {
  const sets = columns.map((c, i) => `${c.column} = $${i + 3}`);
  await tx.query(`UPDATE complaints SET ${sets.join(', ')}, updated_at = now() WHERE workspace_id = $1 AND id = $2`, [
    ws,
    id,
    ...columns.map((c) => c.value),
  ]);
}

/** IN-03: the filing limit extended, with the committee's reasons, on a day, by a member. */
export async function extendFilingLimit(
  tx: Sql,
  ws: string,
  id: string,
  extension: { reasons: string; on: string; by: string },
): Promise<void> {
  await tx.query(
    `UPDATE complaints SET filing_extension_reasons = $3, filing_extended_on = $4::date, filing_extended_by = $5, updated_at = now()
      WHERE workspace_id = $1 AND id = $2`,
    [ws, id, extension.reasons, extension.on, extension.by],
  );
}
