import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildCommittee,
  buildPublishedWorkflow,
  buildUser,
  buildWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

const CASE = '/case-api/api';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const pdfText = async (bytes: Buffer) =>
  (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text.replace(/\s+/g, ' ');

describe.each(DATABASES)('case records: the redacted export on %s', (kind) => {
  let server: TestServer;
  /** The workspace the case is filed in, and another one. */
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let admin: string;
  let complainant: BuiltUser;
  let presiding: BuiltUser;
  let member: BuiltUser;
  let caseId: string;
  let secretMessage: string;
  let meetingId: string;

  const call = (method: Method, url: string, token: string, payload?: object, host = ws.host) =>
    server.request(host, { method, url: `${CASE}${url}`, token, ...(payload ? { payload } : {}) });
  const ok = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    // Its own workspace, people, committee and published process (test/server/support/factories.ts).
    [ws, other] = [await buildWorkspace(server), await buildWorkspace(server)];
    admin = ws.admin.token;
    complainant = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    const committee = await buildCommittee(server, ws);
    presiding = committee.presiding;
    member = committee.members[0];
    await buildPublishedWorkflow(server, ws, { name: 'Records test' });
    const filed = await ok('POST', '/complaints', complainant.token, {
      complainant: { name: 'Esha Employee', email: complainant.email, gender: 'WOMAN', phone: '+91 98000 00040' },
      respondent: { name: 'Rahul Respondent', gender: 'MAN', description: 'Team lead, floor 3' },
      incident: {
        details: 'Repeated remarks about my appearance in team meetings.',
        date: new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10),
        witnesses: ['Wanda Witness'],
      },
    });
    caseId = filed.complaintId;
    await ok('POST', `/complaints/${caseId}/messages`, presiding.token, {
      audience: 'COMPLAINANT',
      body: 'We have received your complaint.',
    });
    secretMessage = (
      await ok('POST', `/complaints/${caseId}/messages`, presiding.token, {
        audience: 'COMMITTEE',
        body: 'Internal: the witness lives at Lotus Lane 12.',
      })
    ).messageId;
    const meeting = await ok('POST', `/complaints/${caseId}/meetings`, presiding.token, {
      title: 'Preliminary hearing',
      agenda: 'Hear the complainant',
      startsAt: '2026-12-01T10:00:00Z',
      endsAt: '2026-12-01T11:00:00Z',
      location: 'Room 4',
      guests: [complainant.email],
    });
    meetingId = meeting.meetingId;
    await ok('PUT', `/complaints/${caseId}/meetings/${meetingId}`, presiding.token, {
      minutes: 'The complainant described the Marigold incident.',
      outcome: 'Proceed to inquiry',
    });
  });
  afterAll(async () => server?.close());

  it('exports the case as one PDF with the chosen parts left out and the rest in, recorded in the access log', async () => {
    const res = await call('POST', `/complaints/${caseId}/export`, presiding.token, {
      purpose: 'APPEAL',
      redactSections: ['PARTIES'],
      redactItems: [secretMessage, meetingId],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="case-C-\d{4}-appeal.pdf"/);
    const text = await pdfText(res.rawPayload);
    // What was redacted is not in the PDF at all ...
    for (const gone of ['Lotus Lane', 'Marigold', '+91 98000 00040', 'Rahul Respondent', 'Team lead, floor 3'])
      expect(text).not.toContain(gone);
    // ... a marked block stands in its place, and the rest is there.
    expect(text).toContain('REDACTED — the whole section “Parties”');
    expect(text).toContain('REDACTED — a message of');
    expect(text).toContain('REDACTED — the meeting of 1 Dec 2026, 3:30 pm IST');
    expect(text).toContain('We have received your complaint.');
    expect(text).toContain('Repeated remarks about my appearance in team meetings.');
    expect(text).toContain('Wanda Witness');
    expect(text).toContain('Preliminary hearing');
    expect(text).toContain('IN-05');

    const whole = await pdfText(
      (await call('POST', `/complaints/${caseId}/export`, presiding.token, { purpose: 'LEGAL_REVIEW' })).rawPayload,
    );
    for (const there of ['Lotus Lane', 'Marigold', '+91 98000 00040', 'Rahul Respondent'])
      expect(whole).toContain(there);
    expect(whole).toContain('Nothing is redacted.');

    const log = await ok('GET', `/complaints/${caseId}/audit`, presiding.token);
    const exports = log.items.filter((i: { action: string }) => i.action === 'complaint.export');
    expect(exports).toHaveLength(2);
    expect(exports[0].details).toMatchObject({
      purpose: 'APPEAL',
      redactedSections: ['PARTIES'],
      redactedItems: [secretMessage, meetingId],
    });
  });

  it('lets only the one presiding export; anyone without a part in the case gets 404', async () => {
    const body = { purpose: 'LEGAL_REVIEW' };
    const byMember = await call('POST', `/complaints/${caseId}/export`, member.token, body);
    expect({ status: byMember.statusCode, body: byMember.json() }).toEqual({
      status: 403,
      body: { code: 'FORBIDDEN', message: 'Only the member presiding over the case exports it' },
    });
    expect((await call('POST', `/complaints/${caseId}/export`, complainant.token, body)).statusCode).toBe(403);
    expect((await call('POST', `/complaints/${caseId}/export`, admin, body)).statusCode).toBe(404);
    expect((await call('POST', `/complaints/${caseId}/export`, other.admin.token, body, other.host)).statusCode).toBe(
      404,
    );
    expect(
      (await server.request(ws.host, { method: 'POST', url: `${CASE}/complaints/${caseId}/export`, payload: body }))
        .statusCode,
    ).toBe(401);
  });

  it('names the bad field of an export request', async () => {
    const bad = await call('POST', `/complaints/${caseId}/export`, presiding.token, {
      purpose: 'GOSSIP',
      redactSections: ['EVERYTHING'],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['purpose', 'redactSections.0']));
    const stranger = await call('POST', `/complaints/${caseId}/export`, presiding.token, {
      purpose: 'APPEAL',
      redactItems: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual({
      code: 'VALIDATION',
      message: 'Invalid export: redactItems.0',
      fields: { 'redactItems.0': 'Not a message, meeting or evidence file of this case' },
    });
  });
});
