import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from './database';
import { migrate } from './migrate';
import { openPostgres } from './postgres-database';

/**
 * A fresh, migrated database on a PostgreSQL server, dropped by `close()`: for tests and benchmarks that
 * need their own database on a shared server. Never used by the app.
 */
export async function openScratchPostgres(serverUrl: string, prefix = 't'): Promise<Database> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), 5);
  await migrate(db);
  const close = db.close.bind(db);
  db.close = async () => {
    await close();
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  };
  return db;
}
