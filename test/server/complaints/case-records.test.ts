import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { withoutSeededCaseStory } from '../support/case-seed';

const ACME = 'acme.localhost';
const GLOBEX = 'globex.localhost';
const CASE = '/case-api/api';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Person {
  id: string;
  email: string;
  token: string;
}

const pdfText = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text.replace(/\s+/g, ' ');

describe.each(DATABASES)('case records: the redacted export on %s', (kind) => {
  let server: TestServer;
  let acmeId: string;
  let admin: string;
  let globexAdmin: string;
  let complainant: Person;
  let presiding: Person;
  let member: Person;
  let caseId: string;
  let secretMessage: string;
  let meetingId: string;

  const call = (method: Method, url: string, token: string, payload?: object, host = ACME) =>
    server.request(host, { method, url: `${CASE}${url}`, token, ...(payload ? { payload } : {}) });
  const ok = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const person = async (email: string): Promise<Person> => {
    const [row] = await server.db.query<{ id: string }>(`SELECT id FROM users WHERE lower(email) = lower($1) AND workspace_id = $2`, [email, acmeId]);
    return { id: row.id, email, token: await server.signIn(ACME, email) };
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    await withoutSeededCaseStory(server.db);
    [{ id: acmeId }] = await server.db.query<{ id: string }>(`SELECT id FROM workspaces WHERE slug = 'acme'`);
    admin = await server.signIn(ACME, 'admin@acme.test');
    globexAdmin = await server.signIn(GLOBEX, 'admin@globex.test');
    const hq = await server.db.query<{ email: string }>(
      `SELECT u.email FROM users u JOIN branches b ON b.workspace_id = u.workspace_id AND b.id = u.branch_id
        WHERE u.workspace_id = $1 AND u.role = 'EMPLOYEE' AND u.email <> 'employee@acme.test' AND b.name = 'Acme Headquarters' ORDER BY u.email LIMIT 4`,
      [acmeId],
    );
    complainant = await person('employee@acme.test');
    presiding = await person(hq[0].email);
    member = await person(hq[1].email);
    const external = await person(hq[2].email);
    const member2 = await person(hq[3].email);
    await ok('POST', '/committees', admin, {
      name: 'Internal Committee',
      termStart: '2026-01-01',
      termEnd: '2028-12-31',
      members: [
        { userId: presiding.id, role: 'PRESIDING_OFFICER', gender: 'WOMAN', senior: true },
        { userId: member.id, role: 'EMPLOYEE_MEMBER', gender: 'MAN' },
        { userId: member2.id, role: 'EMPLOYEE_MEMBER', gender: 'WOMAN' },
        { userId: external.id, role: 'EXTERNAL_MEMBER', gender: 'MAN' },
      ],
    });
    const wf = await ok('POST', '/admin/workflow', admin, { workflowName: 'Records test', defaultToWorkspace: true });
    const v = await ok('POST', `/admin/workflow/${wf.workflowId}/version`, admin, { name: 'v1' });
    await ok('POST', `/admin/step/workflow/${v.workflowVersionId}`, admin, { kind: 'MEETING', name: 'Preliminary hearing' });
    await ok('POST', '/admin/workflow/publish', admin, { workflowId: wf.workflowId, workflowVersionId: v.workflowVersionId });
    const filed = await ok('POST', '/complaints', complainant.token, {
      complainant: { name: 'Esha Employee', email: 'employee@acme.test', gender: 'WOMAN', phone: '+91 98000 00040' },
      respondent: { name: 'Rahul Respondent', gender: 'MAN', description: 'Team lead, floor 3' },
      incident: { details: 'Repeated remarks about my appearance in team meetings.', date: new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10), witnesses: ['Wanda Witness'] },
    });
    caseId = filed.complaintId;
    await ok('POST', `/complaints/${caseId}/messages`, presiding.token, { audience: 'COMPLAINANT', body: 'We have received your complaint.' });
    secretMessage = (await ok('POST', `/complaints/${caseId}/messages`, presiding.token, { audience: 'COMMITTEE', body: 'Internal: the witness lives at Lotus Lane 12.' })).messageId;
    const meeting = await ok('POST', `/complaints/${caseId}/meetings`, presiding.token, {
      title: 'Preliminary hearing',
      agenda: 'Hear the complainant',
      startsAt: '2026-12-01T10:00:00Z',
      endsAt: '2026-12-01T11:00:00Z',
      location: 'Room 4',
      guests: ['employee@acme.test'],
    });
    meetingId = meeting.meetingId;
    await ok('PUT', `/complaints/${caseId}/meetings/${meetingId}`, presiding.token, { minutes: 'The complainant described the Marigold incident.', outcome: 'Proceed to inquiry' });
  });
  afterAll(async () => server?.close());

  it('exports the case as one PDF with the chosen parts left out and the rest in, recorded in the access log', async () => {
    const res = await call('POST', `/complaints/${caseId}/export`, presiding.token, { purpose: 'APPEAL', redactSections: ['PARTIES'], redactItems: [secretMessage, meetingId] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="case-C-\d{4}-appeal.pdf"/);
    const text = await pdfText(res.rawPayload);
    // What was redacted is not in the PDF at all ...
    for (const gone of ['Lotus Lane', 'Marigold', '+91 98000 00040', 'Rahul Respondent', 'Team lead, floor 3']) expect(text).not.toContain(gone);
    // ... a marked block stands in its place, and the rest is there.
    expect(text).toContain('REDACTED — the whole section “Parties”');
    expect(text).toContain('REDACTED — a message of');
    expect(text).toContain('REDACTED — the meeting of 1 Dec 2026, 3:30 pm IST');
    expect(text).toContain('We have received your complaint.');
    expect(text).toContain('Repeated remarks about my appearance in team meetings.');
    expect(text).toContain('Wanda Witness');
    expect(text).toContain('Preliminary hearing');
    expect(text).toContain('IN-05');

    const whole = await pdfText((await call('POST', `/complaints/${caseId}/export`, presiding.token, { purpose: 'LEGAL_REVIEW' })).rawPayload);
    for (const there of ['Lotus Lane', 'Marigold', '+91 98000 00040', 'Rahul Respondent']) expect(whole).toContain(there);
    expect(whole).toContain('Nothing is redacted.');

    const log = await ok('GET', `/complaints/${caseId}/audit`, presiding.token);
    const exports = log.items.filter((i: { action: string }) => i.action === 'complaint.export');
    expect(exports).toHaveLength(2);
    expect(exports[0].details).toMatchObject({ purpose: 'APPEAL', redactedSections: ['PARTIES'], redactedItems: [secretMessage, meetingId] });
  });

  it('lets only the one presiding export; anyone without a part in the case gets 404', async () => {
    const body = { purpose: 'LEGAL_REVIEW' };
    expect((await call('POST', `/complaints/${caseId}/export`, member.token, body)).statusCode).toBe(403);
    expect((await call('POST', `/complaints/${caseId}/export`, complainant.token, body)).statusCode).toBe(403);
    expect((await call('POST', `/complaints/${caseId}/export`, admin, body)).statusCode).toBe(404);
    expect((await call('POST', `/complaints/${caseId}/export`, globexAdmin, body, GLOBEX)).statusCode).toBe(404);
    expect((await server.request(ACME, { method: 'POST', url: `${CASE}/complaints/${caseId}/export`, payload: body })).statusCode).toBe(401);
  });

  it('names the bad field of an export request', async () => {
    const bad = await call('POST', `/complaints/${caseId}/export`, presiding.token, { purpose: 'GOSSIP', redactSections: ['EVERYTHING'] });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['purpose', 'redactSections.0']));
    const stranger = await call('POST', `/complaints/${caseId}/export`, presiding.token, { purpose: 'APPEAL', redactItems: ['00000000-0000-4000-8000-000000000000'] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().fields['redactItems.0']).toMatch(/Not a message/);
  });
});
