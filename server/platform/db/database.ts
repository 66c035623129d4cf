/**
 * The one database port of the server. Both drivers (embedded PGlite, PostgreSQL through pg) speak it.
 *
 * Tenant work runs through `tenant(workspaceId, fn)`: a transaction that switches to the non-superuser
 * role `app_tenant` and sets `app.workspace_id`, so PostgreSQL's row-level security is the second wall
 * behind the explicit `workspace_id = $1` every repository query carries.
 * `system(fn)` runs as the owner: migrations, host resolution, platform-admin work.
 */
export interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
}

/** One statement of a batch (`tenantBatch`). */
export interface Statement {
  text: string;
  params?: readonly unknown[];
  /**
   * A name for a statement run often (PostgreSQL keeps it prepared on each connection: parsed once, its plan cached,
   * its text not sent again). One name, one text.
   */
  name?: string;
}

export interface Database {
  readonly kind: 'pglite' | 'postgres';
  tenant<T>(workspaceId: string, fn: (tx: Sql) => Promise<T>): Promise<T>;
  /**
   * Statements that do not depend on each other's results, in one tenant transaction (as `tenant`), each statement's
   * rows in order. PostgreSQL sends the prologue and the statements together, in one implicit transaction (committed at
   * the one Sync, nothing kept if a statement fails): one round trip instead of three or more. PGlite gets the prologue and
   * the statements as one message, one implicit transaction in the same way: one call into the database. Optional (a wrapper may leave it
   * out): call it through `tenantBatch` below.
   */
  tenantBatch?(workspaceId: string, statements: readonly Statement[]): Promise<unknown[][]>;
  /**
   * `tenantBatch` as the owner, without the tenant prologue (as `system`): cross-tenant statements run on every request
   * (the host's workspace, the rate limits) in one call, each text kept prepared. Optional: call it through
   * `systemBatch` below.
   */
  systemBatch?(statements: readonly Statement[]): Promise<unknown[][]>;
  system<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  /**
   * Calls `listener` on every notice of `channel` (`pg_notify`), before the call that committed the change it
   * announces has answered. Only a driver that can promise that has it (PGlite: one connection in this process, its
   * notices handed over while the committing call's answer is read); PostgreSQL's reach other processes later, so
   * there is none.
   */
  listen?(channel: string, listener: () => void): Promise<void>;
  /** Multi-statement SQL without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** One statement outside any explicit transaction, as the owner. */
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * One statement without parameters, outside any explicit transaction, as the owner, sent whole (PostgreSQL's
   * simple query protocol). On PGlite that is two calls into the database instead of `query`'s six (parse, describe,
   * bind, describe, execute, sync), about 0.3 ms of CPU a call; the session lookup of every signed-in request uses it
   * (sessions.ts). Its values must come from `sqlLiteral`: the text is never built from anything else.
   */
  queryText<T = Record<string, unknown>>(text: string): Promise<T[]>;
  close(): Promise<void>;
}

export const TENANT_ROLE = 'app_tenant';

/**
 * The tenant transaction's first statement, in one round trip: the role (`set_config('role', ..., true)` is
 * `SET LOCAL ROLE`) and the workspace that row-level security reads. One statement instead of two matters on
 * PGlite, where every statement of every request waits its turn on the one connection (bench/directory.bench.ts).
 */
export const TENANT_PROLOGUE = `SELECT set_config('role', '${TENANT_ROLE}', true), set_config('app.workspace_id', $1, true)`;

/**
 * A value as an SQL literal for `queryText`, or null when it holds anything but letters, digits and `.:_-[]` (the
 * characters of a host name, an IPv6 host, a hex digest or a uuid): the caller then sends it as a
 * parameter. No quote, backslash or space can reach the text, so no escaping is needed or attempted.
 */
export function sqlLiteral(value: string): string | null {
  return /^[A-Za-z0-9.:_[\]-]{1,255}$/.test(value) ? `'${value}'` : null;
}

/**
 * The workspace_id of rows that belong to no workspace: the main site's sessions and mail, the platform's own
 * audit events, the manual for every workspace (migration 0016). Every tenant table's workspace_id is NOT NULL,
 * the distribution column of a Citus scale-out; this nil UUID is no row of `workspaces`. Code outside SQL keeps
 * saying `null` for "no workspace": the repositories translate at the boundary.
 */
export const MAIN_SITE_WORKSPACE_ID = '00000000-0000-0000-0000-000000000000';

/** `db.systemBatch` where the driver has it, else the same statements one after another in `db.system`. */
export function systemBatch(db: Database, statements: readonly Statement[]): Promise<unknown[][]> {
  if (db.systemBatch) return db.systemBatch(statements);
  return db.system(async (tx) => {
    const out: unknown[][] = [];
    for (const s of statements) out.push(await tx.query(s.text, s.params));
    return out;
  });
}

/**
 * Ends the tenant role inside a tenant transaction (`SET LOCAL ROLE NONE`): the statements after it run as the owner,
 * in the same transaction (`tenantBatch`'s `asOwnerAfter`).
 */
export const OWNER_AGAIN: Statement = { text: `SELECT set_config('role', 'none', true)`, name: 'owner-again' };

/**
 * `db.tenantBatch` where the driver has it, else the same statements one after another in `db.tenant`.
 * `asOwnerAfter`: statements on tables outside row-level security (the rate limits) that run after the tenant
 * statements in the same transaction and call, as the owner (`OWNER_AGAIN` between); they see what the tenant
 * statements wrote. The rows of every statement come back in order, the tenant statements' first.
 */
export async function tenantBatch(
  db: Database,
  workspaceId: string,
  statements: readonly Statement[],
  asOwnerAfter: readonly Statement[] = [],
): Promise<unknown[][]> {
  const all = asOwnerAfter.length > 0 ? [...statements, OWNER_AGAIN, ...asOwnerAfter] : statements;
  const rows = db.tenantBatch
    ? await db.tenantBatch(workspaceId, all)
    : await db.tenant(workspaceId, async (tx) => {
        const out: unknown[][] = [];
        for (const s of all) out.push(await tx.query(s.text, s.params));
        return out;
      });
  if (asOwnerAfter.length > 0) rows.splice(statements.length, 1);
  return rows;
}
