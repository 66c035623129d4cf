import type { FastifyInstance, FastifyRequest } from 'fastify';
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
  type WorkspaceDetails,
} from '../../../src/contracts/main/platform-workspaces.contract';
import { disabledModules, modulesFrom } from '../../../src/domain/platform/workspace-modules';
import { parseWorkspaceUrl, slugOf } from '../../../src/domain/platform/workspace-url';
import { audit } from '../../platform/audit';
import type { Sql } from '../../platform/db/database';
import type { ApiDeps } from '../../platform/deps';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { serve, type HandlerContext } from '../../platform/serve';
import { hostName, publicOrigin } from '../../platform/tenancy';
import { sendInvitations } from '../invites/invite-sender';
import * as repo from './workspaces.repository';

const SEARCH_RESULTS = 20;

function platformAdminId(ctx: HandlerContext<any>): string | null {
  return ctx.principal?.kind === 'platform-admin' ? ctx.principal.platformAdminId : null;
}

/** The workspace's own address, on the configured public scheme and port (never the request's Host). */
function workspaceOrigin(deps: ApiDeps, workspaceUrl: string): string {
  return publicOrigin(deps.settings.publicUrl ?? `http://${deps.settings.mainHost}`, workspaceUrl);
}

async function requireDetails(tx: Sql, id: string): Promise<WorkspaceDetails> {
  const found = await repo.workspaceDetails(tx, id);
  if (!found) throw notFound('There is no such workspace');
  return found;
}

/** A host no other workspace uses, and not the main site's own. */
async function checkFreeUrl(tx: Sql, deps: ApiDeps, url: string, exceptId: string | null): Promise<string> {
  const host = parseWorkspaceUrl(url);
  if (!host.ok) throw badRequest(host.reason, { workspaceUrl: host.reason });
  if (deps.sites.isMainHost(host.host) || host.host === hostName(deps.settings.mainHost)) {
    throw badRequest('That is the main site’s own address', { workspaceUrl: 'The main site’s address' });
  }
  const taken = await repo.workspaceAtUrl(tx, host.host);
  if (taken && taken.id !== exceptId) {
    throw conflict(`${host.host} is already the address of ${taken.company_name}`, {
      workspaceUrl: `Already used by ${taken.company_name}`,
    });
  }
  return host.host;
}

/** Two requests racing for the same host: the unique index decides, and the loser hears which field. */
function urlRaceToConflict(error: unknown): never {
  if ((error as { code?: string }).code === '23505')
    throw conflict('That address was taken a moment ago', { workspaceUrl: 'Already used' });
  throw error;
}

/** The platform admin's workspace console: list, search, create, delete, move, limits, expiry, modules. */
export async function platformWorkspaceRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, listWorkspaces, async ({ body }) => {
    const { items, total } = await deps.db.system((tx) =>
      repo.listWorkspaces(tx, { page: body.page, pageSize: body.pageSize, search: body.search || undefined }),
    );
    return { items, total, page: body.page, pageSize: body.pageSize };
  });

  serve(
    app,
    searchWorkspaces,
    async ({ params }) =>
      (
        await deps.db.system((tx) =>
          repo.listWorkspaces(tx, { page: 0, pageSize: SEARCH_RESULTS, search: params.q, searchUrl: false }),
        )
      ).items,
  );

  serve(
    app,
    searchWorkspacesByNameOrUrl,
    async ({ params }) =>
      (
        await deps.db.system((tx) =>
          repo.listWorkspaces(tx, { page: 0, pageSize: SEARCH_RESULTS, search: params.q, searchUrl: true }),
        )
      ).items,
  );

  serve(app, workspaceDetails, async ({ params }) => deps.db.system((tx) => requireDetails(tx, params.id)));

  serve(app, createWorkspace, async (ctx) => {
    const { body, request } = ctx;
    const created = await deps.db.system(async (tx) => {
      const url = await checkFreeUrl(tx, deps, body.workspaceUrl, null);
      const jurisdiction = body.jurisdictionCode ? await repo.jurisdictionByCode(tx, body.jurisdictionCode) : null;
      if (body.jurisdictionCode && !jurisdiction) {
        throw badRequest('There is no such jurisdiction', {
          jurisdictionCode: 'Not a jurisdiction of the catalogue (e.g. IN, CA-FED)',
        });
      }
      const slug = await repo.freeSlug(tx, slugOf(url));
      const [workspace] = await tx
        .query<{ id: string }>(
          `INSERT INTO workspaces (slug, workspace_url, company_name, user_limit, contract_expires_on)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [slug, url, body.companyName, body.userLimit ?? null, body.contractExpiresOn ?? null],
        )
        .catch(urlRaceToConflict);
      const [hq] = await tx.query<{ id: string }>(
        `INSERT INTO branches (workspace_id, name, headquarter) VALUES ($1, $2, true) RETURNING id`,
        [workspace.id, `${body.companyName} Headquarters`],
      );
      const [admin] = await tx.query<{ id: string }>(
        `INSERT INTO users (workspace_id, email, first_name, last_name, role, status, branch_id)
         VALUES ($1, $2, $3, $4, 'WORKSPACE_ADMIN', 'INVITED', $5) RETURNING id`,
        [workspace.id, body.adminEmail, body.adminFirstName, body.adminLastName ?? '', hq.id],
      );
      await tx.query(`INSERT INTO invites (workspace_id, user_id, branch_id) VALUES ($1, $2, $3)`, [
        workspace.id,
        admin.id,
        hq.id,
      ]);
      if (jurisdiction) {
        await tx.query(`INSERT INTO workspace_jurisdictions (workspace_id, jurisdiction_id) VALUES ($1, $2)`, [
          workspace.id,
          jurisdiction.id,
        ]);
      }
      await sendInvitations(
        tx,
        deps.mail,
        { id: workspace.id, company_name: body.companyName },
        workspaceOrigin(deps, url),
        [admin.id],
      );
      await audit(tx, {
        workspaceId: workspace.id,
        actorPlatformAdminId: platformAdminId(ctx),
        action: 'workspace.created',
        target: workspace.id,
        ip: request.ip,
        details: {
          companyName: body.companyName,
          workspaceUrl: url,
          adminEmail: body.adminEmail,
          userLimit: body.userLimit ?? null,
          contractExpiresOn: body.contractExpiresOn ?? null,
          jurisdictionCode: jurisdiction?.code ?? null,
        },
      });
      return requireDetails(tx, workspace.id);
    });
    // Its people can complain from the first minute: the jurisdiction's statutory process, published as version 1
    // (docs/case.md "Statutory processes"). After the commit: the builder's services run their own transactions. A
    // failure leaves the workspace without a process, which its admin's home then says; it does not undo the workspace.
    await deps
      .workspaceCreated(created.workspaceId, { ip: request.ip })
      .catch((error: unknown) =>
        request.log.error(
          { err: error, workspaceId: created.workspaceId },
          'the statutory complaint process could not be published',
        ),
      );
    return created;
  });

  serve(app, deleteWorkspace, async (ctx) => {
    await deps.db.system(async (tx) => {
      const found = await requireDetails(tx, ctx.params.id);
      // The workspace's own audit events go with it (ON DELETE CASCADE): the record of its deletion is kept
      // on the platform's log (workspace_id null), naming it in the details.
      await audit(tx, {
        workspaceId: null,
        actorPlatformAdminId: platformAdminId(ctx),
        action: 'workspace.deleted',
        target: found.workspaceId,
        ip: ctx.request.ip,
        details: { companyName: found.companyName, workspaceUrl: found.workspaceUrl, userCount: found.userCount },
      });
      // Users, business units, courses, workflows, invites and codes cascade from the workspace row. Sessions,
      // audit events, mail and the manual have no key to workspaces (their rows of the main site carry its nil id,
      // which is no workspace: migration 0016), so they go here, in the same transaction. So do courses and files, whose
      // catalogue rows carry that nil id too (migration 0032); a course goes before the files its cover names.
      for (const table of ['courses', 'files', 'sessions', 'audit_events', 'outbox_messages', 'user_manuals']) {
        await tx.query(`DELETE FROM ${table} WHERE workspace_id = $1`, [found.workspaceId]);
      }
      await tx.query(`DELETE FROM workspaces WHERE id = $1`, [found.workspaceId]);
      // Its own policies (migration 0041) sit in the catalogue's tables, which have no key to workspaces.
      await tx.query(`DELETE FROM catalogue_policies WHERE owner_workspace_id = $1`, [found.workspaceId]);
    });
    deps.gates?.forget();
    return { ok: true as const };
  });

  serve(app, updateWorkspaceUrl, async (ctx) => {
    const { body } = ctx;
    return deps.db.system(async (tx) => {
      const before = await requireDetails(tx, body.workspaceId);
      const url = await checkFreeUrl(tx, deps, body.workspaceUrl, before.workspaceId);
      if (url === before.workspaceUrl) return before;
      await tx
        .query(`UPDATE workspaces SET workspace_url = $2 WHERE id = $1`, [before.workspaceId, url])
        .catch(urlRaceToConflict);
      // The old host answers 404 from the next request (hosts are resolved per request, not cached); the
      // sessions made there end too, so nobody keeps working on an address the customer gave up.
      await tx.query(`UPDATE sessions SET revoked_at = now() WHERE workspace_id = $1 AND revoked_at IS NULL`, [
        before.workspaceId,
      ]);
      await audit(tx, {
        workspaceId: before.workspaceId,
        actorPlatformAdminId: platformAdminId(ctx),
        action: 'workspace.url_changed',
        target: before.workspaceId,
        ip: ctx.request.ip,
        details: { from: before.workspaceUrl, to: url },
      });
      return requireDetails(tx, before.workspaceId);
    });
  });

  serve(app, setUserLimit, async (ctx) => {
    const { body } = ctx;
    return deps.db.system(async (tx) => {
      const before = await requireDetails(tx, body.workspaceId);
      await tx.query(`UPDATE workspaces SET user_limit = $2 WHERE id = $1`, [before.workspaceId, body.userLimit]);
      await audit(tx, {
        workspaceId: before.workspaceId,
        actorPlatformAdminId: platformAdminId(ctx),
        action: 'workspace.user_limit_set',
        target: before.workspaceId,
        ip: ctx.request.ip,
        details: { from: before.userLimit, to: body.userLimit, users: before.userCount },
      });
      return requireDetails(tx, before.workspaceId);
    });
  });

  serve(app, setContractExpiry, async (ctx) => {
    const { body } = ctx;
    return deps.db.system(async (tx) => {
      const before = await requireDetails(tx, body.workspaceId);
      await tx.query(`UPDATE workspaces SET contract_expires_on = $2 WHERE id = $1`, [
        before.workspaceId,
        body.contractExpiresOn,
      ]);
      await audit(tx, {
        workspaceId: before.workspaceId,
        actorPlatformAdminId: platformAdminId(ctx),
        action: 'workspace.contract_expiry_set',
        target: before.workspaceId,
        ip: ctx.request.ip,
        details: { from: before.contractExpiresOn, to: body.contractExpiresOn },
      });
      return requireDetails(tx, before.workspaceId);
    });
  });

  serve(app, workspaceModules, async ({ params }) =>
    deps.db.system(async (tx) => {
      const found = await requireDetails(tx, params.id);
      return { workspaceId: found.workspaceId, modules: found.modules };
    }),
  );

  serve(app, setWorkspaceModules, async (ctx) => {
    const { body } = ctx;
    return deps.db.system(async (tx) => {
      const before = await requireDetails(tx, body.workspaceId);
      const modules = { ...before.modules, ...body.modules };
      await tx.query(`UPDATE workspaces SET disabled_modules = $2 WHERE id = $1`, [
        before.workspaceId,
        disabledModules(modules),
      ]);
      await audit(tx, {
        workspaceId: before.workspaceId,
        actorPlatformAdminId: platformAdminId(ctx),
        action: 'workspace.modules_set',
        target: before.workspaceId,
        ip: ctx.request.ip,
        details: { from: before.modules, to: modules },
      });
      const [row] = await tx.query<{ disabled_modules: string[] }>(
        `SELECT disabled_modules FROM workspaces WHERE id = $1`,
        [before.workspaceId],
      );
      return { workspaceId: before.workspaceId, modules: modulesFrom(row.disabled_modules) };
    });
  });
}
