import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from './database';
import { migrate } from './migrate';
import { openPostgres } from './postgres-database';

/**
 * A new, empty database on a PostgreSQL server: its address, and `drop` to remove it (connections still open to
 * it are ended). For tests and benchmarks that need their own database on a shared server. Never used by the app.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix = 't',
  /** A database to copy (`CREATE DATABASE ... TEMPLATE`), which nobody may be connected to; none: an empty one. */
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix.replace(/\W/g, '_')}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * A fresh, migrated database on a PostgreSQL server, dropped by `close()`: migrated here, or a copy of `template`, a
 * database already migrated by this code (tests copy one made for their run).
 */
export async function openScratchPostgres(serverUrl: string, prefix = 't', template?: string): Promise<Database> {
  const scratch = await createScratchDatabase(serverUrl, prefix, template);
  const db = await openPostgres(scratch.url, 5);
  if (!template) await migrate(db);
  const close = db.close.bind(db);
  db.close = async () => {
    await close();
    await scratch.drop();
  };
  return db;
}
