import { inject, injectable } from 'inversify';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhook,
  sendWebhookTest,
  updateWebhookEndpoint,
  type CreatedWebhookEndpoint,
  type UpdateWebhookEndpointBody,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointBody,
} from '../../../contracts/main/webhooks.contract';
import type { WebhooksApi } from '../../../application/organisation/webhooks-api.port';
import { ApiClient, MainHttp } from '../api-client';

@injectable()
export class HttpWebhooksApi implements WebhooksApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  async list(): Promise<WebhookEndpoint[]> {
    return (await this.main.call(listWebhookEndpoints)).items;
  }

  create(body: WebhookEndpointBody): Promise<CreatedWebhookEndpoint> {
    return this.main.call(createWebhookEndpoint, { body });
  }

  update(id: string, body: UpdateWebhookEndpointBody): Promise<WebhookEndpoint> {
    return this.main.call(updateWebhookEndpoint, { params: { id }, body });
  }

  async remove(id: string): Promise<void> {
    await this.main.call(deleteWebhookEndpoint, { params: { id } });
  }

  async deliveries(id: string): Promise<WebhookDelivery[]> {
    return (await this.main.call(listWebhookDeliveries, { params: { id } })).items;
  }

  redeliver(id: string, deliveryId: string): Promise<WebhookDelivery> {
    return this.main.call(redeliverWebhook, { params: { id, deliveryId }, body: {} });
  }

  sendTest(id: string): Promise<WebhookDelivery> {
    return this.main.call(sendWebhookTest, { params: { id }, body: {} });
  }
}
