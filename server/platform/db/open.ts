import { mkdir } from 'node:fs/promises';
import type { Database } from './database';
import { openPglite } from './pglite-database';
import { openPostgres } from './postgres-database';

/** `DATABASE_URL=postgres://...` uses PostgreSQL; otherwise the embedded PGlite in the data folder. */
export async function openDatabase(env: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (env.databaseUrl) return openPostgres(env.databaseUrl);
  await mkdir(env.dataDir, { recursive: true });
  return openPglite({ dataDir: `${env.dataDir}/pglite` });
}
