import type { FastifyInstance } from 'fastify';
import {
  previewTemplate,
  readTemplate as readTemplateRoute,
  resetTemplate,
  saveTemplate as saveTemplateRoute,
} from '../../../src/contracts/main/templates.contract';
import type { TemplateKind } from '../../../src/domain/messages/message-template';
import { audit } from '../../platform/audit';
import type { ApiDeps } from '../../platform/deps';
import { templates } from '../../platform/message-templates';
import { serve, workspaceUser } from '../../platform/serve';
import { inviteValidDays, siteOrigin } from '../invites/invite-sender';
import { readTemplate, removeTemplate, saveTemplate } from './templates.repository';

const KIND: Record<'invitation', TemplateKind> = { invitation: 'INVITATION' };

/** The workspace's wording of its messages: read, save (`POST /api/template`), preview, reset. Workspace admins only. */
export async function templateRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, readTemplateRoute, async (ctx) => {
    const { workspace } = workspaceUser(ctx);
    return deps.db.tenant(workspace.id, (tx) => readTemplate(tx, workspace.id, KIND[ctx.params.kind]));
  });

  serve(app, saveTemplateRoute, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const { kind, subject, body } = ctx.body;
    return deps.db.tenant(workspace.id, async (tx) => {
      await saveTemplate(tx, workspace.id, kind, { subject, body }, user.userId);
      await audit(tx, {
        workspaceId: workspace.id,
        actorUserId: user.userId,
        action: 'template.saved',
        target: kind,
        ip: ctx.request.ip,
        details: { subject, bodyLength: body.length },
      });
      return readTemplate(tx, workspace.id, kind);
    });
  });

  serve(app, resetTemplate, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const kind = KIND[ctx.params.kind];
    return deps.db.tenant(workspace.id, async (tx) => {
      if (await removeTemplate(tx, workspace.id, kind)) {
        await audit(tx, {
          workspaceId: workspace.id,
          actorUserId: user.userId,
          action: 'template.reset',
          target: kind,
          ip: ctx.request.ip,
        });
      }
      return readTemplate(tx, workspace.id, kind);
    });
  });

  serve(app, previewTemplate, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const { subject, body } = ctx.body;
    // The admin sees the mail as the invited person would, with themself as the sample person and a sample link.
    const [me, days] = await deps.db.tenant(
      workspace.id,
      async (tx) =>
        [
          (
            await tx.query<{ first_name: string }>('SELECT first_name FROM users WHERE workspace_id = $1 AND id = $2', [
              workspace.id,
              user.userId,
            ])
          )[0],
          await inviteValidDays(tx, workspace.id),
        ] as const,
    );
    return templates.invitation({
      workspaceName: workspace.company_name,
      firstName: me?.first_name ?? 'Ana',
      link: `${siteOrigin(ctx.request)}/invite/sample-link`,
      days,
      wording: { subject, body },
    });
  });
}
