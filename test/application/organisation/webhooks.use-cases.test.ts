import { describe, expect, it } from 'vitest';
import type {
  UpdateWebhookEndpointBody,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointBody,
} from '../../../src/contracts/main/webhooks.contract';
import type { WebhooksApi } from '../../../src/application/organisation/webhooks-api.port';
import {
  RegisterWebhookEndpoint,
  SetWebhookEndpointActive,
} from '../../../src/application/organisation/webhooks.use-cases';
import { ApiError } from '../../../src/application/shared/api-error';

/** Endpoints in memory; an http:// address is refused on its field as the server does. */
class FakeWebhooksApi implements WebhooksApi {
  endpoints: WebhookEndpoint[] = [];
  calls = 0;
  async list() {
    return this.endpoints;
  }
  async create(body: WebhookEndpointBody) {
    this.calls++;
    if (!body.url.startsWith('https://'))
      throw new ApiError('invalid', 'WEBHOOK_URL_REFUSED', 'The address must start with https://', {
        url: 'The address must start with https://',
      });
    const endpoint: WebhookEndpoint = {
      id: `e${this.endpoints.length + 1}`,
      url: body.url,
      description: body.description ?? '',
      events: body.events,
      status: 'ACTIVE',
      pausedReason: null,
      pausedAt: null,
      failuresInRow: 0,
      createdAt: '2026-12-01T00:00:00.000Z',
    };
    this.endpoints.push(endpoint);
    return { endpoint, secret: 'whsec_c2VjcmV0' };
  }
  async update(id: string, body: UpdateWebhookEndpointBody) {
    const found = this.endpoints.find((e) => e.id === id)!;
    Object.assign(found, { url: body.url, events: body.events, status: body.active ? 'ACTIVE' : 'PAUSED' });
    return found;
  }
  async remove() {}
  async deliveries(): Promise<WebhookDelivery[]> {
    return [];
  }
  async redeliver(): Promise<WebhookDelivery> {
    throw new Error('not used');
  }
  async sendTest(): Promise<WebhookDelivery> {
    throw new Error('not used');
  }
}

describe('RegisterWebhookEndpoint', () => {
  it('registers an endpoint and hands back its secret', async () => {
    const api = new FakeWebhooksApi();
    const outcome = await new RegisterWebhookEndpoint(api).execute({
      url: 'https://hooks.example.com/x',
      description: 'HR',
      events: ['course.completed'],
    });
    expect(outcome).toMatchObject({ ok: true, created: { secret: 'whsec_c2VjcmV0', endpoint: { status: 'ACTIVE' } } });
  });

  it('refuses no events before any call, naming the field', async () => {
    const api = new FakeWebhooksApi();
    const outcome = await new RegisterWebhookEndpoint(api).execute({
      url: 'https://hooks.example.com/x',
      description: '',
      events: [],
    });
    expect(outcome).toMatchObject({ ok: false, reason: 'invalid', fields: { events: 'Choose at least one event' } });
    expect(api.calls).toBe(0);
  });

  it("puts the server's refusal of the address on the url field", async () => {
    const outcome = await new RegisterWebhookEndpoint(new FakeWebhooksApi()).execute({
      url: 'http://hooks.example.com/x',
      description: '',
      events: ['policy.accepted'],
    });
    expect(outcome).toMatchObject({ ok: false, fields: { url: 'The address must start with https://' } });
  });
});

describe('SetWebhookEndpointActive', () => {
  it('pauses an endpoint, keeping its address and events', async () => {
    const api = new FakeWebhooksApi();
    const made = await new RegisterWebhookEndpoint(api).execute({
      url: 'https://hooks.example.com/x',
      description: '',
      events: ['course.assigned'],
    });
    if (!made.ok) throw new Error('not registered');
    const outcome = await new SetWebhookEndpointActive(api).execute(made.created.endpoint, false);
    expect(outcome).toMatchObject({
      ok: true,
      endpoint: { status: 'PAUSED', url: 'https://hooks.example.com/x', events: ['course.assigned'] },
    });
  });
});
