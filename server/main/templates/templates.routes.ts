import type { FastifyInstance } from 'fastify';
import {
  previewTemplate,
  readTemplate,
  resetTemplate,
  saveTemplate,
} from '../../../src/contracts/main/templates.contract';
import type { TemplateKind } from '../../../src/domain/messages/message-template';
import type { ApiDeps } from '../../platform/deps';
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { siteOrigin } from '../invitations/invite-sender';
import { TemplatesService } from './templates.service';
import { workspaceActor } from '../../platform/actor';

const KIND: Record<'invitation', TemplateKind> = { invitation: 'INVITATION' };

/** The workspace's wording of its messages: read, save (`POST /api/template`), preview, reset. Workspace admins only. */
export async function templateRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const wordings = new TemplatesService(deps.db);

  serve(app, readTemplate, async (ctx) => wordings.read(workspaceUser(ctx).workspace.id, KIND[ctx.params.kind]));

  serve(app, saveTemplate, async (ctx) => {
    const { kind, subject, body } = ctx.body;
    return wordings.save(workspaceActor(ctx), kind, { subject, body });
  });

  serve(app, resetTemplate, async (ctx) => wordings.reset(workspaceActor(ctx), KIND[ctx.params.kind]));

  serve(app, previewTemplate, async (ctx) =>
    wordings.previewInvitation(workspaceActor(ctx), siteOrigin(ctx.request), {
      subject: ctx.body.subject,
      body: ctx.body.body,
    }),
  );
}
