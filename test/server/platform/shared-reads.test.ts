import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Sql } from '../../../server/platform/db/database';
import { PermissionStore } from '../../../server/platform/permissions';
import { WorkspaceGateState } from '../../../server/platform/workspace-gates';
import { buildFeatureFlag, buildWorkspace } from '../support/factories';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';

/**
 * The two short caches every signed-in call reads (the workspace's permission switches, the maintenance and
 * elevated-IP flags): when one goes stale while many calls are under way, they share one read instead of each
 * reading the same rows again; and a read begun before a change (then `forget()`) is not kept afterwards.
 */
describe.each(DATABASES)('the per-request caches on %s', (kind) => {
  let server: TestServer;
  let db: Database;
  let workspace: string;
  let admin: string;

  /** The database, counting the reads that reach it; each read runs at once and its answer is held until `release()`. */
  function held() {
    let reads = 0;
    let done = 0;
    let open!: () => void;
    let gate = new Promise<void>((resolve) => (open = resolve));
    const hold = async <T>(read: Promise<T>) => {
      reads += 1;
      const answer = await read;
      done += 1;
      await gate;
      return answer;
    };
    const wrapped: Database = {
      ...db,
      kind: db.kind,
      tenant: <T>(workspaceId: string, fn: (tx: Sql) => Promise<T>) => hold(db.tenant(workspaceId, fn)),
      query: <T>(text: string, params?: readonly unknown[]) => hold(db.query<T>(text, params)),
    };
    return {
      db: wrapped,
      reads: () => reads,
      /** Until `n` reads have their answer (taken from the database as it was then). */
      answered: async (n: number) => {
        while (done < n) await new Promise((resolve) => setTimeout(resolve, 5));
      },
      release: () => open(),
      hold: () => {
        gate = new Promise<void>((resolve) => (open = resolve));
      },
    };
  }

  beforeAll(async () => {
    // The caches are read straight over the database; the server only builds the workspace and its flags.
    server = await startTestServer(kind, {}, { seed: false });
    db = server.db;
    const ws = await buildWorkspace(server);
    await buildFeatureFlag(server, 'maintenance');
    await buildFeatureFlag(server, 'elevateip');
    workspace = ws.id;
    admin = ws.admin.id;
  });
  afterAll(async () => server?.close());

  it('reads the permission switches once for fifty calls at once, and not again while fresh', async () => {
    const h = held();
    const store = new PermissionStore(h.db);
    const calls = Array.from({ length: 50 }, () => store.overrides(workspace));
    h.release();
    const answers = await Promise.all(calls);
    expect(h.reads()).toBe(1);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    await store.overrides(workspace);
    expect(h.reads()).toBe(1);
  });

  it('does not keep a permission read begun before a change that forget() announced', async () => {
    const h = held();
    const store = new PermissionStore(h.db);
    const before = store.overrides(workspace);
    await h.answered(1);
    // While that read waits, an admin switches a permission off and the store is told.
    await db.system((tx) =>
      tx.query(
        `INSERT INTO role_permissions (workspace_id, role, permission_key, granted, updated_by) VALUES ($1, 'EMPLOYER', 'courses.assign', false, $2)`,
        [workspace, admin],
      ),
    );
    store.forget(workspace);
    const after = store.overrides(workspace);
    h.release();
    expect((await before).EMPLOYER?.['courses.assign']).toBeUndefined();
    // The call after forget() read again and sees the switch; so does the next one (the stale read was not cached).
    expect((await after).EMPLOYER?.['courses.assign']).toBe(false);
    expect((await store.overrides(workspace)).EMPLOYER?.['courses.assign']).toBe(false);
    expect(h.reads()).toBe(2);
    await db.system((tx) =>
      tx.query(`DELETE FROM role_permissions WHERE workspace_id = $1 AND permission_key = 'courses.assign'`, [
        workspace,
      ]),
    );
  });

  it('reads the workspace flags once for fifty calls at once, and a read begun before forget() is not kept', async () => {
    const h = held();
    const gates = new WorkspaceGateState(h.db);
    const calls = Array.from({ length: 50 }, (_, i) => gates.flagOn(i % 2 ? 'maintenance' : 'elevateip', workspace));
    h.release();
    expect(await Promise.all(calls)).toEqual(Array.from({ length: 50 }, () => false));
    // One read: the flags' statement and the address ranges' statement.
    expect(h.reads()).toBe(2);

    h.hold();
    gates.forget();
    const before = gates.flagOn('maintenance', workspace);
    await h.answered(3);
    await db.system((tx) =>
      tx.query(`INSERT INTO feature_flag_workspaces (flag_key, workspace_id) VALUES ('maintenance', $1)`, [workspace]),
    );
    gates.forget();
    const after = gates.flagOn('maintenance', workspace);
    h.release();
    expect(await before).toBe(false);
    expect(await after).toBe(true);
    expect(await gates.flagOn('maintenance', workspace)).toBe(true);
    expect(h.reads()).toBe(6);
    await db.system((tx) =>
      tx.query(`DELETE FROM feature_flag_workspaces WHERE flag_key = 'maintenance' AND workspace_id = $1`, [workspace]),
    );
  });
});
