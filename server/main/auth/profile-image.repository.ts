import type { Sql } from '../../platform/db/database';

/** The SQL of profile pictures: single-use upload tokens (their hashes) and the picture's key on the user's row. */

/** A new upload token for the user; their older ones (and anyone's expired) stop working. Answers its expiry. */
export async function replaceUploadToken(
  tx: Sql,
  workspaceId: string,
  userId: string,
  tokenHash: string,
  minutes: number,
): Promise<Date> {
  await tx.query(`DELETE FROM profile_image_uploads WHERE workspace_id = $1 AND (user_id = $2 OR expires_at < now())`, [
    workspaceId,
    userId,
  ]);
  const [row] = await tx.query<{ expires_at: Date }>(
    `INSERT INTO profile_image_uploads (workspace_id, user_id, token_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))
     RETURNING expires_at`,
    [workspaceId, userId, tokenHash, minutes],
  );
  return row.expires_at;
}

/** The user a live, unused token is for. */
export async function tokenOwner(tx: Sql, workspaceId: string, tokenHash: string): Promise<string | null> {
  const [upload] = await tx.query<{ user_id: string }>(
    `SELECT user_id FROM profile_image_uploads WHERE workspace_id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > now()`,
    [workspaceId, tokenHash],
  );
  return upload?.user_id ?? null;
}

/** Spends a live, unused token; answers whether this call spent it. */
export async function spendToken(tx: Sql, workspaceId: string, tokenHash: string): Promise<boolean> {
  const spent = await tx.query<{ id: string }>(
    `UPDATE profile_image_uploads SET used_at = now() WHERE workspace_id = $1 AND token_hash = $2 AND used_at IS NULL AND expires_at > now() RETURNING id`,
    [workspaceId, tokenHash],
  );
  return spent.length > 0;
}

/** Sets (or, with null, clears) the user's picture, the row held; answers the key it had. */
export async function replacePicture(
  tx: Sql,
  workspaceId: string,
  userId: string,
  picture: { key: string; type: string; sha256: string } | null,
): Promise<string | null> {
  const [before] = await tx.query<{ key: string | null }>(
    `SELECT profile_image_key AS key FROM users WHERE workspace_id = $1 AND id = $2 FOR UPDATE`,
    [workspaceId, userId],
  );
  await tx.query(
    `UPDATE users SET profile_image_key = $3, profile_image_type = $4, profile_image_sha256 = $5, updated_at = now() WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, userId, picture?.key ?? null, picture?.type ?? null, picture?.sha256 ?? null],
  );
  return before?.key ?? null;
}

export async function picture(
  tx: Sql,
  workspaceId: string,
  userId: string,
): Promise<{ key: string; type: string; sha256: string } | null> {
  const [row] = await tx.query<{ key: string; type: string; sha256: string }>(
    `SELECT profile_image_key AS key, profile_image_type AS type, profile_image_sha256 AS sha256
       FROM users WHERE workspace_id = $1 AND id = $2 AND profile_image_key IS NOT NULL`,
    [workspaceId, userId],
  );
  return row ?? null;
}
