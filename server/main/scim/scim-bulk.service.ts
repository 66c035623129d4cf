import {
  SCIM_BULK_RESPONSE,
  type ScimBulkOperation,
  type ScimBulkOperationResult,
  type ScimBulkRequest,
  type ScimBulkResponse,
} from '../../../src/contracts/main/scim.contract';
import { auditAll } from '../../platform/audit';
import type { Database, Sql } from '../../platform/db/database';
import { REFUSAL_STATUS, type Outcome, type Refusal } from '../../platform/refusal';
import { userLimitRoom } from '../../platform/user-limit';
import { emitPersonEvents } from '../../platform/webhooks/webhook-outbox';
import { scimError, scimTypeOf, userInput, type ScimUser, type UserInput } from './scim-resources';
import {
  departmentNamed,
  existingUserIds,
  findByIdentities,
  headquartersOf,
  insertUsers,
  type UserWrite,
} from './scim.repository';
import { scimBase, type PatchBody, type ScimService } from './scim.service';
import type { Actor } from '../../platform/actor';

const BULK_ID = /^bulkId:(.+)$/;

/** Where a Bulk request stands: the ids its creates made (by bulkId), its errors so far, and where it stops. */
interface BulkState {
  resolved: Map<string, string>;
  errors: number;
  failOnErrors: number;
  results: Map<number, ScimBulkOperationResult>;
}

type Indexed = { index: number; op: ScimBulkOperation };
type PendingCreate = Indexed & { input: UserInput };

/**
 * `POST /scim/v2/Bulk` (RFC 7644 section 3.7; docs/integrations.md "Bulk"): the operations in their order, each
 * answered with the status its single call would answer. Operations on Users run in one tenant transaction; a run of
 * creates is written set-based (one statement per step for all of them, as the import writes), and every other User
 * operation goes through the single call's own code in that transaction. A create that references a bulkId made
 * earlier in the same request waits for the batch before it. Group operations go through the single calls. When the
 * transaction fails unexpectedly (a concurrent create of the same person), its operations are run again one
 * transaction each, so one bad operation cannot take the others' work with it.
 */
export class ScimBulkService {
  constructor(
    private readonly db: Database,
    private readonly scim: ScimService,
  ) {}

  async run(
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    request: ScimBulkRequest,
  ): Promise<Outcome<ScimBulkResponse>> {
    const state: BulkState = {
      resolved: new Map(),
      errors: 0,
      failOnErrors: request.failOnErrors ?? Number.POSITIVE_INFINITY,
      results: new Map(),
    };
    const ops = request.Operations.map((op, index) => ({ index, op }));
    let i = 0;
    while (i < ops.length && !stopped(state)) {
      if (isGroup(ops[i]!.op)) {
        await this.groupOperation(caller, ops[i]!, state);
        i += 1;
        continue;
      }
      let j = i;
      while (j < ops.length && !isGroup(ops[j]!.op)) j += 1;
      await this.userRun(caller, ops.slice(i, j), state);
      i = j;
    }
    return {
      ok: true,
      value: {
        schemas: [SCIM_BULK_RESPONSE],
        Operations: [...state.results.entries()].sort(([a], [b]) => a - b).map(([, result]) => result),
      },
    };
  }

  /** A run of User operations in one transaction; on an unexpected failure, again one transaction each. */
  private async userRun(
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    run: Indexed[],
    state: BulkState,
  ): Promise<void> {
    const saved = { resolved: new Map(state.resolved), errors: state.errors, results: new Map(state.results) };
    try {
      await this.db.tenant(caller.workspaceId, (tx) => this.userOperations(tx, caller, run, state));
    } catch {
      Object.assign(state, saved);
      for (const one of run) {
        if (stopped(state)) return;
        const before = { resolved: new Map(state.resolved), errors: state.errors, results: new Map(state.results) };
        try {
          await this.db.tenant(caller.workspaceId, (tx) => this.userOperations(tx, caller, [one], state));
        } catch {
          Object.assign(state, before);
          record(state, one, failure(500, 'Something went wrong on our side'));
        }
      }
    }
  }

  private async userOperations(
    tx: Sql,
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    run: Indexed[],
    state: BulkState,
  ): Promise<void> {
    let pending: PendingCreate[] = [];
    const pendingIds = new Set<string>();
    const flush = async () => {
      await this.createAll(tx, caller, pending, state);
      pending = [];
      pendingIds.clear();
    };
    for (const item of run) {
      if (stopped(state)) break;
      const { op } = item;
      if (op.method === 'POST') {
        // A reference to a create still in the batch: write the batch first, so the reference resolves.
        if (references(op).some((id) => pendingIds.has(id))) await flush();
        if (stopped(state)) break;
        const data = resolve(op.data, state.resolved);
        if (!data.ok) {
          record(state, item, failure(409, data.detail, 'invalidValue'));
          continue;
        }
        const parsed = userInput(data.value as ScimUser);
        if (!parsed.ok) {
          record(state, item, failure(400, parsed.detail, 'invalidValue'));
          continue;
        }
        pending.push({ ...item, input: parsed.input });
        if (op.bulkId) pendingIds.add(op.bulkId);
        continue;
      }
      if (pending.length > 0) await flush();
      if (stopped(state)) break;
      await this.oneUserOperation(tx, caller, item, state);
    }
    if (pending.length > 0 && !stopped(state)) await flush();
  }

  /** PUT, PATCH or DELETE of one User, through the single call's code. */
  private async oneUserOperation(
    tx: Sql,
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    item: Indexed,
    state: BulkState,
  ): Promise<void> {
    const { op } = item;
    const target = resolveId(op.path, state.resolved);
    if (!target.ok) return record(state, item, failure(409, target.detail, 'invalidValue'));
    const data = resolve(op.data, state.resolved);
    if (!data.ok) return record(state, item, failure(409, data.detail, 'invalidValue'));
    const location = `${scimBase(caller)}/Users/${target.id}`;
    const outcome =
      op.method === 'DELETE'
        ? await this.scim.deleteUserIn(tx, caller, target.id)
        : op.method === 'PUT'
          ? await this.scim.replaceUserIn(tx, caller, target.id, data.value as ScimUser)
          : await this.scim.patchUserIn(tx, caller, target.id, data.value as PatchBody);
    if (!outcome.ok) return record(state, item, refused(outcome));
    record(state, item, { status: op.method === 'DELETE' ? '204' : '200', location });
  }

  /**
   * The run's creates, checked in order as single creates would be (its userName or externalId free, its manager a
   * person of the workspace, the workspace's user limit), then written: one insert, one statement of person events,
   * one of audit rows. A person SCIM deleted earlier comes back through the single create's code.
   */
  private async createAll(
    tx: Sql,
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    pending: PendingCreate[],
    state: BulkState,
  ): Promise<void> {
    const ws = caller.workspaceId;
    const holders = await findByIdentities(
      tx,
      ws,
      pending.map((p) => p.input.email),
      pending.flatMap((p) => (p.input.externalId ? [p.input.externalId] : [])),
    );
    const managers = await existingUserIds(
      tx,
      ws,
      pending.flatMap((p) => (p.input.managerId ? [p.input.managerId] : [])),
    );
    let room = await userLimitRoom(tx, ws);
    const hq = await headquartersOf(tx, ws);
    const departments = new Map<string, string>();
    const takenEmails = new Set<string>();
    const takenExternal = new Set<string>();
    const accepted: (PendingCreate & { write: UserWrite })[] = [];
    for (const item of pending) {
      if (stopped(state)) break;
      const { input } = item;
      const held = holders.filter(
        (h) => h.email === input.email || (input.externalId !== null && h.external_id === input.externalId),
      );
      if (
        takenEmails.has(input.email) ||
        (input.externalId !== null && takenExternal.has(input.externalId)) ||
        held.some((h) => !h.deleted) ||
        held.length > 1
      ) {
        record(state, item, failure(409, 'A user with this userName or externalId already exists', 'uniqueness'));
        continue;
      }
      takenEmails.add(input.email);
      if (input.externalId !== null) takenExternal.add(input.externalId);
      if (held.length === 1) {
        const outcome = await this.scim.createUserIn(tx, caller, input);
        if (!outcome.ok) record(state, item, refused(outcome));
        else created(state, item, caller, outcome.value.id!);
        continue;
      }
      if (input.managerId && !managers.has(input.managerId.toLowerCase())) {
        record(state, item, failure(400, 'manager.value names no user', 'invalidValue'));
        continue;
      }
      if (room !== null && room <= 0) {
        record(state, item, failure(409, 'This workspace has reached its user limit'));
        continue;
      }
      if (room !== null) room -= 1;
      let departmentId: string | null = null;
      if (input.department && hq) {
        const name = input.department.toLowerCase();
        if (!departments.has(name)) departments.set(name, await departmentNamed(tx, ws, hq, input.department));
        departmentId = departments.get(name)!;
      }
      accepted.push({
        ...item,
        write: { ...this.scim.writeOf(input, input.managerId), branchId: hq, departmentId },
      });
    }
    if (accepted.length === 0) return;
    const ids = await insertUsers(
      tx,
      ws,
      accepted.map((a) => a.write),
    );
    const active = ids.filter((_, n) => accepted[n]!.input.active);
    await emitPersonEvents(tx, ws, 'person.provisioned', active);
    await auditAll(
      tx,
      accepted.map((a, n) => ({
        workspaceId: ws,
        actorApiKeyId: caller.keyId,
        action: 'scim.user.created',
        target: ids[n]!,
        ip: caller.ip,
        details: {
          externalId: a.input.externalId,
          active: a.input.active,
          bulkId: a.op.bulkId,
          apiKeyId: caller.keyId,
        },
      })),
    );
    accepted.forEach((a, n) => created(state, a, caller, ids[n]!));
  }

  /** POST /Groups or PATCH /Groups/{id}, each through its single call (its own transaction). */
  private async groupOperation(
    caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
    item: Indexed,
    state: BulkState,
  ): Promise<void> {
    const { op } = item;
    const data = resolve(op.data, state.resolved);
    if (!data.ok) return record(state, item, failure(409, data.detail, 'invalidValue'));
    if (op.method === 'POST') {
      const outcome = await this.scim.createGroup(caller, data.value as Record<string, unknown>);
      if (!outcome.ok) return record(state, item, refused(outcome));
      const id = String(outcome.value.id);
      if (op.bulkId) state.resolved.set(op.bulkId, id);
      return record(state, item, { status: '201', location: `${scimBase(caller)}/Groups/${id}` });
    }
    const target = resolveId(op.path, state.resolved);
    if (!target.ok) return record(state, item, failure(409, target.detail, 'invalidValue'));
    if (op.method !== 'PATCH') return record(state, item, failure(404, 'There is no such SCIM endpoint'));
    const outcome = await this.scim.patchGroup(caller, target.id, data.value as PatchBody);
    if (!outcome.ok) return record(state, item, refused(outcome));
    record(state, item, { status: '200', location: `${scimBase(caller)}/Groups/${target.id}` });
  }
}

const isGroup = (op: ScimBulkOperation) => op.path.startsWith('/Groups');
const stopped = (state: BulkState) => state.errors >= state.failOnErrors;

type Answer = Pick<ScimBulkOperationResult, 'status' | 'location' | 'response'>;

function record(state: BulkState, { index, op }: Indexed, answer: Answer): void {
  const result: ScimBulkOperationResult = {
    method: op.method,
    ...(op.bulkId ? { bulkId: op.bulkId } : {}),
    ...(op.version ? { version: op.version } : {}),
    ...answer,
  };
  state.results.set(index, result);
  if (Number(answer.status) >= 400) state.errors += 1;
}

function created(
  state: BulkState,
  item: Indexed,
  caller: Pick<Actor, 'workspaceId' | 'keyId' | 'ip' | 'origin'> & { keyId: string },
  id: string,
): void {
  if (item.op.bulkId) state.resolved.set(item.op.bulkId, id);
  record(state, item, { status: '201', location: `${scimBase(caller)}/Users/${id}` });
}

function failure(status: number, detail: string, scimType?: string): Answer {
  return { status: String(status), response: scimError(status, detail, scimType) };
}

function refused(refusal: Refusal): Answer {
  return failure(REFUSAL_STATUS[refusal.refusal], refusal.message, scimTypeOf(refusal.code));
}

/** The bulkIds an operation's data names (`"bulkId:<id>"` anywhere in it). */
function references(op: ScimBulkOperation): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      const match = BULK_ID.exec(value);
      if (match) found.push(match[1]!);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(op.data);
  return found;
}

/** The data with every `"bulkId:<id>"` replaced by the id that operation created; one not created is an error. */
function resolve(
  data: unknown,
  resolved: Map<string, string>,
): { ok: true; value: unknown } | { ok: false; detail: string } {
  let missing: string | null = null;
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const match = BULK_ID.exec(value);
      if (!match) return value;
      const id = resolved.get(match[1]!);
      if (id === undefined) missing ??= match[1]!;
      return id ?? value;
    }
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  const value = walk(data ?? {});
  return missing === null
    ? { ok: true, value }
    : { ok: false, detail: `bulkId ${missing} names no resource created earlier in this request` };
}

/** The id in `/Users/{id}` or `/Groups/{id}`, a `bulkId:` resolved. */
function resolveId(
  path: string,
  resolved: Map<string, string>,
): { ok: true; id: string } | { ok: false; detail: string } {
  let raw = path.split('/')[2] ?? '';
  try {
    raw = decodeURIComponent(raw);
  } catch {
    // Not percent-encoded text: the id as written, which names no one.
  }
  const match = BULK_ID.exec(raw);
  if (!match) return { ok: true, id: raw };
  const id = resolved.get(match[1]!);
  return id === undefined
    ? { ok: false, detail: `bulkId ${match[1]} names no resource created earlier in this request` }
    : { ok: true, id };
}
