import { PGlite } from '@electric-sql/pglite';
import type { Database, Sql } from './database';
import { TENANT_PROLOGUE } from './database';

export interface PgliteOptions {
  /** A folder to persist to; omitted means in memory. */
  dataDir?: string;
  /** A dump of a migrated data folder to start from (tests clone a template this way). */
  loadDataDir?: Blob | File;
}

export async function openPglite(options: PgliteOptions = {}): Promise<Database> {
  const pg = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  return new PgliteDatabase(pg);
}

export class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  constructor(readonly pg: PGlite) {}

  async query<T>(text: string, params: readonly unknown[] = []): Promise<T[]> {
    const result = await this.pg.query<T>(text, params as unknown[]);
    return result.rows;
  }

  async exec(sql: string): Promise<void> {
    await this.pg.exec(sql);
  }

  async queryText<T>(text: string): Promise<T[]> {
    // `exec` takes the same lock as `query` (never inside another request's transaction) and parses the columns with
    // the same type parsers; one statement gives one result.
    const [result] = await this.pg.exec(text);
    return (result?.rows ?? []) as T[];
  }

  system<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
    return this.pg.transaction(async (tx) => fn(wrap(tx)));
  }

  tenant<T>(workspaceId: string, fn: (tx: Sql) => Promise<T>): Promise<T> {
    return this.pg.transaction(async (tx) => {
      await tx.query(TENANT_PROLOGUE, [workspaceId]);
      return fn(wrap(tx));
    });
  }

  async close(): Promise<void> {
    await this.pg.close();
  }
}

function wrap(tx: { query: PGlite['query'] }): Sql {
  return {
    async query<T>(text: string, params: readonly unknown[] = []) {
      const result = await tx.query<T>(text, params as unknown[]);
      return result.rows;
    },
  };
}
