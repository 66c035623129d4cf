import { createRequire } from 'node:module';
import pg from 'pg';
import type { Database, Sql, Statement } from './database';
import { TENANT_PROLOGUE, TENANT_ROLE } from './database';

/** The driver's own mapping of a parameter to its wire text (arrays, dates, JSON), as its queries use it. */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => unknown;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Dates stay ISO strings on the wire: return DATE columns as 'YYYY-MM-DD' text, as PGlite does.
pg.types.setTypeParser(1082, (value: string) => value);

/** How long a request waits for a database that does not answer (docs/architecture.md, "Outages"). */
export interface PostgresTimeouts {
  /** Waiting for a pool connection (a database that refuses or does not answer): then 503. */
  connectMs: number;
  /** One statement: a hung lock or a runaway query is cancelled by the server, then 503. */
  statementMs: number;
  /** A transaction left idle (its process died mid-transaction): the server ends the session. */
  idleInTransactionMs: number;
  /** How often the server checks that the client of a running statement is still there (PostgreSQL 14+). */
  connectionCheckMs: number;
}

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = {
  connectMs: 5_000,
  statementMs: 60_000,
  idleInTransactionMs: 60_000,
  connectionCheckMs: 2_000,
};

export async function openPostgres(
  connectionString: string,
  max = 10,
  timeouts: PostgresTimeouts = DEFAULT_POSTGRES_TIMEOUTS,
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // A statement whose client died (a killed worker) is stopped within this interval instead of running to its end.
    options: `-c client_connection_check_interval=${timeouts.connectionCheckMs}`,
  });
  // An idle client losing its connection (a server restart, a dropped database) must not crash the process:
  // the pool discards it and the next query opens a new one.
  pool.on('error', (error) => console.warn(`PostgreSQL pool: an idle connection failed (${error.message})`));
  // Fail at start, with the driver's message, rather than on the first request.
  const client = await pool.connect();
  client.release();
  return new PostgresDatabase(pool);
}

/**
 * At most this many texts of unnamed batch statements get a name of their own (`batch_N`), as on PGlite; beyond, a
 * text is parsed and planned on every call, as it was before.
 */
const MAX_NAMED_TEXTS = 256;

export class PostgresDatabase implements Database {
  readonly kind = 'postgres' as const;
  /** The names given to unnamed batch statements, by text: one name, one text, for the process's life. */
  private readonly batchNames = new Map<string, string>();

  constructor(readonly pool: pg.Pool) {}

  /**
   * A batch statement's name: its own, else one given to its text. A named statement is parsed and planned once per
   * connection and its plan kept (PostgreSQL's plan cache: custom plans for the first five runs, then the generic plan
   * unless it costs more). The directory's page took 0.31 ms to plan and 0.12 ms to run (100,000 people; docs/people.md).
   */
  private named(step: Statement): string | undefined {
    if (step.name) return step.name;
    let name = this.batchNames.get(step.text);
    if (name === undefined && this.batchNames.size < MAX_NAMED_TEXTS) {
      name = `batch_${this.batchNames.size + 1}`;
      this.batchNames.set(step.text, name);
    }
    return name;
  }

  async query<T>(text: string, params: readonly unknown[] = []): Promise<T[]> {
    const result = await this.pool.query(text, params as unknown[]);
    return result.rows as T[];
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  async queryText<T>(text: string): Promise<T[]> {
    // Without parameters pg sends the simple query protocol.
    const result = await this.pool.query(text);
    return result.rows as T[];
  }

  system<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
    return this.inTransaction(async (client) => {
      await run(client, 'BEGIN');
    }, fn);
  }

  tenant<T>(workspaceId: string, fn: (tx: Sql) => Promise<T>): Promise<T> {
    return this.inTransaction(async (client) => {
      // A workspace id that is a uuid (always, from the host lookup) goes in the text: BEGIN and the prologue then
      // travel in one round trip (a simple query of two statements) instead of two. Anything else as a parameter.
      if (UUID.test(workspaceId)) {
        await run(
          client,
          `BEGIN; SELECT set_config('role', '${TENANT_ROLE}', true), set_config('app.workspace_id', '${workspaceId}', true)`,
        );
        return;
      }
      await run(client, 'BEGIN');
      await run(client, TENANT_PROLOGUE, [workspaceId]);
    }, fn);
  }

  tenantBatch(workspaceId: string, statements: readonly Statement[]): Promise<unknown[][]> {
    return this.batch([{ text: TENANT_PROLOGUE, values: [workspaceId], name: 'tenant-prologue' }], statements);
  }

  /** `tenantBatch` without the prologue: as the owner, as `system`. */
  systemBatch(statements: readonly Statement[]): Promise<unknown[][]> {
    return this.batch([], statements);
  }

  private async batch(prologue: readonly PipelineStep[], statements: readonly Statement[]): Promise<unknown[][]> {
    const client = await this.pool.connect();
    const lost = watchConnection(client);
    let broken = false;
    try {
      // No BEGIN or COMMIT: the messages up to one Sync run in one implicit transaction, committed at the Sync if
      // every statement succeeded and rolled back if one failed (PostgreSQL's extended protocol, as libpq's pipeline
      // mode uses it); the prologue's settings are the transaction's (`set_config(..., true)`), as in `tenant`.
      const steps: PipelineStep[] = [
        ...prologue,
        ...statements.map((s) => ({ text: s.text, values: s.params ?? [], name: this.named(s) })),
      ];
      const results = await new Promise<pg.QueryResult[]>((resolve, reject) => {
        client.query(pipeline(steps, (error, out) => (error ? reject(error) : resolve(out!))));
      });
      if (results.length !== steps.length)
        throw new Error(`A batch of ${steps.length} steps answered ${results.length} results`);
      return results.slice(prologue.length).map((r) => r.rows);
    } catch (error) {
      // A failed statement aborts the transaction (the server skipped the rest up to the Sync and rolled back), and which
      // named statements it prepared is not known: the connection is closed rather than reused.
      broken = true;
      throw error;
    } finally {
      lost.stop();
      client.release(broken);
    }
  }

  private async inTransaction<T>(
    /** Opens the transaction (BEGIN) and prepares it. */
    begin: (client: pg.PoolClient) => Promise<void>,
    fn: (tx: Sql) => Promise<T>,
  ): Promise<T> {
    const client = await this.pool.connect();
    const lost = watchConnection(client);
    try {
      await begin(client);
      const result = await fn({
        async query<R>(text: string, params: readonly unknown[] = []) {
          const r = await run(client, text, params);
          return r.rows as R[];
        },
      });
      await run(client, 'COMMIT');
      return result;
    } catch (error) {
      if (!lost.failed) await run(client, 'ROLLBACK').catch(() => {});
      throw error;
    } finally {
      lost.stop();
      // A connection that failed is closed, not handed to the next request.
      client.release(lost.failed ? true : undefined);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * Listens for the failure of a connection while it is checked out of the pool. The pool listens only while a connection
 * is idle; an error emitted by a checked-out connection with no listener (the server shut down or the connection was
 * lost between two statements of a transaction) would be an uncaught exception that ends the process. The statement
 * in flight, if any, fails with the error itself and its request is answered 503 (errors.ts).
 */
function watchConnection(client: pg.PoolClient): { readonly failed: boolean; stop(): void } {
  const state = {
    failed: false,
    stop: () => client.removeListener('error', onError),
  };
  function onError() {
    state.failed = true;
  }
  client.on('error', onError);
  return state;
}

interface PipelineStep {
  text: string;
  values: readonly unknown[];
  /** Prepared once per connection under this name (Statement.name). */
  name?: string;
}

/** The protocol messages of the driver's connection that a pipeline sends (pg's Query sends the same, one Sync each). */
interface WireConnection {
  /** The driver's record of the statements prepared on this connection, by name (its own named queries use it too). */
  parsedStatements: Record<string, string>;
  stream: { cork?: () => void; uncork?: () => void };
  parse(message: { text: string; name: string; types: number[] }): void;
  bind(message: {
    portal: string;
    statement: string;
    values: readonly unknown[];
    valueMapper: (value: unknown) => unknown;
  }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(message: { portal: string; rows: number }): void;
  sync(): void;
}

/**
 * One statement through the driver's callback API. Its promise API (`client.query(text)` without a callback) sets the
 * query's callback after constructing the query object, and that kept every query's objects (rows, dates, messages,
 * about a quarter of what a query allocates) alive through two scavenges, so they were promoted to the old
 * generation and filled it for the next full collection (docs/people.md, "The request path"). An error's stack is
 * taken again, as the promise API does, so that it leads back to the caller.
 */
function run(client: pg.PoolClient, text: string, params: readonly unknown[] = []): Promise<pg.QueryResult> {
  return new Promise<pg.QueryResult>((resolve, reject) => {
    client.query(text, params as unknown[], (error: Error | undefined, result: pg.QueryResult) =>
      error ? reject(error) : resolve(result),
    );
  }).catch((error: Error) => {
    // Taken in a promise reaction, the stack has the awaiting callers (the callback's own leads to the socket's read).
    Error.captureStackTrace(error);
    throw error;
  });
}

/**
 * Several statements in one message to the server (PostgreSQL's extended protocol: Parse, Bind, Describe, Execute for
 * each, then a single Sync), answered by one ReadyForQuery. The driver's Query object collects one result per
 * statement, as it does for a simple query of several statements. A failing statement makes the server skip the rest
 * up to the Sync; the error is the query's error.
 */
function pipeline(
  steps: readonly PipelineStep[],
  callback: (error: Error | null, results?: pg.QueryResult[]) => void,
): pg.Query {
  const state: PipelineState = { wire: null, prepared: [] };
  // The driver calls a query's callback with its results, an array when it produced more than one.
  const query = new PipelineQuery(steps, state, (error, results) => {
    if (error) return callback(error);
    // Only a pipeline that succeeded says its statements were prepared (a failed one closes its connection).
    for (const step of state.prepared) state.wire!.parsedStatements[step.name!] = step.text;
    callback(null, Array.isArray(results) ? results : [results]);
  });
  return query as unknown as pg.Query;
}

type QueryCallback = (error: Error | null, results: pg.QueryResult | pg.QueryResult[]) => void;
/** The driver's Query class as a base to extend: @types/pg declares its `submit` a property, here it is a method. */
const DriverQuery = pg.Query as unknown as new (
  config: { text: string },
  values: undefined,
  callback: QueryCallback,
) => object;

interface PipelineState {
  wire: WireConnection | null;
  prepared: PipelineStep[];
}

/**
 * The pipeline as the driver's Query, its callback given to the constructor and its `submit` a method. Set on the
 * object afterwards (`query.callback = ...`, `query.submit = ...`), as this driver's own promise API does too, every
 * query's objects (its rows, dates, messages) were kept through two scavenges and promoted to the old generation,
 * about 3 KB of 10 KB a query; given to the constructor, nothing (docs/people.md, "The request path").
 */
class PipelineQuery extends DriverQuery {
  constructor(
    private readonly steps: readonly PipelineStep[],
    private readonly state: PipelineState,
    callback: QueryCallback,
  ) {
    super({ text: steps.map((s) => s.text).join(';\n') }, undefined, callback);
  }

  submit(connection: pg.Connection): Error | undefined {
    const { steps, state } = this;
    const wire = connection as unknown as WireConnection;
    state.wire = wire;
    const clash = steps.find(
      (step) =>
        step.name && wire.parsedStatements[step.name] !== undefined && wire.parsedStatements[step.name] !== step.text,
    );
    // Nothing is sent then: the driver answers it as the query's error.
    if (clash) return new Error(`The statement ${clash.name} was prepared with another text`);
    wire.stream.cork?.();
    try {
      for (const step of steps) {
        const name = step.name ?? '';
        // A name used twice in one batch is parsed once.
        if (!name || (wire.parsedStatements[name] === undefined && !state.prepared.some((p) => p.name === name))) {
          wire.parse({ text: step.text, name, types: [] });
          if (name) state.prepared.push(step);
        }
        wire.bind({ portal: '', statement: name, values: step.values, valueMapper: prepareValue });
        // Described, so its rows come with their columns.
        wire.describe({ type: 'P', name: '' });
        wire.execute({ portal: '', rows: 0 });
      }
      wire.sync();
    } finally {
      wire.stream.uncork?.();
    }
    return undefined;
  }
}
