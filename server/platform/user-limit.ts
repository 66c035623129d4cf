import type { Sql } from './db/database';
import { raise, refuse, type Refusal } from './refusal';

/**
 * The refusal (409 USER_LIMIT, naming the limit) of a change that would take the workspace past its user limit, or
 * null when it fits. Call it in the transaction that adds the users, before adding them: it takes the same
 * per-workspace lock as the bulk import, so two additions cannot both pass the check. Sign-up and single invites call
 * it too. The count comes from the trigger-kept user_counts summary (0011): no scan of a 100,000-person workspace.
 */
export async function userLimitRefusal(
  tx: Sql,
  workspaceId: string,
  adding: number,
  field = 'userLimit',
): Promise<Refusal | null> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('user-import:' || $1::text))`, [workspaceId]);
  const [row] = await tx.query<{ user_limit: number | null; users: number }>(
    `SELECT w.user_limit, (SELECT coalesce(sum(c.n), 0)::int FROM user_counts c WHERE c.workspace_id = w.id) AS users FROM workspaces w WHERE w.id = $1`,
    [workspaceId],
  );
  if (!row || row.user_limit === null || row.users + adding <= row.user_limit) return null;
  return refuse(
    'conflict',
    'USER_LIMIT',
    `This workspace may have at most ${row.user_limit} users; it has ${row.users}, so adding ${adding} would make ${row.users + adding}.`,
    { [field]: `User limit ${row.user_limit} reached` },
  );
}

/**
 * `userLimitRefusal` for a caller deep in a transaction that rolls back on a throw: the refusal is raised (see
 * `Refused` in refusal.ts), and answers 409 USER_LIMIT wherever it ends.
 */
export async function assertUserLimit(
  tx: Sql,
  workspaceId: string,
  adding: number,
  field = 'userLimit',
): Promise<void> {
  const refusal = await userLimitRefusal(tx, workspaceId, adding, field);
  if (refusal) raise(refusal);
}

/**
 * How many users the workspace may still add (null: no limit), under the same lock as `userLimitRefusal`: for a bulk
 * that admits its additions one by one, in order, until the room is spent.
 */
export async function userLimitRoom(tx: Sql, workspaceId: string): Promise<number | null> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('user-import:' || $1::text))`, [workspaceId]);
  const [row] = await tx.query<{ user_limit: number | null; users: number }>(
    `SELECT w.user_limit, (SELECT coalesce(sum(c.n), 0)::int FROM user_counts c WHERE c.workspace_id = w.id) AS users FROM workspaces w WHERE w.id = $1`,
    [workspaceId],
  );
  if (!row || row.user_limit === null) return null;
  return Math.max(0, row.user_limit - row.users);
}
