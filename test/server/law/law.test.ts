import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildCanadianWorkspace,
  buildCaseAtStage,
  buildCommittee,
  buildUser,
  buildWorkspace,
  type BuiltCommittee,
  type BuiltUser,
} from '../support/factories';

const CASE = '/case-api/api';

const pdfText = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;
const xlsxText = async (bytes: Buffer) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const cells: string[] = [];
  book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value)))));
  return cells.join('\n');
};

/**
 * The law, complete (docs/law.md): the legal rules for the declared countries, the employer's duties of IN-12 and the
 * statutory returns, each call tried by the roles that may and may not make it, and the returns read for identifiers.
 */
describe.each(DATABASES)('legal rules, employer duties and returns on %s', (kind) => {
  let server: TestServer;
  let acmeId: string;
  let admin: string;
  let employee: string;
  let presiding: string;
  let member: string;
  let globexAdmin: string;
  /** An Indian workspace with its committee and three cases, and a Canadian one with its designated recipient. */
  let ACME: string;
  let GLOBEX: string;
  let committee: BuiltCommittee;
  let globexPerson: BuiltUser;
  /** Every identifier of the built Indian cases' parties: names, addresses, case numbers. */
  let identifiers: string[];
  const year = new Date().getUTCFullYear();

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token: string | null,
    payload?: object,
    host?: string,
    base = CASE,
  ) =>
    server.request(host ?? ACME, {
      method,
      url: `${base}${url}`,
      ...(token ? { token } : {}),
      ...(payload ? { payload } : {}),
    });
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object, host?: string) => {
    const res = await call(method, url, token, payload, host);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    const india = await buildWorkspace(server, { jurisdictionCode: 'IN' });
    const canada = await buildCanadianWorkspace(server);
    [ACME, GLOBEX, acmeId] = [india.host, canada.ws.host, india.id];
    // The committee's name as its annual return prints it.
    committee = await buildCommittee(server, india, { name: 'Acme Internal Committee' });
    admin = india.admin.token;
    const complainant = await buildUser(server, india, { firstName: 'Esha', lastName: 'Employee' });
    employee = (await buildUser(server, india)).token;
    presiding = committee.presiding.token;
    member = committee.members[0].token;
    globexAdmin = canada.ws.admin.token;
    globexPerson = canada.recipient;
    // Three cases: one new, one in inquiry, one closed with its outcome.
    for (const stage of ['RECEIPT', 'INQUIRY', 'CLOSED'] as const)
      await buildCaseAtStage(server, india, committee, { stage, complainant });
    const cases = await server.db.query<{
      id: string;
      case_number: number;
      complainant_name: string;
      complainant_email: string;
      respondent_name: string;
      respondent_email: string;
      status: string;
    }>(
      `SELECT id, case_number, complainant_name, complainant_email, respondent_name, respondent_email, status FROM complaints WHERE workspace_id = $1 ORDER BY case_number`,
      [acmeId],
    );
    expect(cases).toHaveLength(3);
    identifiers = cases.flatMap((c) => [
      `C-${String(c.case_number).padStart(4, '0')}`,
      c.complainant_name,
      c.complainant_email,
      c.respondent_name,
      c.respondent_email,
    ]);
    // The two open cases received on either side of the 90-day line at the year's end: 1 October is 91 days before
    // 31 December, 2 October 90 (not over).
    const open = cases.filter((c) => c.status === 'OPEN');
    await server.db.query(`UPDATE complaints SET received_on = $2 WHERE id = $1`, [open[0].id, `${year}-10-01`]);
    await server.db.query(`UPDATE complaints SET received_on = $2 WHERE id = $1`, [open[1].id, `${year}-10-02`]);
  });
  afterAll(async () => server?.close());

  describe('GET /api/legal-rules', () => {
    it('answers the India rules for Acme, and all 29 once it declares Canada too', async () => {
      const india = await ok('GET', '/legal-rules', admin);
      expect(india.countries).toEqual(['IN']);
      expect(india.rules.map((r: { ruleId: string }) => r.ruleId)).toEqual(
        Array.from({ length: 17 }, (_, i) => `IN-${String(i + 1).padStart(2, '0')}`),
      );
      const ids = await server.db.query<{ id: string }>(`SELECT id FROM jurisdictions WHERE code IN ('IN', 'CA-FED')`);
      const declared = await call(
        'PUT',
        '/compliance/jurisdictions',
        admin,
        { jurisdictionIds: ids.map((j) => j.id) },
        ACME,
        '/learning-api/api',
      );
      expect(declared.statusCode, declared.body).toBe(200);
      const both = await ok('GET', '/legal-rules', admin);
      expect(both.rules).toHaveLength(29);
      expect(both.rules.at(-1).ruleId).toBe('CA-12');
      for (const rule of both.rules) {
        expect(['MET', 'AT_RISK', 'NOT_MET', 'NOT_APPLICABLE']).toContain(rule.status);
        expect(rule.actionPath).toMatch(/^\//);
      }
      // The seeded committee meets IN-02; the duties are not recorded yet (IN-12), so IN-15 shows an exposure.
      const byId = (id: string) => both.rules.find((r: { ruleId: string }) => r.ruleId === id);
      expect(byId('IN-02').status).toBe('MET');
      expect(byId('IN-12').status).toBe('NOT_MET');
      expect(byId('IN-12').penalty).toContain('₹50,000');
      expect(byId('IN-15').computed.figures.rulesNotMet).toBeGreaterThan(0);
      // Counts only: nothing of a party or a case number.
      for (const id of identifiers) expect(JSON.stringify(both)).not.toContain(id);
    });

    it('refuses an employee and a committee member (403), and answers Globex its own Canadian rules', async () => {
      expect((await call('GET', '/legal-rules', employee)).statusCode).toBe(403);
      expect((await call('GET', '/legal-rules', presiding)).statusCode).toBe(403);
      const globex = await ok('GET', '/legal-rules', globexAdmin, undefined, GLOBEX);
      expect(globex.countries).toEqual(['CA']);
      expect(globex.rules.find((r: { ruleId: string }) => r.ruleId === 'CA-01').status).toBe('MET');
      // Acme's token is worthless on Globex's host.
      expect((await call('GET', '/legal-rules', admin, undefined, GLOBEX)).statusCode).toBe(401);
    });
  });

  describe('IN-12, the employer’s duties', () => {
    it('records a workshop by head count and an orientation by attendees from the directory; refuses a stranger, a future day, both or neither', async () => {
      const people = [committee.presiding, committee.members[0], committee.members[1]];
      const base = { title: 'Respect at work', heldOn: `${year}-01-01`, audience: 'All staff at headquarters' };
      await ok('POST', '/employer-duties/events', admin, { ...base, kind: 'WORKSHOP', headCount: 42 });
      const after = await ok('POST', '/employer-duties/events', admin, {
        ...base,
        kind: 'COMMITTEE_ORIENTATION',
        heldOn: new Date().toISOString().slice(0, 10),
        title: 'Orientation of the committee',
        audience: 'The Internal Committee',
        attendeeIds: people.map((p) => p.id),
      });
      expect(after.events.map((e: { kind: string; attendance: number }) => [e.kind, e.attendance]).sort()).toEqual([
        ['COMMITTEE_ORIENTATION', 3],
        ['WORKSHOP', 42],
      ]);

      const stranger = await call('POST', '/employer-duties/events', admin, {
        ...base,
        kind: 'WORKSHOP',
        attendeeIds: [globexPerson.id],
      });
      expect(stranger.statusCode).toBe(400);
      expect(stranger.json().fields).toHaveProperty(['attendeeIds.0']);
      const future = await call('POST', '/employer-duties/events', admin, {
        ...base,
        kind: 'WORKSHOP',
        headCount: 5,
        heldOn: `${year + 1}-01-01`,
      });
      expect(future.statusCode).toBe(400);
      expect(future.json().fields).toHaveProperty('heldOn');
      expect((await call('POST', '/employer-duties/events', admin, { ...base, kind: 'WORKSHOP' })).statusCode).toBe(
        400,
      );
      expect(
        (
          await call('POST', '/employer-duties/events', admin, {
            ...base,
            kind: 'WORKSHOP',
            headCount: 3,
            attendeeIds: [people[0].id],
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (await call('POST', '/employer-duties/events', employee, { ...base, kind: 'WORKSHOP', headCount: 3 }))
          .statusCode,
      ).toBe(403);
      const [{ n }] = await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM awareness_events WHERE workspace_id = $1`,
        [acmeId],
      );
      expect(n).toBe(2);
    });

    it('shows staff the notice only once published, with the committee’s members and contacts', async () => {
      const before = await ok('GET', '/posh-notice', employee);
      expect(before).toMatchObject({ published: false, committees: [] });
      expect(
        (await call('PUT', '/employer-duties', employee, { noticePublished: true, policeHelp: 'x' })).statusCode,
      ).toBe(403);
      await ok('PUT', '/employer-duties', admin, {
        noticePublished: true,
        policeHelp: 'HR (Asha, ext. 204) goes with you to the police station and arranges leave.',
      });
      const notice = await ok('GET', '/posh-notice', employee);
      expect(notice.published).toBe(true);
      expect(notice.penalConsequences.join(' ')).toContain('₹50,000');
      expect(notice.committees[0].members.map((m: { email: string }) => m.email)).toContain(committee.presiding.email);
      expect(notice.policeHelp).toContain('police station');
      // Globex's members see Globex's notice (not published), never Acme's.
      const globexNotice = await ok('GET', '/posh-notice', globexAdmin, undefined, GLOBEX);
      expect(globexNotice.published).toBe(false);
      // The duties now meet IN-12.
      const rules = await ok('GET', '/legal-rules', admin);
      expect(rules.rules.find((r: { ruleId: string }) => r.ruleId === 'IN-12').status).toBe('MET');
    });
  });

  describe('the returns', () => {
    it('gives the presiding officer the POSH annual return of her committee: the seeded cases counted, the 90-day line held', async () => {
      const r = await ok('GET', `/returns/posh-annual?year=${year}`, presiding);
      expect(r).toMatchObject({ kind: 'POSH_ANNUAL', period: String(year), deadline: `${year + 1}-01-31` });
      expect(r.committees).toHaveLength(1);
      expect(r.committees[0]).toMatchObject({
        name: 'Acme Internal Committee',
        received: 3,
        disposed: 1,
        pendingAtEnd: 2,
        pendingOver90Days: 1,
        workshops: 1,
        orientations: 1,
        attendance: 45,
      });
      expect(r.committees[0].actionTaken.reduce((n: number, a: { cases: number }) => n + a.cases, 0)).toBe(1);
      expect(r.missingInputs).toEqual(['employerAddress', 'districtOfficer']);
    });

    it('asks for the inputs before a PDF, then keeps each PDF and XLSX in the list with who and when', async () => {
      const refused = await call('GET', `/returns/posh-annual?year=${year}&format=pdf`, presiding);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'RETURN_INPUTS_MISSING',
        fields: { employerAddress: expect.any(String), districtOfficer: expect.any(String) },
      });
      const blank = {
        employerName: '',
        employerAddress: 'x',
        districtOfficer: 'y',
        businessNumber: '',
        contactName: '',
        contactEmail: '',
        contactPhone: '',
      };
      expect((await call('PUT', '/returns/inputs', employee, blank)).statusCode).toBe(403);
      expect((await call('PUT', '/returns/inputs', member, blank)).statusCode).toBe(403);
      expect((await call('GET', '/returns/inputs', employee)).statusCode).toBe(403);
      const badEmail = await call('PUT', '/returns/inputs', admin, {
        employerName: 'Acme Ltd',
        employerAddress: '1 MG Road',
        districtOfficer: 'x',
        businessNumber: '',
        contactName: '',
        contactEmail: 'not-mail',
        contactPhone: '',
      });
      expect(badEmail.statusCode).toBe(400);
      await ok('PUT', '/returns/inputs', admin, {
        employerName: 'Acme Ltd',
        employerAddress: '1 MG Road, Bengaluru 560001',
        districtOfficer: 'The District Officer, Bengaluru Urban',
        businessNumber: '123456789RT0001',
        contactName: 'Compliance desk',
        contactEmail: 'compliance@example.test',
        contactPhone: '+91 80 1234 5678',
      });

      const pdf = await call('GET', `/returns/posh-annual?year=${year}&format=pdf`, presiding);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain('Acme Internal Committee');
      expect(text).toContain('The District Officer, Bengaluru Urban');
      expect(text).toMatch(/pending for more than 90 days: 1/);
      const xlsx = await call('GET', `/returns/posh-annual?year=${year}&format=xlsx`, admin);
      expect(xlsx.headers['content-type']).toContain('spreadsheetml');
      const cells = await xlsxText(xlsx.rawPayload);
      expect(cells).toContain('Complaints received in the year');
      for (const id of identifiers) {
        expect(text, `PDF carries ${id}`).not.toContain(id);
        expect(cells, `XLSX carries ${id}`).not.toContain(id);
      }

      const list = await ok('GET', '/returns', admin);
      expect(list.generated.map((g: { format: string; kind: string }) => `${g.kind}:${g.format}`).sort()).toEqual([
        'POSH_ANNUAL:PDF',
        'POSH_ANNUAL:XLSX',
      ]);
      expect(list.generated.every((g: { generatedBy: string }) => g.generatedBy.length > 0)).toBe(true);
      const mine = await ok('GET', '/returns', presiding);
      expect(mine.due.map((d: { kind: string }) => d.kind)).toEqual(['POSH_ANNUAL']);
    });

    it('refuses the returns to an employee and to a committee member who does not preside', async () => {
      for (const token of [employee, member]) {
        expect((await call('GET', `/returns/posh-annual?year=${year}`, token)).statusCode).toBe(403);
        expect((await call('GET', '/returns', token)).statusCode).toBe(403);
      }
      expect((await call('GET', '/returns/board?financialYear=2025-26', presiding)).statusCode).toBe(403);
      expect((await call('GET', `/returns/canada-annual?year=${year}`, employee)).statusCode).toBe(403);
    });

    it('answers bad periods with 400, never 500', async () => {
      expect((await call('GET', '/returns/board?financialYear=2025-27', admin)).statusCode).toBe(400);
      expect((await call('GET', '/returns/board?financialYear=2025', admin)).statusCode).toBe(400);
      expect((await call('GET', '/returns/posh-annual?year=abc', admin)).statusCode).toBe(400);
      expect((await call('GET', `/returns/posh-annual?year=${year}&format=doc`, admin)).statusCode).toBe(400);
    });

    it('gives the board’s figures for the financial year, with the headcount by gender, and the Canadian report of Globex alone', async () => {
      const fy = `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
      const board = await ok('GET', `/returns/board?financialYear=${fy}`, admin);
      expect(board.figures).toMatchObject({ received: expect.any(Number), disposed: expect.any(Number) });
      const [{ n }] = await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM users WHERE workspace_id = $1 AND status <> 'INACTIVE'`,
        [acmeId],
      );
      const h = board.headcount;
      expect(h.female + h.male + h.transgender + h.notGiven).toBe(n);
      const boardPdf = await call('GET', `/returns/board?financialYear=${fy}&format=pdf`, admin);
      expect(boardPdf.statusCode).toBe(200);
      for (const id of identifiers) expect(await pdfText(boardPdf.rawPayload)).not.toContain(id);

      const canada = await ok('GET', `/returns/canada-annual?year=${year}`, globexAdmin, undefined, GLOBEX);
      expect(canada).toMatchObject({ kind: 'CANADA_ANNUAL', deadline: `${year + 1}-03-01`, occurrences: 0 });
      expect(canada.missingInputs).toEqual(['businessNumber', 'contactName', 'contactEmail', 'contactPhone']);
      // Acme's inputs are Acme's: Globex's are its own, still empty.
      expect((await ok('GET', '/returns/inputs', globexAdmin, undefined, GLOBEX)).businessNumber).toBe('');
      expect((await ok('GET', '/returns', globexAdmin, undefined, GLOBEX)).generated).toEqual([]);
    });
  });
});
