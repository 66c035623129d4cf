import type { z } from 'zod';
import type {
  CreateWorkspaceBody,
  SetContractExpiryBody,
  SetUserLimitBody,
  SetWorkspaceModulesBody,
  UpdateWorkspaceUrlBody,
  WorkspaceDetails,
} from '../../../src/contracts/main/platform-workspaces.contract';
import { disabledModules, modulesFrom, type WorkspaceModules } from '../../../src/domain/platform/workspace-modules';
import { parseWorkspaceUrl, slugOf } from '../../../src/domain/platform/workspace-url';
import { audit } from '../../platform/audit';
import type { Database, Sql } from '../../platform/db/database';
import type { Mailer } from '../../platform/messages';
import { ok, raise, refuse, refusing, type Outcome } from '../../platform/refusal';
import { sendInvitations } from '../invitations/invite-sender';
import * as repo from './workspaces.repository';
import type { Actor } from '../../platform/actor';

const SEARCH_RESULTS = 20;

/** What the console needs of the server's sites: which hosts are the main site's, and a workspace's public origin. */
export interface ConsoleSites {
  isMainHost(host: string): boolean;
  originOf(workspaceUrl: string): string;
}

const noSuchWorkspace = () => refuse('not-found', 'NOT_FOUND', 'There is no such workspace');

/** Two requests racing for the same host: the unique index decides, and the loser hears which field. */
function urlRaceToConflict(error: unknown): never {
  if ((error as { code?: string }).code === '23505')
    raise(refuse('conflict', 'CONFLICT', 'That address was taken a moment ago', { workspaceUrl: 'Already used' }));
  throw error;
}

/** The platform admin's workspace console: list, search, create, delete, move, limits, expiry, modules. */
export class PlatformWorkspaces {
  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
    private readonly sites: ConsoleSites,
  ) {}

  list(query: { page: number; pageSize: number; search?: string }) {
    return this.db.system((tx) => repo.listWorkspaces(tx, query));
  }

  /** At most 20 workspaces by name (and by address when `byUrl`). */
  async search(q: string, byUrl: boolean) {
    return (
      await this.db.system((tx) =>
        repo.listWorkspaces(tx, { page: 0, pageSize: SEARCH_RESULTS, search: q, searchUrl: byUrl }),
      )
    ).items;
  }

  details(id: string): Promise<Outcome<WorkspaceDetails>> {
    return this.db.system((tx) => this.found(tx, id));
  }

  async create(
    actor: Pick<Actor, 'platformAdminId' | 'ip'>,
    body: z.output<typeof CreateWorkspaceBody>,
  ): Promise<Outcome<WorkspaceDetails>> {
    return refusing(() =>
      this.db.system(async (tx): Promise<Outcome<WorkspaceDetails>> => {
        const url = await this.freeUrl(tx, body.workspaceUrl, null);
        if (!url.ok) return url;
        const jurisdiction = body.jurisdictionCode ? await repo.jurisdictionByCode(tx, body.jurisdictionCode) : null;
        if (body.jurisdictionCode && !jurisdiction) {
          return refuse('invalid', 'VALIDATION', 'There is no such jurisdiction', {
            jurisdictionCode: 'Not a jurisdiction of the catalogue (e.g. IN, CA-FED)',
          });
        }
        const slug = await repo.freeSlug(tx, slugOf(url.value));
        const { workspaceId, adminId } = await repo
          .insertWorkspace(tx, {
            slug,
            url: url.value,
            companyName: body.companyName,
            userLimit: body.userLimit ?? null,
            contractExpiresOn: body.contractExpiresOn ?? null,
            admin: { email: body.adminEmail, firstName: body.adminFirstName, lastName: body.adminLastName ?? '' },
            jurisdictionId: jurisdiction?.id ?? null,
          })
          .catch(urlRaceToConflict);
        await sendInvitations(
          tx,
          this.mail,
          { id: workspaceId, company_name: body.companyName },
          this.sites.originOf(url.value),
          [adminId],
        );
        await audit(tx, {
          workspaceId,
          actorPlatformAdminId: actor.platformAdminId,
          action: 'workspace.created',
          target: workspaceId,
          ip: actor.ip,
          details: {
            companyName: body.companyName,
            workspaceUrl: url.value,
            adminEmail: body.adminEmail,
            userLimit: body.userLimit ?? null,
            contractExpiresOn: body.contractExpiresOn ?? null,
            jurisdictionCode: jurisdiction?.code ?? null,
          },
        });
        return this.found(tx, workspaceId);
      }),
    );
  }

  async remove(actor: Pick<Actor, 'platformAdminId' | 'ip'>, id: string): Promise<Outcome<{ ok: true }>> {
    return this.db.system(async (tx) => {
      const found = await repo.workspaceDetails(tx, id);
      if (!found) return noSuchWorkspace();
      // The workspace's own audit events go with it (ON DELETE CASCADE): the record of its deletion is kept
      // on the platform's log (workspace_id null), naming it in the details.
      await audit(tx, {
        workspaceId: null,
        actorPlatformAdminId: actor.platformAdminId,
        action: 'workspace.deleted',
        target: found.workspaceId,
        ip: actor.ip,
        details: { companyName: found.companyName, workspaceUrl: found.workspaceUrl, userCount: found.userCount },
      });
      await repo.deleteWorkspace(tx, found.workspaceId);
      return ok({ ok: true as const });
    });
  }

  /** The old host answers 404 from the next request (hosts are resolved per request, not cached). */
  async move(
    actor: Pick<Actor, 'platformAdminId' | 'ip'>,
    body: z.output<typeof UpdateWorkspaceUrlBody>,
  ): Promise<Outcome<WorkspaceDetails>> {
    return refusing(() =>
      this.db.system(async (tx): Promise<Outcome<WorkspaceDetails>> => {
        const before = await repo.workspaceDetails(tx, body.workspaceId);
        if (!before) return noSuchWorkspace();
        const url = await this.freeUrl(tx, body.workspaceUrl, before.workspaceId);
        if (!url.ok) return url;
        if (url.value === before.workspaceUrl) return ok(before);
        await repo.moveWorkspace(tx, before.workspaceId, url.value).catch(urlRaceToConflict);
        await audit(tx, {
          workspaceId: before.workspaceId,
          actorPlatformAdminId: actor.platformAdminId,
          action: 'workspace.url_changed',
          target: before.workspaceId,
          ip: actor.ip,
          details: { from: before.workspaceUrl, to: url.value },
        });
        return this.found(tx, before.workspaceId);
      }),
    );
  }

  async setUserLimit(
    actor: Pick<Actor, 'platformAdminId' | 'ip'>,
    body: z.output<typeof SetUserLimitBody>,
  ): Promise<Outcome<WorkspaceDetails>> {
    return this.db.system(async (tx) => {
      const before = await repo.workspaceDetails(tx, body.workspaceId);
      if (!before) return noSuchWorkspace();
      await repo.setUserLimit(tx, before.workspaceId, body.userLimit);
      await audit(tx, {
        workspaceId: before.workspaceId,
        actorPlatformAdminId: actor.platformAdminId,
        action: 'workspace.user_limit_set',
        target: before.workspaceId,
        ip: actor.ip,
        details: { from: before.userLimit, to: body.userLimit, users: before.userCount },
      });
      return this.found(tx, before.workspaceId);
    });
  }

  async setContractExpiry(
    actor: Pick<Actor, 'platformAdminId' | 'ip'>,
    body: z.output<typeof SetContractExpiryBody>,
  ): Promise<Outcome<WorkspaceDetails>> {
    return this.db.system(async (tx) => {
      const before = await repo.workspaceDetails(tx, body.workspaceId);
      if (!before) return noSuchWorkspace();
      await repo.setContractExpiry(tx, before.workspaceId, body.contractExpiresOn);
      await audit(tx, {
        workspaceId: before.workspaceId,
        actorPlatformAdminId: actor.platformAdminId,
        action: 'workspace.contract_expiry_set',
        target: before.workspaceId,
        ip: actor.ip,
        details: { from: before.contractExpiresOn, to: body.contractExpiresOn },
      });
      return this.found(tx, before.workspaceId);
    });
  }

  async modules(id: string): Promise<Outcome<{ workspaceId: string; modules: WorkspaceModules }>> {
    return this.db.system(async (tx) => {
      const found = await repo.workspaceDetails(tx, id);
      if (!found) return noSuchWorkspace();
      return ok({ workspaceId: found.workspaceId, modules: found.modules });
    });
  }

  async setModules(
    actor: Pick<Actor, 'platformAdminId' | 'ip'>,
    body: z.output<typeof SetWorkspaceModulesBody>,
  ): Promise<Outcome<{ workspaceId: string; modules: WorkspaceModules }>> {
    return this.db.system(async (tx) => {
      const before = await repo.workspaceDetails(tx, body.workspaceId);
      if (!before) return noSuchWorkspace();
      const modules = { ...before.modules, ...body.modules };
      const stored = await repo.setDisabledModules(tx, before.workspaceId, disabledModules(modules));
      await audit(tx, {
        workspaceId: before.workspaceId,
        actorPlatformAdminId: actor.platformAdminId,
        action: 'workspace.modules_set',
        target: before.workspaceId,
        ip: actor.ip,
        details: { from: before.modules, to: modules },
      });
      return ok({ workspaceId: before.workspaceId, modules: modulesFrom(stored) });
    });
  }

  private async found(tx: Sql, id: string): Promise<Outcome<WorkspaceDetails>> {
    const details = await repo.workspaceDetails(tx, id);
    return details ? ok(details) : noSuchWorkspace();
  }

  /** A host no other workspace uses, and not the main site's own. */
  private async freeUrl(tx: Sql, url: string, exceptId: string | null): Promise<Outcome<string>> {
    const host = parseWorkspaceUrl(url);
    if (!host.ok) return refuse('invalid', 'VALIDATION', host.reason, { workspaceUrl: host.reason });
    if (this.sites.isMainHost(host.host))
      return refuse('invalid', 'VALIDATION', 'That is the main site’s own address', {
        workspaceUrl: 'The main site’s address',
      });
    const taken = await repo.workspaceAtUrl(tx, host.host);
    if (taken && taken.id !== exceptId) {
      return refuse('conflict', 'CONFLICT', `${host.host} is already the address of ${taken.company_name}`, {
        workspaceUrl: `Already used by ${taken.company_name}`,
      });
    }
    return ok(host.host);
  }
}
