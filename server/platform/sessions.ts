import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '../../src/domain/auth/roles';
import type { ApiKeyScope } from '../../src/domain/integrations/api-keys';
import { MAIN_SITE_WORKSPACE_ID, sqlLiteral, type Database, type Sql } from './db/database';
import type { WorkspaceRow } from './tenancy';

/** The web app keeps the token in a cookie for 120 days (spec 4); the server holds it as long. */
export const SESSION_LIFETIME_DAYS = 120;
/**
 * Privileged roles (admins, employers, the platform admin) also time out: 1 hour idle, 24 hours in all.
 * These are the longest; a workspace may set shorter ones (migration 0015, the workspace settings).
 */
export const PRIVILEGED_IDLE_MINUTES = 60;
export const PRIVILEGED_ABSOLUTE_HOURS = 24;
const PRIVILEGED_ROLES: readonly Role[] = ['WORKSPACE_ADMIN', 'EMPLOYER', 'BRANCH_ADMIN'];

export type Principal =
  | {
      kind: 'user';
      sessionId: string;
      workspaceId: string;
      userId: string;
      role: Role;
      branchId: string | null;
      email: string;
    }
  | { kind: 'platform-admin'; sessionId: string; platformAdminId: string; email: string }
  /** A workspace API key (docs/integrations.md): reaches only the routes its scopes name. */
  | {
      kind: 'api-key';
      keyId: string;
      workspaceId: string;
      name: string;
      scopes: ApiKeyScope[];
      createdBy: string | null;
    }
  /** Signed in on the main site as a workspace member: may only find their workspaces. */
  | { kind: 'account'; sessionId: string; email: string };

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return match ? match[1] : null;
}

interface SessionRow {
  id: string;
  workspace_id: string;
  user_id: string | null;
  platform_admin_id: string | null;
  account_email: string | null;
  role: Role | null;
  branch_id: string | null;
  user_email: string | null;
  user_status: string | null;
  admin_email: string | null;
  stale: boolean;
  idle_expired: boolean;
  absolute_expired: boolean;
  lifetime_expired: boolean;
}

/** What `app_site_session` answers: the workspace of the host with the session of the token, if any. */
type SiteSessionRow = { found: (WorkspaceRow & { session: SessionRow | null }) | null };

/** A session's columns (`s`) with its user (`u`), platform admin (`p`) and workspace limits (`w`); $3-$5 are the default limits. */
const SESSION_COLUMNS = `s.id, s.workspace_id, s.user_id, s.platform_admin_id, s.account_email,
              u.role, u.branch_id, u.email AS user_email, u.status AS user_status, p.email AS admin_email,
              s.last_seen_at < now() - interval '1 minute' AS stale,
              s.last_seen_at < now() - make_interval(mins => coalesce(w.privileged_idle_minutes, $3)) AS idle_expired,
              s.created_at < now() - make_interval(hours => coalesce(w.privileged_session_hours, $4)) AS absolute_expired,
              s.created_at < now() - make_interval(days => coalesce(w.session_lifetime_days, $5)) AS lifetime_expired`;
const SESSION_JOINS = `LEFT JOIN users u ON u.id = s.user_id AND u.workspace_id = s.workspace_id
         LEFT JOIN platform_admins p ON p.id = s.platform_admin_id`;

export class SessionRepository {
  constructor(private readonly db: Database) {}

  async create(
    input: {
      workspaceId: string | null;
      userId?: string;
      platformAdminId?: string;
      accountEmail?: string;
      ip: string;
      userAgent?: string;
    },
    tx?: Sql,
  ): Promise<{ token: string; sessionId: string; expiresAt: string }> {
    const { token, hash } = newToken();
    // In the caller's transaction when given (sign-in: the session, its audit and the principal commit together).
    const [row] = await (tx ?? this.db).query<{ id: string; expires_at: Date }>(
      `INSERT INTO sessions (token_hash, workspace_id, user_id, platform_admin_id, account_email, ip, user_agent, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(days => $8))
       RETURNING id, expires_at`,
      [
        hash,
        input.workspaceId ?? MAIN_SITE_WORKSPACE_ID,
        input.userId ?? null,
        input.platformAdminId ?? null,
        input.accountEmail ?? null,
        input.ip,
        input.userAgent?.slice(0, 300) ?? null,
        SESSION_LIFETIME_DAYS,
      ],
    );
    return { token, sessionId: row.id, expiresAt: new Date(row.expires_at).toISOString() };
  }

  /**
   * The principal behind a token, only if the session belongs to this site: a token from workspace A
   * is worthless at workspace B, and a workspace token is worthless on the main site.
   */
  async principal(token: string, siteWorkspaceId: string | null): Promise<Principal | null> {
    const rows = await this.db.query<SessionRow>(
      `SELECT ${SESSION_COLUMNS}
         FROM sessions s
         LEFT JOIN workspaces w ON w.id = s.workspace_id
         ${SESSION_JOINS}
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
          AND s.workspace_id = $2`,
      [
        hashToken(token),
        siteWorkspaceId ?? MAIN_SITE_WORKSPACE_ID,
        PRIVILEGED_IDLE_MINUTES,
        PRIVILEGED_ABSOLUTE_HOURS,
        SESSION_LIFETIME_DAYS,
      ],
    );
    return this.principalOf(rows[0], siteWorkspaceId);
  }

  /**
   * A workspace host's row and the principal behind a token, in one statement: every signed-in request needs
   * both, and on PGlite each statement waits its turn on the one connection (bench/directory.bench.ts). The same
   * rules as `resolve` and `principal`: an inactive or unknown workspace is no site, the session must be this
   * workspace's. The statement is the PL/pgSQL function `app_site_session` (migration 0040), so its plan is made
   * once per connection rather than on every request; its columns are WORKSPACE_COLUMNS and SESSION_COLUMNS
   * (test/server/main/sessions.test.ts compares its workspace row with `SiteResolver.resolve`'s).
   */
  async workspaceAndPrincipal(
    host: string,
    token: string,
  ): Promise<{ workspace: WorkspaceRow | undefined; principal: Principal | null }> {
    const hash = hashToken(token);
    // Sent whole (`queryText`: two calls into PGlite instead of six) when the host is a plain host name, as every
    // workspace's is; anything else goes as a parameter. The hash is hex, the limits are this file's integers.
    const hostText = sqlLiteral(host);
    const [{ found }] = hostText
      ? await this.db.queryText<SiteSessionRow>(
          `SELECT app_site_session('${hash}', ${hostText}, ${PRIVILEGED_IDLE_MINUTES}, ${PRIVILEGED_ABSOLUTE_HOURS}, ${SESSION_LIFETIME_DAYS}) AS found`,
        )
      : await this.db.query<SiteSessionRow>('SELECT app_site_session($1, $2, $3, $4, $5) AS found', [
          hash,
          host,
          PRIVILEGED_IDLE_MINUTES,
          PRIVILEGED_ABSOLUTE_HOURS,
          SESSION_LIFETIME_DAYS,
        ]);
    if (!found) return { workspace: undefined, principal: null };
    const { session, ...workspace } = found;
    return { workspace, principal: await this.principalOf(session ?? undefined, workspace.id) };
  }

  /** The principal of a session row read by either query above: expired sessions are revoked, stale ones touched. */
  private async principalOf(row: SessionRow | undefined, siteWorkspaceId: string | null): Promise<Principal | null> {
    if (!row) return null;
    const privileged = row.platform_admin_id !== null || (row.role !== null && PRIVILEGED_ROLES.includes(row.role));
    // The workspace may shorten each limit (workspaces.privileged_idle_minutes, ...), never lengthen it.
    if (row.lifetime_expired || (privileged && (row.idle_expired || row.absolute_expired))) {
      await this.revoke(row.id, siteWorkspaceId);
      return null;
    }
    if (row.stale) {
      await this.db.query('UPDATE sessions SET last_seen_at = now() WHERE workspace_id = $1 AND id = $2', [
        row.workspace_id,
        row.id,
      ]);
    }
    if (row.user_id && siteWorkspaceId && row.role && row.user_email) {
      if (row.user_status === 'INACTIVE') return null;
      return {
        kind: 'user',
        sessionId: row.id,
        workspaceId: siteWorkspaceId,
        userId: row.user_id,
        role: row.role,
        branchId: row.branch_id,
        email: row.user_email,
      };
    }
    if (row.platform_admin_id && row.admin_email) {
      return {
        kind: 'platform-admin',
        sessionId: row.id,
        platformAdminId: row.platform_admin_id,
        email: row.admin_email,
      };
    }
    if (row.account_email) return { kind: 'account', sessionId: row.id, email: row.account_email };
    return null;
  }

  /** Ends a session of a site: `workspaceId` is the site's workspace, null for the main site. */
  async revoke(sessionId: string, workspaceId: string | null): Promise<void> {
    await this.db.query(
      'UPDATE sessions SET revoked_at = now() WHERE workspace_id = $1 AND id = $2 AND revoked_at IS NULL',
      [workspaceId ?? MAIN_SITE_WORKSPACE_ID, sessionId],
    );
  }
}
