import type { UpdateProfileBody } from '../../../src/contracts/main/auth.contract';
import type { Sql } from '../../platform/db/database';

/** The person's own name, and their language when the body gives one (null: back to the workspace's default). */
export async function updateNameAndLanguage(
  tx: Sql,
  ws: string,
  userId: string,
  body: UpdateProfileBody,
): Promise<void> {
  await tx.query(
    `UPDATE users SET first_name = $3, last_name = $4, language = CASE WHEN $5 THEN $6 ELSE language END, updated_at = now()
      WHERE workspace_id = $1 AND id = $2`,
    [ws, userId, body.firstName, body.lastName, body.language !== undefined, body.language ?? null],
  );
}

/** The first-login welcome is done with. */
export async function clearFirstLogin(tx: Sql, ws: string, userId: string): Promise<void> {
  await tx.query(`UPDATE users SET first_login = false, updated_at = now() WHERE workspace_id = $1 AND id = $2`, [
    ws,
    userId,
  ]);
}
