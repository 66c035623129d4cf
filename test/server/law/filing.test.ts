import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../server/platform/clock';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildInquiryWorkspace, buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';

const CASE = '/case-api/api';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Person {
  id: string;
  email: string;
  token: string;
}
interface Rule {
  ruleId: string;
  status: string;
  computed: { text: string; figures: Record<string, unknown> };
}
const pdfText = async (bytes: Buffer) =>
  (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text.replace(/\s+/g, ' ');

/**
 * IN-03 (docs/law.md): a complaint filed late is extended by the committee only with its reasons in writing (shown on
 * the case, in its log and its export), never past 6 months; a complaint filed for the aggrieved woman records who
 * filed and in which capacity, and a capacity the POSH Rules do not allow is refused naming IN-03.
 */
describe.each(DATABASES)('filing late and filing for her on %s', (kind) => {
  const clock = new ManualClock('2026-10-05T06:00:00Z');
  let server: TestServer;
  let ws: BuiltWorkspace;
  let admin: string;
  let complainant: Person;
  let presiding: Person;
  let member: Person;
  let colleague: Person;
  let late: string;
  let beyond: string;
  let onTime: string;

  const call = (method: Method, url: string, token: string, payload?: object) =>
    server.request(ws.host, { method, url: `${CASE}${url}`, token, ...(payload ? { payload } : {}) });
  const ok = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const complaint = (who: Person, date: string, extra: object = {}) =>
    call('POST', '/complaints', who.token, {
      complainant: { name: 'Esha Employee', email: who.email, gender: 'WOMAN' },
      respondent: { name: 'Rahul Respondent', email: 'rahul.outside@example.test', gender: 'MAN' },
      incident: { details: 'Remarks about my appearance in every stand-up.', date, witnesses: [] },
      ...extra,
    });
  const extend = (id: string, token: string, reasons: string) =>
    call('PUT', `/complaints/${id}/filing-extension`, token, { reasons });
  const in03 = async (): Promise<Rule> =>
    (await ok('GET', '/legal-rules', admin)).rules.find((r: Rule) => r.ruleId === 'IN-03');

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { clock });
    const built = await buildInquiryWorkspace(server);
    ({ ws, complainant } = built);
    admin = ws.admin.token;
    [presiding, member] = [built.committee.presiding, built.committee.members[0]];
    colleague = await buildUser(server, ws);
    late = (
      await ok('POST', '/complaints', complainant.token, {
        complainant: { name: 'Esha Employee', email: complainant.email, gender: 'WOMAN' },
        incident: { details: 'It began in June and went on.', date: '2026-06-01', witnesses: [] },
      })
    ).complaintId;
    beyond = (
      await ok('POST', '/complaints', complainant.token, {
        complainant: { name: 'Esha Employee', email: complainant.email, gender: 'WOMAN' },
        incident: { details: 'It happened in February.', date: '2026-02-10', witnesses: [] },
      })
    ).complaintId;
    onTime = (
      await ok('POST', '/complaints', complainant.token, {
        complainant: { name: 'Esha Employee', email: complainant.email, gender: 'WOMAN' },
        incident: { details: 'Last week, at the stand-up.', date: '2026-09-30', witnesses: [] },
      })
    ).complaintId;
  }, 300_000);
  afterAll(async () => server?.close());

  it('refuses a filing for her in a capacity the Rules do not allow, naming IN-03', async () => {
    const neighbour = await complaint(colleague, '2026-09-30', {
      filedFor: { capacity: 'NEIGHBOUR', reason: 'She is in hospital' },
    });
    expect(neighbour.statusCode).toBe(400);
    expect(neighbour.json().fields['filedFor.capacity']).toContain('IN-03');
    const noConsent = await complaint(colleague, '2026-09-30', {
      filedFor: { capacity: 'PERSON_WITH_KNOWLEDGE', reason: 'She is in hospital' },
    });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().fields['filedFor.writtenConsent']).toContain('IN-03');
    const noReason = await complaint(colleague, '2026-09-30', { filedFor: { capacity: 'CO_WORKER', reason: ' ' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields['filedFor.reason']).toContain('IN-03');
    const asWitness = await complaint(colleague, '2026-09-30', {
      filedAs: 'WITNESS',
      filedFor: { capacity: 'CO_WORKER', reason: 'She is in hospital' },
    });
    expect(asWitness.statusCode).toBe(400);
  });

  it('records who filed for her and in which capacity; the committee and the filer see it', async () => {
    const res = await complaint(colleague, '2026-09-30', {
      filedFor: { capacity: 'CO_WORKER', reason: 'She is in hospital after the incident and cannot write' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().complaintId;
    const seen = await ok('GET', `/complaints/${id}`, presiding.token);
    expect(seen.filedFor).toMatchObject({
      capacity: 'CO_WORKER',
      reason: 'She is in hospital after the incident and cannot write',
      writtenConsent: false,
      filerName: expect.stringMatching(/\S/),
    });
    expect((await ok('GET', `/complaints/${id}`, colleague.token)).filedFor).toMatchObject({ capacity: 'CO_WORKER' });
  });

  it('extends a late filing only with the reasons in writing, only within 6 months, only by the committee', async () => {
    expect(await in03()).toMatchObject({ status: 'AT_RISK', computed: { figures: { lateFilings: 2 } } });
    const blank = await extend(late, presiding.token, '  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      code: 'REASONS_REQUIRED',
      fields: { reasons: expect.stringContaining('IN-03') },
    });
    expect((await extend(late, complainant.token, 'She was abroad')).statusCode).toBe(403);
    expect((await extend(late, admin, 'She was abroad')).statusCode).toBe(404);
    expect((await extend(late, colleague.token, 'She was abroad')).statusCode).toBe(404);
    const inTime = await extend(onTime, presiding.token, 'No need');
    expect(inTime.statusCode).toBe(409);
    expect(inTime.json()).toMatchObject({ code: 'FILED_IN_TIME', message: expect.stringContaining('IN-03') });
    const tooLate = await extend(beyond, presiding.token, 'She was afraid');
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toMatchObject({ code: 'BEYOND_EXTENSION', message: expect.stringContaining('IN-03') });
    expect((await call('PUT', `/complaints/${late}/filing-extension`, presiding.token, {})).statusCode).toBe(400);
    const other = await buildWorkspace(server);
    const globex = other.admin.token;
    expect([401, 404]).toContain(
      (
        await server.request(other.host, {
          method: 'PUT',
          url: `${CASE}/complaints/${late}/filing-extension`,
          token: globex,
          payload: { reasons: 'x' },
        })
      ).statusCode,
    );
  });

  it('keeps the reasons on the case, in its log and its export, and the rule counts the late filing as extended', async () => {
    const res = await extend(late, member.token, 'She was on medical leave abroad until September.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lateFiling.extension).toMatchObject({
      reasons: 'She was on medical leave abroad until September.',
      on: '2026-10-05',
    });
    expect((await extend(late, presiding.token, 'Again')).json().code).toBe('ALREADY_EXTENDED');
    const log = await ok('GET', `/complaints/${late}/audit`, presiding.token);
    expect(log.items.find((i: { action: string }) => i.action === 'filing.extension.granted')?.details).toMatchObject({
      reasons: 'She was on medical leave abroad until September.',
    });
    const pdf = await call('POST', `/complaints/${late}/export`, presiding.token, { purpose: 'LEGAL_REVIEW' });
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('She was on medical leave abroad until September.');
    expect(await in03()).toMatchObject({ computed: { figures: { lateFilings: 1 } } });
  });
});
