import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildBusinessUnit,
  buildUnitUser,
  buildUser,
  buildWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';
import { HTML, PDF } from '../support/sample-files';
import { ClockSchema, ComplaintSummary } from '../../../src/contracts/case/complaints.contract';
import { caseNumberText, DATE_COLUMNS } from '../../../server/case/complaints/complaints.repository';

const CASE = '/case-api/api';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Person {
  id: string;
  email: string;
  token: string;
}

describe.each(DATABASES)('complaints: committees, filing, confidentiality and the case on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let employer: string;
  let globexAdmin: string;
  let complainant: Person;
  let respondent: Person;
  let presiding: Person;
  let member1: Person;
  let member2: Person;
  let external: Person;
  let otherMember: Person;
  let versionSteps: { meeting: string; action: string };
  let formFields: { withFile: string; withoutFile: string };
  let acmeId: string;
  /** An Indian workspace (the case's) and a Canadian one (another workspace), both built for this file. */
  let ws: BuiltWorkspace;
  let ACME: string;
  let GLOBEX: string;
  let globexEmployee: BuiltUser;

  const call = (method: Method, url: string, token: string, payload?: object, host = ACME) =>
    server.request(host, { method, url: `${CASE}${url}`, token, ...(payload ? { payload } : {}) });
  const ok = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const outbox = async (to: string) =>
    (
      await server.request('localhost', {
        method: 'GET',
        url: `/dev/outbox?to=${encodeURIComponent(to)}&format=json`,
        remoteAddress: '127.0.0.1',
      })
    ).json();
  const complaintBody = (over: Record<string, unknown> = {}) => ({
    complainant: { name: 'Esha Employee', email: complainant.email, gender: 'WOMAN', phone: '+91 98000 00040' },
    respondent: { name: 'Rahul Respondent', email: respondent.email, gender: 'MAN', description: 'Team lead, floor 3' },
    incident: {
      details: 'Repeated remarks about my appearance in team meetings.',
      date: new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10),
      witnesses: ['A colleague'],
    },
    ...over,
  });

  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server, { jurisdictionCode: 'IN' });
    const globex = await buildWorkspace(server, { jurisdictionCode: 'CA-FED' });
    [ACME, GLOBEX, acmeId] = [ws.host, globex.host, ws.id];
    admin = ws.admin.token;
    employer = (await buildUser(server, ws, { role: 'EMPLOYER' })).token;
    globexAdmin = globex.admin.token;
    globexEmployee = await buildUser(server, globex, { firstName: 'Gabe', lastName: 'Employee' });
    complainant = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    respondent = await buildUser(server, ws, { firstName: 'Rahul', lastName: 'Respondent' });
    presiding = await buildUser(server, ws, { firstName: 'Priya', lastName: 'Presiding' });
    // A short address: the .ics invitation folds its lines at 75 characters, and a test reads the attendee's line whole.
    member1 = await buildUser(server, ws, { firstName: 'Manoj', lastName: 'Member', email: `manoj@${ws.slug}.test` });
    member2 = await buildUser(server, ws, { firstName: 'Meera', lastName: 'Member' });
    external = await buildUser(server, ws, { firstName: 'Eric', lastName: 'External' });
    const pune = await buildBusinessUnit(server, ws, { name: 'Acme Pune' });
    otherMember = await buildUnitUser(server, ws, pune.id, { firstName: 'Pooja', lastName: 'Pune' });

    // A published workflow: a hearing, then the copy to the respondent (POSH Rule 7).
    const wf = await ok('POST', '/admin/workflow', admin, {
      workflowName: 'Complaints test',
      defaultToWorkspace: true,
    });
    const v = await ok('POST', `/admin/workflow/${wf.workflowId}/version`, admin, { name: 'v1' });
    const meeting = await ok('POST', `/admin/step/workflow/${v.workflowVersionId}`, admin, {
      kind: 'MEETING',
      name: 'Preliminary hearing',
    });
    const action = await ok('POST', `/admin/step/workflow/${v.workflowVersionId}`, admin, {
      kind: 'ACTION',
      name: 'Copy to respondent',
      actionTypes: ['INFORM_RESPONDENT'],
    });
    // A file for the incident's field, uploaded as the builder does (the learning API's files calls), then attached.
    const ticket = await server.request(ACME, {
      method: 'POST',
      url: '/learning-api/api/lesson-content/generate-upload-url',
      token: admin,
      payload: { purpose: 'DOCUMENT', fileName: 'how-to-describe.pdf', size: PDF.length },
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    const put = await server.request(ACME, {
      method: 'PUT',
      url: ticket.json().uploadUrl,
      payload: PDF,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(put.statusCode).toBe(201);
    const confirmedFile = await server.request(ACME, {
      method: 'POST',
      url: `/learning-api/api/lesson-content/confirm-upload/${ticket.json().fileId}`,
      token: admin,
    });
    expect(confirmedFile.statusCode, confirmedFile.body).toBe(200);
    const draft = await ok('GET', `/admin/workflow/version/${v.workflowVersionId}`, admin);
    const fields = draft.components.flatMap(
      (c: { attributes: { attributeId: string; systemKey: string | null }[] }) => c.attributes,
    );
    formFields = {
      withFile: fields.find((a: { systemKey: string | null }) => a.systemKey === 'INCIDENT_DETAILS').attributeId,
      withoutFile: fields.find((a: { systemKey: string | null }) => a.systemKey === 'INCIDENT_DATE').attributeId,
    };
    await ok('POST', `/admin/attribute/confirm-resource-upload/${formFields.withFile}`, admin, {
      fileId: ticket.json().fileId,
    });
    await ok('POST', '/admin/workflow/publish', admin, {
      workflowId: wf.workflowId,
      workflowVersionId: v.workflowVersionId,
    });
    versionSteps = { meeting: meeting.stepId, action: action.stepId };
  });
  afterAll(async () => server?.close());

  describe('committees (IN-01, IN-02, CA-01)', () => {
    it('constitutes the workspace committee and warns on every breach of the POSH composition', async () => {
      const thin = await ok('POST', '/committees', admin, {
        name: 'Internal Committee',
        termStart: '2026-01-01',
        termEnd: '2029-06-30',
        members: [{ userId: presiding.id, role: 'PRESIDING_OFFICER', gender: 'MAN' }],
      });
      expect(thin.kind).toBe('INTERNAL_COMMITTEE');
      expect(thin.warnings.map((w: { code: string }) => w.code)).toEqual([
        'PRESIDING_OFFICER_NOT_A_WOMAN',
        'PRESIDING_OFFICER_NOT_SENIOR',
        'TOO_FEW_EMPLOYEE_MEMBERS',
        'NO_EXTERNAL_MEMBER',
        'TOO_FEW_WOMEN',
        'TERM_TOO_LONG',
      ]);
      const asked = await ok('PUT', `/committees/${thin.committeeId}`, admin, {
        name: 'Internal Committee',
        termStart: '2026-01-01',
        termEnd: '2028-12-31',
        members: [
          { userId: presiding.id, role: 'PRESIDING_OFFICER', gender: 'WOMAN', senior: true },
          { userId: member1.id, role: 'EMPLOYEE_MEMBER', gender: 'MAN' },
          { userId: member2.id, role: 'EMPLOYEE_MEMBER', gender: 'WOMAN' },
          { userId: external.id, role: 'EXTERNAL_MEMBER', gender: 'MAN' },
        ],
      });
      // The change of members waits for the presiding officer's approval (docs/case.md "Committee membership").
      expect(asked.members).toHaveLength(1);
      const waiting = await ok('GET', '/committee-changes', presiding.token);
      await ok('POST', `/committee-changes/${waiting.changes[0].changeId}/decision`, presiding.token, {
        decision: 'APPROVE',
      });
      const sound = await ok('GET', `/committees/${thin.committeeId}`, admin);
      expect(sound.warnings).toEqual([]);
      expect(sound.members.map((m: { role: string }) => m.role)).toEqual([
        'PRESIDING_OFFICER',
        'EMPLOYEE_MEMBER',
        'EMPLOYEE_MEMBER',
        'EXTERNAL_MEMBER',
      ]);
      const list = await ok('GET', '/committees', admin);
      expect(list.compliance).toBe('IN_POSH');
      expect(list.items).toHaveLength(1);
    });

    it('tells a member they sit on a committee before any case is theirs, and nobody else', async () => {
      // The complaints page offers "Record a complaint for someone" on it (an oral notice may be the first case).
      expect(await ok('GET', '/committee-seat', member1.token)).toEqual({ member: true, awaitingAdmission: [] });
      expect(await ok('GET', '/committee-seat', external.token)).toEqual({ member: true, awaitingAdmission: [] });
      expect(await ok('GET', '/committee-seat', complainant.token)).toEqual({ member: false, awaitingAdmission: [] });
      expect(await ok('GET', '/committee-seat', admin)).toEqual({ member: false, awaitingAdmission: [] });
      expect((await call('GET', '/committee-seat', globexAdmin)).statusCode).toBe(401);
      expect((await call('GET', '/committee-seat', globexAdmin, undefined, GLOBEX)).json()).toEqual({
        member: false,
        awaitingAdmission: [],
      });
    });

    it('warns of a term about to end, refuses a second committee for the same unit, and names the bad fields', async () => {
      const [pune] = await server.db.query<{ id: string }>(
        `SELECT id FROM branches WHERE workspace_id = $1 AND name = 'Acme Pune'`,
        [acmeId],
      );
      const soon = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
      const unit = await ok('POST', '/committees', employer, {
        name: 'Pune committee',
        branchId: pune.id,
        termStart: '2025-01-01',
        termEnd: soon,
        members: [{ userId: otherMember.id, role: 'PRESIDING_OFFICER', gender: 'WOMAN', senior: true }],
      });
      expect(unit.branchName).toBe('Acme Pune');
      expect(unit.warnings.map((w: { code: string }) => w.code)).toContain('TERM_ENDS_SOON');
      const again = await call('POST', '/committees', admin, {
        name: 'Again',
        termStart: '2026-01-01',
        termEnd: '2027-01-01',
        members: [],
      });
      expect(again.statusCode).toBe(409);
      const bad = await call('POST', '/committees', admin, {
        name: '',
        branchId: pune.id,
        termStart: '2026-02-30',
        termEnd: '2027-01-01',
        members: [{ userId: '00000000-0000-4000-8000-000000000000', role: 'CHAIR', gender: 'WOMAN' }],
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['name', 'termStart', 'members.0.role']));
      const stranger = await call('PUT', `/committees/${unit.committeeId}`, admin, {
        name: 'Pune committee',
        termStart: '2025-01-01',
        termEnd: soon,
        members: [{ userId: '00000000-0000-4000-8000-000000000000', role: 'PRESIDING_OFFICER', gender: 'WOMAN' }],
      });
      expect(stranger.json().fields['members.0.userId']).toMatch(/Not a member/);
      expect(
        (
          await server.request(GLOBEX, {
            method: 'GET',
            url: `${CASE}/committees/${unit.committeeId}`,
            token: globexAdmin,
          })
        ).statusCode,
      ).toBe(404);
      expect((await call('GET', '/committees', complainant.token)).statusCode).toBe(403);
    });

    it('names designated recipients in a Canada workspace (CA-01), not a POSH committee', async () => {
      const settings = await server.request(GLOBEX, {
        method: 'PUT',
        url: `${CASE}/complaint-settings`,
        token: globexAdmin,
        payload: { compliance: 'CA_FEDERAL', extraHolidays: ['2026-12-24'] },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      expect(settings.json()).toMatchObject({ compliance: 'CA_FEDERAL', extraHolidays: ['2026-12-24'] });
      const gabe = globexEmployee;
      const wrong = await server.request(GLOBEX, {
        method: 'POST',
        url: `${CASE}/committees`,
        token: globexAdmin,
        payload: {
          name: 'Recipients',
          termStart: '2026-01-01',
          termEnd: '2028-01-01',
          members: [{ userId: gabe.id, role: 'PRESIDING_OFFICER', gender: 'MAN' }],
        },
      });
      expect(wrong.json().fields['members.0.role']).toMatch(/designated recipients/);
      const right = await server.request(GLOBEX, {
        method: 'POST',
        url: `${CASE}/committees`,
        token: globexAdmin,
        payload: {
          name: 'Recipients',
          termStart: '2026-01-01',
          termEnd: '2028-01-01',
          members: [{ userId: gabe.id, role: 'DESIGNATED_RECIPIENT', gender: 'MAN' }],
        },
      });
      expect(right.json()).toMatchObject({ kind: 'DESIGNATED_RECIPIENTS', warnings: [] });
    });
  });

  describe('a case from filing to its outcome', () => {
    let caseId: string;
    let evidenceId: string;

    it('serves the file an admin attached to a field of the form as a short-lived download, signed in or not, and no other', async () => {
      const form = await ok('GET', '/complaint-form', complainant.token);
      const field = form.components
        .flatMap((c: { attributes: { attributeId: string }[] }) => c.attributes)
        .find((a: { attributeId: string }) => a.attributeId === formFields.withFile);
      expect(field).toMatchObject({ resourceFileName: 'how-to-describe.pdf' });
      const downloadOf = async (link: { downloadUrl: string; fileName: string }) => {
        expect(link.fileName).toBe('how-to-describe.pdf');
        const got = await server.request(ACME, { method: 'GET', url: link.downloadUrl });
        expect(got.statusCode).toBe(200);
        expect(got.headers['content-disposition']).toMatch(/^attachment/);
        expect(got.rawPayload.equals(PDF)).toBe(true);
      };
      await downloadOf(await ok('GET', `/complaint-form/resources/${formFields.withFile}`, complainant.token));
      // A reporter without an account, on the workspace's /report page (any signed-in session ignored).
      const anonymous = await server.request(ACME, {
        method: 'GET',
        url: `${CASE}/intake/form/resources/${formFields.withFile}`,
      });
      expect(anonymous.statusCode, anonymous.body).toBe(200);
      await downloadOf(anonymous.json());
      // A field without a file, a made-up field, and another workspace: 404; no session: 401.
      expect(
        (await call('GET', `/complaint-form/resources/${formFields.withoutFile}`, complainant.token)).statusCode,
      ).toBe(404);
      expect(
        (await call('GET', '/complaint-form/resources/00000000-0000-4000-8000-000000000000', complainant.token))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('GET', `/complaint-form/resources/${formFields.withFile}`, globexAdmin, undefined, GLOBEX))
          .statusCode,
      ).toBe(404);
      expect(
        (await server.request(GLOBEX, { method: 'GET', url: `${CASE}/intake/form/resources/${formFields.withFile}` }))
          .statusCode,
      ).toBe(404);
      expect(
        (await server.request(ACME, { method: 'GET', url: `${CASE}/complaint-form/resources/${formFields.withFile}` }))
          .statusCode,
      ).toBe(401);
    });

    it('uploads evidence of any kind, kept as given and never shown in the page', async () => {
      const ticket = await ok('POST', '/complaint-evidence/upload-url', complainant.token, {
        fileName: 'chat.html',
        size: HTML.length,
      });
      const put = await server.request(ACME, {
        method: 'PUT',
        url: ticket.uploadUrl,
        payload: HTML,
        headers: { 'content-type': 'application/octet-stream' },
      });
      expect(put.statusCode).toBe(201);
      const confirmed = await ok('POST', `/complaint-evidence/${ticket.fileId}/confirm`, complainant.token);
      expect(confirmed).toMatchObject({ fileName: 'chat.html', contentType: 'text/html', size: HTML.length });
      evidenceId = ticket.fileId;
      expect((await call('POST', `/complaint-evidence/${ticket.fileId}/confirm`, member1.token)).statusCode).toBe(404);
    });

    it('files through the published form: a case number, a receipt mail, the committee told without names', async () => {
      const form = await ok('GET', '/complaint-form', complainant.token);
      expect(form.workflowName).toBe('Complaints test');
      expect(form.committeeConstituted).toBe(true);
      expect(form.components.map((c: { systemKey: string }) => c.systemKey)).toEqual([
        'COMPLAINANT',
        'RESPONDENT',
        'INCIDENT',
      ]);

      const missing = await call('POST', '/complaints', complainant.token, {
        complainant: { name: '', email: 'not-mail' },
        incident: { details: '' },
      });
      expect(missing.statusCode).toBe(400);
      expect(Object.keys(missing.json().fields)).toEqual(
        expect.arrayContaining(['complainant.name', 'complainant.email', 'incident.details', 'incident.date']),
      );

      const filed = await ok(
        'POST',
        '/complaints',
        complainant.token,
        complaintBody({ incident: { ...complaintBody().incident, evidenceFileIds: [evidenceId] } }),
      );
      caseId = filed.complaintId;
      expect(filed).toMatchObject({
        caseNumber: expect.stringMatching(/^C-\d{4}$/),
        status: 'OPEN',
        role: 'COMPLAINANT',
        timeliness: 'ON_TIME',
        lateFiling: null,
      });
      expect(filed.evidence.map((e: { fileName: string }) => e.fileName)).toEqual(['chat.html']);
      const receipt = await outbox(complainant.email);
      expect(receipt[0].subject).toBe(`We received your complaint: case ${filed.caseNumber}`);
      const told = await outbox(presiding.email);
      expect(told[0].subject).toBe(`A new complaint: case ${filed.caseNumber}`);
      expect(told[0].body).not.toContain('Esha');
      expect(told[0].body).not.toContain('Rahul');
      // Evidence is attached to one case only.
      const twice = await call(
        'POST',
        '/complaints',
        complainant.token,
        complaintBody({ incident: { ...complaintBody().incident, evidenceFileIds: [evidenceId] } }),
      );
      expect(twice.json().fields['incident.evidenceFileIds.0']).toBeTruthy();
    });

    it('accepts a late complaint (IN-03) and flags it for the committee’s decision on extension', async () => {
      const late = await ok(
        'POST',
        '/complaints',
        complainant.token,
        complaintBody({ incident: { details: 'An old incident', date: '2025-01-10' } }),
      );
      expect(late.timeliness).toBe('BEYOND_EXTENSION');
      expect(late.lateFiling).toEqual({ dueOn: '2025-04-10', extendableTo: '2025-07-10' });
      const future = await call(
        'POST',
        '/complaints',
        complainant.token,
        complaintBody({ incident: { details: 'x', date: '2999-01-01' } }),
      );
      expect(future.json().fields['incident.date']).toBeTruthy();
    });

    it('shows the case to the assigned committee with its clocks, and lists no names', async () => {
      const list = await ok('GET', '/complaints', presiding.token);
      const row = list.items.find((i: { complaintId: string }) => i.complaintId === caseId);
      expect(row).toMatchObject({ role: 'COMMITTEE', nextStep: 'Preliminary hearing' });
      expect(JSON.stringify(list)).not.toContain('Esha');
      expect(row.nearestClock.id).toBe('IN_RESPONDENT_COPY');
      const detail = await ok('GET', `/complaints/${caseId}`, presiding.token);
      // The list's answer is built as JSON text (ComplaintService.list): exactly the contract's fields, each of its
      // type, and the same summary as the case page's (built as objects, checked by the contract's schema).
      const exact = z.strictObject({
        items: z.array(ComplaintSummary.extend({ nearestClock: ClockSchema.strict().nullable() }).strict()),
      });
      expect(exact.safeParse(list).error).toBeUndefined();
      expect(row).toEqual(Object.fromEntries(Object.keys(ComplaintSummary.shape).map((key) => [key, detail[key]])));
      const mine = await ok('GET', '/complaints', complainant.token);
      expect(exact.safeParse(mine).error).toBeUndefined();
      expect(mine.items.find((i: { complaintId: string }) => i.complaintId === caseId)).toMatchObject({
        role: 'COMPLAINANT',
        caseNumber: detail.caseNumber,
        nearestClock: null,
      });
      expect(detail.complainant.email).toBe(complainant.email);
      expect(detail.committee.presiding).toMatchObject({ userId: presiding.id, substitute: false });
      expect(detail.callerPresides).toBe(true);
      const deadlines = await ok('GET', `/complaints/${caseId}/deadlines`, presiding.token);
      expect(deadlines.compliance).toBe('IN_POSH');
      const copy = deadlines.clocks.find((c: { id: string }) => c.id === 'IN_RESPONDENT_COPY');
      expect(copy).toMatchObject({ rule: 'IN-05', state: expect.stringMatching(/RUNNING|DUE_SOON|MISSED/) });
      expect(typeof copy.daysLeft).toBe('number');
      expect(deadlines.clocks.find((c: { id: string }) => c.id === 'IN_INQUIRY').dueOn).toBeTruthy();
      // The list shows the soonest running clock of the case page, on every read (it is kept between reads).
      type ClockShown = { id: string; state: string; daysLeft: number | null };
      const soonest = deadlines.clocks
        .filter(
          (c: ClockShown) =>
            c.daysLeft !== null && c.id !== 'IN_APPEAL_WINDOW' && c.state !== 'MET' && c.state !== 'MET_LATE',
        )
        .sort((a: ClockShown, b: ClockShown) => a.daysLeft! - b.daysLeft!)[0];
      expect(row.nearestClock).toEqual(soonest);
      const again = await ok('GET', '/complaints', presiding.token);
      expect(again.items.find((i: { complaintId: string }) => i.complaintId === caseId).nearestClock).toEqual(soonest);
    });

    it('keeps the case from everyone else: admin, employer, other committee, respondent before the copy, other workspace', async () => {
      for (const token of [admin, employer, otherMember.token, respondent.token]) {
        expect((await call('GET', `/complaints/${caseId}`, token)).statusCode).toBe(404);
        expect((await call('GET', `/complaints/${caseId}/deadlines`, token)).statusCode).toBe(404);
        expect(
          (await call('POST', `/complaints/${caseId}/messages`, token, { audience: 'COMMITTEE', body: 'hi' }))
            .statusCode,
        ).toBe(404);
        const list = await ok('GET', '/complaints', token);
        expect(list.items.find((i: { complaintId: string }) => i.complaintId === caseId)).toBeUndefined();
      }
      expect(
        (await server.request(GLOBEX, { method: 'GET', url: `${CASE}/complaints/${caseId}`, token: globexAdmin }))
          .statusCode,
      ).toBe(404);
      expect((await call('GET', `/complaints/${caseId}/evidence/${evidenceId}`, admin)).statusCode).toBe(404);
    });

    it('gives the admin and employer counts and clocks only, never names or ids', async () => {
      const counts = await ok('GET', '/complaint-counts', admin);
      expect(counts.open).toBeGreaterThanOrEqual(2);
      expect(counts.lateFilings).toBeGreaterThanOrEqual(1);
      expect(counts.clocks.find((c: { id: string }) => c.id === 'IN_RESPONDENT_COPY')).toBeTruthy();
      const text = JSON.stringify(counts);
      expect(text).not.toContain(caseId);
      expect(text).not.toContain('Esha');
      expect((await ok('GET', '/complaint-counts', employer)).total).toBe(counts.total);
      expect((await call('GET', '/complaint-counts', complainant.token)).statusCode).toBe(403);
    });

    it('serves evidence as a short-lived download to the committee and the filer, audited', async () => {
      const link = await ok('GET', `/complaints/${caseId}/evidence/${evidenceId}`, member1.token);
      const file = await server.request(ACME, { method: 'GET', url: link.downloadUrl });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toMatch(/^attachment/);
      expect(file.headers['content-type']).toBe('application/octet-stream');
      expect((await call('GET', `/complaints/${caseId}/evidence/${evidenceId}`, complainant.token)).statusCode).toBe(
        200,
      );
    });

    it('threads messages by audience: each party sees exactly what was addressed to them', async () => {
      await ok('POST', `/complaints/${caseId}/messages`, presiding.token, {
        audience: 'COMPLAINANT',
        body: 'We have received your complaint.',
      });
      await ok('POST', `/complaints/${caseId}/messages`, presiding.token, {
        audience: 'COMMITTEE',
        body: 'Internal: schedule the hearing.',
      });
      const early = await call('POST', `/complaints/${caseId}/messages`, presiding.token, {
        audience: 'RESPONDENT',
        body: 'Too early',
      });
      expect(early.statusCode).toBe(409);
      await ok('POST', `/complaints/${caseId}/messages`, complainant.token, {
        audience: 'COMPLAINANT',
        body: 'Thank you.',
      });
      // The committee is told there is a message from the complainant: not its words.
      const told = (await outbox(member2.email))[0];
      expect(told.subject).toMatch(/^A new message on case C-\d{4}$/);
      expect(told.body).toContain('The complainant wrote to the committee');
      expect(told.body).not.toContain('Thank you.');
      const wrong = await call('POST', `/complaints/${caseId}/messages`, complainant.token, {
        audience: 'COMMITTEE',
        body: 'Let me read the internal thread',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields.audience).toBeTruthy();
      const mine = await ok('GET', `/complaints/${caseId}`, complainant.token);
      expect(mine.messages.map((m: { body: string }) => m.body)).toEqual([
        'We have received your complaint.',
        'Thank you.',
      ]);
      expect(mine.messages[0].authorName).toBe('Internal Committee');
      expect(mine.committee).toBeNull();
      expect(mine.clocks).toEqual([]);
      const theirs = await ok('GET', `/complaints/${caseId}`, member2.token);
      expect(theirs.messages).toHaveLength(3);
      expect((await outbox(complainant.email))[0].subject).toMatch(/A new message on case/);
    });

    it('schedules a meeting: every field required, guests mailed an .ics invitation; minutes recorded later', async () => {
      const bad = await call('POST', `/complaints/${caseId}/meetings`, presiding.token, { title: 'Hearing' });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields)).toEqual(
        expect.arrayContaining(['agenda', 'startsAt', 'endsAt', 'location', 'guests']),
      );
      const backwards = await call('POST', `/complaints/${caseId}/meetings`, presiding.token, {
        title: 'Hearing',
        agenda: 'Hear the complainant',
        startsAt: '2026-12-01T10:00:00Z',
        endsAt: '2026-12-01T09:00:00Z',
        location: 'Room 4',
        guests: [complainant.email],
      });
      expect(backwards.json().fields.endsAt).toBeTruthy();
      const meeting = await ok('POST', `/complaints/${caseId}/meetings`, presiding.token, {
        title: 'Preliminary hearing',
        agenda: 'Hear the complainant',
        startsAt: '2026-12-01T10:00:00Z',
        endsAt: '2026-12-01T11:00:00Z',
        location: 'https://meet.example/ic',
        guests: [complainant.email, member1.email],
        stepId: versionSteps.meeting,
      });
      const [invite] = await outbox(member1.email);
      expect(invite.subject).toMatch(/^Invitation: Preliminary hearing/);
      expect(invite.attachments[0]).toMatchObject({
        fileName: 'invite.ics',
        contentType: expect.stringMatching(/^text\/calendar/),
      });
      expect(invite.attachments[0].content).toContain('DTSTART:20261201T100000Z');
      expect(invite.attachments[0].content).toContain(
        `ATTENDEE;ROLE=REQ-PARTICIPANT;RSVP=TRUE:mailto:${member1.email}`,
      );
      const recorded = await ok('PUT', `/complaints/${caseId}/meetings/${meeting.meetingId}`, presiding.token, {
        minutes: 'Heard the complainant.',
        outcome: 'Proceed to inquiry',
      });
      expect(recorded).toMatchObject({ minutes: 'Heard the complainant.', outcome: 'Proceed to inquiry' });
      const guestView = await ok('GET', `/complaints/${caseId}`, complainant.token);
      expect(guestView.meetings).toHaveLength(1);
      expect(guestView.meetings[0].minutes).toBeNull();
      const asParty = await call('POST', `/complaints/${caseId}/meetings`, complainant.token, {
        title: 'My own meeting',
        agenda: 'x',
        startsAt: '2026-12-01T10:00:00Z',
        endsAt: '2026-12-01T11:00:00Z',
        location: 'Room 1',
        guests: [respondent.email],
      });
      expect(asParty.statusCode).toBe(403);
    });

    it('completes an action step: the respondent is mailed a copy, the clock is met, and the respondent now sees their part', async () => {
      // The list's next step (read for the whole list at once: case-jobs.ts listStatement) is the case page's: the
      // first step not completed, then none once every step is.
      const listedSummary = async () =>
        (await ok('GET', '/complaints', presiding.token)).items.find(
          (i: { complaintId: string }) => i.complaintId === caseId,
        );
      const summaryOf = (detail: Record<string, unknown>) =>
        Object.fromEntries(Object.keys(ComplaintSummary.shape).map((key) => [key, detail[key]]));
      await ok('POST', `/complaints/${caseId}/steps/${versionSteps.meeting}/complete`, presiding.token, {
        note: 'Held',
      });
      const halfway = await ok('GET', `/complaints/${caseId}`, presiding.token);
      expect(halfway.nextStep).toBe('Copy to respondent');
      expect(await listedSummary()).toEqual(summaryOf(halfway));
      const shown = await ok('GET', `/complaints/${caseId}/steps/${versionSteps.action}/recipients`, presiding.token);
      expect(shown.mails).toEqual([
        expect.objectContaining({
          actionType: 'INFORM_RESPONDENT',
          complaintCopy: true,
          recipients: [expect.objectContaining({ email: respondent.email.toLowerCase(), kind: 'RESPONDENT' })],
        }),
      ]);
      const done = await ok('POST', `/complaints/${caseId}/steps/${versionSteps.action}/complete`, presiding.token, {
        confirmedRecipients: [respondent.email],
      });
      expect(done.nextStep).toBeNull();
      expect(await listedSummary()).toEqual(summaryOf(done));
      expect(done.steps.every((s: { completedAt: string | null }) => s.completedAt)).toBe(true);
      expect(done.clocks.find((c: { id: string }) => c.id === 'IN_RESPONDENT_COPY').state).toMatch(/^MET/);
      expect(done.clocks.find((c: { id: string }) => c.id === 'IN_RESPONDENT_REPLY').state).toBe('RUNNING');
      const [mail] = await outbox(respondent.email);
      expect(mail.subject).toBe(`A complaint naming you: case ${done.caseNumber}`);
      expect(mail.body).toContain('Repeated remarks about my appearance');
      expect(mail.body).not.toContain('+91 98000 00040');
      expect(
        (await call('POST', `/complaints/${caseId}/steps/${versionSteps.action}/complete`, presiding.token)).statusCode,
      ).toBe(409);

      await ok('POST', `/complaints/${caseId}/messages`, presiding.token, {
        audience: 'RESPONDENT',
        body: 'To the respondent only.',
      });
      expect((await outbox(respondent.email))[0].subject).toBe(`A new message on case ${done.caseNumber}`);
      const theirs = await ok('GET', `/complaints/${caseId}`, respondent.token);
      expect(theirs.role).toBe('RESPONDENT');
      expect(theirs.messages.map((m: { body: string }) => m.body)).toEqual(['To the respondent only.']);
      expect(theirs.complainant).toEqual({ name: 'Esha Employee', email: null, gender: null, phone: null });
      expect(theirs.evidence).toEqual([]);
      expect(theirs.meetings).toEqual([]);
      expect((await call('GET', `/complaints/${caseId}/evidence/${evidenceId}`, respondent.token)).statusCode).toBe(
        403,
      );
    });

    it('recusal removes access at once; a member who is a party is recused automatically', async () => {
      expect((await call('GET', `/complaints/${caseId}`, member2.token)).statusCode).toBe(200);
      await ok('POST', `/complaints/${caseId}/recuse`, member2.token, { note: 'I know the parties' });
      expect((await call('GET', `/complaints/${caseId}`, member2.token)).statusCode).toBe(404);
      const view = await ok('GET', `/complaints/${caseId}`, presiding.token);
      expect(view.committee.members.find((m: { userId: string }) => m.userId === member2.id).recused).toBe(true);
      expect(view.committee.quorumPossible).toBe(true);

      // A complaint naming the presiding officer: she is recused, and a member presides in her place (IN-06).
      const against = await ok(
        'POST',
        '/complaints',
        complainant.token,
        complaintBody({ respondent: { name: 'The PO', email: presiding.email } }),
      );
      expect((await call('GET', `/complaints/${against.complaintId}`, presiding.token)).statusCode).toBe(404);
      const seen = await ok('GET', `/complaints/${against.complaintId}`, member1.token);
      expect(seen.committee.presiding).toMatchObject({ userId: member1.id, substitute: true });
      expect(seen.callerPresides).toBe(true);
      expect((await call('GET', `/complaints/${against.complaintId}/audit`, member1.token)).statusCode).toBe(200);
    });

    it('closes with an outcome, tells the parties, and starts the appeal window (IN-10)', async () => {
      const bad = await call('POST', `/complaints/${caseId}/close`, presiding.token, {
        outcome: 'GUILTY',
        summary: '',
      });
      expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['outcome', 'summary']));
      expect(
        (await call('POST', `/complaints/${caseId}/close`, complainant.token, { outcome: 'UPHELD', summary: 'x' }))
          .statusCode,
      ).toBe(403);
      const closed = await ok('POST', `/complaints/${caseId}/close`, presiding.token, {
        outcome: 'UPHELD',
        summary: 'The complaint is upheld; a written warning is recommended.',
      });
      expect(closed).toMatchObject({ status: 'CLOSED', outcome: 'UPHELD', nextStep: null });
      // The list shows the closed case as its page does (its outcome, no next step).
      const listed = (await ok('GET', '/complaints', presiding.token)).items.find(
        (i: { complaintId: string }) => i.complaintId === caseId,
      );
      expect(listed).toEqual(Object.fromEntries(Object.keys(ComplaintSummary.shape).map((key) => [key, closed[key]])));
      expect(closed.clocks.find((c: { id: string }) => c.id === 'IN_APPEAL_WINDOW')).toMatchObject({
        state: 'RUNNING',
        daysLeft: 90,
      });
      expect((await outbox(complainant.email))[0].subject).toBe(`Case ${closed.caseNumber} is closed`);
      expect((await outbox(respondent.email))[0].subject).toBe(`Case ${closed.caseNumber} is closed`);
      expect(
        (await call('POST', `/complaints/${caseId}/close`, presiding.token, { outcome: 'UPHELD', summary: 'again' }))
          .statusCode,
      ).toBe(409);
    });

    it("keeps each case's list entry (migration 0049) equal to the case's row after every change above", async () => {
      // The trigger's text lists the clocks' dates itself: the same columns in DATE_COLUMNS' order, or the list's
      // nearest clock would be computed from the wrong dates.
      const rows = await server.db.query<Record<string, string | null>>(
        `SELECT id, case_number, status, outcome, timeliness, compliance, received_on::text AS received_on, list_head, list_clock, respondent_name, respondent_email, respondent_user_id,
                ${DATE_COLUMNS.map((d) => `${d}::text AS ${d}`).join(', ')}
           FROM complaints WHERE workspace_id = $1`,
        [acmeId],
      );
      expect(rows.length).toBeGreaterThanOrEqual(3);
      for (const row of rows) {
        // Then (migration 0062) the status and whether a respondent is identified: the clocks the case shows follow both.
        const identified = row.respondent_name || row.respondent_email || row.respondent_user_id ? '1' : '0';
        expect(row.list_clock).toBe(
          [row.compliance, row.received_on, ...DATE_COLUMNS.map((d) => row[d] ?? ''), row.status, identified].join('|'),
        );
        expect(JSON.parse(`${row.list_head}}`)).toMatchObject({
          complaintId: row.id,
          caseNumber: caseNumberText(Number(row.case_number)),
          status: row.status,
          outcome: row.outcome,
          receivedOn: row.received_on,
          timeliness: row.timeliness,
        });
      }
      expect(rows.some((r) => r.status === 'CLOSED') && rows.some((r) => r.respondent_copy_sent_on !== null)).toBe(
        true,
      );
    });

    it('records every read, change and download in an access log only the one presiding reads, and nobody can edit', async () => {
      const log = await ok('GET', `/complaints/${caseId}/audit`, presiding.token);
      const actions = log.items.map((i: { action: string }) => i.action);
      expect(actions).toEqual(
        expect.arrayContaining([
          'complaint.file',
          'complaint.read',
          'complaint.list',
          'evidence.download',
          'message.post',
          'meeting.schedule',
          'meeting.record',
          'step.complete',
          'member.recuse',
          'complaint.close',
        ]),
      );
      expect(log.items.find((i: { action: string }) => i.action === 'evidence.download').actorName).toBeTruthy();
      expect((await call('GET', `/complaints/${caseId}/audit`, member1.token)).statusCode).toBe(403);
      expect((await call('GET', `/complaints/${caseId}/audit`, complainant.token)).statusCode).toBe(403);
      expect((await call('GET', `/complaints/${caseId}/audit`, admin)).statusCode).toBe(404);
      await expect(
        server.db.tenant(acmeId, (tx) =>
          tx.query(`UPDATE complaint_audit_events SET action = 'nothing' WHERE complaint_id = $1`, [caseId]),
        ),
      ).rejects.toThrow(/cannot be changed/);
      await expect(
        server.db.tenant(acmeId, (tx) =>
          tx.query(`DELETE FROM complaint_audit_events WHERE complaint_id = $1`, [caseId]),
        ),
      ).rejects.toThrow(/cannot be changed/);
    });

    it('records each list read on every case it listed, once, and not on a case the reader no longer sees', async () => {
      const lists = async () =>
        (await ok('GET', `/complaints/${caseId}/audit`, presiding.token)).items.filter(
          (i: { action: string }) => i.action === 'complaint.list',
        );
      const before = await lists();
      const listed = await ok('GET', '/complaints', member1.token);
      expect(listed.items.map((c: { complaintId: string }) => c.complaintId)).toContain(caseId);
      const after = await lists();
      expect(after).toHaveLength(before.length + 1);
      const entry = after[after.length - 1];
      expect(entry.actorName).toBeTruthy();
      expect(entry.actorName).not.toBe('Someone no longer in the workspace');
      // The same list again is a read of its own on the case's log, its set of cases stored once (migration 0048).
      const sets = async () =>
        (
          await server.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM complaint_list_sets WHERE workspace_id = $1`,
            [acmeId],
          )
        )[0].n;
      const setsBefore = await sets();
      const again = await ok('GET', '/complaints', member1.token);
      expect(again).toEqual(listed);
      expect(await lists()).toHaveLength(before.length + 2);
      expect(await sets()).toBe(setsBefore);
      // member2 recused from the case: their list no longer shows it, and the case's log does not say they listed it.
      const theirs = await ok('GET', '/complaints', member2.token);
      expect(theirs.items.map((c: { complaintId: string }) => c.complaintId)).not.toContain(caseId);
      expect(await lists()).toHaveLength(before.length + 2);
      await expect(
        server.db.tenant(acmeId, (tx) => tx.query(`UPDATE complaint_list_reads SET complaint_ids = '{}'`)),
      ).rejects.toThrow(/cannot be changed/);
      await expect(server.db.tenant(acmeId, (tx) => tx.query(`DELETE FROM complaint_list_reads`))).rejects.toThrow(
        /cannot be changed/,
      );
      await expect(
        server.db.tenant(acmeId, (tx) => tx.query(`UPDATE complaint_list_sets SET complaint_ids = '{}'`)),
      ).rejects.toThrow(/cannot be changed/);
      await expect(server.db.tenant(acmeId, (tx) => tx.query(`DELETE FROM complaint_list_sets`))).rejects.toThrow(
        /cannot be changed/,
      );
    });
  });

  it('refuses the calls without a session and answers 404 for an unknown case', async () => {
    expect((await server.request(ACME, { method: 'GET', url: `${CASE}/complaints` })).statusCode).toBe(401);
    expect((await call('GET', '/complaints/00000000-0000-4000-8000-000000000000', presiding.token)).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/complaints/not-a-uuid', presiding.token)).statusCode).toBe(400);
  });
});
