import type { WebhookEventType } from '../../../src/domain/webhooks/webhook-events';
import type { Sql } from '../db/database';
import { insertEvents, insertPersonEvents, listens } from './webhooks.repository';
import { systemClock } from '../clock';

/**
 * Data of each event (docs/webhooks.md "Events"). Ids only, and the few facts a receiving system needs: no names, no
 * emails, and for cases nothing but the case number, the stage or the clock.
 */
export interface WebhookEventData {
  'course.assigned': { userId: string; courseId: string; dueDate: string | null };
  'course.completed': { userId: string; courseId: string; completedAt: string };
  'certificate.issued': { userId: string; courseId: string; certificateCode: string; issuedAt: string };
  'certificate.expiring': { userId: string; courseId: string; expiresOn: string };
  'policy.published': { policyId: string; version: number | null };
  'policy.accepted': { userId: string; policyId: string; acceptedAt: string };
  /** `status` after the change: `ACTIVE`, or `INVITED` for someone created or brought back who has not yet signed in. */
  'person.provisioned': { userId: string; email: string; externalId: string | null; status: 'ACTIVE' | 'INVITED' };
  /** `deleted`: the person was removed (SCIM's DELETE, an admin's deletion), not only deactivated. */
  'person.deprovisioned': { userId: string; email: string; externalId: string | null; deleted: boolean };
  'case.stage_changed': { caseNumber: string; stage: string };
  'case.clock_met': { caseNumber: string; clock: string };
  'case.clock_missed': { caseNumber: string; clock: string };
}

/**
 * Writes a webhook event in the caller's transaction (the outbox): it is delivered only if the change commits, and
 * is never lost if the process dies after the commit. Call it from any area's service, inside `db.tenant(ws, ...)` or
 * `db.system(...)`, with the transaction of the change. Costs one statement; writes nothing when no endpoint of the
 * workspace subscribes to `type`. Delivery is the job queue's (webhook-deliveries.ts).
 */
export async function emitWebhookEvent<T extends WebhookEventType>(
  tx: Sql,
  workspaceId: string,
  type: T,
  data: WebhookEventData[T],
): Promise<void> {
  await emitWebhookEvents(tx, workspaceId, type, [data]);
}

/** Many events of one type at once (a bulk assignment): one statement for all. */
export async function emitWebhookEvents<T extends WebhookEventType>(
  tx: Sql,
  workspaceId: string,
  type: T,
  data: readonly WebhookEventData[T][],
): Promise<void> {
  if (data.length === 0) return;
  const timestamp = systemClock.now().toISOString();
  await insertEvents(
    tx,
    workspaceId,
    type,
    data.map((d) => ({ type, timestamp, data: d })),
  );
}

/** Whether an active endpoint of the workspace subscribes to `type` (a caller may skip gathering the events' data). */
export async function webhookListens(tx: Sql, workspaceId: string, type: WebhookEventType): Promise<boolean> {
  return listens(tx, workspaceId, type);
}

/**
 * A person joined or came back (`person.provisioned`: created by SCIM, an invitation or an import, an invitation
 * accepted, a reactivation), or lost access (`person.deprovisioned`: deactivated or deleted), in the transaction of the
 * change. The data comes from the people's rows (`WebhookEventData`), so call it after the change, and before a
 * deletion. One statement; nothing when no endpoint listens.
 */
export async function emitPersonEvents(
  tx: Sql,
  workspaceId: string,
  type: 'person.provisioned' | 'person.deprovisioned',
  userIds: readonly string[],
  options: { deleted?: boolean } = {},
): Promise<void> {
  await insertPersonEvents(tx, workspaceId, type, userIds, options.deleted ?? false);
}
