import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { createBackup, restoreBackup } from '../../../server/platform/backup/backup';
import type { Database } from '../../../server/platform/db/database';
import { migrate } from '../../../server/platform/db/migrate';
import { openPglite } from '../../../server/platform/db/pglite-database';
import { openPostgres } from '../../../server/platform/db/postgres-database';
import { createScratchDatabase } from '../../../server/platform/db/scratch-postgres';
import { checkEvidenceKeys } from '../../../server/platform/evidence-key-check';
import { openFileStores, type FileStores } from '../../../server/platform/stores';
import { seedDemo } from '../../../server/seed/demo.seed';
import { DATABASES, PASSWORD, testPasswords } from '../support/test-app';

const ACME = 'acme.localhost';
const CASE = '/case-api/api';

interface Place {
  dataDir: string;
  databaseUrl?: string;
}

interface Running {
  db: Database;
  app: FastifyInstance;
  stores: FileStores;
}

/** The server's stores over a data place, opened as `npm start` opens them (no key from the environment). */
async function serve(place: Place, fromTemplate = false): Promise<Running> {
  // A new embedded database starts from the run's migrated template (test/server/support/global-setup.ts).
  const loadDataDir = fromTemplate ? new Blob([await readFile(inject('pgliteTemplate'))]) : undefined;
  const db = place.databaseUrl
    ? await openPostgres(place.databaseUrl, 3)
    : await openPglite({ dataDir: path.join(place.dataDir, 'pglite'), loadDataDir });
  await migrate(db);
  const stores = await openFileStores({ dataDir: place.dataDir, env: {} });
  await checkEvidenceKeys(db, stores.evidence.keyring);
  const app = await buildApp({
    db,
    passwords: testPasswords,
    fileUrls: stores.fileUrls,
    evidence: stores.evidence,
    settings: { mainHost: 'localhost', maxUploadBytes: 5 * 1024 * 1024, outboxPage: false },
  });
  return { db, app, stores };
}

async function stop(running: Running | undefined) {
  await running?.app.close();
  await running?.db.close();
}

/**
 * The drill of README's "Backups": a workspace with evidence encrypted at rest is backed up, restored into a new data
 * folder (and, on PostgreSQL, a new empty database), and the restored server reads the evidence back byte for byte.
 * A restore that lost its key files does not start, and names the key.
 */
describe.each(DATABASES)('backup and restore on %s', (kind) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => {});
  });

  async function newPlace(label: string): Promise<Place> {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `safeplace-${label}-`));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    if (kind === 'pglite') return { dataDir };
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, label);
    cleanup.push(scratch.drop);
    return { dataDir, databaseUrl: scratch.url };
  }

  it('restores the database, the files and the keys into a new place, and the evidence reads back whole', async () => {
    const source = await newPlace('bk-src');
    const plain = Buffer.concat([
      Buffer.from('Screenshot text: "see me after the review" \n'.repeat(3000)),
      randomBytes(512),
    ]);
    let storageKey: string;
    let original: Running | undefined;
    try {
      original = await serve(source, true);
      await seedDemo(original.db, testPasswords, 'localhost');
      const signIn = await original.app.inject({
        method: 'POST',
        url: '/main-api/api/user/signin',
        headers: { host: ACME },
        payload: { userEmail: 'employee@acme.test', userPassword: PASSWORD },
      });
      const token = signIn.json().token as string;
      const auth = { host: ACME, authorization: `Bearer ${token}` };
      const ticket = (
        await original.app.inject({
          method: 'POST',
          url: `${CASE}/complaint-evidence/upload-url`,
          headers: auth,
          payload: { fileName: 'note.txt', size: plain.length },
        })
      ).json();
      const put = await original.app.inject({
        method: 'PUT',
        url: ticket.uploadUrl,
        headers: { host: ACME, 'content-type': 'application/octet-stream' },
        payload: plain,
      });
      expect(put.statusCode, put.body).toBe(201);
      const confirmed = await original.app.inject({
        method: 'POST',
        url: `${CASE}/complaint-evidence/${ticket.fileId}/confirm`,
        headers: auth,
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      [{ storage_key: storageKey }] = await original.db.query<{ storage_key: string }>(
        `SELECT storage_key FROM files WHERE id = $1`,
        [ticket.fileId],
      );
    } finally {
      // The embedded database is backed up stopped, as `npm run backup` requires.
      await stop(original);
    }

    const backup = await mkdtemp(path.join(os.tmpdir(), 'safeplace-backup-'));
    cleanup.push(() => rm(backup, { recursive: true, force: true }));
    const manifest = await createBackup(source, backup);
    expect(manifest).toMatchObject({ format: 1, database: kind, files: 'folder', keys: ['file-url.key'] });
    expect(manifest.migration).toMatch(/^\d{4}_/);
    expect(existsSync(path.join(backup, kind === 'pglite' ? 'database.tar.gz' : 'database.dump'))).toBe(true);
    // A second backup into a folder that is not empty is refused.
    await expect(createBackup(source, backup)).rejects.toThrow(/not empty/);

    const target = await newPlace('bk-dst');
    await restoreBackup(backup, target);
    expect(await readFile(path.join(target.dataDir, 'file-url.key'))).toEqual(
      await readFile(path.join(source.dataDir, 'file-url.key')),
    );
    // Restoring again over what is now there changes nothing and says why.
    await expect(restoreBackup(backup, target)).rejects.toThrow(/not empty|exists/);

    const restored = await serve(target);
    try {
      const users = await restored.db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM users WHERE email = 'employee@acme.test'`,
      );
      expect(users[0].n).toBe('1');
      const res = await restored.app.inject({
        method: 'GET',
        url: restored.stores.evidence.downloadUrl(storageKey, 60),
        headers: { host: ACME },
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.rawPayload.equals(plain)).toBe(true);
    } finally {
      await stop(restored);
    }

    // A restore whose key files were lost: the server would call every evidence file tampered, so it does not start.
    const keyless = await newPlace('bk-nokey');
    await restoreBackup(backup, keyless);
    await rm(path.join(keyless.dataDir, 'file-url.key'));
    await writeFile(path.join(keyless.dataDir, 'file-url.key'), randomBytes(32));
    await expect(serve(keyless)).rejects.toThrow(/master key 'dev'.*file-url\.key/s);
  }, 180_000);
});
