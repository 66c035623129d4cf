import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildBusinessUnit, buildUnitUser, buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';

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
  let ws: BuiltWorkspace;
  let admin: string;
  let hq: string;
  let pune: string;
  let people: string[];

  const ok = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await server.request(ws.host, {
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
    ws = await buildWorkspace(server, { jurisdictionCode: 'IN' });
    admin = ws.admin.token;
    hq = ws.headquartersId;
    // Arranged: the Pune office has 11 active people, headquarters the committee's four and its admin.
    pune = (await buildBusinessUnit(server, ws, { name: 'Pune office' })).id;
    people = [];
    for (let i = 0; i < 4; i++) people.push((await buildUser(server, ws)).id);
    for (let i = 0; i < 11; i++) await buildUnitUser(server, ws, pune);
  }, 300_000);
  afterAll(async () => server?.close());

  it('lists the office of 10 or more without a committee by name and headcount, and is not met', async () => {
    await committee(hq);
    const rule = await in01();
    expect(rule.status).toBe('NOT_MET');
    expect(rule.computed.figures).toMatchObject({
      unitsWithoutCommittee: 'Pune office (11 people)',
      unitsUncovered: 1,
    });
    expect(rule.computed.text).toContain('Pune office (11 people)');
  });

  it("is met once a committee covers the office; the workspace's committee covering it is said explicitly", async () => {
    await committee(null);
    const covered = await in01();
    expect(covered.status).toBe('MET');
    expect(covered.computed.figures).toMatchObject({
      unitsWithoutCommittee: '',
      unitsCoveredByWorkspaceCommittee: 'Pune office (11 people)',
    });
    expect(covered.computed.text).toContain("The workspace's committee covers 1 unit of 10 or more without its own");
  });
});
