import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../server/platform/clock';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';

const CASE = '/case-api/api';
const CALENDAR = '/main-api/api/workspace/calendar';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Person {
  id: string;
  email: string;
  token: string;
}

/**
 * The workspace's own calendar (docs/case.md "The workspace's calendar"): its admin sets the time zone and the state
 * or province; the working-day clocks skip that region's public holidays and count the workspace's local day, and the
 * meeting invitation is written in its zone. Nobody else may set it.
 */
describe.each(DATABASES)("the workspace's calendar on %s", (kind) => {
  // 18:45 UTC on Sunday 13 September 2026 is already Monday 14 September in India (00:15 IST).
  const clock = new ManualClock('2026-09-13T18:45:00Z');
  let server: TestServer;
  let acmeId: string;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let ACME: string;
  let admin: string;
  let complainant: Person;
  let presiding: Person;
  let caseId: string;

  const main = (method: Method, token: string | undefined, payload?: object, host = ACME) =>
    server.request(host, { method, url: CALENDAR, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });
  const ok = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await server.request(ACME, { method, url: `${CASE}${url}`, token, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const copyDue = async () => {
    const view = await ok('GET', `/complaints/${caseId}`, presiding.token);
    return view.clocks.find((c: { id: string }) => c.id === 'IN_RESPONDENT_COPY');
  };

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { clock, jobs: true });
    // A workspace of India's jurisdiction, as the platform admin creates one.
    [ws, other] = [await buildWorkspace(server, { jurisdictionCode: 'IN' }), await buildWorkspace(server)];
    acmeId = ws.id;
    ACME = ws.host;
    admin = await server.signIn(ACME, ws.admin.email);
    complainant = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    const [p, m1, m2] = [await buildUser(server, ws), await buildUser(server, ws), await buildUser(server, ws)];
    presiding = p;
    const wf = await ok('POST', '/admin/workflow', admin, { workflowName: 'Calendar', defaultToWorkspace: true });
    const v = await ok('POST', `/admin/workflow/${wf.workflowId}/version`, admin, { name: 'v1' });
    await ok('POST', `/admin/step/workflow/${v.workflowVersionId}`, admin, {
      kind: 'ACTION',
      name: 'Copy to respondent',
      actionTypes: ['INFORM_RESPONDENT'],
    });
    await ok('POST', '/admin/workflow/publish', admin, {
      workflowId: wf.workflowId,
      workflowVersionId: v.workflowVersionId,
    });
    await ok('POST', '/committees', admin, {
      name: 'Internal Committee',
      termStart: '2026-01-01',
      termEnd: '2028-12-31',
      members: [
        { userId: presiding.id, role: 'PRESIDING_OFFICER', gender: 'WOMAN', senior: true },
        { userId: m1.id, role: 'EMPLOYEE_MEMBER', gender: 'MAN' },
        { userId: m2.id, role: 'EXTERNAL_MEMBER', gender: 'WOMAN' },
      ],
    });
    const filed = await ok('POST', '/complaints', complainant.token, {
      complainant: { name: 'Esha Employee', email: complainant.email, gender: 'WOMAN' },
      respondent: { name: 'Rahul Respondent', email: 'rahul.outside@example.test', gender: 'MAN' },
      incident: { details: 'Remarks about my appearance in every stand-up.', date: '2026-09-01', witnesses: [] },
    });
    caseId = filed.complaintId;
  }, 300_000);
  afterAll(async () => server?.close());

  it("starts in India's zone, and a complaint made after local midnight is received on the local day", async () => {
    const res = await main('GET', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ timeZone: 'Asia/Kolkata', regionCode: null });
    expect(res.json().regions).toEqual(
      expect.arrayContaining([
        { code: 'IN-KA', name: 'Karnataka', country: 'IN' },
        { code: 'CA-ON', name: 'Ontario', country: 'CA' },
      ]),
    );
    // Sunday in UTC, Monday in India: the case is received on Monday 14 September.
    const view = await ok('GET', `/complaints/${caseId}`, presiding.token);
    expect(view.receivedOn).toBe('2026-09-14');
  });

  it("skips the state's public holidays: Karnataka's 17 September moves the respondent's copy a working day later", async () => {
    // 7 working days from Monday 14 September, Sundays off: 22 September on India's national holidays.
    expect(await copyDue()).toMatchObject({ dueOn: '2026-09-22' });
    const set = await main('PUT', admin, { timeZone: 'Asia/Kolkata', regionCode: 'IN-KA' });
    expect(set.statusCode, set.body).toBe(200);
    expect(await copyDue()).toMatchObject({ dueOn: '2026-09-23' });
    // The region's holiday is a default of the holidays screen, so the admin may take it out again.
    const settings = await ok('GET', '/complaint-settings', admin);
    expect(settings).toMatchObject({ timeZone: 'Asia/Kolkata', regionCode: 'IN-KA' });
    expect(settings.defaultHolidays).toContain('2026-09-17');
    await ok('PUT', '/complaint-settings', admin, {
      compliance: 'IN_POSH',
      extraHolidays: [],
      removedHolidays: ['2026-09-17'],
    });
    expect(await copyDue()).toMatchObject({ dueOn: '2026-09-22' });
    await ok('PUT', '/complaint-settings', admin, { compliance: 'IN_POSH', extraHolidays: [], removedHolidays: [] });
    // The stored clocks follow at once (the job the change queued).
    await server.jobs!.runPending();
    const [stored] = await server.db.query<{ due_on: string }>(
      `SELECT due_on::text AS due_on FROM complaint_clock_due WHERE workspace_id = $1 AND complaint_id = $2 AND clock_id = 'IN_RESPONDENT_COPY'`,
      [acmeId, caseId],
    );
    expect(stored?.due_on).toBe('2026-09-23');
  });

  it("writes the meeting invitation in the workspace's zone, in day-month-year order", async () => {
    const meet = (guest: string) =>
      ok('POST', `/complaints/${caseId}/meetings`, presiding.token, {
        title: 'Hearing',
        agenda: 'Hear the complainant',
        startsAt: '2026-12-02T11:00:00.000Z',
        endsAt: '2026-12-02T12:00:00.000Z',
        location: 'Room 4',
        guests: [guest],
      });
    const bodyTo = async (to: string) => {
      const mails: { subject: string; body: string }[] = await (
        await server.request('localhost', {
          method: 'GET',
          url: `/dev/outbox?to=${encodeURIComponent(to)}&format=json`,
          remoteAddress: '127.0.0.1',
        })
      ).json();
      return mails.find((m) => m.subject.startsWith('Invitation: Hearing'))!.body;
    };
    await meet('guest.india@example.test');
    const india = await bodyTo('guest.india@example.test');
    expect(india).toContain('When: 2 Dec 2026, 4:30 pm IST to 5:30 pm IST');
    expect(india).not.toContain('2026-12-02T11:00');
    // IN-06: whoever is invited to a hearing of a POSH case is told that no legal practitioner may represent a party.
    expect(india).toContain(
      'Under POSH Rule 7(6), neither party may be represented by a legal practitioner at the inquiry.',
    );

    expect((await main('PUT', admin, { timeZone: 'America/Toronto', regionCode: 'CA-ON' })).statusCode).toBe(200);
    await meet('guest.toronto@example.test');
    expect(await bodyTo('guest.toronto@example.test')).toMatch(/When: 2 Dec 2026, 6:00 a.m. EST to 7:00 a.m. EST/);
  });

  it('refuses an unknown zone or region, naming the field, and lets nobody but the admin read or set it', async () => {
    const badZone = await main('PUT', admin, { timeZone: 'Mars/Olympus_Mons', regionCode: null });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().fields).toHaveProperty('timeZone');
    for (const regionCode of ['IN-XX', 'CA-FED', 'IN']) {
      const bad = await main('PUT', admin, { timeZone: 'Asia/Kolkata', regionCode });
      expect(bad.statusCode, regionCode).toBe(400);
      expect(bad.json().fields).toHaveProperty('regionCode');
    }
    expect(
      (await main('PUT', admin, { timeZone: 'Asia/Kolkata', regionCode: null, workspaceId: 'x' })).statusCode,
    ).toBe(400);
    // An employee, a committee member, a stranger, and another workspace's admin on this host.
    expect((await main('PUT', complainant.token, { timeZone: 'UTC', regionCode: null })).statusCode).toBe(403);
    expect((await main('GET', presiding.token)).statusCode).toBe(403);
    expect((await main('PUT', undefined, { timeZone: 'UTC', regionCode: null })).statusCode).toBe(401);
    const globex = await server.signIn(other.host, other.admin.email);
    expect([401, 403]).toContain((await main('PUT', globex, { timeZone: 'UTC', regionCode: null })).statusCode);
    const [row] = await server.db.query<{ time_zone: string }>(`SELECT time_zone FROM workspaces WHERE id = $1`, [
      acmeId,
    ]);
    expect(row.time_zone).toBe('America/Toronto');
    // Each change is in the workspace's audit trail.
    const trail = await server.db.query(
      `SELECT 1 FROM audit_events WHERE workspace_id = $1 AND action = 'workspace.calendar-updated'`,
      [acmeId],
    );
    expect(trail.length).toBe(2);
  });
});
