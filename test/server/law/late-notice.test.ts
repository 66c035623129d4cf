import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../server/platform/clock';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildCanadianWorkspace, buildUser, type BuiltUser, type BuiltWorkspace } from '../support/factories';

const CASE = '/case-api/api';

/**
 * CA-01's extension (docs/law.md): past the 3 months after leaving, a former employee's notice is taken only when they
 * say trauma or ill health kept them from it, with a short reason; the case keeps it (the designated recipient reads
 * it, and it is in the case's log). Without it the notice is refused naming CA-01 and the field.
 */
describe.each(DATABASES)("a former employee's late notice on %s", (kind) => {
  const clock = new ManualClock('2026-12-01T15:00:00Z');
  let server: TestServer;
  let ws: BuiltWorkspace;
  let leaver: BuiltUser;
  let recipient: BuiltUser;
  let stranger: BuiltUser;

  const details = { details: 'Remarks about my accent at every stand-up.', date: '2026-06-20', witnesses: [] };
  const file = (formerEmployee: Record<string, unknown>) =>
    server.request(ws.host, {
      method: 'POST',
      url: `${CASE}/complaints`,
      token: leaver.token,
      payload: {
        complainant: { name: `${leaver.firstName} ${leaver.lastName}`, email: leaver.email, gender: 'WOMAN' },
        respondent: { name: 'Rahul Respondent', gender: 'MAN' },
        incident: details,
        formerEmployee,
      },
    });
  const report = (formerEmployee: Record<string, unknown>, address: string) =>
    server.request(ws.host, {
      method: 'POST',
      url: `${CASE}/intake`,
      remoteAddress: address,
      headers: { 'x-forwarded-for': address },
      payload: { respondent: { name: 'Rahul Respondent', gender: 'MAN' }, incident: details, formerEmployee },
    });
  const caseIdOf = async (caseNumber: string) => {
    const [row] = await server.db.tenant(ws.id, (tx) =>
      tx.query<{ id: string }>(
        `SELECT id FROM complaints WHERE workspace_id = $1 AND 'C-' || lpad(case_number::text, 4, '0') = $2`,
        [ws.id, caseNumber],
      ),
    );
    return row.id;
  };

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { clock });
    ({ ws, recipient } = await buildCanadianWorkspace(server));
    leaver = await buildUser(server, ws, { firstName: 'Lena', lastName: 'Leaver' });
    stranger = await buildUser(server, ws, { firstName: 'Sam', lastName: 'Stranger' });
  }, 300_000);
  afterAll(async () => server?.close());

  it('refuses a notice past the 3 months with no extension, or trauma given with no reason, naming CA-01 and the field', async () => {
    const bare = await file({ leftOn: '2026-07-14' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fields['formerEmployee.leftOn']).toMatch(/^CA-01: .*by 2026-10-14, unless trauma or ill health/);
    const noReason = await file({ leftOn: '2026-07-14', lateFor: 'TRAUMA', lateReason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().fields)).toEqual(['formerEmployee.lateReason']);
    expect(noReason.json().fields['formerEmployee.lateReason']).toMatch(/^CA-01: /);
    const other = await file({ leftOn: '2026-07-14', lateFor: 'HOLIDAY', lateReason: 'I was away' });
    expect(other.statusCode).toBe(400);
    const publicReport = await report({ leftOn: '2026-07-14', lateFor: 'HEALTH' }, '203.0.113.71');
    expect(publicReport.statusCode).toBe(400);
    expect(publicReport.json().fields['formerEmployee.lateReason']).toMatch(/^CA-01: .*ill health/);
  });

  it('takes it for health with a reason, shows it to the designated recipient and writes it in the case log', async () => {
    const filed = await file({ leftOn: '2026-07-14', lateFor: 'HEALTH', lateReason: 'In hospital until November' });
    expect(filed.statusCode, filed.body).toBe(200);
    const id = await caseIdOf(filed.json().caseNumber);
    const read = await server.request(ws.host, {
      method: 'GET',
      url: `${CASE}/complaints/${id}`,
      token: recipient.token,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().formerEmployee).toEqual({
      leftOn: '2026-07-14',
      lateFor: 'HEALTH',
      lateReason: 'In hospital until November',
    });
    const mine = await server.request(ws.host, { method: 'GET', url: `${CASE}/complaints/${id}`, token: leaver.token });
    expect(mine.json().formerEmployee.lateFor).toBe('HEALTH');
    const log = await server.request(ws.host, {
      method: 'GET',
      url: `${CASE}/complaints/${id}/audit`,
      token: recipient.token,
    });
    expect(log.statusCode, log.body).toBe(200);
    const entry = (log.json().items as { action: string; details: Record<string, unknown> }[]).find(
      (e) => e.action === 'notice.late.extended',
    );
    expect(entry?.details).toMatchObject({ rule: 'CA-01', lateFor: 'HEALTH', reason: 'In hospital until November' });
    // A person of the workspace with no part in the case reads nothing of it.
    const peek = await server.request(ws.host, {
      method: 'GET',
      url: `${CASE}/complaints/${id}`,
      token: stranger.token,
    });
    expect(peek.statusCode).toBe(404);
  });

  it('takes it through the public report, and keeps no extension for a notice in time', async () => {
    const late = await report(
      { leftOn: '2026-07-01', lateFor: 'TRAUMA', lateReason: 'I could not speak of it' },
      '203.0.113.72',
    );
    expect(late.statusCode, late.body).toBe(200);
    const inTime = await file({ leftOn: '2026-09-15', lateFor: 'TRAUMA', lateReason: 'Not needed' });
    expect(inTime.statusCode, inTime.body).toBe(200);
    const rows = await server.db.tenant(ws.id, (tx) =>
      tx.query<{ left: string; late_for: string | null; reason: string | null }>(
        `SELECT former_employee_left_on::text AS left, former_employee_late_for AS late_for, former_employee_late_reason AS reason
           FROM complaints WHERE workspace_id = $1 AND former_employee_left_on IN ('2026-07-01', '2026-09-15') ORDER BY 1`,
        [ws.id],
      ),
    );
    expect(rows).toEqual([
      { left: '2026-07-01', late_for: 'TRAUMA', reason: 'I could not speak of it' },
      { left: '2026-09-15', late_for: null, reason: null },
    ]);
  });
  it("carries the extension into the case's exported file, for legal review or appeal", async () => {
    const filed = await file({
      leftOn: '2026-07-20',
      lateFor: 'TRAUMA',
      lateReason: 'I could not speak of it for months',
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const id = await caseIdOf(filed.json().caseNumber);
    const exported = await server.request(ws.host, {
      method: 'POST',
      url: `${CASE}/complaints/${id}/export`,
      token: recipient.token,
      payload: { purpose: 'LEGAL_REVIEW' },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const text = (await new PDFParse({ data: new Uint8Array(exported.rawPayload) }).getText()).text.replace(
      /\s+/g,
      ' ',
    );
    expect(text).toContain(
      'Former employee (CA-01): left on 20 Jul 2026; notice past the 3 months, extended for trauma: I could not speak of it for months',
    );
  });
});
