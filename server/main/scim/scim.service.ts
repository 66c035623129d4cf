import { emitPersonEvents } from '../../platform/webhooks/webhook-outbox';
import { openCaseStakes, recordDepartures } from '../../platform/case-stakes';
import type { Mailer } from '../../platform/messages';
import { scimPatch, type ScimPatchOperation } from 'scim-patch';
import { parse } from 'scim2-parse-filter';
import { audit } from '../../platform/audit';
import { userLimitRefusal } from '../../platform/user-limit';
import type { Database, Sql } from '../../platform/db/database';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import {
  asBoolean,
  groupFilter,
  groupResource,
  LIST_SCHEMA,
  PATCH_SCHEMA,
  userFilter,
  userInput,
  userResource,
  type ScimUser,
  type UserInput,
} from './scim-resources';
import {
  activeAdminsOtherThan,
  addMembers,
  deactivate,
  departmentNamed,
  findByIdentity,
  findUser,
  groupKindOf,
  groupNameTaken,
  headquartersOf,
  insertGroup,
  insertUser,
  listGroups,
  listUsers,
  removeMembers,
  renameGroup,
  updateUser,
  userExists,
  type GroupKind,
  type ScimUserRow,
} from './scim.repository';
import type { Actor } from '../../platform/actor';

export interface PatchBody {
  schemas?: unknown;
  Operations?: unknown;
}

/** A refusal's `code` is SCIM's `scimType` (RFC 7644 3.12); the kind decides the status. */
const invalid = (scimType: string, detail: string) => refuse('invalid', scimType, detail);
const noSuchUser = () => refuse('not-found', 'noTarget', 'There is no such user');
const noSuchGroup = () => refuse('not-found', 'noTarget', 'There is no such group');

const MAX_COUNT = 200;

function page(startIndex: number | undefined, count: number | undefined): { offset: number; limit: number } {
  const start = Number.isFinite(startIndex) && startIndex! >= 1 ? Math.floor(startIndex!) : 1;
  const limit = Number.isFinite(count) && count! >= 0 ? Math.min(Math.floor(count!), MAX_COUNT) : 100;
  return { offset: start - 1, limit };
}

/**
 * SCIM 2.0 provisioning of a workspace's people (docs/integrations.md). Every change is one tenant transaction with
 * its audit row, made by the key. Deprovisioning deactivates and ends every session; no row is ever deleted.
 */
/** `https://<workspace host>/scim/v2`, for `meta.location`. */
export function scimBase(caller: Pick<Actor, 'origin'>): string {
  return `${caller.origin}/scim/v2`;
}

export class ScimService {
  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
  ) {}

  async listUsers(
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    query: { filter?: string; startIndex?: number; count?: number },
  ): Promise<Outcome<Record<string, unknown>>> {
    const filter = userFilter(query.filter);
    if (!filter.ok) return invalid('invalidFilter', filter.detail);
    const { offset, limit } = page(query.startIndex, query.count);
    const { total, rows } = await this.db.tenant(caller.workspaceId, (tx) =>
      listUsers(tx, caller.workspaceId, filter.filter, offset, limit),
    );
    return ok({
      schemas: [LIST_SCHEMA],
      totalResults: total,
      startIndex: offset + 1,
      itemsPerPage: rows.length,
      Resources: rows.map((r) => userResource(r, scimBase(caller))),
    });
  }

  async getUser(
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    id: string,
  ): Promise<Outcome<ScimUser>> {
    const row = await this.db.tenant(caller.workspaceId, (tx) => findUser(tx, caller.workspaceId, id));
    return row ? ok(userResource(row, scimBase(caller))) : noSuchUser();
  }

  async createUser(
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    resource: ScimUser,
  ): Promise<Outcome<ScimUser>> {
    const parsed = userInput(resource);
    if (!parsed.ok) return invalid('invalidValue', parsed.detail);
    return this.db.tenant(caller.workspaceId, (tx) => this.createUserIn(tx, caller, parsed.input));
  }

  /** A create in the caller's transaction (a single POST, or a Bulk operation that cannot join the set-based batch). */
  async createUserIn(
    tx: Sql,
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    input: UserInput,
  ): Promise<Outcome<ScimUser>> {
    const ws = caller.workspaceId;
    const holders = await findByIdentity(tx, ws, input.email, input.externalId);
    // A person the provider deleted earlier comes back as themselves: their records were kept for this.
    const revived = holders.length === 1 && holders[0].deleted ? holders[0] : null;
    if (holders.length > 0 && !revived)
      return refuse('conflict', 'uniqueness', 'A user with this userName or externalId already exists');
    const manager = await this.managerOf(tx, ws, input, revived?.id ?? null);
    if (!manager.ok) return manager;
    if (!revived) {
      const full = await userLimitRefusal(tx, ws, 1);
      if (full) return full;
    }
    const branchId = await headquartersOf(tx, ws);
    const departmentId =
      input.department && branchId ? await departmentNamed(tx, ws, branchId, input.department) : null;
    const write = { ...this.writeOf(input, manager.value), branchId, departmentId };
    let id: string;
    if (revived) {
      id = revived.id;
      await updateUser(tx, ws, id, write);
    } else id = await insertUser(tx, ws, write);
    if (input.active) await emitPersonEvents(tx, ws, 'person.provisioned', [id]);
    await this.audit(tx, caller, revived ? 'scim.user.restored' : 'scim.user.created', id, {
      externalId: input.externalId,
      active: input.active,
    });
    return ok(userResource((await findUser(tx, ws, id))!, scimBase(caller)));
  }

  async replaceUser(
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    id: string,
    resource: ScimUser,
  ): Promise<Outcome<ScimUser>> {
    return this.db.tenant(caller.workspaceId, (tx) => this.replaceUserIn(tx, caller, id, resource));
  }

  async replaceUserIn(
    tx: Sql,
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    id: string,
    resource: ScimUser,
  ): Promise<Outcome<ScimUser>> {
    const parsed = userInput(resource);
    if (!parsed.ok) return invalid('invalidValue', parsed.detail);
    const row = await findUser(tx, caller.workspaceId, id, true);
    if (!row) return noSuchUser();
    return this.write(tx, caller, row, parsed.input, 'scim.user.replaced');
  }

  async patchUser(
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    id: string,
    body: PatchBody,
  ): Promise<Outcome<ScimUser>> {
    const operations = patchOperations(body);
    if (!operations.ok) return operations;
    return this.db.tenant(caller.workspaceId, (tx) => this.patchUserIn(tx, caller, id, body));
  }

  async patchUserIn(
    tx: Sql,
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    id: string,
    body: PatchBody,
  ): Promise<Outcome<ScimUser>> {
    const operations = patchOperations(body);
    if (!operations.ok) return operations;
    const row = await findUser(tx, caller.workspaceId, id, true);
    if (!row) return noSuchUser();
    let patched: ScimUser;
    try {
      const current = userResource(row, scimBase(caller)) as unknown as Parameters<typeof scimPatch>[0];
      patched = scimPatch(current, operations.value.map(coerceUserOperation)) as unknown as ScimUser;
    } catch (error) {
      const scimType = (error as { scimCode?: string }).scimCode ?? 'invalidValue';
      return invalid(scimType, error instanceof Error ? error.message : 'The patch cannot be applied');
    }
    const parsed = userInput(patched);
    if (!parsed.ok) return invalid('invalidValue', parsed.detail);
    return this.write(tx, caller, row, parsed.input, 'scim.user.patched');
  }

  /**
   * A provider's deprovisioning is never refused for a stake in an open case (a leaver must lose access at once), but,
   * as by any other path, each such case's access log records it and its committee is told (docs/integrations.md).
   */
  private async recordCaseDepartures(
    tx: Sql,
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    userId: string,
  ): Promise<void> {
    const stakes = await openCaseStakes(tx, caller.workspaceId, [userId]);
    await recordDepartures(tx, this.mail, {
      ws: caller.workspaceId,
      workspaceName: '',
      actorUserId: null,
      ip: caller.ip,
      what: 'deactivate',
      done: true,
      stakes,
      by: 'provisioning key',
    });
  }

  /** DELETE: deactivated and hidden from SCIM; training and complaint records stay. */
  async deleteUser(
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    id: string,
  ): Promise<Outcome<null>> {
    return this.db.tenant(caller.workspaceId, (tx) => this.deleteUserIn(tx, caller, id));
  }

  async deleteUserIn(
    tx: Sql,
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    id: string,
  ): Promise<Outcome<null>> {
    const row = await findUser(tx, caller.workspaceId, id, true);
    if (!row) return noSuchUser();
    const guard = await this.mayDeprovision(tx, caller.workspaceId, row);
    if (!guard.ok) return guard;
    await deactivate(tx, caller.workspaceId, row.id, true);
    await this.recordCaseDepartures(tx, caller, row.id);
    await emitPersonEvents(tx, caller.workspaceId, 'person.deprovisioned', [row.id], { deleted: true });
    await this.audit(tx, caller, 'scim.user.deleted', row.id, { sessionsEnded: true });
    return ok(null);
  }

  // ---- Groups

  async listGroups(
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    query: { filter?: string; startIndex?: number; count?: number; excludedAttributes?: string },
  ): Promise<Outcome<Record<string, unknown>>> {
    const filter = groupFilter(query.filter);
    if (!filter.ok) return invalid('invalidFilter', filter.detail);
    const { offset, limit } = page(query.startIndex, query.count);
    const withMembers = !(query.excludedAttributes ?? '').toLowerCase().includes('members');
    const kind = await groupKindOf(this.db, caller.workspaceId);
    const { total, rows } = await this.db.tenant(caller.workspaceId, (tx) =>
      listGroups(tx, caller.workspaceId, kind, filter.name, filter.id, offset, limit, withMembers),
    );
    return ok({
      schemas: [LIST_SCHEMA],
      totalResults: total,
      startIndex: offset + 1,
      itemsPerPage: rows.length,
      Resources: rows.map((r) => groupResource(r, scimBase(caller))),
    });
  }

  async getGroup(
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    id: string,
  ): Promise<Outcome<Record<string, unknown>>> {
    const kind = await groupKindOf(this.db, caller.workspaceId);
    const { rows } = await this.db.tenant(caller.workspaceId, (tx) =>
      listGroups(tx, caller.workspaceId, kind, null, id, 0, 1, true),
    );
    return rows[0] ? ok(groupResource(rows[0], scimBase(caller))) : noSuchGroup();
  }

  async createGroup(
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    body: Record<string, unknown>,
  ): Promise<Outcome<Record<string, unknown>>> {
    const name = typeof body?.displayName === 'string' ? body.displayName.trim().slice(0, 100) : '';
    if (!name) return invalid('invalidValue', 'displayName is required');
    const kind = await groupKindOf(this.db, caller.workspaceId);
    const members = memberIds(body.members);
    return this.db.tenant(caller.workspaceId, async (tx) => {
      if (await groupNameTaken(tx, caller.workspaceId, kind, name))
        return refuse('conflict', 'uniqueness', 'A group with this displayName already exists');
      const id = await insertGroup(tx, caller.workspaceId, kind, name);
      if (members.length > 0) await addMembers(tx, caller.workspaceId, kind, id, members);
      await this.audit(tx, caller, 'scim.group.created', id, { displayName: name, kind });
      return ok(await this.groupIn(tx, caller, kind, id));
    });
  }

  /** Members added or removed (a person moved between departments or business units), or the group renamed. */
  async patchGroup(
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    id: string,
    body: PatchBody,
  ): Promise<Outcome<Record<string, unknown> | null>> {
    const operations = patchOperations(body);
    if (!operations.ok) return operations;
    const kind = await groupKindOf(this.db, caller.workspaceId);
    return this.db.tenant(caller.workspaceId, async (tx): Promise<Outcome<Record<string, unknown> | null>> => {
      const ws = caller.workspaceId;
      const { rows } = await listGroups(tx, ws, kind, null, id, 0, 1, false);
      if (!rows[0]) return noSuchGroup();
      const changes: Record<string, unknown>[] = [];
      for (const operation of operations.value) {
        const op = String(operation.op).toLowerCase();
        const path = typeof operation.path === 'string' ? operation.path.trim() : '';
        const value = (operation as { value?: unknown }).value;
        if (path === '' && value && typeof value === 'object' && !Array.isArray(value)) {
          // Okta and Entra may send the attributes as the value, with no path.
          const attrs = value as Record<string, unknown>;
          if (typeof attrs.displayName === 'string') {
            await renameGroup(tx, ws, kind, id, attrs.displayName.trim().slice(0, 100));
            changes.push({ displayName: attrs.displayName });
          }
          if (attrs.members !== undefined) {
            if (op === 'replace') await removeMembers(tx, ws, kind, id, null);
            const ids = memberIds(attrs.members);
            await addMembers(tx, ws, kind, id, ids);
            changes.push({ [op]: ids });
          }
          continue;
        }
        if (/^displayname$/i.test(path)) {
          if (typeof value !== 'string' || !value.trim()) return invalid('invalidValue', 'displayName must be text');
          await renameGroup(tx, ws, kind, id, value.trim().slice(0, 100));
          changes.push({ displayName: value });
          continue;
        }
        if (/^members$/i.test(path)) {
          const ids = memberIds(value);
          if (op === 'add') await addMembers(tx, ws, kind, id, ids);
          else if (op === 'remove') await removeMembers(tx, ws, kind, id, value === undefined ? null : ids);
          else if (op === 'replace') {
            await removeMembers(tx, ws, kind, id, null);
            await addMembers(tx, ws, kind, id, ids);
          } else return invalid('invalidValue', `Unknown op ${operation.op}`);
          changes.push({ [op]: ids });
          continue;
        }
        const member = memberPath(path);
        if (member && op === 'remove') {
          await removeMembers(tx, ws, kind, id, [member]);
          changes.push({ remove: [member] });
          continue;
        }
        return invalid('invalidPath', `The path ${path || '(none)'} is not supported on a Group`);
      }
      await this.audit(tx, caller, 'scim.group.patched', id, { kind, changes });
      return ok(await this.groupIn(tx, caller, kind, id));
    });
  }

  // ---- helpers

  private async groupIn(
    tx: Sql,
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    kind: GroupKind,
    id: string,
  ) {
    const { rows } = await listGroups(tx, caller.workspaceId, kind, null, id, 0, 1, true);
    return groupResource(rows[0], scimBase(caller));
  }

  private async write(
    tx: Sql,
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    row: ScimUserRow,
    input: UserInput,
    action: string,
  ): Promise<Outcome<ScimUser>> {
    const ws = caller.workspaceId;
    const holders = await findByIdentity(tx, ws, input.email, input.externalId);
    if (holders.some((h) => h.id !== row.id))
      return refuse('conflict', 'uniqueness', 'Another user has this userName or externalId');
    const manager = await this.managerOf(tx, ws, input, row.id);
    if (!manager.ok) return manager;
    const deprovisioned = !input.active && row.status !== 'INACTIVE';
    if (deprovisioned) {
      const guard = await this.mayDeprovision(tx, ws, row);
      if (!guard.ok) return guard;
    }
    // An absent department keeps the person's (a PUT from a provider that moves people by Groups must not undo it).
    const departmentId =
      input.department && row.branch_id
        ? await departmentNamed(tx, ws, row.branch_id, input.department)
        : row.department_id;
    await updateUser(tx, ws, row.id, { ...this.writeOf(input, manager.value), branchId: row.branch_id, departmentId });
    if (deprovisioned) {
      await deactivate(tx, ws, row.id, false);
      await this.recordCaseDepartures(tx, caller, row.id);
      await emitPersonEvents(tx, ws, 'person.deprovisioned', [row.id]);
    } else if (input.active && row.status === 'INACTIVE') {
      await emitPersonEvents(tx, ws, 'person.provisioned', [row.id]);
    }
    await this.audit(tx, caller, deprovisioned ? 'scim.user.deactivated' : action, row.id, {
      externalId: input.externalId,
      active: input.active,
      ...(deprovisioned ? { sessionsEnded: true } : {}),
    });
    return ok(userResource((await findUser(tx, ws, row.id))!, scimBase(caller)));
  }

  /** The row a User resource asks for, with its manager checked. */
  writeOf(input: UserInput, managerId: string | null) {
    return {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      designation: input.title,
      employeeId: input.employeeNumber,
      externalId: input.externalId,
      managerId,
      active: input.active,
    };
  }

  private async managerOf(tx: Sql, ws: string, input: UserInput, self: string | null): Promise<Outcome<string | null>> {
    if (!input.managerId) return ok(null);
    if (input.managerId === self) return invalid('invalidValue', 'A person cannot be their own manager');
    if (!(await userExists(tx, ws, input.managerId))) return invalid('invalidValue', 'manager.value names no user');
    return ok(input.managerId);
  }

  /** The provider may not lock the workspace out: its last active workspace admin is not deprovisioned by SCIM. */
  private async mayDeprovision(tx: Sql, ws: string, row: ScimUserRow): Promise<Outcome<null>> {
    if (
      row.role === 'WORKSPACE_ADMIN' &&
      row.status === 'ACTIVE' &&
      (await activeAdminsOtherThan(tx, ws, row.id)) === 0
    )
      return refuse('conflict', 'mutability', 'The last active workspace admin cannot be deprovisioned');
    return ok(null);
  }

  private audit(
    tx: Sql,
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    action: string,
    target: string,
    details: Record<string, unknown>,
  ) {
    return audit(tx, {
      workspaceId: caller.workspaceId,
      actorApiKeyId: caller.keyId,
      action,
      target,
      ip: caller.ip,
      details: { ...details, apiKeyId: caller.keyId },
    });
  }
}

function patchOperations(body: PatchBody): Outcome<ScimPatchOperation[]> {
  if (!body || typeof body !== 'object') return invalid('invalidSyntax', 'The body is not a PatchOp');
  if (Array.isArray(body.schemas) && !body.schemas.includes(PATCH_SCHEMA))
    return invalid('invalidSyntax', `schemas must include ${PATCH_SCHEMA}`);
  if (!Array.isArray(body.Operations) || body.Operations.length === 0)
    return invalid('invalidSyntax', 'Operations must be a non-empty list');
  for (const operation of body.Operations) {
    if (!operation || typeof operation !== 'object' || typeof (operation as { op?: unknown }).op !== 'string')
      return invalid('invalidSyntax', 'Every operation needs an op');
    if (!/^(add|remove|replace)$/i.test((operation as { op: string }).op))
      return invalid('invalidSyntax', `Unknown op ${(operation as { op: string }).op}`);
  }
  return ok(body.Operations as ScimPatchOperation[]);
}

/** Entra ID's shapes: op in any case, `active` as "True"/"False" (at its path or inside a value object). */
function coerceUserOperation(operation: ScimPatchOperation): ScimPatchOperation {
  const op = operation.op.toLowerCase() as ScimPatchOperation['op'];
  const value = (operation as { value?: unknown }).value;
  if (typeof operation.path === 'string' && /^active$/i.test(operation.path.trim())) {
    const active = asBoolean(value);
    return { ...operation, op, path: 'active', value: active ?? value } as ScimPatchOperation;
  }
  if (!operation.path && value && typeof value === 'object' && !Array.isArray(value)) {
    const attrs = { ...(value as Record<string, unknown>) };
    for (const key of Object.keys(attrs)) {
      if (/^active$/i.test(key)) {
        const active = asBoolean(attrs[key]);
        delete attrs[key];
        attrs.active = active ?? attrs[key];
      }
    }
    return { ...operation, op, value: attrs } as ScimPatchOperation;
  }
  return { ...operation, op } as ScimPatchOperation;
}

function memberIds(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value
    .map((m) => (m && typeof m === 'object' ? (m as { value?: unknown }).value : m))
    .filter((v): v is string => typeof v === 'string' && v.length <= 100);
}

/** `members[value eq "<id>"]`, as Entra ID removes one member. */
function memberPath(path: string): string | null {
  try {
    const parsed = parse(path);
    if (parsed.op !== '[]' || parsed.attrPath.toLowerCase() !== 'members') return null;
    const inner = parsed.valFilter;
    if (inner.op === 'eq' && 'attrPath' in inner && inner.attrPath === 'value' && 'compValue' in inner)
      return typeof inner.compValue === 'string' ? inner.compValue : null;
  } catch {
    return null;
  }
  return null;
}
