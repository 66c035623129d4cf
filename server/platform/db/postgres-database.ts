import pg from 'pg';
import type { Database, Sql } from './database';
import { TENANT_PROLOGUE, TENANT_ROLE } from './database';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

  async queryText<T>(text: string): Promise<T[]> {
    // Without parameters pg sends the simple query protocol.
    const result = await this.pool.query(text);
    return result.rows as T[];
  }

  system<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
    return this.inTransaction(async (client) => {
      await client.query('BEGIN');
    }, fn);
  }

  tenant<T>(workspaceId: string, fn: (tx: Sql) => Promise<T>): Promise<T> {
    return this.inTransaction(async (client) => {
      // A workspace id that is a uuid (always, from the host lookup) goes in the text: BEGIN and the prologue then
      // travel in one round trip (a simple query of two statements) instead of two. Anything else as a parameter.
      if (UUID.test(workspaceId)) {
        await client.query(`BEGIN; SELECT set_config('role', '${TENANT_ROLE}', true), set_config('app.workspace_id', '${workspaceId}', true)`);
        return;
      }
      await client.query('BEGIN');
      await client.query(TENANT_PROLOGUE, [workspaceId]);
    }, fn);
  }

  private async inTransaction<T>(
    /** Opens the transaction (BEGIN) and prepares it. */
    begin: (client: pg.PoolClient) => Promise<void>,
    fn: (tx: Sql) => Promise<T>,
  ): Promise<T> {
    const client = await this.pool.connect();
    try {
      await begin(client);
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
