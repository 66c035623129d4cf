import type { Sql } from '../../platform/db/database';

/** The SQL of ending sessions, unlocking accounts and changing one's password. */

export async function userExists(tx: Sql, ws: string, userId: string): Promise<boolean> {
  const rows = await tx.query<{ id: string }>('SELECT id FROM users WHERE workspace_id = $1 AND id = $2', [ws, userId]);
  return rows.length > 0;
}

/** Ends the user's sessions still open (all, or all but `keep`); answers how many. */
export async function revokeSessions(tx: Sql, ws: string, userId: string, keep: string | null): Promise<number> {
  const revoked = await tx.query<{ id: string }>(
    keep === null
      ? 'UPDATE sessions SET revoked_at = now() WHERE workspace_id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id'
      : 'UPDATE sessions SET revoked_at = now() WHERE workspace_id = $1 AND user_id = $2 AND id <> $3 AND revoked_at IS NULL RETURNING id',
    keep === null ? [ws, userId] : [ws, userId, keep],
  );
  return revoked.length;
}

/** Whether the user is locked now (null: no such user), the row held for the unlock. */
export async function lockedForUpdate(tx: Sql, ws: string, userId: string): Promise<{ locked: boolean } | null> {
  const [target] = await tx.query<{ id: string; locked: boolean }>(
    'SELECT id, (locked_until > now()) IS TRUE AS locked FROM users WHERE workspace_id = $1 AND id = $2 FOR UPDATE',
    [ws, userId],
  );
  return target ? { locked: target.locked } : null;
}

export async function clearLock(tx: Sql, ws: string, userId: string): Promise<void> {
  await tx.query(
    'UPDATE users SET locked_at = NULL, locked_until = NULL, code_failures = 0 WHERE workspace_id = $1 AND id = $2',
    [ws, userId],
  );
}

export async function passwordOwner(
  tx: Sql,
  ws: string,
  userId: string,
): Promise<{ password_hash: string | null; email: string; first_name: string; last_name: string } | null> {
  const [row] = await tx.query<{ password_hash: string | null; email: string; first_name: string; last_name: string }>(
    'SELECT password_hash, email, first_name, last_name FROM users WHERE workspace_id = $1 AND id = $2',
    [ws, userId],
  );
  return row ?? null;
}

export async function setPasswordHash(tx: Sql, ws: string, userId: string, hash: string): Promise<void> {
  await tx.query('UPDATE users SET password_hash = $3, updated_at = now() WHERE workspace_id = $1 AND id = $2', [
    ws,
    userId,
    hash,
  ]);
}
