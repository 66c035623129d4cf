import { normalisePhoneNumber } from '../../../src/domain/auth/phone-number';
import type { Sql } from '../../platform/db/database';

/** The SQL of sign-in by code and of forgotten passwords (docs/identity.md). */

export interface CodeUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  status: string;
  /** Set while a lock after too many wrong codes lasts (users.locked_until, migration 0017). */
  locked_until: Date | null;
}

/** The user whose profile carries this number; a number on two profiles matches nobody (it proves no one). */
export async function findUserByPhone(
  tx: Sql,
  workspaceId: string,
  contactNumber: string,
): Promise<(CodeUser & { phone: string }) | undefined> {
  const phone = normalisePhoneNumber(contactNumber);
  if (!phone) return undefined;
  const users = await tx.query<CodeUser & { phone: string }>(
    `SELECT id, email, first_name, last_name, status, CASE WHEN locked_until > now() THEN locked_until END AS locked_until, phone_number AS phone
       FROM users
      WHERE workspace_id = $1 AND phone_number IS NOT NULL
        AND regexp_replace(phone_number, '[^0-9+]', '', 'g') = $2 AND status <> 'INACTIVE'
      LIMIT 2`,
    [workspaceId, phone],
  );
  return users.length === 1 ? users[0] : undefined;
}

/** The account with this email, unless deactivated. */
export async function findUser(tx: Sql, workspaceId: string, email: string): Promise<CodeUser | undefined> {
  const [user] = await tx.query<CodeUser>(
    `SELECT id, email, first_name, last_name, status, CASE WHEN locked_until > now() THEN locked_until END AS locked_until
       FROM users WHERE workspace_id = $1 AND lower(email) = $2`,
    [workspaceId, email],
  );
  return user && user.status !== 'INACTIVE' ? user : undefined;
}

/** An invited person who proved their email becomes active. */
export async function activate(tx: Sql, workspaceId: string, userId: string): Promise<void> {
  await tx.query(`UPDATE users SET status = 'ACTIVE', updated_at = now() WHERE workspace_id = $1 AND id = $2`, [
    workspaceId,
    userId,
  ]);
}

export async function confirmEmail(tx: Sql, workspaceId: string, userId: string): Promise<void> {
  await tx.query(
    `UPDATE users SET email_confirmed = true WHERE workspace_id = $1 AND id = $2 AND NOT email_confirmed`,
    [workspaceId, userId],
  );
}

/** The new password (the reset proves the email and activates an invited person), and every session ended. */
export async function resetPassword(tx: Sql, workspaceId: string, userId: string, passwordHash: string): Promise<void> {
  await tx.query(
    `UPDATE users SET password_hash = $3, status = CASE WHEN status = 'INVITED' THEN 'ACTIVE' ELSE status END, email_confirmed = true, updated_at = now()
          WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, userId, passwordHash],
  );
  await tx.query(
    `UPDATE sessions SET revoked_at = now() WHERE workspace_id = $1 AND user_id = $2 AND revoked_at IS NULL`,
    [workspaceId, userId],
  );
}
