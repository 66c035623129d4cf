import {
  WebhookEndpointBody,
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../contracts/main/webhooks.contract';
import { attempt, type Refusal } from '../shared/refusal';
import type { WebhooksApi } from './webhooks-api.port';

/** Input refused by the contract's own schema, each message on its field (`url`, `events`). */
function checked(input: { url: string; description: string; events: string[] }) {
  const parsed = WebhookEndpointBody.safeParse(input);
  if (parsed.success) return { ok: true as const, body: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'url')] ??= issue.message;
  const refusal: Refusal = {
    ok: false,
    reason: 'invalid',
    message: parsed.error.issues[0]?.message ?? 'Check the endpoint',
    fields,
  };
  return refusal;
}

/**
 * Registers an endpoint: the address and events are checked with the contract's schema first; the server checks that
 * the address is HTTPS and public. The answer holds the signing secret, which is shown this once.
 */
export class RegisterWebhookEndpoint {
  constructor(private readonly api: WebhooksApi) {}

  async execute(input: {
    url: string;
    description: string;
    events: string[];
  }): Promise<{ ok: true; created: CreatedWebhookEndpoint } | Refusal> {
    const body = checked(input);
    if (!body.ok) return body;
    const result = await attempt(() => this.api.create(body.body));
    return result.ok ? { ok: true, created: result.value } : result;
  }
}

/** Pauses or resumes an endpoint, keeping its address and events. */
export class SetWebhookEndpointActive {
  constructor(private readonly api: WebhooksApi) {}

  async execute(
    endpoint: WebhookEndpoint,
    active: boolean,
  ): Promise<{ ok: true; endpoint: WebhookEndpoint } | Refusal> {
    const result = await attempt(() =>
      this.api.update(endpoint.id, {
        url: endpoint.url,
        description: endpoint.description,
        events: endpoint.events,
        active,
      }),
    );
    return result.ok ? { ok: true, endpoint: result.value } : result;
  }
}

/** Removes an endpoint and its deliveries. */
export class DeleteWebhookEndpoint {
  constructor(private readonly api: WebhooksApi) {}

  async execute(id: string): Promise<{ ok: true } | Refusal> {
    const result = await attempt(() => this.api.remove(id));
    return result.ok ? { ok: true } : result;
  }
}

/** Sends the endpoint a `webhook.test` event; answers the queued delivery. */
export class SendWebhookTest {
  constructor(private readonly api: WebhooksApi) {}

  async execute(id: string): Promise<{ ok: true; delivery: WebhookDelivery } | Refusal> {
    const result = await attempt(() => this.api.sendTest(id));
    return result.ok ? { ok: true, delivery: result.value } : result;
  }
}

/** Sends a delivery again, with the same message id. */
export class RedeliverWebhook {
  constructor(private readonly api: WebhooksApi) {}

  async execute(id: string, deliveryId: string): Promise<{ ok: true; delivery: WebhookDelivery } | Refusal> {
    const result = await attempt(() => this.api.redeliver(id, deliveryId));
    return result.ok ? { ok: true, delivery: result.value } : result;
  }
}
