import type { Sql } from '../db/database';
import { systemClock } from '../clock';

/** All SQL of the webhooks (docs/webhooks.md): endpoints, the event outbox and the deliveries. */

export interface EndpointRow {
  id: string;
  url: string;
  description: string;
  events: string[];
  failures_in_row: number;
  paused_at: Date | null;
  paused_reason: string | null;
  created_at: Date;
}

export interface DeliveryRow {
  id: string;
  event_id: string;
  event_type: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  attempts: number;
  response_code: number | null;
  last_error: string | null;
  last_attempt_at: Date | null;
  next_attempt_at: Date;
  created_at: Date;
}

const ENDPOINT_COLUMNS = `id, url, description, events, failures_in_row, paused_at, paused_reason, created_at`;
const NEW_EVENT_ID = `'msg_' || replace(gen_random_uuid()::text, '-', '')`;

/**
 * Writes events of one type to the outbox, in the caller's transaction, with one delivery for each active endpoint of
 * the workspace subscribed to the type. Nothing is written when no endpoint listens.
 */
export async function insertEvents(
  tx: Sql,
  workspaceId: string,
  type: string,
  payloads: readonly Record<string, unknown>[],
): Promise<number> {
  if (payloads.length === 0) return 0;
  const rows = await tx.query<{ n: number }>(
    `WITH targets AS (
       SELECT id FROM webhook_endpoints WHERE workspace_id = $1 AND paused_at IS NULL AND $2 = ANY (events)
     ), ev AS (
       INSERT INTO webhook_events (workspace_id, id, type, payload)
       SELECT $1, ${NEW_EVENT_ID}, $2, p FROM jsonb_array_elements($3::jsonb) AS p
       WHERE EXISTS (SELECT 1 FROM targets)
       RETURNING id
     ), d AS (
       INSERT INTO webhook_deliveries (workspace_id, endpoint_id, event_id)
       SELECT $1, t.id, ev.id FROM targets t CROSS JOIN ev
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM d`,
    [workspaceId, type, JSON.stringify(payloads)],
  );
  return rows[0]?.n ?? 0;
}

/**
 * `person.provisioned` / `person.deprovisioned` for these people, their data read from their rows in the same statement
 * (id, email, SCIM external id, and the status after the change or whether they were deleted). Nothing is read or
 * written when no endpoint listens. Call it after the change, or before a deletion (the rows must still be there).
 */
export async function insertPersonEvents(
  tx: Sql,
  workspaceId: string,
  type: 'person.provisioned' | 'person.deprovisioned',
  userIds: readonly string[],
  deleted: boolean,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const rows = await tx.query<{ n: number }>(
    `WITH targets AS (
       SELECT id FROM webhook_endpoints WHERE workspace_id = $1 AND paused_at IS NULL AND $2 = ANY (events)
     ), ev AS (
       INSERT INTO webhook_events (workspace_id, id, type, payload)
       SELECT $1, ${NEW_EVENT_ID}, $2,
              jsonb_build_object('type', $2::text, 'timestamp', $5::text, 'data',
                jsonb_build_object('userId', u.id, 'email', u.email, 'externalId', u.scim_external_id)
                || CASE WHEN $2 = 'person.provisioned' THEN jsonb_build_object('status', u.status)
                        ELSE jsonb_build_object('deleted', $4::boolean) END)
         FROM users u
        WHERE u.workspace_id = $1 AND u.id = ANY ($3::uuid[]) AND EXISTS (SELECT 1 FROM targets)
       RETURNING id
     ), d AS (
       INSERT INTO webhook_deliveries (workspace_id, endpoint_id, event_id)
       SELECT $1, t.id, ev.id FROM targets t CROSS JOIN ev
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM d`,
    [workspaceId, type, userIds, deleted, systemClock.now().toISOString()],
  );
  return rows[0]?.n ?? 0;
}

/** One event for one endpoint, whatever it subscribes to (the test event); answers the delivery's id. */
export async function insertEventFor(
  tx: Sql,
  workspaceId: string,
  endpointId: string,
  type: string,
  payload: Record<string, unknown>,
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `WITH ev AS (
       INSERT INTO webhook_events (workspace_id, id, type, payload) VALUES ($1, ${NEW_EVENT_ID}, $3, $4::jsonb)
       RETURNING id
     )
     INSERT INTO webhook_deliveries (workspace_id, endpoint_id, event_id)
     SELECT $1, $2, ev.id FROM ev RETURNING id`,
    [workspaceId, endpointId, type, JSON.stringify(payload)],
  );
  return row!.id;
}

export async function listEndpoints(tx: Sql, workspaceId: string): Promise<EndpointRow[]> {
  return tx.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE workspace_id = $1 ORDER BY created_at, id`,
    [workspaceId],
  );
}

export async function endpointById(tx: Sql, workspaceId: string, id: string): Promise<EndpointRow | null> {
  const [row] = await tx.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, id],
  );
  return row ?? null;
}

export async function countEndpoints(tx: Sql, workspaceId: string): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM webhook_endpoints WHERE workspace_id = $1`,
    [workspaceId],
  );
  return row?.n ?? 0;
}

export async function insertEndpoint(
  tx: Sql,
  workspaceId: string,
  e: { url: string; description: string; events: readonly string[]; secret: string; createdBy: string },
): Promise<EndpointRow> {
  const [row] = await tx.query<EndpointRow>(
    `INSERT INTO webhook_endpoints (workspace_id, url, description, events, secret, created_by)
     VALUES ($1, $2, $3, $4::text[], $5, $6) RETURNING ${ENDPOINT_COLUMNS}`,
    [workspaceId, e.url, e.description, e.events, e.secret, e.createdBy],
  );
  return row!;
}

export async function updateEndpoint(
  tx: Sql,
  workspaceId: string,
  id: string,
  e: { url: string; description: string; events: readonly string[]; active: boolean },
): Promise<EndpointRow | null> {
  const [row] = await tx.query<EndpointRow>(
    `UPDATE webhook_endpoints SET url = $3, description = $4, events = $5::text[], updated_at = now(),
       paused_at = CASE WHEN $6 THEN NULL ELSE coalesce(paused_at, now()) END,
       paused_reason = CASE WHEN $6 THEN NULL WHEN paused_at IS NULL THEN 'Paused by an admin' ELSE paused_reason END,
       failures_in_row = CASE WHEN $6 AND paused_at IS NOT NULL THEN 0 ELSE failures_in_row END,
       first_failure_at = CASE WHEN $6 AND paused_at IS NOT NULL THEN NULL ELSE first_failure_at END
     WHERE workspace_id = $1 AND id = $2 RETURNING ${ENDPOINT_COLUMNS}`,
    [workspaceId, id, e.url, e.description, e.events, e.active],
  );
  return row ?? null;
}

export async function deleteEndpoint(tx: Sql, workspaceId: string, id: string): Promise<boolean> {
  const rows = await tx.query(`DELETE FROM webhook_endpoints WHERE workspace_id = $1 AND id = $2 RETURNING id`, [
    workspaceId,
    id,
  ]);
  return rows.length > 0;
}

const DELIVERY_SELECT = `SELECT d.id, d.event_id, e.type AS event_type, d.status, d.attempts, d.response_code, d.last_error,
    d.last_attempt_at, d.next_attempt_at, d.created_at
  FROM webhook_deliveries d JOIN webhook_events e ON e.workspace_id = d.workspace_id AND e.id = d.event_id`;

export async function listDeliveries(tx: Sql, workspaceId: string, endpointId: string): Promise<DeliveryRow[]> {
  return tx.query<DeliveryRow>(
    `${DELIVERY_SELECT} WHERE d.workspace_id = $1 AND d.endpoint_id = $2 ORDER BY d.created_at DESC, d.id LIMIT 100`,
    [workspaceId, endpointId],
  );
}

export async function deliveryById(
  tx: Sql,
  workspaceId: string,
  endpointId: string,
  id: string,
): Promise<DeliveryRow | null> {
  const [row] = await tx.query<DeliveryRow>(
    `${DELIVERY_SELECT} WHERE d.workspace_id = $1 AND d.endpoint_id = $2 AND d.id = $3`,
    [workspaceId, endpointId, id],
  );
  return row ?? null;
}

/** Makes a delivery due now again (a redelivery): pending, its attempts counted afresh. */
export async function requeueDelivery(tx: Sql, workspaceId: string, endpointId: string, id: string): Promise<void> {
  await tx.query(
    `UPDATE webhook_deliveries SET status = 'PENDING', attempts = 0, next_attempt_at = now(), last_error = NULL
     WHERE workspace_id = $1 AND endpoint_id = $2 AND id = $3`,
    [workspaceId, endpointId, id],
  );
}

export interface DueDelivery {
  workspace_id: string;
  id: string;
  endpoint_id: string;
  event_id: string;
  attempts: number;
  url: string;
  secret: string;
  payload: Record<string, unknown>;
}

/**
 * Claims the due deliveries of every workspace (not of paused endpoints): each is moved `leaseSeconds` on in the same
 * statement, so a second process skips it, and one whose process dies mid-send is picked up again once the lease ends.
 */
export async function claimDue(tx: Sql, now: Date, limit: number, leaseSeconds: number): Promise<DueDelivery[]> {
  return tx.query<DueDelivery>(
    `WITH due AS (
       SELECT d.workspace_id, d.id FROM webhook_deliveries d
       JOIN webhook_endpoints p ON p.workspace_id = d.workspace_id AND p.id = d.endpoint_id AND p.paused_at IS NULL
       WHERE d.status = 'PENDING' AND d.next_attempt_at <= $1
       ORDER BY d.next_attempt_at LIMIT $2
       FOR UPDATE OF d SKIP LOCKED
     ), claimed AS (
       UPDATE webhook_deliveries d SET next_attempt_at = $1::timestamptz + make_interval(secs => $3)
       FROM due WHERE d.workspace_id = due.workspace_id AND d.id = due.id
       RETURNING d.workspace_id, d.id, d.endpoint_id, d.event_id, d.attempts
     )
     SELECT c.workspace_id, c.id, c.endpoint_id, c.event_id, c.attempts, p.url, p.secret, e.payload
     FROM claimed c
     JOIN webhook_endpoints p ON p.workspace_id = c.workspace_id AND p.id = c.endpoint_id
     JOIN webhook_events e ON e.workspace_id = c.workspace_id AND e.id = c.event_id`,
    [now, limit, leaseSeconds],
  );
}

/** Records one attempt: delivered, failed for good, or due again at `nextAt`. */
export async function recordAttempt(
  tx: Sql,
  d: { workspaceId: string; id: string },
  r: { status: 'PENDING' | 'DELIVERED' | 'FAILED'; at: Date; nextAt: Date; code: number | null; error: string | null },
): Promise<void> {
  await tx.query(
    `UPDATE webhook_deliveries SET status = $3, attempts = attempts + 1, last_attempt_at = $4, next_attempt_at = $5,
       response_code = $6, last_error = $7
     WHERE workspace_id = $1 AND id = $2`,
    [d.workspaceId, d.id, r.status, r.at, r.nextAt, r.code, r.error],
  );
}

/** A delivered attempt ends the endpoint's run of failures. */
export async function endpointSucceeded(tx: Sql, workspaceId: string, endpointId: string): Promise<void> {
  await tx.query(
    `UPDATE webhook_endpoints SET failures_in_row = 0, first_failure_at = NULL
     WHERE workspace_id = $1 AND id = $2 AND failures_in_row > 0`,
    [workspaceId, endpointId],
  );
}

/**
 * Counts a failed attempt; pauses the endpoint when its run of failures reaches `pauseAfter` and has lasted
 * `pauseAfterSeconds`. Answers true when this attempt paused it.
 */
export async function endpointFailed(
  tx: Sql,
  workspaceId: string,
  endpointId: string,
  at: Date,
  rule: { pauseAfter: number; pauseAfterSeconds: number; reason: string },
): Promise<boolean> {
  const rows = await tx.query<{ id: string }>(
    `UPDATE webhook_endpoints SET failures_in_row = failures_in_row + 1,
       first_failure_at = coalesce(first_failure_at, $3),
       paused_at = CASE WHEN failures_in_row + 1 >= $4 AND coalesce(first_failure_at, $3) <= $3::timestamptz - make_interval(secs => $5)
         THEN $3 ELSE paused_at END,
       paused_reason = CASE WHEN failures_in_row + 1 >= $4 AND coalesce(first_failure_at, $3) <= $3::timestamptz - make_interval(secs => $5)
         THEN $6 ELSE paused_reason END
     WHERE workspace_id = $1 AND id = $2 AND paused_at IS NULL
     RETURNING CASE WHEN paused_at IS NOT NULL THEN id END AS id`,
    [workspaceId, endpointId, at, rule.pauseAfter, rule.pauseAfterSeconds, rule.reason],
  );
  return rows.some((r) => r.id !== null);
}

export async function adminEmails(tx: Sql, workspaceId: string): Promise<string[]> {
  const rows = await tx.query<{ email: string }>(
    `SELECT email FROM users WHERE workspace_id = $1 AND role = 'WORKSPACE_ADMIN' AND status = 'ACTIVE'
       AND email IS NOT NULL ORDER BY email`,
    [workspaceId],
  );
  return rows.map((r) => r.email);
}

export async function workspaceName(tx: Sql, workspaceId: string): Promise<string> {
  const [row] = await tx.query<{ company_name: string }>(`SELECT company_name FROM workspaces WHERE id = $1`, [
    workspaceId,
  ]);
  return row?.company_name ?? '';
}

export async function listens(tx: Sql, workspaceId: string, type: string): Promise<boolean> {
  const rows = await tx.query(
    `SELECT 1 FROM webhook_endpoints WHERE workspace_id = $1 AND paused_at IS NULL AND $2 = ANY (events) LIMIT 1`,
    [workspaceId, type],
  );
  return rows.length > 0;
}
