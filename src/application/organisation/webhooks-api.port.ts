import type {
  CreatedWebhookEndpoint,
  UpdateWebhookEndpointBody,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointBody,
} from '../../contracts/main/webhooks.contract';

/** The workspace's signed webhooks (docs/webhooks.md). Failures throw ApiError. */
export const WebhooksApi = Symbol('WebhooksApi');
export interface WebhooksApi {
  /** @read */
  list(): Promise<WebhookEndpoint[]>;
  create(body: WebhookEndpointBody): Promise<CreatedWebhookEndpoint>;
  update(id: string, body: UpdateWebhookEndpointBody): Promise<WebhookEndpoint>;
  remove(id: string): Promise<void>;
  /** @read */
  deliveries(id: string): Promise<WebhookDelivery[]>;
  redeliver(id: string, deliveryId: string): Promise<WebhookDelivery>;
  sendTest(id: string): Promise<WebhookDelivery>;
}
