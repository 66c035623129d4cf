import { DEFAULT_SESSION_POLICY, type SessionPolicy } from '../../src/domain/organisation/workspace-policy';
import type { Sql } from './db/database';

export interface PasswordPolicy {
  /** The fewest characters a new password of this workspace may have (8..64, 15 unless the workspace set it). */
  minimumLength: number;
}

/**
 * The password rules of a workspace, for every place a password is set there (reset, change, invite claim, sign-up):
 * pass `minimumLength` to `checkPassword`. Works in a tenant or a system transaction.
 */
export async function passwordPolicyFor(tx: Sql, workspaceId: string): Promise<PasswordPolicy> {
  const [row] = await tx.query<{ min: number }>('SELECT min_password_length AS min FROM workspaces WHERE id = $1', [
    workspaceId,
  ]);
  return { minimumLength: row?.min ?? DEFAULT_SESSION_POLICY.minPasswordLength };
}

interface PolicyRow {
  min_password_length: number;
  privileged_idle_minutes: number;
  privileged_session_hours: number;
  session_lifetime_days: number;
  invite_valid_days: number;
}

export const POLICY_COLUMNS =
  'min_password_length, privileged_idle_minutes, privileged_session_hours, session_lifetime_days, invite_valid_days';

export function policyFromRow(row: PolicyRow): SessionPolicy {
  return {
    minPasswordLength: row.min_password_length,
    privilegedIdleMinutes: row.privileged_idle_minutes,
    privilegedSessionHours: row.privileged_session_hours,
    sessionLifetimeDays: row.session_lifetime_days,
    inviteValidDays: row.invite_valid_days,
  };
}

/** Every sign-in, session and invitation setting of a workspace. */
export async function sessionPolicyFor(tx: Sql, workspaceId: string): Promise<SessionPolicy> {
  const [row] = await tx.query<PolicyRow>(`SELECT ${POLICY_COLUMNS} FROM workspaces WHERE id = $1`, [workspaceId]);
  return row ? policyFromRow(row) : DEFAULT_SESSION_POLICY;
}
