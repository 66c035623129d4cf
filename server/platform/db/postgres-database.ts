import pg from 'pg';
import type { Database, Sql } from './database';
import { TENANT_PROLOGUE } from './database';

// Dates stay ISO strings on the wire: return DATE columns as 'YYYY-MM-DD' text, as PGlite does.
pg.types.setTypeParser(1082, (value: string) => value);

export async function openPostgres(connectionString: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client losing its connection (a server restart, a dropped database) must not crash the process:
  // the pool discards it and the next query opens a new one.
  pool.on('error', (error) => console.warn(`PostgreSQL pool: an idle connection failed (${error.message})`));
  // Fail at start, with the driver's message, rather than on the first request.
  const client = await pool.connect();
  client.release();
  return new PostgresDatabase(pool);
}

export class PostgresDatabase implements Database {
  readonly kind = 'postgres' as const;
  constructor(readonly pool: pg.Pool) {}

  async query<T>(text: string, params: readonly unknown[] = []): Promise<T[]> {
    const result = await this.pool.query(text, params as unknown[]);
    return result.rows as T[];
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  system<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
    return this.inTransaction(async () => {}, fn);
  }

  tenant<T>(workspaceId: string, fn: (tx: Sql) => Promise<T>): Promise<T> {
    return this.inTransaction(async (client) => {
      await client.query(TENANT_PROLOGUE, [workspaceId]);
    }, fn);
  }

  private async inTransaction<T>(
    prologue: (client: pg.PoolClient) => Promise<void>,
    fn: (tx: Sql) => Promise<T>,
  ): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await prologue(client);
      const result = await fn({
        async query<R>(text: string, params: readonly unknown[] = []) {
          const r = await client.query(text, params as unknown[]);
          return r.rows as R[];
        },
      });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
