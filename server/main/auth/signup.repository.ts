import type { Sql } from '../../platform/db/database';

/** The SQL of sign-up and email confirmation. */

/** A new confirmation code (its hash) for the account; the earlier ones stop working. */
export async function replaceConfirmation(
  tx: Sql,
  workspaceId: string,
  userId: string,
  codeHash: string,
  hours: number,
): Promise<void> {
  await tx.query(
    `UPDATE email_confirmations SET superseded_at = now()
      WHERE workspace_id = $1 AND user_id = $2 AND used_at IS NULL AND superseded_at IS NULL`,
    [workspaceId, userId],
  );
  await tx.query(
    `INSERT INTO email_confirmations (workspace_id, user_id, code_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
    [workspaceId, userId, codeHash, hours],
  );
}

export async function headquartersId(tx: Sql, workspaceId: string): Promise<string | null> {
  const [headquarters] = await tx.query<{ id: string }>(
    `SELECT id FROM branches WHERE workspace_id = $1 AND headquarter`,
    [workspaceId],
  );
  return headquarters?.id ?? null;
}

/** The signed-up employee, active and unconfirmed; null when the email already has an account here. */
export async function insertSignedUpUser(
  tx: Sql,
  workspaceId: string,
  user: { email: string; passwordHash: string; firstName: string; lastName: string; branchId: string | null },
): Promise<{ id: string; email: string; first_name: string } | null> {
  const [created] = await tx.query<{ id: string; email: string; first_name: string }>(
    `INSERT INTO users (workspace_id, email, password_hash, first_name, last_name, branch_id, role, status, email_confirmed, first_login)
     VALUES ($1, $2, $3, $4, $5, $6, 'EMPLOYEE', 'ACTIVE', false, true)
     ON CONFLICT DO NOTHING RETURNING id, email, first_name`,
    [workspaceId, user.email, user.passwordHash, user.firstName, user.lastName, user.branchId],
  );
  return created ?? null;
}

export async function accountByEmail(
  tx: Sql,
  workspaceId: string,
  email: string,
): Promise<{ id: string; email: string; first_name: string; email_confirmed: boolean; status: string } | null> {
  const [existing] = await tx.query<{
    id: string;
    email: string;
    first_name: string;
    email_confirmed: boolean;
    status: string;
  }>(`SELECT id, email, first_name, email_confirmed, status FROM users WHERE workspace_id = $1 AND lower(email) = $2`, [
    workspaceId,
    email,
  ]);
  return existing ?? null;
}

export interface ConfirmationRow {
  id: string;
  user_id: string;
  email: string;
  used: boolean;
  superseded: boolean;
  expired: boolean;
}

/** The confirmation of this code's hash, held for its use. */
export async function confirmationForUpdate(
  tx: Sql,
  workspaceId: string,
  codeHash: string,
): Promise<ConfirmationRow | null> {
  const [row] = await tx.query<ConfirmationRow>(
    `SELECT c.id, c.user_id, u.email, c.used_at IS NOT NULL AS used, c.superseded_at IS NOT NULL AS superseded, c.expires_at <= now() AS expired
       FROM email_confirmations c JOIN users u ON u.workspace_id = c.workspace_id AND u.id = c.user_id
      WHERE c.workspace_id = $1 AND c.code_hash = $2
      FOR UPDATE OF c`,
    [workspaceId, codeHash],
  );
  return row ?? null;
}

/** The code is spent and the account's email confirmed. */
export async function confirm(tx: Sql, workspaceId: string, confirmationId: string, userId: string): Promise<void> {
  await tx.query(`UPDATE email_confirmations SET used_at = now() WHERE workspace_id = $1 AND id = $2`, [
    workspaceId,
    confirmationId,
  ]);
  await tx.query(`UPDATE users SET email_confirmed = true, updated_at = now() WHERE workspace_id = $1 AND id = $2`, [
    workspaceId,
    userId,
  ]);
}

/** An active, unlocked account of this email still waiting for its confirmation. */
export async function unconfirmedAccount(
  tx: Sql,
  workspaceId: string,
  email: string,
): Promise<{ id: string; email: string; first_name: string } | null> {
  const [user] = await tx.query<{ id: string; email: string; first_name: string }>(
    `SELECT id, email, first_name FROM users
      WHERE workspace_id = $1 AND lower(email) = $2 AND NOT email_confirmed AND status = 'ACTIVE' AND (locked_until > now()) IS NOT TRUE`,
    [workspaceId, email],
  );
  return user ?? null;
}
