import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnCatalogueCredit } from '../../../server/learning/credits/credit-ledger';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildPolicyWorkspaces, caller, MAIN, type PolicyWorkspaces } from './support';
import {
  buildPlatformAdmin,
  buildInvitedPeople,
  buildTranslatedPublishedCourse,
  type BuiltWorkspace,
} from '../support/factories';

describe.each(DATABASES)('course credits on %s', (kind) => {
  let server: TestServer;
  /** The test's workspace, its people and another workspace (buildPolicyWorkspaces). */
  let ws: BuiltWorkspace, elsewhere: BuiltWorkspace, ACME: string, GLOBEX: string;
  const built = {} as Pick<PolicyWorkspaces, 'employee' | 'buadmin'>;
  let platform: string;
  let admin: string;
  let employee: string;
  let globexAdmin: string;
  let acmeId: string;
  let courseId: string;
  let people: string[];
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const made = await buildPolicyWorkspaces(server);
    ({ ws, elsewhere } = made);
    Object.assign(built, { employee: made.employee, buadmin: made.buadmin });
    ACME = ws.host;
    GLOBEX = elsewhere.host;
    call = caller(server);
    platform = await buildPlatformAdmin(server);
    admin = await server.signIn(ACME, ws.admin.email);
    employee = built.employee.token;
    globexAdmin = await server.signIn(GLOBEX, elsewhere.admin.email);
    acmeId = ws.id;
    // A published course of the workspace stands for a catalogue course given to it, and fifty people to assign.
    courseId = await buildTranslatedPublishedCourse(server, ws);
    await buildInvitedPeople(server, ws, 50);
    await server.db.query(`UPDATE courses SET from_catalogue = true WHERE workspace_id = $1 AND id = $2`, [
      acmeId,
      courseId,
    ]);
    people = (
      await server.db.query<{ id: string }>(
        `SELECT id FROM users WHERE workspace_id = $1 AND status <> 'INACTIVE' AND id NOT IN (SELECT user_id FROM course_assignments WHERE course_id = $2) ORDER BY email`,
        [acmeId, courseId],
      )
    ).map((r) => r.id);
  });
  afterAll(async () => server?.close());

  const balance = async () =>
    (await call('GET', ACME, `/course/credits/credited/${courseId}`, admin)).json().balance as number;
  const assign = (userIds: string[]) =>
    call('POST', ACME, '/course/assign-course-to-users', admin, { courseId, userIds });

  it('refuses to assign a catalogue course without credits, clearly, and assigns nobody', async () => {
    expect(await balance()).toBe(0);
    const res = await assign([people[0]]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NO_CREDITS', message: expect.stringContaining('no credits left') });
    const [{ n }] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM course_assignments WHERE course_id = $1 AND user_id = $2`,
      [courseId, people[0]],
    );
    expect(n).toBe(0);
  });

  it('takes a request once per idempotency key; the platform admin grants it once, whatever the retries', async () => {
    const body = { courseId, credits: 10, note: 'For the Pune rollout', idempotencyKey: 'acme-request-0001' };
    const first = await call('POST', ACME, '/workspace-course-credit/request-credits', admin, body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await call('POST', ACME, '/workspace-course-credit/request-credits', admin, body);
    expect(again.json().id).toBe(first.json().id);
    const reused = await call('POST', ACME, '/workspace-course-credit/request-credits', admin, {
      ...body,
      credits: 99,
    });
    expect(reused.statusCode).toBe(409);
    const mine = (await call('GET', ACME, `/course/credits/requests/${courseId}`, admin)).json();
    expect(mine.items).toEqual([expect.objectContaining({ id: first.json().id, credits: 10, status: 'REQUESTED' })]);

    const waiting = (
      await call('GET', MAIN, '/admin/course/workspace-course-credit/requests?status=REQUESTED', platform)
    ).json();
    expect(waiting.items).toEqual([
      expect.objectContaining({ id: first.json().id, workspaceName: 'Acme', credits: 10, balance: 0 }),
    ]);
    const grants = await Promise.all(
      [1, 2, 3].map(() => call('POST', MAIN, `/admin/course/buy-credits/${first.json().id}`, platform, {})),
    );
    for (const g of grants) expect(g.statusCode).toBe(200);
    expect(grants.at(-1)!.json()).toMatchObject({ status: 'GRANTED', balance: 10 });
    expect(await balance()).toBe(10);
    const ledger = (await call('GET', ACME, `/course/credits/credited/${courseId}`, admin)).json();
    expect(ledger.items).toEqual([expect.objectContaining({ kind: 'GRANT', credits: 10 })]);
  });

  it('assigns exactly ten of fifty people assigned at once against a balance of ten', async () => {
    const fifty = people.slice(0, 50);
    expect(fifty.length).toBeGreaterThanOrEqual(30);
    const results = await Promise.all(fifty.map((id) => assign([id])));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(fifty.length - 10);
    for (const r of refused) expect(r.json().code).toBe('NO_CREDITS');
    const [{ n }] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM course_assignments WHERE course_id = $1`,
      [courseId],
    );
    const assignedBefore = (
      await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM credit_ledger WHERE course_id = $1 AND kind = 'CONSUME'`,
        [courseId],
      )
    )[0].n;
    expect(assignedBefore).toBe(10);
    expect(n).toBeGreaterThanOrEqual(10);
    expect(await balance()).toBe(0);
  });

  it('gives a credit back when an admin unassigns someone who had not started, once', async () => {
    const [someone] = await server.db.query<{ user_id: string }>(
      `SELECT user_id FROM credit_ledger WHERE course_id = $1 AND kind = 'CONSUME' LIMIT 1`,
      [courseId],
    );
    const unassign = () => call('POST', ACME, '/course/unassign', admin, { courseId, userIds: [someone.user_id] });
    const first = await unassign();
    expect(first.statusCode, first.body).toBe(200);
    expect(await balance()).toBe(1);
    // Unassigning again changes nothing, and the ledger's own guard returns a credit only once.
    expect((await unassign()).statusCode).toBe(200);
    expect(
      await server.db.tenant(acmeId, (tx) => returnCatalogueCredit(tx, acmeId, courseId, someone.user_id, 'test')),
    ).toBe(false);
    expect(await balance()).toBe(1);
    const ledger = (await call('GET', ACME, `/course/credits/credited/${courseId}`, admin)).json();
    expect(ledger.items[0]).toMatchObject({ kind: 'RETURN', credits: 1 });
  });

  it('keeps the ledger append-only and its balance never below zero in the database', async () => {
    await expect(
      server.db.query(`UPDATE credit_ledger SET credits = 100 WHERE course_id = $1`, [courseId]),
    ).rejects.toThrow(/never changed/);
    const deleted = await server.db.tenant(acmeId, (tx) =>
      tx.query(`DELETE FROM credit_ledger WHERE workspace_id = $1 RETURNING id`, [acmeId]),
    );
    expect(deleted).toEqual([]);
  });

  it('keeps credits to their workspace and roles: Globex gets 404, an employee 403, a workspace course takes none', async () => {
    expect((await call('GET', GLOBEX, `/course/credits/credited/${courseId}`, globexAdmin)).statusCode).toBe(404);
    expect(
      (
        await call('POST', GLOBEX, '/workspace-course-credit/request-credits', globexAdmin, {
          courseId,
          credits: 1,
          idempotencyKey: 'globex-0001',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', ACME, `/course/credits/requests/${courseId}`, employee)).statusCode).toBe(403);
    expect((await call('GET', ACME, '/admin/course/workspace-course-credit/requests', admin)).statusCode).toBe(403);
    const bad = await call('POST', ACME, '/workspace-course-credit/request-credits', admin, {
      courseId,
      credits: 0,
      idempotencyKey: 'k',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['credits', 'idempotencyKey']));
  });

  it("refuses credits for the workspace's own course, and a grant of a request that does not exist", async () => {
    const created = await call('POST', ACME, '/course/create', admin, { title: 'Our own induction', description: '' });
    expect(created.statusCode, created.body).toBe(200);
    const own = { id: created.json().courseId as string };
    const asked = await call('POST', ACME, '/workspace-course-credit/request-credits', admin, {
      courseId: own.id,
      credits: 5,
      idempotencyKey: 'acme-own-course-0001',
    });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({
      code: 'NOT_A_CATALOGUE_COURSE',
      fields: { courseId: 'Not a catalogue course' },
    });
    expect((await call('GET', ACME, `/course/credits/credited/${own.id}`, admin)).json()).toMatchObject({
      code: 'NOT_A_CATALOGUE_COURSE',
    });
    const [{ n }] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM credit_requests WHERE idempotency_key = 'acme-own-course-0001'`,
    );
    expect(n).toBe(0);

    const none = await call('POST', MAIN, `/admin/course/buy-credits/${crypto.randomUUID()}`, platform, {});
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No such credit request' });
  });
});
