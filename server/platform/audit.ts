import { actingApiKey } from './api-keys';
import { MAIN_SITE_WORKSPACE_ID, type Sql } from './db/database';

export interface AuditEvent {
  /** null: the platform's own log (stored under the main site's id, MAIN_SITE_WORKSPACE_ID). */
  workspaceId: string | null;
  actorUserId?: string | null;
  actorPlatformAdminId?: string | null;
  /** A workspace API key that made the change (docs/integrations.md). */
  actorApiKeyId?: string | null;
  action: string;
  target?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Records who did what, when, from where, in which workspace. Written in the caller's transaction. Inside a request
 * made with an API key (`actAs`), the key is the actor and no person is, whoever the caller names.
 */
export async function audit(tx: Sql, event: AuditEvent): Promise<void> {
  const keyId = event.actorApiKeyId ?? actingApiKey();
  if (keyId)
    event = { ...event, actorUserId: null, actorApiKeyId: keyId, details: { ...event.details, apiKeyId: keyId } };
  await tx.query(
    `INSERT INTO audit_events (workspace_id, actor_user_id, actor_platform_admin_id, actor_api_key_id, action, target, ip, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      event.workspaceId ?? MAIN_SITE_WORKSPACE_ID,
      event.actorUserId ?? null,
      event.actorPlatformAdminId ?? null,
      event.actorApiKeyId ?? null,
      event.action,
      event.target ?? null,
      event.ip ?? null,
      JSON.stringify(event.details ?? {}),
    ],
  );
}

/** `audit` for many events in one statement (a bulk change: one row per person, as the single change writes). */
export async function auditAll(tx: Sql, events: readonly AuditEvent[]): Promise<void> {
  if (events.length === 0) return;
  const keyId = actingApiKey();
  const rows = events.map((event) => {
    const key = event.actorApiKeyId ?? keyId;
    return key
      ? { ...event, actorUserId: null, actorApiKeyId: key, details: { ...event.details, apiKeyId: key } }
      : event;
  });
  await tx.query(
    `INSERT INTO audit_events (workspace_id, actor_user_id, actor_platform_admin_id, actor_api_key_id, action, target, ip, details)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[], $8::jsonb[])`,
    [
      rows.map((e) => e.workspaceId ?? MAIN_SITE_WORKSPACE_ID),
      rows.map((e) => e.actorUserId ?? null),
      rows.map((e) => e.actorPlatformAdminId ?? null),
      rows.map((e) => e.actorApiKeyId ?? null),
      rows.map((e) => e.action),
      rows.map((e) => e.target ?? null),
      rows.map((e) => e.ip ?? null),
      rows.map((e) => JSON.stringify(e.details ?? {})),
    ],
  );
}
