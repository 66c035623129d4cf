import type { Sql } from '../../platform/db/database';

export interface InviteCounts {
  unused: number;
  unsent: number;
  expired: number;
}

/** Unclaimed invitations of the workspace (or of one business unit): still valid, never sent, expired. */
export async function inviteCounts(tx: Sql, workspaceId: string, unit: string | null): Promise<InviteCounts> {
  const [row] = await tx.query<InviteCounts>(
    `SELECT count(*) FILTER (WHERE i.expires_at > now())::int AS unused,
            count(*) FILTER (WHERE i.sent_at IS NULL AND i.expires_at > now())::int AS unsent,
            count(*) FILTER (WHERE i.expires_at <= now())::int AS expired
       FROM invites i JOIN users u ON u.workspace_id = i.workspace_id AND u.id = i.user_id
      WHERE i.workspace_id = $1 AND i.claimed_at IS NULL AND ($2::uuid IS NULL OR u.branch_id = $2)`,
    [workspaceId, unit],
  );
  return row;
}

/** The people still invited whose invitation is unclaimed, in the workspace or one business unit. */
export async function pendingInvitees(tx: Sql, workspaceId: string, unit: string | null): Promise<string[]> {
  const rows = await tx.query<{ user_id: string }>(
    `SELECT i.user_id FROM invites i JOIN users u ON u.workspace_id = i.workspace_id AND u.id = i.user_id
      WHERE i.workspace_id = $1 AND i.claimed_at IS NULL AND u.status = 'INVITED' AND ($2::uuid IS NULL OR u.branch_id = $2)`,
    [workspaceId, unit],
  );
  return rows.map((r) => r.user_id);
}

export interface InviteByCode {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  expired: boolean;
  claimed: boolean;
  deactivated: boolean;
}

/** The invitation with this code's hash, locked; or null. */
export async function inviteByCode(tx: Sql, workspaceId: string, codeHash: string): Promise<InviteByCode | null> {
  const [invite] = await tx.query<InviteByCode>(
    `SELECT i.user_id, u.email, u.first_name, u.last_name, i.expires_at <= now() AS expired, i.claimed_at IS NOT NULL AS claimed,
            u.status = 'INACTIVE' AS deactivated
       FROM invites i JOIN users u ON u.workspace_id = i.workspace_id AND u.id = i.user_id
      WHERE i.workspace_id = $1 AND i.code_hash = decode($2, 'hex')
      FOR UPDATE OF i`,
    [workspaceId, codeHash],
  );
  return invite ?? null;
}

/** The invited person sets their password: active, and the invitation used. */
export async function claimWithPassword(
  tx: Sql,
  workspaceId: string,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await tx.query(
    `UPDATE users SET password_hash = $3, status = 'ACTIVE', updated_at = now() WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, userId, passwordHash],
  );
  await tx.query(`UPDATE invites SET claimed_at = now() WHERE workspace_id = $1 AND user_id = $2`, [
    workspaceId,
    userId,
  ]);
}
