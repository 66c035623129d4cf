import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../../server/platform/db/pglite-database';
import { migrate } from '../../../server/platform/db/migrate';
import { PgliteDatabase } from '../../../server/platform/db/pglite-database';

export const TEMPLATE_DIR = path.resolve('node_modules/.cache/safeplace-test');

/**
 * Migrates one PGlite database once per run and dumps it; each test file clones the dump (~0.35 s)
 * instead of creating and migrating a fresh folder (~3-5 s).
 */
export default async function setup(project: TestProject): Promise<void> {
  await mkdir(TEMPLATE_DIR, { recursive: true });
  const db = (await openPglite()) as PgliteDatabase;
  await migrate(db);
  const dump = await db.pg.dumpDataDir('none');
  const file = path.join(TEMPLATE_DIR, 'pglite-template.tar');
  // Written beside and renamed into place: a new file each run, never an overwrite of one that may be
  // hard-linked into another checkout's node_modules (copied trees share it), whose schema may differ.
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, Buffer.from(await dump.arrayBuffer()));
  await rename(temporary, file);
  await db.close();
  project.provide('pgliteTemplate', file);
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
