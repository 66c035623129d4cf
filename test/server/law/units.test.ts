import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { withoutSeededCaseStory } from '../support/case-seed';

const ACME = 'acme.localhost';
const CASE = '/case-api/api';
interface Rule {
  ruleId: string;
  status: string;
  computed: { text: string; figures: Record<string, unknown> };
}

/**
 * IN-01 per office (docs/law.md): every business unit of 10 or more active people needs an Internal Committee (its
 * own, or the workspace's, said explicitly). `GET /api/legal-rules` lists the units that lack one by name and
 * headcount only.
 */
describe.each(DATABASES)('IN-01, a committee at every office of 10 or more, on %s', (kind) => {
  let server: TestServer;
  let acmeId: string;
  let admin: string;
  let hq: string;
  let pune: string;
  let people: string[];

  const ok = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await server.request(ACME, {
      method,
      url: `${CASE}${url}`,
      token: admin,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const in01 = async (): Promise<Rule> =>
    (await ok('GET', '/legal-rules')).rules.find((r: Rule) => r.ruleId === 'IN-01');
  const committee = (branchId: string | null) =>
    ok('POST', '/committees', {
      name: branchId ? 'Unit committee' : 'Workspace committee',
      branchId,
      termStart: '2026-01-01',
      termEnd: '2028-12-31',
      members: [
        { userId: people[0], role: 'PRESIDING_OFFICER', gender: 'WOMAN', senior: true },
        { userId: people[1], role: 'EMPLOYEE_MEMBER', gender: 'MAN' },
        { userId: people[2], role: 'EMPLOYEE_MEMBER', gender: 'WOMAN' },
        { userId: people[3], role: 'EXTERNAL_MEMBER', gender: 'WOMAN' },
      ],
    });

  beforeAll(async () => {
    server = await startTestServer(kind);
    await withoutSeededCaseStory(server.db);
    [{ id: acmeId }] = await server.db.query<{ id: string }>(`SELECT id FROM workspaces WHERE slug = 'acme'`);
    admin = await server.signIn(ACME, 'admin@acme.test');
    const branches = await server.db.query<{ id: string; name: string }>(
      `SELECT id, name FROM branches WHERE workspace_id = $1 ORDER BY headquarter DESC`,
      [acmeId],
    );
    [hq, pune] = [branches[0].id, branches[1].id];
    people = (
      await server.db.query<{ id: string }>(
        `SELECT id FROM users WHERE workspace_id = $1 AND branch_id = $2 AND role = 'EMPLOYEE' AND status <> 'INACTIVE' ORDER BY email LIMIT 4`,
        [acmeId, hq],
      )
    ).map((p) => p.id);
    // Arranged: the Pune office has 11 active people (moved from headquarters), headquarters keeps the rest.
    await server.db.query(`UPDATE users SET status = 'INACTIVE' WHERE workspace_id = $1 AND branch_id = $2`, [
      acmeId,
      pune,
    ]);
    await server.db.query(
      `UPDATE users SET branch_id = $3 WHERE id IN (
         SELECT id FROM users WHERE workspace_id = $1 AND branch_id = $2 AND role = 'EMPLOYEE' AND status <> 'INACTIVE'
            AND NOT (id = ANY($4::uuid[])) ORDER BY email LIMIT 11)`,
      [acmeId, hq, pune, people],
    );
  }, 300_000);
  afterAll(async () => server?.close());

  it('lists the office of 10 or more without a committee by name and headcount, and is not met', async () => {
    await committee(hq);
    const rule = await in01();
    expect(rule.status).toBe('NOT_MET');
    expect(rule.computed.figures).toMatchObject({ unitsWithoutCommittee: 'Acme Pune (11 people)', unitsUncovered: 1 });
    expect(rule.computed.text).toContain('Acme Pune (11 people)');
  });

  it("is met once a committee covers the office; the workspace's committee covering it is said explicitly", async () => {
    await committee(null);
    const covered = await in01();
    expect(covered.status).toBe('MET');
    expect(covered.computed.figures).toMatchObject({
      unitsWithoutCommittee: '',
      unitsCoveredByWorkspaceCommittee: 'Acme Pune (11 people)',
    });
    expect(covered.computed.text).toContain("The workspace's committee covers 1 unit of 10 or more without its own");
  });
});
