import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../../server/app';
import type { Database } from '../../../server/platform/db/database';
import type { ServerSettings } from '../../../server/platform/deps';
import { openPglite } from '../../../server/platform/db/pglite-database';
import type { ParseSlots } from '../../../server/platform/parse-slots';
import { createScratchDatabase, openScratchPostgres } from '../../../server/platform/db/scratch-postgres';
import { openPostgres } from '../../../server/platform/db/postgres-database';
import { EmbeddedFileUrls, type DirectFileUrls } from '../../../server/platform/signed-files';
import { UrlSigner } from '../../../server/platform/signed-urls';
import { EvidenceKeyring } from '../../../server/platform/evidence-crypto';
import { EvidenceVault } from '../../../server/platform/evidence-vault';
import { testPasswords } from './test-passwords';
import type { Clock } from '../../../server/platform/clock';
import { JobQueue } from '../../../server/platform/jobs';
import { DEMO_PASSWORD, seedDemo } from '../../../server/seed/demo.seed';
import { localDay } from '../../../src/domain/shared/date-time';
import { seedDemoFiles } from '../../../server/seed/learning.seed';

export const PASSWORD = DEMO_PASSWORD;
export { testPasswords };

/** The databases the server tests run on: PGlite always; PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASES: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** An empty database with no migration applied, for the migration tests (PGlite in memory, or a scratch database
 * on TEST_DATABASE_URL's server, dropped by `close()`). */
export async function openEmptyDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') return openPglite();
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'mig');
  const db = await openPostgres(scratch.url, 3);
  const close = db.close.bind(db);
  db.close = async () => {
    await close();
    await scratch.drop();
  };
  return db;
}

/**
 * A migrated database of the test's own, copied from the run's template (test/server/support/global-setup.ts);
 * `seeded`: the copy with the demo data (`startTestServer`'s).
 */
export async function openTestDatabase(kind: 'pglite' | 'postgres', { seeded = false } = {}): Promise<Database> {
  if (seeded && !seededToday()) {
    const db = await openTestDatabase(kind);
    await seedDemo(db, testPasswords, 'localhost');
    return db;
  }
  if (kind === 'pglite') {
    const bytes = await readFile(inject(seeded ? 'pgliteSeededTemplate' : 'pgliteTemplate'));
    return openPglite({ loadDataDir: new Blob([bytes]) });
  }
  // A fresh database per test file on the shared server, dropped by close().
  const template = inject(seeded ? 'postgresSeededTemplate' : 'postgresTemplate');
  if (!template) throw new Error('no PostgreSQL template: TEST_DATABASE_URL was not set when the run started');
  return openScratchPostgres(process.env.TEST_DATABASE_URL!, 't', template);
}

/** The seeded templates' day is still today in UTC and in every time zone of their workspaces. */
function seededToday(): boolean {
  const { at, zones } = inject('seeded');
  const now = new Date();
  return zones.every((zone) => localDay(at, zone) === localDay(now, zone));
}

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  /** The signed upload and download URLs of the embedded file storage, and the folder it keeps files in. */
  fileUrls: EmbeddedFileUrls;
  filesRoot: string;
  /** Evidence encrypted at rest over the app's file store, with a random master key `test-1`. */
  evidence: EvidenceVault;
  /** The job queue, when asked for (`options.jobs`): started, not worked; tests run its jobs with `runPending`. */
  jobs: JobQueue | null;
  /** A request to a host (`acme.localhost`, `localhost`, ...) with an optional bearer token. */
  request(host: string, options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Signs in through the API and returns the token. */
  signIn(host: string, email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real server over a real database, driven through `inject`: seeded with the demo data, or (`seed: false`) over the
 * migrated database alone, for tests that build their own data with test/server/support/factories.ts.
 */
export async function startTestServer(
  kind: 'pglite' | 'postgres',
  settings: Partial<ServerSettings> = {},
  /** Another file store for the app (an S3 adapter); `fileUrls` and `filesRoot` still name the unused embedded one. */
  options: {
    fileUrls?: DirectFileUrls;
    clock?: Clock;
    jobs?: boolean;
    logger?: FastifyServerOptions['logger'];
    intakeAddressKey?: Uint8Array;
    parses?: ParseSlots;
    /** The demo workspaces, people and files (default); `false`: none of them, a faster start. */
    seed?: boolean;
  } = {},
): Promise<TestServer> {
  const seed = options.seed ?? true;
  const db = await openTestDatabase(kind, { seeded: seed });
  const files = await mkdtemp(path.join(os.tmpdir(), 'safeplace-files-'));
  const fileUrls = new EmbeddedFileUrls(files, new UrlSigner(randomBytes(32)));
  if (seed) await seedDemoFiles(db, options.fileUrls ?? fileUrls, path.resolve('public/media'));
  const jobs = options.jobs ? new JobQueue(db) : null;
  const evidence = new EvidenceVault(
    options.fileUrls ?? fileUrls,
    new EvidenceKeyring({ id: 'test-1', key: randomBytes(32) }),
    new UrlSigner(randomBytes(32)),
  );
  const app = await buildApp({
    db,
    passwords: testPasswords,
    fileUrls: options.fileUrls ?? fileUrls,
    evidence,
    settings: { mainHost: 'localhost', maxUploadBytes: 5 * 1024 * 1024, outboxPage: true, ...settings },
    clock: options.clock,
    jobs: jobs ?? undefined,
    logger: options.logger,
    intakeAddressKey: options.intakeAddressKey,
    parses: options.parses,
  });
  await jobs?.start();
  const request: TestServer['request'] = (host, { token, headers, ...rest }) =>
    app.inject({
      ...rest,
      headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  return {
    app,
    db,
    fileUrls,
    filesRoot: files,
    evidence,
    jobs,
    request,
    async signIn(host, email, password = PASSWORD) {
      const res = await request(host, {
        method: 'POST',
        url: '/main-api/api/user/signin',
        payload: { userEmail: email, userPassword: password },
      });
      if (res.statusCode !== 200)
        throw new Error(`sign-in of ${email} at ${host} failed: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
    async close() {
      await jobs?.stop();
      await app.close();
      await db.close();
    },
  };
}
