import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import type { Database, Sql, Statement } from './database';
import { TENANT_PROLOGUE } from './database';
import { pgliteTemplate } from './pglite-template';

/** node-postgres' mapping of a parameter to its wire text (arrays, dates, JSON): the PostgreSQL batch uses it too. */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => unknown;
};

/** At most this many statement texts are kept prepared by a batch (PGlite is one connection for the process's life). */
const MAX_PREPARED = 256;

export interface PgliteOptions {
  /** A folder to persist to; omitted means in memory. */
  dataDir?: string;
  /** A dump of a migrated data folder to start from (tests clone a template this way). */
  loadDataDir?: Blob | File;
}

/**
 * PGlite's start parameters with its memory settings lowered. PGlite's backend clears its whole shared buffer pool
 * when it starts, so every megabyte of `shared_buffers` is resident for the process's life (128 MB by default: about
 * 113 MB of a server's idle RSS). Pages it evicts are still in the operating system's file cache (a data folder) or in
 * PGlite's in-memory file system. docs/architecture.md "Memory".
 */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'wal_buffers=1MB',
  '-c',
  'temp_buffers=1MB',
];

export async function openPglite(options: PgliteOptions = {}): Promise<Database> {
  // A new data folder is unpacked from the template when one was made for this PGlite (pglite-template.ts), instead
  // of PGlite running its own `initdb` in this process.
  const isNew = options.dataDir !== undefined && !existsSync(path.join(options.dataDir, 'PG_VERSION'));
  const loadDataDir = options.loadDataDir ?? (isNew ? pgliteTemplate() : undefined);
  const pg = await PGlite.create({ dataDir: options.dataDir, loadDataDir, startParams: [...PGLITE_START_PARAMS] });
  return new PgliteDatabase(pg);
}

export class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  constructor(readonly pg: PGlite) {}

  async query<T>(text: string, params: readonly unknown[] = []): Promise<T[]> {
    await turn();
    const result = await this.pg.query<T>(text, params as unknown[]);
    return result.rows;
  }

  async exec(sql: string): Promise<void> {
    await this.pg.exec(sql);
  }

  async queryText<T>(text: string): Promise<T[]> {
    await turn();
    // `exec` takes the same lock as `query` (never inside another request's transaction) and parses the columns with
    // the same type parsers; one statement gives one result.
    const [result] = await this.pg.exec(text);
    return (result?.rows ?? []) as T[];
  }

  async system<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
    await turn();
    return this.pg.transaction(async (tx) => fn(wrap(tx)));
  }

  async tenant<T>(workspaceId: string, fn: (tx: Sql) => Promise<T>): Promise<T> {
    await turn();
    return this.pg.transaction(async (tx) => {
      await tx.query(TENANT_PROLOGUE, [workspaceId]);
      return fn(wrap(tx));
    });
  }

  /** The texts a batch has prepared on PGlite's one connection, by the statement name it gave them. */
  private readonly prepared = new Map<string, string>();
  private preparedCount = 0;

  /**
   * The batch as one message to PGlite's backend: Parse (once per text, then kept prepared), Bind, Describe and
   * Execute for the prologue and each statement, then one Sync. The messages up to the Sync are one implicit
   * transaction, as on PostgreSQL (postgres-database.ts): committed at the Sync, rolled back whole if a statement fails,
   * each statement seeing the ones before it, and `set_config(..., true)` (the prologue's role and workspace) lasting
   * until its end; no BEGIN and COMMIT steps to bind, run and answer. That is one call into the database instead of
   * `tenant`'s six a statement (parse, describe, bind, describe, execute, sync) plus two each for BEGIN and COMMIT,
   * and each text is parsed and planned once, not on every call. It holds PGlite's own locks, as `query` and
   * `transaction` do, so nothing else runs between its messages. Parameters go as text, mapped as node-postgres maps
   * them (the PostgreSQL batch does the same), so a statement behaves alike on both drivers.
   */
  tenantBatch(workspaceId: string, statements: readonly Statement[]): Promise<unknown[][]> {
    return this.batch([{ text: TENANT_PROLOGUE, params: [workspaceId] }], statements);
  }

  /** `tenantBatch` without the prologue: as the owner, as `system`. */
  systemBatch(statements: readonly Statement[]): Promise<unknown[][]> {
    return this.batch([], statements);
  }

  private async batch(prologue: readonly Statement[], statements: readonly Statement[]): Promise<unknown[][]> {
    const pg = this.pg;
    await turn();
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        const steps: readonly Statement[] = [...prologue, ...statements];
        // Every parameter is mapped before any text is recorded as prepared (a throw here sends nothing).
        const values = steps.map((step) => wireValues(step.params));
        const parts: Uint8Array[] = [];
        for (const [i, step] of steps.entries()) {
          let name = this.prepared.get(step.text);
          if (name === undefined && this.prepared.size < MAX_PREPARED) {
            name = `batch_${++this.preparedCount}`;
            this.prepared.set(step.text, name);
            parts.push(protocol.serialize.parse({ name, text: step.text, types: [] }));
          } else if (name === undefined) {
            name = '';
            parts.push(protocol.serialize.parse({ name, text: step.text, types: [] }));
          }
          parts.push(
            protocol.serialize.bind({ statement: name, values: values[i] }),
            protocol.serialize.describe({ type: 'P' }),
            protocol.serialize.execute({}),
          );
        }
        parts.push(protocol.serialize.sync());
        const message = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
        let at = 0;
        for (const p of parts) {
          message.set(p, at);
          at += p.length;
        }
        let messages;
        try {
          messages = await pg.execProtocolStream(message, { syncToFs: false });
        } catch (error) {
          // The backend skipped everything after the failing message up to Sync, where the implicit transaction ended
          // rolled back (the ROLLBACK is for a batch that held a statement beginning a block of its own). Which of this batch's texts got prepared before the failure is not known: every prepared
          // statement is dropped and prepared again on its next use (a failed batch is rare).
          this.prepared.clear();
          await pg.execProtocolStream(protocol.serialize.query('ROLLBACK; DEALLOCATE ALL'), {
            syncToFs: false,
            throwOnError: false,
          });
          throw error;
        }
        await pg.syncToFs();
        const results = parse.parseResults(messages, pg.parsers);
        if (results.length !== steps.length)
          throw new Error(`A batch of ${steps.length} steps answered ${results.length} results`);
        const first = prologue.length;
        return results.slice(first, first + statements.length).map((r) => r.rows);
      }),
    );
  }

  async listen(channel: string, listener: () => void): Promise<void> {
    // PGlite hands a notice to its listeners as microtasks queued while it reads the answer of the call that committed
    // the change, so they run before that call's caller continues.
    await this.pg.listen(channel, () => listener());
  }

  async close(): Promise<void> {
    await this.pg.close();
  }
}

/** A batch's parameters as the text PostgreSQL reads them. */
function wireValues(params: readonly unknown[] | undefined): (string | null)[] {
  return (params ?? []).map((v) => {
    const text = prepareValue(v);
    if (text instanceof Uint8Array)
      throw new Error('A tenant batch takes no binary parameters: use tenant() for bytea');
    return text === null || text === undefined ? null : String(text);
  });
}

function wrap(tx: { query: PGlite['query'] }): Sql {
  return {
    async query<T>(text: string, params: readonly unknown[] = []) {
      const result = await tx.query<T>(text, params as unknown[]);
      return result.rows;
    },
  };
}

/**
 * Every call into PGlite starts on a later turn of the event loop. PGlite runs in this thread, and the calls queued
 * on its lock run one after another as promise reactions: without a turn between them, the server neither wrote the
 * answers of the requests already done nor read new ones until the whole queue had drained, so under load answers
 * left in waves, each as slow as the queue was long (the directory benchmark's first 50 answers of a round all took
 * the time of 50). The turn costs microseconds.
 */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
