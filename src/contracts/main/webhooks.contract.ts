import { z } from 'zod';
import { WEBHOOK_URL_MAX, WebhookEventType } from '../../domain/webhooks/webhook-events';
import { route } from '../route';

/**
 * A workspace's signed webhooks (docs/webhooks.md): endpoints, their deliveries, a redelivery and a test event.
 * Not in api/endpoints.tsv; named here and in docs/webhooks.md. Workspace admins only.
 */

export const WebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(WebhookEventType),
  status: z.enum(['ACTIVE', 'PAUSED']),
  /** Why the endpoint was paused (failures in a row), null while active. */
  pausedReason: z.string().nullable(),
  pausedAt: z.string().nullable(),
  failuresInRow: z.number().int(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpointList = z.object({ items: z.array(WebhookEndpoint) });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointList>;

export const WebhookEndpointBody = z.strictObject({
  url: z.string().trim().min(1, 'Enter the address').max(WEBHOOK_URL_MAX),
  description: z.string().trim().max(200).default(''),
  events: z.array(WebhookEventType).min(1, 'Choose at least one event').max(20),
});
export type WebhookEndpointBody = z.input<typeof WebhookEndpointBody>;

export const UpdateWebhookEndpointBody = WebhookEndpointBody.extend({
  /** False pauses the endpoint; true resumes a paused one (its failure count starts again). */
  active: z.boolean(),
});
export type UpdateWebhookEndpointBody = z.input<typeof UpdateWebhookEndpointBody>;

/** The endpoint just made, with its signing secret: shown this once, never again. */
export const CreatedWebhookEndpoint = z.object({ endpoint: WebhookEndpoint, secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof CreatedWebhookEndpoint>;

export const WebhookDelivery = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(['PENDING', 'DELIVERED', 'FAILED']),
  attempts: z.number().int(),
  responseCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryList = z.object({ items: z.array(WebhookDelivery) });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;

export const WebhookEndpointParams = z.strictObject({ id: z.uuid() });
export const WebhookDeliveryParams = z.strictObject({ id: z.uuid(), deliveryId: z.uuid() });

const access = ['WORKSPACE_ADMIN'] as const;

export const listWebhookEndpoints = route({
  api: 'main',
  method: 'GET',
  path: '/api/webhooks',
  summary: "The workspace's webhook endpoints (their secrets are never shown again)",
  response: WebhookEndpointList,
  access,
});

export const createWebhookEndpoint = route({
  api: 'main',
  method: 'POST',
  path: '/api/webhooks',
  summary: 'Registers an endpoint (HTTPS, a public address) for the chosen events; answers its signing secret once',
  body: WebhookEndpointBody,
  response: CreatedWebhookEndpoint,
  access,
});

export const updateWebhookEndpoint = route({
  api: 'main',
  method: 'PUT',
  path: '/api/webhooks/{id}',
  summary: "Changes an endpoint's address, description and events, or pauses or resumes it",
  params: WebhookEndpointParams,
  body: UpdateWebhookEndpointBody,
  response: WebhookEndpoint,
  access,
});

export const deleteWebhookEndpoint = route({
  api: 'main',
  method: 'DELETE',
  path: '/api/webhooks/{id}',
  summary: 'Removes an endpoint and its deliveries',
  params: WebhookEndpointParams,
  response: z.object({ deleted: z.literal(true) }),
  access,
});

export const listWebhookDeliveries = route({
  api: 'main',
  method: 'GET',
  path: '/api/webhooks/{id}/deliveries',
  summary: "An endpoint's latest deliveries (100), newest first, with their status, response code and attempts",
  params: WebhookEndpointParams,
  response: WebhookDeliveryList,
  access,
});

export const redeliverWebhook = route({
  api: 'main',
  method: 'POST',
  path: '/api/webhooks/{id}/deliveries/{deliveryId}/redeliver',
  summary: 'Sends a delivery again, with the same message id, as soon as the delivery job runs',
  params: WebhookDeliveryParams,
  body: z.strictObject({}),
  response: WebhookDelivery,
  access,
});

export const sendWebhookTest = route({
  api: 'main',
  method: 'POST',
  path: '/api/webhooks/{id}/test',
  summary: 'Sends the endpoint a `webhook.test` event',
  params: WebhookEndpointParams,
  body: z.strictObject({}),
  response: WebhookDelivery,
  access,
});
