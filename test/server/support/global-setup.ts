import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../../server/platform/db/pglite-database';
import { migrate } from '../../../server/platform/db/migrate';
import { PgliteDatabase } from '../../../server/platform/db/pglite-database';
import { openPostgres } from '../../../server/platform/db/postgres-database';
import { pgliteTemplate } from '../../../server/platform/db/pglite-template';
import { seedDemo } from '../../../server/seed/demo.seed';
import { testPasswords } from './test-passwords';

export const TEMPLATE_DIR = path.resolve('node_modules/.cache/safeplace-test');

/**
 * Migrates one database of each kind once per run, and seeds a copy of it with the demo data, so that each test file
 * copies a template instead of migrating (PGlite ~4 s, PostgreSQL ~5-9 s) and seeding (~4 s on each) its own:
 * - PGlite: the migrated and the seeded data folders, dumped to files that `openTestDatabase` loads;
 * - PostgreSQL (TEST_DATABASE_URL): two template databases on that server, which `openTestDatabase` copies with
 *   `CREATE DATABASE ... TEMPLATE`, dropped when the run ends.
 * `startTestServer` takes the seeded copy (unless the day has changed since the seed in one of its workspaces' time
 * zones: then the migrated copy, seeded there as before); the demo's video file is stored per test file
 * (`seedDemoFiles`), since each test file has a folder of its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await mkdir(TEMPLATE_DIR, { recursive: true });
  // One name per run: node_modules may be hard-linked between git worktrees, and a fixed name would let another
  // checkout's run (with other migrations) overwrite this run's template while its tests clone it.
  const run = `${process.pid}-${randomBytes(3).toString('hex')}`;
  const migratedFile = path.join(TEMPLATE_DIR, `pglite-template-${run}.tar`);
  const seededFile = path.join(TEMPLATE_DIR, `pglite-seeded-${run}.tar`);

  // The two kinds are prepared side by side: PGlite works in this process, PostgreSQL in its own.
  const serverUrl = process.env.TEST_DATABASE_URL;
  const templates: string[] = [];
  const name = `tpl_${run.replace(/\W/g, '_')}`;
  const [migratedDb, seededDb] = [`${name}_migrated`, `${name}_seeded`];
  let seededAt = '';
  let seedZones: string[] = [];
  await Promise.all([
    (async () => {
      // From the build's template of an empty data folder when there is one (pglite-template.ts), instead of initdb.
      const db = (await openPglite({ loadDataDir: pgliteTemplate() })) as PgliteDatabase;
      await migrate(db);
      const migrated = await db.pg.dumpDataDir('none');
      await db.close();
      await writeFile(migratedFile, Buffer.from(await migrated.arrayBuffer()));
      const seeding = (await openPglite({ loadDataDir: migrated })) as PgliteDatabase;
      await seedDemo(seeding, testPasswords, 'localhost');
      seededAt = new Date().toISOString();
      const zones = await seeding.query<{ zone: string }>(
        `SELECT DISTINCT time_zone AS zone FROM workspaces WHERE time_zone IS NOT NULL`,
      );
      seedZones = ['UTC', ...zones.map((z) => z.zone)];
      await writeFile(seededFile, Buffer.from(await (await seeding.pg.dumpDataDir('none')).arrayBuffer()));
      await seeding.close();
    })(),
    (async () => {
      if (!serverUrl) return;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${migratedDb}`);
        templates.push(migratedDb);
        const migrating = await openPostgres(databaseUrl(serverUrl, migratedDb), 3);
        await migrate(migrating);
        await migrating.close();
        await admin.query(`CREATE DATABASE ${seededDb} TEMPLATE ${migratedDb}`);
        templates.push(seededDb);
        const seedingPg = await openPostgres(databaseUrl(serverUrl, seededDb), 3);
        await seedDemo(seedingPg, testPasswords, 'localhost');
        await seedingPg.close();
      } finally {
        await admin.end();
      }
    })(),
  ]);
  project.provide('pgliteTemplate', migratedFile);
  project.provide('pgliteSeededTemplate', seededFile);
  project.provide('seeded', { at: seededAt, zones: seedZones });
  if (serverUrl) {
    project.provide('postgresTemplate', migratedDb);
    project.provide('postgresSeededTemplate', seededDb);
  }

  return async () => {
    await rm(migratedFile, { force: true });
    await rm(seededFile, { force: true });
    if (serverUrl && templates.length) {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        for (const template of templates) await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    }
  };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data folder (a tar file). */
    pgliteTemplate: string;
    /** The migrated PGlite data folder with the demo seeded (`seedDemo` with the test hasher, main host `localhost`). */
    pgliteSeededTemplate: string;
    /**
     * When the seeded templates were seeded, and the time zones of their workspaces (and UTC): the seed dates its rows
     * by that day, so a test file that starts on another day in one of them seeds its own copy instead.
     */
    seeded: { at: string; zones: string[] };
    /** The migrated template database on TEST_DATABASE_URL's server, and its seeded twin. */
    postgresTemplate?: string;
    postgresSeededTemplate?: string;
  }
}
