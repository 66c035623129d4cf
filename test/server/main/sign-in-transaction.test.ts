import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import type { Database, Sql } from '../../../server/platform/db/database';
import { hashLimitKey } from '../../../server/platform/rate-limiter';
import { SIGN_IN_LIMITS } from '../../../server/main/auth/sign-in.service';
import { DATABASES, openTestDatabase, PASSWORD, testPasswords } from '../support/test-app';
import { buildUser, buildWorkspace, serverOverApp, type BuiltWorkspace } from '../support/factories';

/** Which unit of work (a transaction, or a single statement outside one) ran each statement. */
function tracing(db: Database, log: { unit: number; sql: string }[]): Database {
  let units = 0;
  const traced = (tx: Sql, unit: number): Sql => ({
    query: (sql, params) => (log.push({ unit, sql }), tx.query(sql, params)),
  });
  return {
    kind: db.kind,
    tenant: (workspaceId, fn) => db.tenant(workspaceId, (tx) => fn(traced(tx, ++units))),
    system: (fn) => db.system((tx) => fn(traced(tx, ++units))),
    exec: (sql) => db.exec(sql),
    query: (sql, params) => (log.push({ unit: ++units, sql }), db.query(sql, params)),
    queryText: (sql) => (log.push({ unit: ++units, sql }), db.queryText(sql)),
    close: () => db.close(),
  } as Database;
}

/** Code item of issue 10: a sign-in is one transaction that writes the session and its audit and returns the principal. */
describe.each(DATABASES)('sign-in as one transaction on %s', (kind) => {
  let db: Database;
  let app: FastifyInstance;
  const log: { unit: number; sql: string }[] = [];
  let ws: BuiltWorkspace;
  let employer: string;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    app = await buildApp({
      db: tracing(db, log),
      passwords: testPasswords,
      settings: { mainHost: 'localhost', maxUploadBytes: 1024 * 1024 },
    });
    const factories = serverOverApp(app, db);
    ws = await buildWorkspace(factories);
    employer = (await buildUser(factories, ws, { role: 'EMPLOYER' })).email;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('writes the session and its audit, and reads the signed-in user, in one transaction', async () => {
    log.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/main-api/api/user/signin',
      headers: { host: ws.host },
      payload: { userEmail: employer, userPassword: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ kind: 'user', email: employer, role: 'EMPLOYER' });
    const unitOf = (pattern: RegExp) => log.filter((s) => pattern.test(s.sql)).map((s) => s.unit);
    const [session] = unitOf(/INSERT INTO sessions/);
    expect(session).toBeDefined();
    expect(unitOf(/INSERT INTO audit_events/)).toEqual([session]);
    expect(unitOf(/FROM users u JOIN workspaces w/)).toEqual([session]);
    // Nothing is looked up again by token after the commit.
    expect(unitOf(/FROM sessions s/)).toEqual([]);
  });
});

/** The account changes while its password is being verified: the sign-in opens no session and writes no SIGN_IN. */
describe.each(DATABASES)('an account changed during its sign-in on %s', (kind) => {
  let db: Database;
  let app: FastifyInstance;
  /** Run once by the hasher between reading the account and the session's transaction. */
  let duringVerify: (() => Promise<void>) | null = null;
  let ws: BuiltWorkspace;
  /** The workspace's people by role, each the subject of one test. */
  const people = { admin: '', employer: '', employee: '', buadmin: '' };

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    app = await buildApp({
      db,
      passwords: {
        ...testPasswords,
        async verify(hashed, password) {
          const step = duringVerify;
          duringVerify = null;
          await step?.();
          return testPasswords.verify(hashed, password);
        },
      },
      settings: { mainHost: 'localhost', maxUploadBytes: 1024 * 1024 },
    });
    const factories = serverOverApp(app, db);
    ws = await buildWorkspace(factories);
    people.admin = ws.admin.email;
    people.employer = (await buildUser(factories, ws, { role: 'EMPLOYER' })).email;
    people.employee = (await buildUser(factories, ws)).email;
    people.buadmin = (await buildUser(factories, ws, { role: 'BRANCH_ADMIN' })).email;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const signIn = (email: string) =>
    app.inject({
      method: 'POST',
      url: '/main-api/api/user/signin',
      headers: { host: ws.host },
      payload: { userEmail: email, userPassword: PASSWORD },
    });
  const traces = async (email: string) => {
    const [row] = await db.query<{ sessions: number; signins: number }>(
      `SELECT (SELECT count(*)::int FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1) AS sessions,
              (SELECT count(*)::int FROM audit_events a JOIN users u ON a.actor_user_id = u.id
                WHERE u.email = $1 AND a.action = 'SIGN_IN') AS signins`,
      [email],
    );
    return row;
  };

  it('refuses when the password is changed meanwhile', async () => {
    const { employee: email } = people;
    const before = await traces(email);
    duringVerify = async () => {
      await db.query(`UPDATE users SET password_hash = 'test$another' WHERE email = $1`, [email]);
    };
    const res = await signIn(email);
    expect(res.statusCode).toBe(401);
    expect(await traces(email)).toEqual(before);
  });

  it('refuses when the account is deactivated meanwhile', async () => {
    const { buadmin: email } = people;
    const before = await traces(email);
    duringVerify = async () => {
      await db.query(`UPDATE users SET status = 'INACTIVE' WHERE email = $1`, [email]);
    };
    const res = await signIn(email);
    expect(res.statusCode).toBe(401);
    expect(await traces(email)).toEqual(before);
  });

  it('does not make the address one the account uses when the password is changed meanwhile', async () => {
    // The old password is typed while an admin replaces it (it leaked): its address must not become exempt from the
    // account's own failure limit, nor end that address's run of failures.
    const { admin: email } = people;
    const [user] = await db.query<{ workspace_id: string }>(`SELECT workspace_id FROM users WHERE email = $1`, [email]);
    const account = `${user!.workspace_id}:${email}`;
    const known = hashLimitKey(SIGN_IN_LIMITS.knownAddress, `${account}@127.0.0.1`);
    const failures = hashLimitKey(SIGN_IN_LIMITS.perAccountAddress, `${account}@127.0.0.1`);
    duringVerify = async () => {
      await db.query(`UPDATE users SET password_hash = 'test$another' WHERE email = $1`, [email]);
    };
    const res = await signIn(email);
    expect(res.statusCode).toBe(401);
    expect(await db.query(`SELECT key FROM rate_limits WHERE key = $1`, [known])).toEqual([]);
    expect(await db.query(`SELECT cardinality(hits) AS n FROM rate_limits WHERE key = $1`, [failures])).toEqual([
      { n: 1 },
    ]);
  });

  it('signs in an account left alone, with its session and SIGN_IN', async () => {
    const { employer: email } = people;
    const before = await traces(email);
    const res = await signIn(email);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ kind: 'user', email, workspace: { companyName: expect.any(String) } });
    expect(await traces(email)).toEqual({ sessions: before.sessions + 1, signins: before.signins + 1 });
  });
});
