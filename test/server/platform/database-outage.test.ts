import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../server/app';
import type { Database } from '../../../server/platform/db/database';
import { migrate } from '../../../server/platform/db/migrate';
import { openPostgres } from '../../../server/platform/db/postgres-database';
// @ts-expect-error: a plain JavaScript module of the test scripts, without types
import { startTestPostgres } from '../../../scripts/test-postgres.mjs';
import { buildWorkspace, serverOverApp, type BuiltWorkspace } from '../support/factories';
import { PASSWORD, testPasswords } from '../support/test-app';

interface Cluster {
  url: string;
  halt(): void;
  resume(): void;
  stop(): void;
}

/**
 * A PostgreSQL server of this test's own, stopped under load as an outage would stop it: every request answers 503 with
 * Retry-After (never 500, never a hang), and once the server is back the same requests succeed with nothing to restart.
 */
describe('a database outage on PostgreSQL', () => {
  let cluster: Cluster | null = null;
  let db: Database;
  let app: FastifyInstance;
  let token: string;
  /** The test's own workspace; its first admin is the one signed in. */
  let ws: BuiltWorkspace;
  const logged: string[] = [];

  beforeAll(async () => {
    // npm test (scripts/test.mjs) installs PostgreSQL; this test has nothing to prove without its own server to stop.
    cluster = startTestPostgres(54391) as Cluster | null;
    if (!cluster) throw new Error('The outage test needs PostgreSQL installed (scripts/ensure-system.sh)');
    db = await openPostgres(cluster.url, 4, {
      connectMs: 1_000,
      statementMs: 5_000,
      idleInTransactionMs: 5_000,
      connectionCheckMs: 1_000,
    });
    await migrate(db);
    app = await buildApp({
      db,
      passwords: testPasswords,
      settings: { mainHost: 'localhost', maxUploadBytes: 1024 * 1024, outboxPage: false },
      logger: { level: 'warn', stream: { write: (line: string) => logged.push(line) } },
    });
    ws = await buildWorkspace(serverOverApp(app, db));
    // The test's cluster commits without waiting for its log (synchronous_commit=off, for speed) and the outage below
    // is an immediate stop: write the workspace just built to disk, so that only the outage's own work can be lost.
    await db.system((tx) => tx.query('CHECKPOINT'));
    const signIn = await signInAdmin();
    expect(signIn.statusCode).toBe(200);
    token = signIn.json().token;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.close().catch(() => {});
    cluster?.stop();
  });

  const signInAdmin = () =>
    app.inject({
      method: 'POST',
      url: '/main-api/api/user/signin',
      headers: { host: ws.host },
      payload: { userEmail: ws.admin.email, userPassword: PASSWORD },
    });
  const details = () =>
    app.inject({
      method: 'GET',
      url: '/main-api/api/user/details',
      headers: { host: ws.host, authorization: `Bearer ${token}` },
    });

  it('answers 503 with Retry-After while the database is down, logs one line without a stack, and recovers by itself', async () => {
    expect((await details()).statusCode).toBe(200);

    // Load in flight when the server goes away.
    const inFlight = Array.from({ length: 20 }, () => details());
    cluster!.halt();
    const during = await Promise.all([...inFlight, ...Array.from({ length: 10 }, () => details())]);
    const statuses = new Set(during.map((r) => r.statusCode));
    // Requests answered before the stop are 200s; none is a 500 and none hangs (Promise.all returned).
    expect(
      [...statuses].every((s) => s === 200 || s === 503),
      [...statuses].join(','),
    ).toBe(true);

    const started = Date.now();
    const down = await details();
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toMatchObject({ code: 'UNAVAILABLE' });
    // Within the pool's connection timeout (1 s here), not a hang.
    expect(Date.now() - started).toBeLessThan(5_000);
    const outageLines = logged.filter((line) => line.includes('database unavailable'));
    expect(outageLines.length).toBeGreaterThan(0);
    for (const line of outageLines) expect(line).not.toContain('"stack"');
    expect(logged.some((line) => line.includes('unexpected error'))).toBe(false);

    cluster!.resume();
    // The test's server commits without waiting for its log (synchronous_commit=off, for speed), so the stop may have
    // lost the session's row: sign in again, on the same pool, with nothing restarted.
    let signIn = await signInAdmin();
    for (let i = 0; i < 20 && signIn.statusCode !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      signIn = await signInAdmin();
    }
    expect(signIn.statusCode).toBe(200);
    token = signIn.json().token;
    const back = await details();
    expect(back.statusCode).toBe(200);
    expect(JSON.stringify(back.json())).toContain(ws.admin.email);
  }, 60_000);

  it('stops a statement that runs past the statement timeout and answers 503, not 500', async () => {
    // A lock held elsewhere: the request's update of the same row waits until the statement timeout cancels it.
    const holder = await openPostgres(cluster!.url, 1);
    const release = holder.system(async (tx) => {
      await tx.query(`SELECT id FROM users WHERE email = $1 FOR UPDATE`, [ws.admin.email]);
      await new Promise((resolve) => setTimeout(resolve, 7_000));
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    const res = await app.inject({
      method: 'PUT',
      url: '/main-api/api/user',
      headers: { host: ws.host, authorization: `Bearer ${token}` },
      payload: { firstName: 'Ada', lastName: 'Admin' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(Date.now() - started).toBeLessThan(6_900);
    await release;
    await holder.close();
  }, 30_000);
});
