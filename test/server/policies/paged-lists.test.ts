import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trainingCadence } from '../../../src/domain/compliance/compliance-rules';
import { isoDay } from '../../../src/domain/platform/contract-expiry';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { caller, MAIN, policyWithPdfs } from './support';
import {
  assignCourseToPerson,
  buildInvitedPeople,
  buildPlatformAdmin,
  buildTranslatedPublishedCourse,
  buildUser,
  buildWorkspace,
  type BuiltWorkspace,
} from '../support/factories';

const COURSE = 'Harassment prevention (paged)';

interface Row {
  userId: string;
  email: string | null;
  state: string;
  dueOn: string | null;
}

/**
 * The policy acceptances and CA-11's training cadence are judged, filtered, counted and paged in the database: a page
 * past the first holds the next rows of the whole list, a state filter applies before the page is cut, the total counts
 * what matches, every row is judged as the domain rule judges one person, and another workspace's people never appear.
 */
describe.each(DATABASES)('lists paged in the database on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let elsewhere: BuiltWorkspace;
  let call: ReturnType<typeof caller>;
  let policyId: string;
  let yearlyId: string;
  let elsewherePolicyId: string;
  let people: string[];
  let strangers: string[];

  const list = async (id: string, query = '', token = ws.admin.token, host = ws.host) => {
    const res = await call('GET', host, `/policy/acceptances/${id}?${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Row[]; total: number; page: number; pageSize: number; policy: object };
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    call = caller(server);
    ws = await buildWorkspace(server, { jurisdictionCode: 'IN' });
    elsewhere = await buildWorkspace(server, { jurisdictionCode: 'IN' });
    people = await buildInvitedPeople(server, ws, 8);
    strangers = await buildInvitedPeople(server, elsewhere, 3);
    const platform = await buildPlatformAdmin(server);
    const plain = await policyWithPdfs(server, platform, 'Paged policy');
    const yearly = await policyWithPdfs(server, platform, 'Paged yearly policy');
    const publish = async (on: BuiltWorkspace, cataloguePolicyId: string, more: object = {}) => {
      const res = await call('POST', on.host, '/policy/publish', on.admin.token, {
        cataloguePolicyId,
        scope: 'WORKSPACE',
        daysToAccept: 14,
        ...more,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id as string;
    };
    policyId = await publish(ws, plain);
    yearlyId = await publish(ws, yearly, { yearly: true });
    elsewherePolicyId = await publish(elsewhere, plain);
    // Published long ago, to people who joined long ago (overdue), lately (pending) or recently (their account's day).
    await server.db.query(
      `UPDATE catalogue_policy_versions SET created_at = '2025-01-01T06:00:00Z' WHERE policy_id = ANY($1::uuid[])`,
      [[plain, yearly]],
    );
    await server.db.query(
      `UPDATE workspace_policies SET published_at = '2025-01-01T06:00:00Z' WHERE workspace_id = ANY($1::uuid[])`,
      [[ws.id, elsewhere.id]],
    );
    await server.db.query(`UPDATE users SET date_of_joining = '2020-03-01' WHERE id = ANY($1::uuid[])`, [
      people.slice(0, 4),
    ]);
    await server.db.query(`UPDATE users SET date_of_joining = '2099-01-01' WHERE id = ANY($1::uuid[])`, [
      people.slice(4, 6),
    ]);
    for (const userId of [people[1], people[6]]) {
      const res = await call('POST', ws.host, `/policy/record-acceptance/${policyId}`, ws.admin.token, {
        userId,
        language: 'ENGLISH',
        reason: 'Signed the paper copy',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const recorded = await call(
      'POST',
      elsewhere.host,
      `/policy/record-acceptance/${elsewherePolicyId}`,
      elsewhere.admin.token,
      {
        userId: strangers[0],
        language: 'ENGLISH',
        reason: 'Signed the paper copy',
      },
    );
    expect(recorded.statusCode, recorded.body).toBe(200);
    // The yearly policy: accepted two years ago (lapsed), and a hundred days ago (still valid).
    const lately = new Date(Date.now() - 100 * 86_400_000).toISOString();
    for (const [userId, at] of [
      [people[0], '2024-06-01T10:00:00Z'],
      [people[2], lately],
    ]) {
      await server.db.query(
        `INSERT INTO policy_acceptances (workspace_id, policy_id, user_id, catalogue_policy_id, version, language, accepted_at, ip)
         VALUES ($1, $2, $3, $4, 1, 'ENGLISH', $5, '127.0.0.1')`,
        [ws.id, yearlyId, userId, yearly, at],
      );
    }
  });
  afterAll(async () => server?.close());

  it('reads page 2 of the acceptances as the next rows of the whole list, with the total of everyone in scope', async () => {
    const all = await list(policyId, 'pageSize=300');
    const [{ n }] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE workspace_id = $1 AND status <> 'INACTIVE'`,
      [ws.id],
    );
    expect(all.total).toBe(n);
    expect(all.items).toHaveLength(n);
    expect(all.total).toBeGreaterThan(6);
    const second = await list(policyId, 'page=1&pageSize=3');
    expect(second).toMatchObject({ page: 1, pageSize: 3, total: n, policy: all.policy });
    expect(second.items).toEqual(all.items.slice(3, 6));
    expect(all.policy).toMatchObject({ inScope: n, accepted: 2, overdue: 3 });
    const past = await list(policyId, 'page=50&pageSize=3');
    expect(past).toMatchObject({ items: [], total: n });
  });

  it('filters by state before cutting the page, and counts what matches', async () => {
    const all = (await list(policyId, 'pageSize=300')).items;
    for (const state of ['ACCEPTED', 'PENDING', 'OVERDUE']) {
      const matching = all.filter((r) => r.state === state);
      expect(matching.length, state).toBeGreaterThanOrEqual(2);
      const second = await list(policyId, `state=${state}&page=1&pageSize=1`);
      expect(second.total, state).toBe(matching.length);
      expect(second.items, state).toEqual(matching.slice(1, 2));
    }
  });

  it('judges every person as the domain rule does for the export, a yearly policy too', async () => {
    const words: Record<string, string> = { Accepted: 'ACCEPTED', 'To accept': 'PENDING', Overdue: 'OVERDUE' };
    for (const id of [policyId, yearlyId]) {
      const page = (await list(id, 'pageSize=300')).items;
      const csv = await call('GET', ws.host, `/policy/acceptances-export/${id}`, ws.admin.token);
      expect(csv.statusCode).toBe(200);
      const exported = csv.body
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(','))
        .map((cells) => ({ email: cells[1], state: words[cells[3]], dueOn: cells[8] || null }));
      expect(page.map((r) => ({ email: r.email, state: r.state, dueOn: r.dueOn }))).toEqual(exported);
    }
    const yearly = (await list(yearlyId, 'pageSize=300')).items;
    expect(yearly.find((r) => r.userId === people[0])).toMatchObject({ state: 'OVERDUE', dueOn: '2025-06-15' });
    expect(yearly.find((r) => r.userId === people[2])).toMatchObject({ state: 'ACCEPTED', dueOn: null });
  });

  it('never shows another workspace’s people, and answers 404 for another workspace’s policy', async () => {
    const mine = (await list(policyId, 'pageSize=300')).items.map((r) => r.userId);
    for (const stranger of strangers) expect(mine).not.toContain(stranger);
    const theirs = await list(elsewherePolicyId, 'pageSize=300', elsewhere.admin.token, elsewhere.host);
    expect(theirs.policy).toMatchObject({ accepted: 1 });
    for (const person of people) expect(theirs.items.map((r) => r.userId)).not.toContain(person);
    const across = await call('GET', elsewhere.host, `/policy/acceptances/${policyId}`, elsewhere.admin.token);
    expect(across.statusCode).toBe(404);
  });

  it('pages CA-11’s cadence in the database: late first, page 2 the next rows, a state filtered before paging', async () => {
    const platform = await buildPlatformAdmin(server);
    const [ontario] = await server.db.query<{ id: string }>(`SELECT id FROM jurisdictions WHERE code = 'CA-ON'`);
    const added = await call('POST', MAIN, '/admin/compliance/create', platform, {
      jurisdictionId: ontario.id,
      title: 'Workplace harassment training (paged)',
      kind: 'TRAINING',
      courseTitles: [COURSE],
    });
    expect(added.statusCode, added.body).toBe(200);
    for (const on of [ws, elsewhere]) {
      const declared = await call('PUT', on.host, '/compliance/jurisdictions', on.admin.token, {
        jurisdictionIds: [ontario.id],
      });
      expect(declared.statusCode, declared.body).toBe(200);
    }
    // Two people trained: one lately (done), one before they were hired (counts from hire, 29 February).
    const courseId = await buildTranslatedPublishedCourse(server, ws, { title: COURSE });
    const trained = [await buildUser(server, ws), await buildUser(server, ws)];
    for (const person of trained) await assignCourseToPerson(server, ws, courseId, person);
    await server.db.query(`UPDATE users SET date_of_joining = '2096-02-29' WHERE id = $1`, [trained[1].id]);
    for (const [person, at] of [
      [trained[0], new Date(Date.now() - 30 * 86_400_000).toISOString()],
      [trained[1], '2023-05-01T10:00:00Z'],
    ] as const)
      await server.db.query(
        `UPDATE course_assignments SET completed_at = $3 WHERE workspace_id = $1 AND user_id = $2`,
        [ws.id, person.id, at],
      );

    const cadence = async (query: string, on = ws) => {
      const res = await call('GET', on.host, `/compliance/training-cadence?${query}`, on.admin.token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        items: { userId: string; hiredOn: string; lastCompletedOn: string | null; dueOn: string; state: string }[];
        total: number;
      };
    };
    const all = await cadence('pageSize=200');
    const [{ n }] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE workspace_id = $1 AND status <> 'INACTIVE'`,
      [ws.id],
    );
    expect(all.total).toBe(n);
    const today = isoDay(new Date());
    for (const row of all.items) {
      const judged = trainingCadence(row.hiredOn, row.lastCompletedOn ? [row.lastCompletedOn] : [], today);
      expect({ dueOn: row.dueOn, state: row.state }, row.userId).toEqual({ dueOn: judged.dueOn, state: judged.state });
    }
    expect(all.items.find((r) => r.userId === trained[1].id)).toMatchObject({
      lastCompletedOn: '2023-05-01',
      dueOn: '2099-02-28',
      state: 'DONE',
    });
    const order = { OVERDUE: 0, DUE: 1, DONE: 2 } as Record<string, number>;
    const ranks = all.items.map((r) => order[r.state] * 1e9 + Number(r.dueOn.replaceAll('-', '')));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect((await cadence('page=1&pageSize=3')).items).toEqual(all.items.slice(3, 6));
    const overdue = all.items.filter((r) => r.state === 'OVERDUE');
    expect(overdue.length).toBeGreaterThanOrEqual(3);
    const late = await cadence('state=OVERDUE&page=1&pageSize=2');
    expect(late).toMatchObject({ total: overdue.length, items: overdue.slice(2, 4) });
    const theirs = await cadence('pageSize=200', elsewhere);
    expect(theirs.total).toBe(strangers.length + 1);
    for (const row of theirs.items) expect([...people, ...trained.map((t) => t.id)]).not.toContain(row.userId);
  });
});
