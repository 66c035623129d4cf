import type {
  UpdateWebhookEndpointBody,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointBody,
} from '../../src/contracts/main/webhooks.contract';
import type { WebhooksApi } from '../../src/application/organisation/webhooks-api.port';
import { ApiError } from '../../src/application/shared/api-error';

/** Endpoints in memory; an http:// address is refused on its field as the server does. */
export class FakeWebhooksApi implements WebhooksApi {
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
