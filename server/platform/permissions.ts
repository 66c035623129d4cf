import fp from 'fastify-plugin';
import type { RouteContract } from '../../src/contracts/route';
import {
  EditableRole,
  holds,
  permission,
  PermissionKey,
  type PermissionOverrides,
} from '../../src/domain/auth/permissions';
import { ROLE_LABELS } from '../../src/domain/auth/roles';
import type { Database, Sql } from './db/database';
import { FreshValue } from './fresh-value';
import { HttpError } from './errors';
import { authorise } from './serve';
import type { Principal } from './sessions';
import type { Site } from './tenancy';

/**
 * Each workspace's changes to the default permissions (table role_permissions), at most `maxAgeMs` old (FreshValue:
 * one read at a time, refreshed ahead of expiry): they change rarely and are read on every gated call. `forget()`
 * after a change, so this process enforces it at once (another process within `maxAgeMs`).
 */
export class PermissionStore {
  private readonly values = new Map<string, FreshValue<PermissionOverrides>>();

  constructor(
    private readonly db: Database,
    private readonly maxAgeMs = 3000,
  ) {}

  overrides(workspaceId: string): Promise<PermissionOverrides> {
    let value = this.values.get(workspaceId);
    if (!value) {
      value = new FreshValue(() => this.db.tenant(workspaceId, (tx) => readOverrides(tx, workspaceId)), this.maxAgeMs);
      this.values.set(workspaceId, value);
    }
    return value.get();
  }

  forget(workspaceId: string): void {
    this.values.get(workspaceId)?.forget();
  }
}

/** The workspace's switches, read in the caller's tenant transaction. Unknown keys and roles (an older catalogue) are ignored. */
export async function readOverrides(tx: Sql, workspaceId: string): Promise<PermissionOverrides> {
  const rows = await tx.query<{ role: string; permission_key: string; granted: boolean }>(
    `SELECT role, permission_key, granted FROM role_permissions WHERE workspace_id = $1`,
    [workspaceId],
  );
  const overrides: PermissionOverrides = {};
  for (const row of rows) {
    const role = EditableRole.safeParse(row.role);
    const key = PermissionKey.safeParse(row.permission_key);
    if (!role.success || !key.success) continue;
    (overrides[role.data] ??= {})[key.data] = row.granted;
  }
  return overrides;
}

/**
 * The one permission check: a workspace user whose role's permission is switched off in this workspace is
 * refused (403). Anyone else is left to the contract's access rule (which runs first).
 */
export async function requirePermission(
  store: PermissionStore,
  site: Site,
  principal: Principal | null,
  key: PermissionKey,
): Promise<void> {
  if (site.kind !== 'workspace' || principal?.kind !== 'user') return;
  const overrides = await store.overrides(site.workspace.id);
  if (holds(principal.role, key, overrides)) return;
  throw new HttpError(
    403,
    'PERMISSION_OFF',
    `Your workspace admin has switched off "${permission(key).label}" for ${ROLE_LABELS[principal.role]}s in ${site.workspace.company_name}`,
  );
}

/**
 * Enforces the `permission` of every served contract (serve() puts the contract in the route's config): after
 * the access rule, before validation, so a role whose permission is off learns nothing about its input.
 */
export const permissionGate = fp<{ store: PermissionStore }>(
  async (app, { store }) => {
    app.addHook('preValidation', async (request) => {
      const contract = (request.routeOptions.config as { contract?: RouteContract } | undefined)?.contract;
      if (!contract?.permission) return;
      authorise(contract, request.ctx.site, request.ctx.principal);
      await requirePermission(store, request.ctx.site, request.ctx.principal, contract.permission);
    });
  },
  { name: 'permission-gate', dependencies: ['request-context'] },
);
