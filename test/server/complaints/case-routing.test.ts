import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as caseRecords from '../../../src/contracts/case/case-records.contract';
import * as complaintsContract from '../../../src/contracts/case/complaints.contract';
import * as intakeContract from '../../../src/contracts/case/intake.contract';
import * as retentionContract from '../../../src/contracts/case/retention.contract';
import type { RouteContract } from '../../../src/contracts/route';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';

/**
 * Who receives case content, who sees each field, what is logged and cached, and how much a member may file
 * (docs/case.md "Who receives case content", "Field visibility", "What is logged", "Filing limits"): each test is an
 * attack found with every role of a workspace, and fails on a server that lets it through.
 */
const CASE = '/case-api/api';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Person {
  id: string;
  email: string;
  token: string;
}

describe.each(DATABASES)('case routing: recipients, field visibility, logging and filing limits on %s', (kind) => {
  let server: TestServer;
  let acmeId: string;
  /** This file's workspace, built for it, and its host. */
  let ws: BuiltWorkspace;
  let ACME: string;
  let admin: string;
  let complainant: Person;
  let respondent: Person;
  let presiding: Person;
  let member: Person;
  let external: Person;
  let steps: { employer: string; respondent: string };
  let fields: Record<'poOnly' | 'respondentToo' | 'members' | 'complainantOnly' | 'unset', string>;
  let versionId: string;
  let caseId: string;

  const call = (method: Method, url: string, token: string | null, payload?: object, host = ACME) =>
    server.request(host, {
      method,
      url: `${CASE}${url}`,
      ...(token ? { token } : {}),
      ...(payload ? { payload } : {}),
    });
  const ok = async (method: Method, url: string, token: string, payload?: object) => {
    const res = await call(method, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const outbox = async (to: string): Promise<{ subject: string; body: string }[]> =>
    (
      await server.request('localhost', {
        method: 'GET',
        url: `/dev/outbox?to=${encodeURIComponent(to)}&format=json`,
        remoteAddress: '127.0.0.1',
      })
    ).json();
  const logOf = async (id: string) =>
    server.db.query<{ action: string; details: Record<string, unknown> }>(
      `SELECT action, details FROM complaint_audit_events WHERE complaint_id = $1 ORDER BY at, id`,
      [id],
    );
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const complaint = (answers: Record<string, string> = {}) => ({
    complainant: { name: 'Esha Employee', email: complainant.email, gender: 'WOMAN', phone: '+91 98000 00040' },
    respondent: { name: 'Rahul Respondent', email: respondent.email, gender: 'MAN', description: 'Team lead, floor 3' },
    incident: { details: 'Remarks about my appearance in the stand-up.', date: day(3), witnesses: ['Witness Wanda'] },
    answers,
  });

  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server, { jurisdictionCode: 'IN' });
    [ACME, acmeId, admin] = [ws.host, ws.id, ws.admin.token];
    // The employer the INFORM_EMPLOYER step mails.
    await buildUser(server, ws, { role: 'EMPLOYER', firstName: 'Emma', lastName: 'Employer' });
    complainant = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    respondent = await buildUser(server, ws, { firstName: 'Rahul', lastName: 'Respondent' });
    presiding = await buildUser(server, ws, { firstName: 'Priya', lastName: 'Presiding' });
    member = await buildUser(server, ws, { firstName: 'Meera', lastName: 'Member' });
    external = await buildUser(server, ws, { firstName: 'Eric', lastName: 'External' });
    const secondMember = await buildUser(server, ws, { firstName: 'Manoj', lastName: 'Member' });
    await ok('POST', '/committees', admin, {
      name: 'Internal Committee',
      termStart: '2026-01-01',
      termEnd: '2028-12-31',
      members: [
        { userId: presiding.id, role: 'PRESIDING_OFFICER', gender: 'WOMAN', senior: true },
        { userId: member.id, role: 'EMPLOYEE_MEMBER', gender: 'WOMAN' },
        // Two employee members, as IN-02 asks: a committee short of one proceeds only on an override.
        { userId: secondMember.id, role: 'EMPLOYEE_MEMBER', gender: 'MAN' },
        { userId: external.id, role: 'EXTERNAL_MEMBER', gender: 'MAN' },
      ],
    });

    // A workflow whose first step informs the employer with the complaint's copy, the second the respondent.
    const wf = await ok('POST', '/admin/workflow', admin, { workflowName: 'Routing test', defaultToWorkspace: true });
    const v = await ok('POST', `/admin/workflow/${wf.workflowId}/version`, admin, { name: 'v1' });
    versionId = v.workflowVersionId;
    const toEmployer = await ok('POST', `/admin/step/workflow/${versionId}`, admin, {
      kind: 'ACTION',
      name: 'Tell the employer',
      actionTypes: ['INFORM_EMPLOYER'],
    });
    const toRespondent = await ok('POST', `/admin/step/workflow/${versionId}`, admin, {
      kind: 'ACTION',
      name: 'Copy to respondent',
      actionTypes: ['INFORM_RESPONDENT'],
    });
    steps = { employer: toEmployer.stepId, respondent: toRespondent.stepId };
    await ok('POST', '/admin/workflow-action-setting', admin, {
      workflowVersionId: versionId,
      actionType: 'INFORM_EMPLOYER',
      mailSubject: 'Case {{caseNumber}}',
      mailBody: 'For your information.',
      includeComplaintCopy: true,
    });

    // One added field per visibility setting, and the witnesses kept from everyone but the one presiding.
    const design = await ok('GET', `/admin/workflow/version/${versionId}`, admin);
    const incident = design.components.find((c: { systemKey: string | null }) => c.systemKey === 'INCIDENT');
    const add = async (label: string, roles: string[] | null) => {
      const { attributeId: id } = await ok('POST', '/admin/attribute', admin, {
        workflowVersionId: versionId,
        componentId: incident.componentId,
        label,
        fieldType: 'TEXT',
      });
      if (roles)
        await ok('POST', '/admin/attribute-setting', admin, {
          workflowVersionId: versionId,
          complianceId: 'IN_POSH',
          attributeId: id,
          roles,
        });
      return id as string;
    };
    fields = {
      poOnly: await add('For the presiding officer', ['PRESIDING_OFFICER']),
      respondentToo: await add('For the respondent too', ['PRESIDING_OFFICER', 'RESPONDENT']),
      members: await add('For the committee', ['PRESIDING_OFFICER', 'COMMITTEE_MEMBER']),
      complainantOnly: await add('For the complainant', ['PRESIDING_OFFICER', 'COMPLAINANT']),
      unset: await add('No setting', null),
    };
    const witnesses = incident.attributes.find(
      (a: { systemKey: string | null }) => a.systemKey === 'INCIDENT_WITNESSES',
    ).attributeId;
    await ok('POST', '/admin/attribute-setting', admin, {
      workflowVersionId: versionId,
      complianceId: 'IN_POSH',
      attributeId: witnesses,
      roles: ['PRESIDING_OFFICER'],
    });
    await ok('POST', '/admin/workflow/publish', admin, { workflowId: wf.workflowId, workflowVersionId: versionId });

    const filed = await ok(
      'POST',
      '/complaints',
      complainant.token,
      complaint({
        [fields.poOnly]: 'po-secret',
        [fields.respondentToo]: 'for-respondent',
        [fields.members]: 'for-members',
        [fields.complainantOnly]: 'for-complainant',
        [fields.unset]: 'default-field',
      }),
    );
    caseId = filed.complaintId;
  });
  afterAll(async () => server?.close());

  describe('who receives case content (issue item 3)', () => {
    it('refuses a workflow designer a cc address, outside or inside the workspace, naming the field', async () => {
      const draft = await ok(
        'POST',
        `/admin/workflow/${(await ok('POST', '/admin/workflow', admin, { workflowName: 'cc attempt' })).workflowId}/version`,
        admin,
        { name: 'v1' },
      );
      for (const address of ['collector@outside.example', ws.admin.email]) {
        const res = await call('POST', '/admin/workflow-action-setting', admin, {
          workflowVersionId: draft.workflowVersionId,
          actionType: 'INFORM_EMPLOYER',
          mailSubject: 'Case {{caseNumber}}',
          mailBody: 'x',
          ccEmailList: [address],
          includeComplaintCopy: true,
        });
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json().fields)).toEqual(['ccEmailList']);
      }
      const [{ count }] = await server.db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM workflow_action_settings WHERE cardinality(cc_emails) > 0`,
      );
      expect(count).toBe(0);
    });

    it('shows the member every recipient before the step completes, refuses a completion not confirmed, and logs the mail with its recipients', async () => {
      const employers = await server.db.query<{ email: string }>(
        `SELECT lower(email) AS email FROM users WHERE workspace_id = $1 AND role = 'EMPLOYER' AND status <> 'INACTIVE' ORDER BY 1`,
        [acmeId],
      );
      const shown = await ok('GET', `/complaints/${caseId}/steps/${steps.employer}/recipients`, member.token);
      expect(shown.problem).toBeNull();
      expect(shown.mails).toHaveLength(1);
      expect(shown.mails[0]).toMatchObject({ actionType: 'INFORM_EMPLOYER', complaintCopy: true });
      expect(shown.mails[0].recipients.map((r: { email: string }) => r.email).sort()).toEqual(
        employers.map((e) => e.email),
      );
      // Nobody outside the case's committee reads who would receive it.
      for (const token of [admin, complainant.token, respondent.token])
        expect(
          (await call('GET', `/complaints/${caseId}/steps/${steps.employer}/recipients`, token)).statusCode,
        ).toBeGreaterThanOrEqual(403);

      const unconfirmed = await call('POST', `/complaints/${caseId}/steps/${steps.employer}/complete`, member.token, {
        note: '',
      });
      expect(unconfirmed.statusCode).toBe(400);
      expect(unconfirmed.json().fields).toHaveProperty('confirmedRecipients');
      const stale = await call('POST', `/complaints/${caseId}/steps/${steps.employer}/complete`, member.token, {
        confirmedRecipients: [...employers.map((e) => e.email), 'collector@outside.example'],
      });
      expect(stale.statusCode).toBe(409);
      expect(await outbox('collector@outside.example')).toEqual([]);

      const done = await ok('POST', `/complaints/${caseId}/steps/${steps.employer}/complete`, member.token, {
        confirmedRecipients: employers.map((e) => e.email),
      });
      expect(done.steps.find((s: { stepId: string }) => s.stepId === steps.employer).completedAt).not.toBeNull();
      const completion = (await logOf(caseId)).find((e) => e.action === 'step.complete')!;
      expect(completion.details.mails).toEqual([
        {
          actionType: 'INFORM_EMPLOYER',
          subject: `Case ${done.caseNumber}`,
          complaintCopy: true,
          to: employers.map((e) => e.email),
        },
      ]);
      // The employer's copy carries what the form lets the employer see: the incident, not the witnesses kept for the one presiding.
      const [mail] = await outbox(employers[0].email);
      expect(mail.body).toContain('Remarks about my appearance');
      expect(mail.body).not.toContain('Witness Wanda');
      // The one presiding sees the recipients in the access log.
      const log = await ok('GET', `/complaints/${caseId}/audit`, presiding.token);
      expect(log.items.find((i: { action: string }) => i.action === 'step.complete').details.mails[0].to).toEqual(
        employers.map((e) => e.email),
      );
    });
  });

  describe('who sees each field (issue item 4)', () => {
    const answersOf = async (token: string) => (await ok('GET', `/complaints/${caseId}`, token)).answers;

    it('gives each case role the fields ticked for it, and no other', async () => {
      expect(await answersOf(presiding.token)).toEqual({
        [fields.poOnly]: 'po-secret',
        [fields.respondentToo]: 'for-respondent',
        [fields.members]: 'for-members',
        [fields.complainantOnly]: 'for-complainant',
        [fields.unset]: 'default-field',
      });
      for (const token of [member.token, external.token]) {
        expect(await answersOf(token)).toEqual({ [fields.members]: 'for-members', [fields.unset]: 'default-field' });
        expect((await ok('GET', `/complaints/${caseId}`, token)).incident.witnesses).toEqual([]);
      }
      expect(await answersOf(complainant.token)).toEqual({
        [fields.complainantOnly]: 'for-complainant',
        [fields.unset]: 'default-field',
      });
      expect((await ok('GET', `/complaints/${caseId}`, presiding.token)).incident.witnesses).toEqual(['Witness Wanda']);
    });

    it('sends the respondent a copy of what is theirs to see, and shows them the field ticked for them', async () => {
      const shown = await ok('GET', `/complaints/${caseId}/steps/${steps.respondent}/recipients`, presiding.token);
      expect(shown.mails[0].recipients).toEqual([
        expect.objectContaining({ email: respondent.email.toLowerCase(), kind: 'RESPONDENT' }),
      ]);
      await ok('POST', `/complaints/${caseId}/steps/${steps.respondent}/complete`, presiding.token, {
        confirmedRecipients: [respondent.email],
      });
      const theirs = await ok('GET', `/complaints/${caseId}`, respondent.token);
      expect(theirs.role).toBe('RESPONDENT');
      expect(theirs.answers).toEqual({ [fields.respondentToo]: 'for-respondent' });
      expect(theirs.incident.details).toBe('Remarks about my appearance in the stand-up.');
      expect(theirs.incident.witnesses).toEqual([]);
      expect(theirs.complainant.email).toBeNull();
      const [copy] = await outbox(respondent.email);
      expect(copy.body).toContain('Remarks about my appearance');
      expect(copy.body).not.toContain('Witness Wanda');
      expect(copy.body).not.toContain('po-secret');
    });

    it('carries no field past its setting through the lists and the mails, whoever reads them', async () => {
      const values = {
        poOnly: 'po-secret',
        respondentToo: 'for-respondent',
        members: 'for-members',
        complainantOnly: 'for-complainant',
        unset: 'default-field',
      };
      const all = Object.values(values);
      // The lists carry no field at all, for any case role.
      for (const token of [presiding.token, member.token, external.token, complainant.token, respondent.token]) {
        const listed = (await call('GET', '/complaints', token)).body;
        for (const v of [...all, 'Witness Wanda']) expect(listed).not.toContain(v);
      }
      // Every mail of the case, by who reads it: employers none of the added fields (none is ticked for them), the
      // respondent only theirs, the complainant and the committee's members none (their mails carry no content).
      const employers = await server.db.query<{ email: string }>(
        `SELECT lower(email) AS email FROM users WHERE workspace_id = $1 AND role = 'EMPLOYER' AND status <> 'INACTIVE'`,
        [acmeId],
      );
      const readers: [string, string[]][] = [
        ...employers.map((e): [string, string[]] => [e.email, []]),
        [respondent.email, [values.respondentToo]],
        [complainant.email, []],
        [member.email, []],
        [external.email, []],
      ];
      for (const [to, allowed] of readers) {
        const bodies = (await outbox(to)).map((m) => `${m.subject}\n${m.body}`).join('\n');
        for (const v of all.filter((x) => !allowed.includes(x))) expect(bodies, `${to} reads ${v}`).not.toContain(v);
      }
    });
  });

  describe('who sees each field: the reporter’s view and the redacted export', () => {
    const values = {
      poOnly: 'po-secret',
      respondentToo: 'for-respondent',
      members: 'for-members',
      complainantOnly: 'for-complainant',
      unset: 'default-field',
    };
    const answers = () =>
      Object.fromEntries(Object.entries(fields).map(([k, id]) => [id, `${values[k as keyof typeof values]}-x`]));
    const pdfText = async (bytes: Buffer) =>
      (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text.replace(/\s+/g, ' ');

    it('shows the anonymous reporter, through every receipt read, no field beyond their view', async () => {
      const reporter = (url: string, payload: object) =>
        server.request(ACME, {
          method: 'POST',
          url: `${CASE}${url}`,
          payload,
          remoteAddress: '198.51.100.77',
          headers: { 'x-forwarded-for': '198.51.100.77' },
        });
      const filed = await reporter('/intake', {
        respondent: { name: 'Rahul Respondent', email: respondent.email, gender: 'MAN' },
        incident: { details: 'At the front desk, by the lifts.', date: day(2), witnesses: ['Witness Wanda'] },
        answers: answers(),
      });
      expect(filed.statusCode, filed.body).toBe(200);
      const receipt = filed.json() as { caseNumber: string; receiptKey: string; session: string };
      const [row] = await server.db.query<{ id: string }>(
        `SELECT id FROM complaints WHERE workspace_id = $1 AND case_number = $2`,
        [acmeId, Number(receipt.caseNumber.slice(2))],
      );
      // The answers were kept: the one presiding reads every one.
      const full = await ok('GET', `/complaints/${row.id}`, presiding.token);
      expect(Object.values(full.answers).sort()).toEqual(Object.values(answers()).sort());
      // The reporter reads the case through the receipt (the session given at filing, and a new one from the key):
      // status, thread and their own evidence; no added field, whatever its setting, and no witness.
      const signedIn = await reporter('/intake/receipt/sign-in', { receiptKey: receipt.receiptKey, password: null });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      for (const session of [receipt.session, signedIn.json().session as string]) {
        const read = await reporter('/intake/receipt/case', { session });
        expect(read.statusCode, read.body).toBe(200);
        expect(read.json().caseNumber).toBe(receipt.caseNumber);
        for (const v of [...Object.values(answers()), 'Witness Wanda'])
          expect(read.body, `the reporter reads ${v}`).not.toContain(v);
      }
      // Nor does a reply in the thread carry one.
      const reply = await reporter('/intake/receipt/messages', { session: receipt.session, body: 'I can add more.' });
      expect(reply.statusCode, reply.body).toBe(200);
      for (const v of Object.values(answers())) expect(reply.body).not.toContain(v);
    });

    it('exports every field the one presiding reads, none with the incident redacted, and refuses everyone else', async () => {
      const exported = async (redactSections: string[]) => {
        const res = await call('POST', `/complaints/${caseId}/export`, presiding.token, {
          purpose: 'APPEAL',
          redactSections,
        });
        expect(res.statusCode, res.body).toBe(200);
        return pdfText(res.rawPayload);
      };
      const parties = await exported(['PARTIES']);
      for (const v of Object.values(values)) expect(parties, `the export carries ${v}`).toContain(v);
      expect(parties).toContain('Witness Wanda');
      const incident = await exported(['INCIDENT']);
      for (const v of [...Object.values(values), 'Witness Wanda'])
        expect(incident, `the redacted export carries ${v}`).not.toContain(v);
      // The export is the one presiding's: a member, the external member and the parties are refused, the fields unseen.
      for (const token of [member.token, external.token, complainant.token, respondent.token, admin]) {
        const res = await call('POST', `/complaints/${caseId}/export`, token, { purpose: 'APPEAL' });
        expect([403, 404]).toContain(res.statusCode);
        for (const v of Object.values(values)) expect(res.body).not.toContain(v);
      }
    });
  });

  describe('what is logged and cached (issue item 5)', () => {
    /** Every case-API route that answers a case's data, from the contracts: a route added later is walked too. */
    const caseReads = [complaintsContract, intakeContract, retentionContract, caseRecords]
      .flatMap((m) => Object.values(m))
      .filter((r): r is RouteContract => typeof r === 'object' && r !== null && 'path' in r && 'method' in r)
      .filter((r) => r.path.startsWith('/api/complaints/{id}') && (r.method === 'GET' || r.path.endsWith('/export')));

    it('writes an access-log row for every read of a case, retention included', async () => {
      const [evidence] = await server.db.query<{ file_id: string }>(
        `SELECT file_id FROM complaint_evidence WHERE complaint_id = $1`,
        [caseId],
      );
      const fill: Record<string, string> = {
        id: caseId,
        stepId: steps.respondent,
        fileId: evidence?.file_id ?? '00000000-0000-4000-8000-000000000000',
      };
      const bodies: Record<string, object> = { '/api/complaints/{id}/export': { purpose: 'LEGAL_REVIEW' } };
      expect(caseReads.map((r) => r.path)).toContain('/api/complaints/{id}/retention');
      for (const r of caseReads) {
        const url = r.path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, (_, name: string) => fill[name]);
        const before = (await logOf(caseId)).length;
        const res = await call(r.method as Method, url, presiding.token, bodies[r.path]);
        // Evidence: this case has none to download (404 before any read); every other read answers.
        if (r.path.includes('{fileId}') && !evidence) continue;
        expect(res.statusCode, `${r.method} ${r.path}: ${res.body}`).toBe(200);
        expect((await logOf(caseId)).length, `${r.method} ${r.path} wrote no access-log row`).toBeGreaterThan(before);
      }
    });

    it('keeps case, receipt and profile answers out of every cache', async () => {
      const answers = [
        await call('GET', `/complaints/${caseId}`, presiding.token),
        await call('GET', '/complaints', presiding.token),
        await call('GET', `/complaints/${caseId}/retention`, presiding.token),
        await call('POST', '/intake/receipt/case', null, { session: 'x'.repeat(43) }),
        await server.request(ACME, { method: 'GET', url: '/main-api/api/user/details', token: complainant.token }),
      ];
      for (const res of answers) expect(res.headers['cache-control'], res.body).toMatch(/no-store/);
    });
  });

  describe('filing limits (issue item 8)', () => {
    it('files only as oneself: the receipt goes to the account, never to an address given as complainant', async () => {
      const res = await call('POST', '/complaints', respondent.token, {
        ...complaint(),
        complainant: { name: 'Someone', email: 'target@outside.example' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty(['complainant.email']);
      expect(await outbox('target@outside.example')).toEqual([]);
      // A witness names the complainant: the receipt still goes to the witness's own address only.
      const witness = await ok('POST', '/complaints', respondent.token, {
        ...complaint(),
        filedAs: 'WITNESS',
        complainant: { name: 'Someone', email: 'victim@outside.example' },
        respondent: { name: 'Ravi', email: null },
      });
      expect(await outbox('victim@outside.example')).toEqual([]);
      expect(
        (await outbox(respondent.email)).some(
          (m) => m.subject === `We received your complaint: case ${witness.caseNumber}`,
        ),
      ).toBe(true);
    });

    it('stops a member at five complaints a day; on-behalf recording keeps its own rules and names who recorded it', async () => {
      const [{ filed }] = await server.db.query<{ filed: number }>(
        `SELECT count(*)::int AS filed FROM complaints WHERE filed_by = $1 AND recorded_by IS NULL`,
        [complainant.id],
      );
      for (let i = filed; i < 5; i++) await ok('POST', '/complaints', complainant.token, complaint());
      const sixth = await call('POST', '/complaints', complainant.token, complaint());
      expect(sixth.statusCode).toBe(429);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
      const [{ count }] = await server.db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM complaints WHERE filed_by = $1 AND recorded_by IS NULL`,
        [complainant.id],
      );
      expect(count).toBe(5);

      const recorded = await ok('POST', '/on-behalf-complaints', member.token, {
        complainantUserId: complainant.id,
        channel: 'ORAL_NOTICE',
        respondent: { name: 'Rahul Respondent' },
        incident: { details: 'Told to me in person.', date: day(2), witnesses: [] },
        answers: {},
      });
      expect(recorded.confirmationPending).toBe(true);
      const filedEvent = (await logOf(recorded.complaintId)).find((e) => e.action === 'complaint.file')!;
      expect(filedEvent.details).toMatchObject({ onBehalfOf: complainant.id, channel: 'ORAL_NOTICE' });
    });
  });
});
