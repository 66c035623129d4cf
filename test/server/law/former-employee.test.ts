import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../server/platform/clock';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildCanadianWorkspace, buildUser, type BuiltUser, type BuiltWorkspace } from '../support/factories';

const CASE = '/case-api/api';

/**
 * CA-01 (docs/law.md): a former employee gives notice within 3 months of leaving. The Canadian form asks whether they
 * left and when; the server refuses a notice past the 3 months, naming CA-01 and the field. A person deactivated when
 * they left can no longer sign in: they give notice through the workspace's public report (`/report`) with that day.
 */
describe.each(DATABASES)("a former employee's notice on %s", (kind) => {
  const clock = new ManualClock('2026-10-15T15:00:00Z');
  let server: TestServer;
  let ws: BuiltWorkspace;
  let employee: BuiltUser;
  let leaver: BuiltUser;

  const report = (leftOn: string | null, address = '203.0.113.61') =>
    server.request(ws.host, {
      method: 'POST',
      url: `${CASE}/intake`,
      remoteAddress: address,
      headers: { 'x-forwarded-for': address },
      payload: {
        reporterName: 'A former analyst',
        respondent: { name: 'Rahul Respondent', gender: 'MAN' },
        incident: { details: 'Remarks about my accent at every stand-up.', date: '2026-06-20', witnesses: [] },
        formerEmployee: leftOn ? { leftOn } : null,
      },
    });
  const file = (by: BuiltUser, leftOn: string | null) =>
    server.request(ws.host, {
      method: 'POST',
      url: `${CASE}/complaints`,
      token: by.token,
      payload: {
        complainant: { name: `${by.firstName} ${by.lastName}`, email: by.email, gender: 'WOMAN' },
        respondent: { name: 'Rahul Respondent', gender: 'MAN' },
        incident: { details: 'Remarks about my accent at every stand-up.', date: '2026-06-20', witnesses: [] },
        ...(leftOn ? { formerEmployee: { leftOn } } : {}),
      },
    });
  const leftOnOf = async (caseNumber: string) => {
    const [row] = await server.db.tenant(ws.id, (tx) =>
      tx.query<{ left: string | null }>(
        `SELECT former_employee_left_on::text AS left FROM complaints WHERE workspace_id = $1 AND 'C-' || lpad(case_number::text, 4, '0') = $2`,
        [ws.id, caseNumber],
      ),
    );
    return row?.left ?? null;
  };

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { clock });
    ({ ws } = await buildCanadianWorkspace(server));
    employee = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    leaver = await buildUser(server, ws, { firstName: 'Lena', lastName: 'Leaver' });
  }, 300_000);
  afterAll(async () => server?.close());

  it('refuses a notice more than 3 months after leaving, naming CA-01 and the field, on the form', async () => {
    const late = await file(employee, '2026-07-14');
    expect(late.statusCode).toBe(400);
    expect(late.json().fields['formerEmployee.leftOn']).toMatch(/^CA-01: .*by 2026-10-14/);
    const future = await file(employee, '2026-10-20');
    expect(future.statusCode).toBe(400);
    expect(future.json().fields['formerEmployee.leftOn']).toMatch(/^CA-01: /);
  });

  it('takes a notice on the last day of the 3 months, and one with no departure at any time', async () => {
    const inTime = await file(employee, '2026-07-15');
    expect(inTime.statusCode, inTime.body).toBe(200);
    expect(inTime.json().compliance).toBe('CA_FEDERAL');
    expect(await leftOnOf(inTime.json().caseNumber)).toBe('2026-07-15');
    expect((await file(employee, null)).statusCode).toBe(200);
  });

  it('lets a leaver deactivated within 3 months give notice through the public report, and not after', async () => {
    const deactivated = await server.request(ws.host, {
      method: 'POST',
      url: `/main-api/api/user/update/${leaver.id}`,
      token: ws.admin.token,
      payload: { status: 'INACTIVE' },
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect((await file(leaver, '2026-09-30')).statusCode).toBe(401);
    const late = await report('2026-06-30');
    expect(late.statusCode).toBe(400);
    expect(late.json().fields['formerEmployee.leftOn']).toMatch(/^CA-01: /);
    const inTime = await report('2026-09-30', '203.0.113.62');
    expect(inTime.statusCode, inTime.body).toBe(200);
    expect(await leftOnOf(inTime.json().caseNumber)).toBe('2026-09-30');
  });
});
