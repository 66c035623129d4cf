import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildCommittee,
  buildComplaint,
  buildUser,
  buildWorkspace,
  type BuiltCommittee,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

/**
 * Attempts stopped at the door (docs/case.md "Attempts refused at the door"): whoever calls a committee route of a case
 * and is refused (no session, a role or a seat the route does not take) gets the answer they got before, and the
 * presiding officer finds the attempt in the case's access log: once per person, route and minute.
 */
const CASE = '/case-api/api';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface LogEntry {
  action: string;
  actorName: string;
  details: { route?: string; method?: string; answered?: number; who?: string; addressKey?: string };
}

describe.each(DATABASES)('refused case requests are traced in the case log, on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let committee: BuiltCommittee;
  let employee: BuiltUser;
  let employer: BuiltUser;
  let buAdmin: BuiltUser;
  let caseId: string;
  let otherCaseId: string;

  const call = (method: Method, url: string, who: BuiltUser | null, host = ws.host, payload?: object) =>
    server.request(host, { method, url, ...(who ? { token: who.token } : {}), ...(payload ? { payload } : {}) });
  /** The case's access log as the presiding officer reads it. */
  const log = async (): Promise<LogEntry[]> => {
    const res = await call('GET', `${CASE}/complaints/${caseId}/audit`, committee.presiding);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items;
  };
  const refusals = (entries: LogEntry[], who: string, route: string) =>
    entries.filter(
      (e) => e.action === 'complaint.access.refused' && e.details.who === who && e.details.route === route,
    );
  /** Two routes of the case's committee: its clocks, and its log (the one presiding only). */
  const COMMITTEE_ROUTES = [
    {
      method: 'GET' as const,
      route: '/api/complaints/{id}/deadlines',
      url: (id: string) => `/complaints/${id}/deadlines`,
    },
    { method: 'GET' as const, route: '/api/complaints/{id}/audit', url: (id: string) => `/complaints/${id}/audit` },
  ];

  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server);
    committee = await buildCommittee(server, ws);
    employee = await buildUser(server, ws, { firstName: 'Esko', lastName: 'Employee' });
    employer = await buildUser(server, ws, { role: 'EMPLOYER', firstName: 'Emil', lastName: 'Employer' });
    buAdmin = await buildUser(server, ws, { role: 'BRANCH_ADMIN', firstName: 'Bina', lastName: 'Unitadmin' });
    const complainant = await buildUser(server, ws, { firstName: 'Cara', lastName: 'Complainant' });
    caseId = await buildComplaint(server, ws, complainant);
    other = await buildWorkspace(server);
    await buildCommittee(server, other);
    otherCaseId = await buildComplaint(server, other, await buildUser(server, other));
  });
  afterAll(async () => server?.close());

  it('an employee, an admin, a business-unit admin and a stranger get the same answer as before, and the presiding officer sees each attempt', async () => {
    const people: [string, BuiltUser | null][] = [
      ['employee', employee],
      ['admin', ws.admin],
      ['business-unit admin', buAdmin],
      ['employer', employer],
      ['stranger', null],
    ];
    for (const [role, who] of people) {
      for (const r of COMMITTEE_ROUTES) {
        const res = await call(r.method, `${CASE}${r.url(caseId)}`, who);
        // The answer tells nothing of the case: the same as for an id that names no case.
        const none = await call(r.method, `${CASE}${r.url(randomUUID())}`, who);
        expect(res.statusCode, `${role} ${r.route}: ${res.body}`).toBe(who ? 404 : 401);
        expect(res.json(), `${role} ${r.route}`).toEqual(none.json());
        const mine = refusals(await log(), who ? who.id : 'no session', r.route);
        expect(mine, `${role} ${r.route}`).toHaveLength(1);
        expect(mine[0].details).toMatchObject({ method: r.method, answered: res.statusCode });
        expect(mine[0].actorName, role).toBe(
          who ? `${who.firstName} ${who.lastName}` : 'Someone not signed in to the workspace',
        );
      }
    }
  });

  it('keeps the address of a caller without a session only as a keyed hash of the day (such a caller may be a reporter)', async () => {
    const stranger = refusals(await log(), 'no session', COMMITTEE_ROUTES[0].route);
    expect(stranger[0].details.addressKey).toMatch(/^[0-9a-f]{16}$/);
    const rows = await server.db.query<{ ip: string | null; who: string }>(
      `SELECT ip, details->>'who' AS who FROM complaint_audit_events WHERE complaint_id = $1 AND action = 'complaint.access.refused'`,
      [caseId],
    );
    expect(rows.filter((r) => r.who === 'no session').map((r) => r.ip)).toEqual([null, null]);
    expect(rows.filter((r) => r.who === employee.id).every((r) => r.ip !== null)).toBe(true);
  });

  it('a role the route does not take at all is refused at the door and traced', async () => {
    // Recommendations of an investigation are the managers'; an employee is refused before any case code runs.
    const url = `${CASE}/complaints/${caseId}/investigation/recommendations/1`;
    const body = { status: 'IMPLEMENTED', note: 'Done.' };
    const res = await call('PUT', url, employee, ws.host, body);
    expect(res.statusCode, res.body).toBe(403);
    const none = await call(
      'PUT',
      `${CASE}/complaints/${randomUUID()}/investigation/recommendations/1`,
      employee,
      ws.host,
      body,
    );
    expect(res.json()).toEqual(none.json());
    const mine = refusals(await log(), employee.id, '/api/complaints/{id}/investigation/recommendations/{position}');
    expect(mine).toHaveLength(1);
    expect(mine[0].details).toMatchObject({ method: 'PUT', answered: 403 });
  });

  it('a flood grows the log by one entry per person and route a minute', async () => {
    const route = COMMITTEE_ROUTES[0];
    const before = (await log()).length;
    for (let i = 0; i < 8; i += 1) {
      expect((await call('GET', `${CASE}${route.url(caseId)}`, employee)).statusCode).toBe(404);
      expect((await call('GET', `${CASE}${route.url(caseId)}`, null)).statusCode).toBe(401);
    }
    await Promise.all(Array.from({ length: 6 }, () => call('GET', `${CASE}${route.url(caseId)}`, null, ws.host)));
    const after = await log();
    expect(refusals(after, employee.id, route.route)).toHaveLength(1);
    expect(refusals(after, 'no session', route.route)).toHaveLength(1);
    // Only the presiding officer's own reads of the log were added meanwhile.
    expect(after.slice(before).filter((e) => e.action !== 'complaint.audit.read')).toEqual([]);
  });

  it("another workspace's case or no case at all writes nothing, and still answers 404", async () => {
    const count = async (id: string) =>
      (
        await server.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM complaint_audit_events WHERE complaint_id = $1 AND action LIKE '%.refused'`,
          [id],
        )
      )[0].n;
    const before = await count(otherCaseId);
    for (const who of [ws.admin, employee, null]) {
      const res = await call('GET', `${CASE}/complaints/${otherCaseId}/deadlines`, who);
      expect(res.statusCode).toBe(who ? 404 : 401);
      expect((await call('GET', `${CASE}/complaints/${otherCaseId}`, who)).statusCode).toBe(who ? 404 : 401);
    }
    expect(await count(otherCaseId)).toBe(before);
    expect((await call('GET', `${CASE}/complaints/not-a-case/deadlines`, null)).statusCode).toBe(401);
  });

  it("a committee member's 404 for something under the case (an evidence file it does not hold) is no refusal of the case", async () => {
    const before = (await log()).filter((e) => e.action.endsWith('.refused')).length;
    const res = await call('GET', `${CASE}/complaints/${caseId}/evidence/${randomUUID()}`, committee.presiding);
    expect(res.statusCode).toBe(404);
    expect((await log()).filter((e) => e.action.endsWith('.refused'))).toHaveLength(before);
  });
});
