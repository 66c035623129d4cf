import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import type { Database } from '../../../server/platform/db/database';
import { migrate } from '../../../server/platform/db/migrate';
import { openPostgres } from '../../../server/platform/db/postgres-database';
import { createScratchDatabase } from '../../../server/platform/db/scratch-postgres';
import { RateLimits } from '../../../server/platform/rate-limiter';
import { DATABASES, openTestDatabase, PASSWORD, testPasswords } from '../support/test-app';
import { buildUser, buildWorkspace, serverOverApp, type BuiltUser, type BuiltWorkspace } from '../support/factories';

/**
 * Ready to scale out (issue 10): two servers behind one database count the same attempts. On PostgreSQL each app
 * has its own connection pool to one database, as two processes would; on PGlite (one process by nature) the two
 * apps share the one embedded database.
 */
describe.each(DATABASES)('limits shared by two servers on %s', (kind) => {
  const dbs: Database[] = [];
  const apps: FastifyInstance[] = [];
  let drop: (() => Promise<void>) | undefined;
  let ws: BuiltWorkspace;
  let employer: BuiltUser;
  let employee: BuiltUser;

  beforeAll(async () => {
    if (kind === 'postgres') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'shared_limits');
      drop = scratch.drop;
      dbs.push(await openPostgres(scratch.url, 3), await openPostgres(scratch.url, 3));
      await migrate(dbs[0]!);
    } else {
      dbs.push(await openTestDatabase('pglite'));
      dbs.push(dbs[0]!);
    }
    for (const db of dbs) {
      const files = await mkdtemp(path.join(os.tmpdir(), 'safeplace-files-'));
      apps.push(
        await buildApp({
          db,
          passwords: testPasswords,
          settings: { mainHost: 'localhost', maxUploadBytes: 1024 * 1024, outboxPage: true },
        }),
      );
    }
    // The factories drive the first server as they drive the test server.
    const server = serverOverApp(apps[0]!, dbs[0]!);
    ws = await buildWorkspace(server);
    employer = await buildUser(server, ws, { role: 'EMPLOYER' });
    employee = await buildUser(server, ws);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of new Set(dbs)) await db.close();
    await drop?.();
  });

  const signIn = (app: FastifyInstance, password: string) =>
    app.inject({
      method: 'POST',
      url: '/main-api/api/user/signin',
      headers: { host: ws.host },
      payload: { userEmail: employer.email, userPassword: password },
      remoteAddress: '10.77.0.1',
    });

  it('refuses the sixth wrong password when the five before were spread over both servers', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    for (const app of [a, b, a, b, a]) expect((await signIn(app, 'not the password at all')).statusCode).toBe(401);
    const refused = await signIn(b, PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn(a, PASSWORD)).statusCode).toBe(429);
  });

  it('counts code requests of one account on both servers together', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const ask = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/main-api/api/user/signin-create-otp',
        headers: { host: ws.host },
        payload: { userEmail: employee.email },
        remoteAddress: '10.77.0.2',
      });
    for (const app of [a, b, a, b, a]) expect((await ask(app)).statusCode).toBe(200);
    expect((await ask(b)).statusCode).toBe(429);
  });

  it('keeps no address or email in clear, and prunes rows whose window has passed', async () => {
    const db = dbs[0]!;
    const stored = await db.query<{ key: string }>('SELECT key FROM rate_limits');
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(row.key).toMatch(/^[0-9a-f]{64}$/);
    await db.query(
      `INSERT INTO rate_limits (key, hits, window_ms, max_hits, expires_at) VALUES ('old', ARRAY[now() - interval '2 hours'], 60000, 5, now() - interval '1 hour')`,
    );
    // A process prunes on its first count, then at most once a minute.
    await new RateLimits(db).record([{ limit: { name: 'test', max: 5, windowMs: 60_000, what: 'tries' }, key: 'k' }]);
    expect(await db.query(`SELECT key FROM rate_limits WHERE key = 'old'`)).toEqual([]);
  });
});
