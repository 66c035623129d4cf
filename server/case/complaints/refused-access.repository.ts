import type { Sql } from '../../platform/db/database';

/** The actions this log writes; with no actor they were made by someone who is not a signed-in member. */
export const REFUSALS = ['complaint.read.refused', 'complaint.access.refused'] as const;
export const NO_MEMBER = 'Someone not signed in to the workspace';
/** Any other entry without an actor is the reporter of an intake case, through their receipt key. */
export const REPORTER = 'The reporter (receipt key)';

/** The name the log shows for an entry written with no actor. */
export const unnamedActor = (action: string): string =>
  (REFUSALS as readonly string[]).includes(action) ? NO_MEMBER : REPORTER;

/** The key a refused attempt is counted under (docs/case.md "Attempts refused at the door"). */
export interface RefusalKey {
  ws: string;
  complaintId: string;
  action: string;
  who: string;
  method: string;
  route: string;
}

/**
 * Serialises the writers of one key, so two refusals of the same caller on the same route at the same instant cannot
 * both find the window empty and both write.
 */
export async function lockRefusalKey(tx: Sql, k: RefusalKey): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
    ['case-refusal', k.ws, k.complaintId, k.who, k.method, k.route].join('|'),
  ]);
}

/** Whether the case's log already holds a refusal of this key within the last `seconds`. */
export async function refusedWithin(tx: Sql, k: RefusalKey, seconds: number): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM complaint_audit_events
      WHERE workspace_id = $1 AND complaint_id = $2 AND action = $3 AND at > now() - make_interval(secs => $4)
        AND details->>'who' = $5 AND details->>'method' = $6 AND details->>'route' = $7
      LIMIT 1`,
    [k.ws, k.complaintId, k.action, seconds, k.who, k.method, k.route],
  );
  return rows.length > 0;
}
