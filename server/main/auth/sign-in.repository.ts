import type { SignInBody } from '../../../src/contracts/main/auth.contract';
import type { Role } from '../../../src/domain/auth/roles';
import type { Database, Statement } from '../../platform/db/database';
import { SESSION_LIFETIME_DAYS } from '../../platform/sessions';
import { WORKSPACE_USER_SQL, type WorkspaceUserRow } from './current-user';

/** The account a workspace sign-in names, as `candidateStatement` reads it. */
export interface Candidate {
  id: string;
  password_hash: string | null;
  status: string;
  role: Role;
  branch_id: string | null;
  email: string;
  email_confirmed: boolean;
}

/**
 * The account a workspace sign-in names, by email or username, with its password hash: through `sign_in_candidate`
 * (migration 0173), which reads the email or username index and answers only for the transaction's workspace. On
 * users directly, in a tenant transaction, `lower(email) = $2` read every user of the workspace (row-level security
 * keeps a non-leakproof condition off the index).
 */
export function candidateStatement(workspaceId: string, body: SignInBody): Statement {
  return {
    text: `SELECT id, password_hash, status, role, branch_id, email, email_confirmed FROM sign_in_candidate($1::uuid, $2::text, $3::text)`,
    params: [workspaceId, body.userEmail ?? null, body.userEmail ? null : (body.username ?? null)],
  };
}

/** The row of `passwordSignInStatement`: the new session, and the user's details as every sign-in answers them. */
export interface OpenedSession extends WorkspaceUserRow {
  session_id: string;
  expires_at: Date | string;
}

/**
 * After the password was verified, in one statement of a tenant batch: the account locked and checked to be the one
 * whose password was verified (same hash, not deactivated since), the session and the SIGN_IN audit event written only
 * then (no row: nothing written), and the user's details (`WORKSPACE_USER_SQL`, whose $1 and $2 are this statement's
 * workspace and user) beside the new session's id.
 */
export function passwordSignInStatement(input: {
  workspaceId: string;
  userId: string;
  passwordHash: string;
  tokenHash: string;
  ip: string;
  userAgent?: string;
}): Statement {
  return {
    text: `WITH still AS (
               SELECT id FROM users
                WHERE workspace_id = $1::uuid AND id = $2::uuid AND password_hash = $3::text AND status <> 'INACTIVE' FOR UPDATE),
             opened AS (
               INSERT INTO sessions (token_hash, workspace_id, user_id, ip, user_agent, expires_at)
               SELECT $4::text, $1::uuid, id, $5::text, $6::text, now() + make_interval(days => $7::int) FROM still
               RETURNING id, expires_at),
             logged AS (
               INSERT INTO audit_events (workspace_id, actor_user_id, action, target, ip, details)
               SELECT $1::uuid, id, 'SIGN_IN', id::text, $5::text, '{"method":"password"}'::jsonb FROM still)
           SELECT o.id AS session_id, o.expires_at, d.* FROM opened o CROSS JOIN LATERAL (${WORKSPACE_USER_SQL}) d`,
    params: [
      input.workspaceId,
      input.userId,
      input.passwordHash,
      input.tokenHash,
      input.ip,
      input.userAgent?.slice(0, 300) ?? null,
      SESSION_LIFETIME_DAYS,
    ],
  };
}

/**
 * The one password hash a main-site sign-in checks: the platform admin's with this email, else the most recently
 * updated confirmed account of a workspace member with it. A platform query across workspaces: it runs as the owner,
 * outside row-level security.
 */
export async function mainSiteAccount(
  db: Database,
  email: string,
): Promise<{ kind: 'admin' | 'member'; id: string | null; email: string; password_hash: string } | undefined> {
  const [found] = await db.query<{ kind: 'admin' | 'member'; id: string | null; email: string; password_hash: string }>(
    `(SELECT 'admin' AS kind, id, email, password_hash FROM platform_admins WHERE lower(email) = $1)
           UNION ALL
           (SELECT 'member' AS kind, NULL::uuid AS id, $1 AS email, password_hash FROM users
             WHERE lower(email) = $1 AND password_hash IS NOT NULL AND status <> 'INACTIVE' AND email_confirmed
             ORDER BY updated_at DESC LIMIT 1)
           ORDER BY kind LIMIT 1`,
    [email],
  );
  return found;
}
