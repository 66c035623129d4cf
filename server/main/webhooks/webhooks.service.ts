import { randomBytes } from 'node:crypto';
import type {
  CreatedWebhookEndpoint,
  WebhookDelivery,
  WebhookEndpoint,
} from '../../../src/contracts/main/webhooks.contract';
import { WEBHOOK_TEST_EVENT, type WebhookEventType } from '../../../src/domain/webhooks/webhook-events';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import type { WebhookDeliveries } from '../../platform/webhooks/webhook-deliveries';
import { checkEndpointUrl, WebhookTargetRefused } from '../../platform/webhooks/webhook-sender';
import * as repo from '../../platform/webhooks/webhooks.repository';
import { instantTextOrNull } from '../../../src/domain/shared/date-time';
import { systemClock, type Clock } from '../../platform/clock';
import type { Acting } from '../../platform/actor';

/** Endpoints a workspace may register. */
export const MAX_ENDPOINTS = 20;

interface EndpointInput {
  url: string;
  description: string;
  events: readonly WebhookEventType[];
}

function endpointView(row: repo.EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    status: row.paused_at ? 'PAUSED' : 'ACTIVE',
    pausedReason: row.paused_reason,
    pausedAt: instantTextOrNull(row.paused_at),
    failuresInRow: row.failures_in_row,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function deliveryView(row: repo.DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    status: row.status,
    attempts: row.attempts,
    responseCode: row.response_code,
    lastError: row.last_error,
    lastAttemptAt: instantTextOrNull(row.last_attempt_at),
    nextAttemptAt: row.status === 'PENDING' ? instantTextOrNull(row.next_attempt_at) : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const noSuchEndpoint = () => refuse('not-found', 'NOT_FOUND', 'No such webhook endpoint');

/** A workspace's webhook endpoints and their deliveries (docs/webhooks.md). Workspace admins, checked by the contract. */
export class WebhooksService {
  constructor(
    private readonly db: Database,
    private readonly deliveries: WebhookDeliveries,
    private readonly clock: Clock = systemClock,
  ) {}

  async list(workspaceId: string): Promise<WebhookEndpoint[]> {
    const rows = await this.db.tenant(workspaceId, (tx) => repo.listEndpoints(tx, workspaceId));
    return rows.map(endpointView);
  }

  /** The address rule, then its name resolved: every address it names must be public (unless development allows). */
  private async checkUrl(raw: string): Promise<Outcome<string>> {
    const sender = this.deliveries.sender;
    const check = checkEndpointUrl(raw, sender.allowsPrivate);
    if (!check.ok) return refuse('invalid', 'WEBHOOK_URL_REFUSED', check.message, { url: check.message });
    try {
      await sender.publicAddresses(check.url.hostname);
    } catch (error) {
      if (!(error instanceof WebhookTargetRefused)) throw error;
      const message = 'The address must be a public internet address that resolves';
      return refuse('invalid', 'WEBHOOK_URL_REFUSED', message, { url: message });
    }
    return ok(check.url.toString());
  }

  async create(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    input: EndpointInput,
  ): Promise<Outcome<CreatedWebhookEndpoint>> {
    const url = await this.checkUrl(input.url);
    if (!url.ok) return url;
    const { workspaceId, userId } = actor;
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    return this.db.tenant(workspaceId, async (tx) => {
      if ((await repo.countEndpoints(tx, workspaceId)) >= MAX_ENDPOINTS)
        return refuse('conflict', 'TOO_MANY_WEBHOOKS', `A workspace may have up to ${MAX_ENDPOINTS} webhook endpoints`);
      const row = await repo.insertEndpoint(tx, workspaceId, {
        url: url.value,
        description: input.description,
        events: [...new Set(input.events)],
        secret,
        createdBy: userId,
      });
      await audit(tx, {
        workspaceId,
        actorUserId: userId,
        action: 'webhook.created',
        target: row.id,
        ip: actor.ip,
        details: { url: row.url, events: row.events },
      });
      return ok({ endpoint: endpointView(row), secret });
    });
  }

  async update(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    id: string,
    input: EndpointInput & { active: boolean },
  ): Promise<Outcome<WebhookEndpoint>> {
    const { workspaceId, userId } = actor;
    const url = await this.checkUrl(input.url);
    if (!url.ok) {
      // Another workspace's endpoint, or none, answers 404 before its address is judged.
      const exists = await this.db.tenant(workspaceId, (tx) => repo.endpointById(tx, workspaceId, id));
      return exists ? url : noSuchEndpoint();
    }
    const outcome = await this.db.tenant(workspaceId, async (tx) => {
      const row = await repo.updateEndpoint(tx, workspaceId, id, {
        url: url.value,
        description: input.description,
        events: [...new Set(input.events)],
        active: input.active,
      });
      if (!row) return noSuchEndpoint();
      await audit(tx, {
        workspaceId,
        actorUserId: userId,
        action: 'webhook.updated',
        target: id,
        ip: actor.ip,
        details: { url: row.url, events: row.events, active: input.active },
      });
      return ok(endpointView(row));
    });
    if (outcome.ok && input.active) await this.deliveries.nudge();
    return outcome;
  }

  async remove(actor: Acting<'workspaceId' | 'userId' | 'ip'>, id: string): Promise<Outcome<{ deleted: true }>> {
    const { workspaceId, userId } = actor;
    return this.db.tenant(workspaceId, async (tx) => {
      if (!(await repo.deleteEndpoint(tx, workspaceId, id))) return noSuchEndpoint();
      await audit(tx, { workspaceId, actorUserId: userId, action: 'webhook.deleted', target: id, ip: actor.ip });
      return ok({ deleted: true as const });
    });
  }

  async deliveriesOf(workspaceId: string, id: string): Promise<Outcome<WebhookDelivery[]>> {
    return this.db.tenant(workspaceId, async (tx) => {
      if (!(await repo.endpointById(tx, workspaceId, id))) return noSuchEndpoint();
      return ok((await repo.listDeliveries(tx, workspaceId, id)).map(deliveryView));
    });
  }

  async redeliver(
    actor: Acting<'workspaceId' | 'userId' | 'ip'>,
    id: string,
    deliveryId: string,
  ): Promise<Outcome<WebhookDelivery>> {
    const { workspaceId, userId } = actor;
    const outcome = await this.db.tenant(workspaceId, async (tx) => {
      const found = await repo.deliveryById(tx, workspaceId, id, deliveryId);
      if (!found) return refuse('not-found', 'NOT_FOUND', 'No such delivery');
      await repo.requeueDelivery(tx, workspaceId, id, deliveryId);
      await audit(tx, {
        workspaceId,
        actorUserId: userId,
        action: 'webhook.redelivered',
        target: deliveryId,
        ip: actor.ip,
      });
      return ok(deliveryView((await repo.deliveryById(tx, workspaceId, id, deliveryId))!));
    });
    if (outcome.ok) await this.deliveries.nudge();
    return outcome;
  }

  async sendTest(actor: Acting<'workspaceId' | 'userId' | 'ip'>, id: string): Promise<Outcome<WebhookDelivery>> {
    const { workspaceId } = actor;
    const outcome = await this.db.tenant(workspaceId, async (tx) => {
      const endpoint = await repo.endpointById(tx, workspaceId, id);
      if (!endpoint) return noSuchEndpoint();
      const deliveryId = await repo.insertEventFor(tx, workspaceId, id, WEBHOOK_TEST_EVENT, {
        type: WEBHOOK_TEST_EVENT,
        timestamp: this.clock.now().toISOString(),
        data: { endpointId: id, message: 'A test event: the endpoint is reachable and verifies the signature.' },
      });
      return ok(deliveryView((await repo.deliveryById(tx, workspaceId, id, deliveryId))!));
    });
    if (outcome.ok) await this.deliveries.nudge();
    return outcome;
  }
}
