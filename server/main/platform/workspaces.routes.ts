import type { FastifyInstance } from 'fastify';
import {
  createWorkspace,
  deleteWorkspace,
  listWorkspaces,
  searchWorkspaces,
  searchWorkspacesByNameOrUrl,
  setContractExpiry,
  setUserLimit,
  setWorkspaceModules,
  updateWorkspaceUrl,
  workspaceDetails,
  workspaceModules,
} from '../../../src/contracts/main/platform-workspaces.contract';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { serve, type HandlerContext } from '../../platform/serve';
import { hostName, publicOrigin } from '../../platform/tenancy';
import { PlatformWorkspaces } from './workspaces.service';
import { platformAdminActor } from '../../platform/actor';

/** The platform admin's workspace console: list, search, create, delete, move, limits, expiry, modules. */
export async function platformWorkspaceRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const workspaces = new PlatformWorkspaces(deps.db, deps.mail, {
    isMainHost: (host) => deps.sites.isMainHost(host) || host === hostName(deps.settings.mainHost),
    // The workspace's own address, on the configured public scheme and port (never the request's Host).
    originOf: (url) => publicOrigin(deps.settings.publicUrl ?? `http://${deps.settings.mainHost}`, url),
  });

  serve(app, listWorkspaces, async ({ body }) => {
    const { items, total } = await workspaces.list({
      page: body.page,
      pageSize: body.pageSize,
      search: body.search || undefined,
    });
    return { items, total, page: body.page, pageSize: body.pageSize };
  });
  serve(app, searchWorkspaces, async ({ params }) => workspaces.search(params.q, false));
  serve(app, searchWorkspacesByNameOrUrl, async ({ params }) => workspaces.search(params.q, true));
  serve(app, workspaceDetails, async ({ params }) => answer(await workspaces.details(params.id)));

  serve(app, createWorkspace, async (ctx) => {
    const created = answer(await workspaces.create(platformAdminActor(ctx), ctx.body));
    // Its people can complain from the first minute: the jurisdiction's statutory process, published as version 1
    // (docs/case.md "Statutory processes"). After the commit: the builder's services run their own transactions. A
    // failure leaves the workspace without a process, which its admin's home then says; it does not undo the workspace.
    await deps
      .workspaceCreated(created.workspaceId, { ip: ctx.request.ip })
      .catch((error: unknown) =>
        ctx.request.log.error(
          { err: error, workspaceId: created.workspaceId },
          'the statutory complaint process could not be published',
        ),
      );
    return created;
  });

  serve(app, deleteWorkspace, async (ctx) => {
    answer(await workspaces.remove(platformAdminActor(ctx), ctx.params.id));
    deps.gates?.forget();
    return { ok: true as const };
  });

  serve(app, updateWorkspaceUrl, async (ctx) => answer(await workspaces.move(platformAdminActor(ctx), ctx.body)));
  serve(app, setUserLimit, async (ctx) => answer(await workspaces.setUserLimit(platformAdminActor(ctx), ctx.body)));
  serve(app, setContractExpiry, async (ctx) =>
    answer(await workspaces.setContractExpiry(platformAdminActor(ctx), ctx.body)),
  );
  serve(app, workspaceModules, async ({ params }) => answer(await workspaces.modules(params.id)));
  serve(app, setWorkspaceModules, async (ctx) =>
    answer(await workspaces.setModules(platformAdminActor(ctx), ctx.body)),
  );
}
