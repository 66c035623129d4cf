import type { FastifyInstance } from 'fastify';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhook,
  sendWebhookTest,
  updateWebhookEndpoint,
} from '../../../src/contracts/main/webhooks.contract';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { WebhooksService } from './webhooks.service';
import { workspaceActor } from '../../platform/actor';

/** A workspace's signed webhooks (docs/webhooks.md): endpoints, deliveries, redelivery, test event. Workspace admins only. */
export async function webhookRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const webhooks = new WebhooksService(deps.db, deps.webhooks, deps.clock);

  serve(app, listWebhookEndpoints, async (ctx) => ({
    items: await webhooks.list(workspaceUser(ctx).workspace.id),
  }));
  serve(app, createWebhookEndpoint, async (ctx) => answer(await webhooks.create(workspaceActor(ctx), ctx.body)));
  serve(app, updateWebhookEndpoint, async (ctx) =>
    answer(await webhooks.update(workspaceActor(ctx), ctx.params.id, ctx.body)),
  );
  serve(app, deleteWebhookEndpoint, async (ctx) => answer(await webhooks.remove(workspaceActor(ctx), ctx.params.id)));
  serve(app, listWebhookDeliveries, async (ctx) => ({
    items: answer(await webhooks.deliveriesOf(workspaceUser(ctx).workspace.id, ctx.params.id)),
  }));
  serve(app, redeliverWebhook, async (ctx) =>
    answer(await webhooks.redeliver(workspaceActor(ctx), ctx.params.id, ctx.params.deliveryId)),
  );
  serve(app, sendWebhookTest, async (ctx) => answer(await webhooks.sendTest(workspaceActor(ctx), ctx.params.id)));
}
