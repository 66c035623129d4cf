import type { SessionInfo } from '../../../src/contracts/main/sessions.contract';
import { MAIN_SITE_WORKSPACE_ID, type Sql } from '../../platform/db/database';
import type { Principal } from '../../platform/sessions';
import { instantText } from '../../../src/domain/shared/date-time';

interface SessionInfoRow {
  id: string;
  created_at: Date | string;
  last_seen_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  expired: boolean;
  ip: string | null;
  user_agent: string | null;
}

/**
 * One of the principal's own sessions: a workspace user's in that workspace, the platform admin's, or a main-site
 * account's (by its email). Anybody else's, and another workspace's, is null.
 */
export async function findOwnSession(db: Sql, principal: Principal, sessionId: string): Promise<SessionInfo | null> {
  // An API key has no sessions.
  if (principal.kind === 'api-key') return null;
  const owner =
    principal.kind === 'user'
      ? { sql: 'workspace_id = $2 AND user_id = $3', params: [principal.workspaceId, principal.userId] }
      : principal.kind === 'platform-admin'
        ? {
            sql: 'workspace_id = $2 AND platform_admin_id = $3',
            params: [MAIN_SITE_WORKSPACE_ID, principal.platformAdminId],
          }
        : {
            sql: 'workspace_id = $2 AND user_id IS NULL AND platform_admin_id IS NULL AND lower(account_email) = lower($3)',
            params: [MAIN_SITE_WORKSPACE_ID, principal.email],
          };
  const [row] = await db.query<SessionInfoRow>(
    `SELECT id, created_at, last_seen_at, expires_at, revoked_at, expires_at <= now() AS expired, ip, user_agent
       FROM sessions WHERE id = $1 AND ${owner.sql}`,
    [sessionId, ...owner.params],
  );
  if (!row) return null;
  return {
    sessionId: row.id,
    current: row.id === principal.sessionId,
    status: row.revoked_at ? 'ended' : row.expired ? 'expired' : 'active',
    createdAt: instantText(row.created_at),
    lastSeenAt: instantText(row.last_seen_at),
    expiresAt: instantText(row.expires_at),
    endedAt: row.revoked_at ? instantText(row.revoked_at) : null,
    ip: row.ip,
    userAgent: row.user_agent,
  };
}
