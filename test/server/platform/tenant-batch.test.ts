import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemBatch, tenantBatch, type Database } from '../../../server/platform/db/database';
import { buildWorkspace } from '../support/factories';
import { DATABASES, openTestDatabase, startTestServer, type TestServer } from '../support/test-app';

/**
 * `tenantBatch` (server/platform/db/database.ts): statements in one tenant transaction, on PostgreSQL sent together in
 * one round trip (the case list reads its regime and its cases this way). The same wall as `tenant`: the tenant role
 * and the workspace's rows only; a failing statement undoes the others.
 */
describe.each(DATABASES)('a batch of statements in one tenant transaction on %s', (kind) => {
  let server: TestServer;
  let db: Database;
  let own: string;
  let other: string;

  beforeAll(async () => {
    // Two workspaces of the test's own, each with its first admin; the batches run straight over the database.
    server = await startTestServer(kind, {}, { seed: false });
    db = server.db;
    own = (await buildWorkspace(server)).id;
    other = (await buildWorkspace(server)).id;
  });
  afterAll(async () => server?.close());

  it('answers each statement’s rows in order, as the tenant role, seeing only the workspace’s rows', async () => {
    const [who, users, none, mine] = await tenantBatch(db, own, [
      {
        text: `SELECT current_user AS role, current_setting('app.workspace_id') AS workspace, $1::int + 1 AS n, $2::uuid[] AS ids`,
        params: [41, [own]],
      },
      { text: `SELECT DISTINCT workspace_id FROM users` },
      { text: `SELECT 1 AS x WHERE false` },
      {
        text: `SELECT count(*)::int AS n FROM users WHERE workspace_id = $1`,
        params: [other],
        name: 'test-batch-count',
      },
    ]);
    expect(who).toEqual([{ role: 'app_tenant', workspace: own, n: 42, ids: [own] }]);
    expect(users).toEqual([{ workspace_id: own }]);
    expect(none).toEqual([]);
    // Another workspace's rows are not there, even asked for by id.
    expect(mine).toEqual([{ n: 0 }]);
  });

  it('runs a named statement again with other parameters, and refuses one name for two texts', async () => {
    for (const ws of [own, other, own]) {
      const [[row]] = await tenantBatch(db, ws, [
        {
          text: `SELECT $1::text AS asked, current_setting('app.workspace_id') AS workspace`,
          params: [ws],
          name: 'test-batch-echo',
        },
      ]);
      expect(row).toEqual({ asked: ws, workspace: ws });
    }
    // The same named statement twice in one batch.
    const twice = { text: `SELECT $1::int * 2 AS doubled`, name: 'test-batch-twice' };
    expect(
      await tenantBatch(db, own, [
        { ...twice, params: [2] },
        { ...twice, params: [5] },
      ]),
    ).toEqual([[{ doubled: 4 }], [{ doubled: 10 }]]);
    if (kind === 'postgres') {
      // One connection per call here is not promised, so try until the clash is met on a connection that has the name.
      const attempts = await Promise.allSettled(
        Array.from({ length: 8 }, () => tenantBatch(db, own, [{ text: `SELECT 2 AS other`, name: 'test-batch-echo' }])),
      );
      expect(attempts.some((a) => a.status === 'rejected' && /prepared with another text/.test(String(a.reason)))).toBe(
        true,
      );
    }
    // The connections still answer afterwards.
    const [[row]] = await tenantBatch(db, own, [{ text: `SELECT 1 AS one` }]);
    expect(row).toEqual({ one: 1 });
  });

  it('keeps an unnamed statement prepared under a name of its own, parsed and planned once on its connection', async () => {
    const text = `SELECT count(*)::int AS n FROM users WHERE workspace_id = $1 AND status = $2 /* ${kind} kept prepared */`;
    // In one batch (one connection): the statement, then that connection's prepared statements.
    const [counted, prepared] = await tenantBatch(db, own, [
      { text, params: [own, 'ACTIVE'] },
      { text: `SELECT name FROM pg_prepared_statements WHERE statement = $1`, params: [text] },
    ]);
    expect((counted![0] as { n: number }).n).toBeGreaterThan(0);
    expect(prepared).toEqual([{ name: expect.stringMatching(/^batch_\d+$/) }]);
    // Run again with other parameters, it answers for them.
    const [[again]] = await tenantBatch(db, own, [{ text, params: [own, 'NO SUCH STATUS'] }]);
    expect(again).toEqual({ n: 0 });
  });

  it('runs the statements in one transaction: a later one sees an earlier one’s row, and both commit together', async () => {
    const [first, second, seen] = await tenantBatch(db, own, [
      { text: `SELECT txid_current()::text AS tx` },
      {
        text: `INSERT INTO audit_events (workspace_id, action, target) VALUES ($1, 'test.batch.together', 'one') RETURNING txid_current()::text AS tx`,
        params: [own],
      },
      { text: `SELECT count(*)::int AS n FROM audit_events WHERE action = 'test.batch.together'` },
    ]);
    expect(second).toEqual(first);
    expect(seen).toEqual([{ n: 1 }]);
    // Committed, and the transaction's role and workspace did not outlive it (the next statement on the connection the
    // pool hands back runs as the owner, with no workspace).
    const [after] = await db.query<{ n: number; role: string; workspace: string | null }>(
      `SELECT count(*)::int AS n, current_user AS role, nullif(current_setting('app.workspace_id', true), '') AS workspace FROM audit_events WHERE action = 'test.batch.together'`,
    );
    expect(after).toEqual({ n: 1, role: expect.not.stringMatching(/^app_tenant$/), workspace: null });
  });

  it('undoes every statement when one fails, and the next batch works', async () => {
    const count = async () =>
      (
        await db.system((tx) =>
          tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_events WHERE action = 'test.batch'`),
        )
      )[0]!.n;
    const before = await count();
    await expect(
      tenantBatch(db, own, [
        {
          text: `INSERT INTO audit_events (workspace_id, action, target) VALUES ($1, 'test.batch', 'first')`,
          params: [own],
        },
        { text: `SELECT 1 / $1::int AS boom`, params: [0] },
      ]),
    ).rejects.toThrow(/division by zero/);
    expect(await count()).toBe(before);
    await tenantBatch(db, own, [
      {
        text: `INSERT INTO audit_events (workspace_id, action, target) VALUES ($1, 'test.batch', 'second')`,
        params: [own],
      },
    ]);
    expect(await count()).toBe(before + 1);
  });

  it('keeps working after a statement that does not parse, and with more texts than it keeps prepared', async () => {
    await expect(tenantBatch(db, own, [{ text: `SELECT 1 AS one` }, { text: `SELEC nonsense` }])).rejects.toThrow(
      /syntax error/,
    );
    // The texts of the failed batch work afterwards, prepared again.
    expect(await tenantBatch(db, own, [{ text: `SELECT 1 AS one` }])).toEqual([[{ one: 1 }]]);
    // A parameter the batch cannot send as text is refused before anything is sent, and breaks nothing after it.
    if (kind === 'pglite') {
      await expect(
        tenantBatch(db, own, [
          { text: `SELECT 3 AS three` },
          { text: `SELECT $1::bytea AS b`, params: [Buffer.from('x')] },
        ]),
      ).rejects.toThrow(/binary/);
      expect(await tenantBatch(db, own, [{ text: `SELECT 3 AS three` }])).toEqual([[{ three: 3 }]]);
    }
    // 300 distinct texts (more than the PGlite driver keeps prepared): each still answers its own rows.
    for (let i = 0; i < 300; i++) {
      const [[row]] = await tenantBatch(db, own, [{ text: `SELECT ${i} AS i, $1::text AS w`, params: [own] }]);
      expect(row).toEqual({ i, w: own });
    }
  });

  it('runs beside tenant transactions and single queries without either seeing the other half-done', async () => {
    const marker = `batch-race-${Date.now()}`;
    const work = Array.from({ length: 30 }, (_, i) =>
      i % 3 === 0
        ? tenantBatch(db, own, [
            {
              text: `INSERT INTO audit_events (workspace_id, action, target) VALUES ($1, 'test.race', $2)`,
              params: [own, marker],
            },
            { text: `SELECT count(*)::int AS n FROM audit_events WHERE target = $1`, params: [marker] },
          ]).then(([, [row]]) => (row as { n: number }).n)
        : i % 3 === 1
          ? db.tenant(own, async (tx) => {
              await tx.query(`INSERT INTO audit_events (workspace_id, action, target) VALUES ($1, 'test.race', $2)`, [
                own,
                marker,
              ]);
              const [row] = await tx.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM audit_events WHERE target = $1`,
                [marker],
              );
              return row!.n;
            })
          : db
              .query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_events WHERE target = $1`, [marker])
              .then(([row]) => row!.n),
    );
    const counts = await Promise.all(work);
    // 20 writers in all; every count is a whole number of writes, and the last count sees them all.
    expect(Math.max(...counts)).toBeLessThanOrEqual(20);
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_events WHERE target = $1`, [
      marker,
    ]);
    expect(row!.n).toBe(20);
    // The tenant role ends with each batch: a later plain query runs as the owner again.
    const [who] = await db.query<{ role: string; ws: string }>(
      `SELECT current_user AS role, current_setting('app.workspace_id', true) AS ws`,
    );
    expect(who!.role).not.toBe('app_tenant');
    expect(who!.ws ?? '').toBe('');
  });
});

/**
 * `systemBatch`: the same batch as the owner, without the tenant prologue (the host's workspace and the rate limits
 * of every request). A table the tenant role may not write (a reference table, migration 0085) is written, and a
 * failing statement undoes the batch's other writes.
 */
describe.each(DATABASES)('a batch of statements as the owner on %s', (kind) => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(async () => db.close());

  it('runs as the owner, outside any workspace, and writes what the tenant role cannot', async () => {
    const key = `system-batch-${kind}-${Date.now()}`;
    const [[who], inserted] = await systemBatch(db, [
      { text: `SELECT current_user <> 'app_tenant' AS owner, current_setting('app.workspace_id', true) AS workspace` },
      {
        text: `INSERT INTO rate_limits (key, hits, window_ms, max_hits, expires_at) VALUES ($1, ARRAY[now()], 1000, 1, now()) RETURNING key`,
        params: [key],
      },
    ]);
    expect(who).toEqual({ owner: true, workspace: expect.toSatisfy((w: string | null) => !w) });
    expect(inserted).toEqual([{ key }]);
    await expect(
      tenantBatch(db, '00000000-0000-4000-8000-000000000000', [
        {
          text: `INSERT INTO rate_limits (key, hits, window_ms, max_hits, expires_at) VALUES ($1, ARRAY[now()], 1000, 1, now())`,
          params: [`${key}-tenant`],
        },
      ]),
    ).rejects.toThrow(/permission denied/);
  });

  it('undoes every statement when one fails, and the next batch works', async () => {
    const key = `system-batch-undo-${kind}-${Date.now()}`;
    await expect(
      systemBatch(db, [
        {
          text: `INSERT INTO rate_limits (key, hits, window_ms, max_hits, expires_at) VALUES ($1, ARRAY[now()], 1000, 1, now())`,
          params: [key],
        },
        { text: `SELECT 1 / 0` },
      ]),
    ).rejects.toThrow(/division by zero/);
    const [rows] = await systemBatch(db, [{ text: `SELECT key FROM rate_limits WHERE key = $1`, params: [key] }]);
    expect(rows).toEqual([]);
  });
});
