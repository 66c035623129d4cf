import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace, type BuiltUser } from '../support/factories';
import { localDay } from '../../../src/domain/shared/date-time';

const CASE = '/case-api/api';
/** The reporter's address: a documentation range (RFC 5737), sent as the socket's address and as X-Forwarded-For. */
const REPORTER_ADDRESS = '203.0.113.7';
/** A signed-in member's address, to show the scan finds an address the server did store. */
const MEMBER_ADDRESS = '198.51.100.9';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Person {
  id: string;
  email: string;
  token: string;
}

describe.each(DATABASES)(
  'confidential intake, on-behalf filing, denied access, interim relief and conciliation on %s',
  (kind) => {
    let server: TestServer;
    let admin: string;
    let employer: string;
    let globexAdmin: string;
    let employee: Person;
    let respondent: Person;
    let presiding: Person;
    let member1: Person;
    let member2: Person;
    let external: Person;
    let acmeId: string;
    /** The hosts of the case's workspace and of another one, both built for this file. */
    let ACME: string;
    let GLOBEX: string;
    let employerPerson: BuiltUser;
    let globexAdminEmail: string;
    let actionStepId: string;
    const logLines: string[] = [];
    const previousTrustProxy = process.env.TRUST_PROXY;

    const call = (
      method: Method,
      url: string,
      token: string | null,
      payload?: object,
      host?: string,
      headers: Record<string, string> = {},
    ) =>
      server.request(host ?? ACME, {
        method,
        url: `${CASE}${url}`,
        ...(token ? { token } : {}),
        ...(payload ? { payload } : {}),
        headers,
      });
    const ok = async (method: Method, url: string, token: string | null, payload?: object) => {
      const res = await call(method, url, token, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      return res.json();
    };
    /** A reporter's call: from REPORTER_ADDRESS, through a proxy that says so. */
    const asReporter = (url: string, payload: object, token: string | null = null, host?: string) =>
      server.request(host ?? ACME, {
        method: 'POST',
        url: `${CASE}${url}`,
        payload,
        remoteAddress: REPORTER_ADDRESS,
        headers: {
          'x-forwarded-for': REPORTER_ADDRESS,
          'user-agent': 'Reporter-Browser/1.0',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
    const outbox = async (to: string) =>
      (
        await server.request('localhost', {
          method: 'GET',
          url: `/dev/outbox?to=${encodeURIComponent(to)}&format=json`,
          remoteAddress: '127.0.0.1',
        })
      ).json();
    const report = (over: Record<string, unknown> = {}) => ({
      respondent: {
        name: 'Rahul Respondent',
        email: respondent.email,
        gender: 'MAN',
        description: 'Team lead, floor 3',
      },
      incident: {
        details: 'He blocked the door and made remarks about me.',
        date: new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10),
        witnesses: [],
      },
      ...over,
    });
    const onBehalf = (over: Record<string, unknown> = {}) => ({
      complainantUserId: employee.id,
      channel: 'ORAL_NOTICE',
      respondent: { name: 'Rahul Respondent', email: respondent.email },
      incident: {
        details: 'Told to me in person: remarks at the team lunch.',
        date: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
      },
      ...over,
    });

    beforeAll(async () => {
      // The server trusts X-Forwarded-For as it does behind the production proxy (TRUST_PROXY=1).
      process.env.TRUST_PROXY = '1';
      const stream = new Writable({
        write(chunk, _enc, done) {
          logLines.push(String(chunk));
          done();
        },
      });
      server = await startTestServer(kind, {}, { logger: { level: 'info', stream } });
      const ws = await buildWorkspace(server, { jurisdictionCode: 'IN' });
      const globex = await buildWorkspace(server, { jurisdictionCode: 'CA-FED' });
      [ACME, GLOBEX, acmeId] = [ws.host, globex.host, ws.id];
      admin = ws.admin.token;
      employerPerson = await buildUser(server, ws, { role: 'EMPLOYER', firstName: 'Emma', lastName: 'Employer' });
      employer = employerPerson.token;
      globexAdmin = globex.admin.token;
      globexAdminEmail = globex.admin.email;
      employee = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
      respondent = await buildUser(server, ws, { firstName: 'Rahul', lastName: 'Respondent' });
      presiding = await buildUser(server, ws, { firstName: 'Priya', lastName: 'Presiding' });
      member1 = await buildUser(server, ws, { firstName: 'Manoj', lastName: 'Member' });
      member2 = await buildUser(server, ws, { firstName: 'Meera', lastName: 'Member' });
      external = await buildUser(server, ws, { firstName: 'Eric', lastName: 'External' });
      const wf = await ok('POST', '/admin/workflow', admin, { workflowName: 'Intake test', defaultToWorkspace: true });
      const v = await ok('POST', `/admin/workflow/${wf.workflowId}/version`, admin, { name: 'v1' });
      const action = await ok('POST', `/admin/step/workflow/${v.workflowVersionId}`, admin, {
        kind: 'ACTION',
        name: 'Copy to respondent',
        actionTypes: ['INFORM_RESPONDENT'],
      });
      actionStepId = action.stepId;
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
          { userId: member1.id, role: 'EMPLOYEE_MEMBER', gender: 'MAN' },
          { userId: member2.id, role: 'EMPLOYEE_MEMBER', gender: 'WOMAN' },
          { userId: external.id, role: 'EXTERNAL_MEMBER', gender: 'MAN' },
        ],
      });
    });
    afterAll(async () => {
      await server?.close();
      if (previousTrustProxy === undefined) delete process.env.TRUST_PROXY;
      else process.env.TRUST_PROXY = previousTrustProxy;
    });

    describe('an anonymous report, its receipt key and the two-way channel', () => {
      let receipt: { caseNumber: string; receiptKey: string; session: string };
      let caseId: string;

      it('shows the published form without an account', async () => {
        const form = await server.request(ACME, {
          method: 'GET',
          url: `${CASE}/intake/form`,
          remoteAddress: REPORTER_ADDRESS,
          headers: { 'x-forwarded-for': REPORTER_ADDRESS },
        });
        expect(form.statusCode, form.body).toBe(200);
        const body = form.json();
        expect(body.workflowName).toBe('Intake test');
        expect(body.committeeConstituted).toBe(true);
        expect(body.receiptExpiryDays).toBe(180);
        // The complainant's name and address are the reporter's choice on this page, not fields of the form.
        const keys = body.components.flatMap((c: { attributes: { systemKey: string | null }[] }) =>
          c.attributes.map((a) => a.systemKey),
        );
        expect(keys.some((k: string | null) => k?.startsWith('COMPLAINANT_'))).toBe(false);
        expect(keys).toEqual(expect.arrayContaining(['INCIDENT_DETAILS', 'INCIDENT_DATE', 'RESPONDENT_NAME']));
      });

      it('files a report, even from a browser signed in as an employee, tied to no account', async () => {
        const [before] = await server.db.query<{ last_seen_at: Date }>(
          `SELECT max(last_seen_at) AS last_seen_at FROM sessions WHERE user_id = $1`,
          [employee.id],
        );
        const res = await asReporter(
          '/intake',
          report({ contactEmail: 'quiet.reporter@example.net', password: 'my own secret' }),
          employee.token,
        );
        expect(res.statusCode, res.body).toBe(200);
        receipt = res.json();
        expect(receipt.caseNumber).toMatch(/^C-\d{4}$/);
        expect(receipt.receiptKey).toMatch(/^\d{4}( \d{4}){4}$/);
        const [row] = await server.db.query<{
          id: string;
          filed_by: string | null;
          complainant_name: string;
          complainant_email: string | null;
          intake: boolean;
        }>(
          `SELECT id, filed_by, complainant_name, complainant_email, intake FROM complaints WHERE workspace_id = $1 AND case_number = $2`,
          [acmeId, Number(receipt.caseNumber.slice(2))],
        );
        caseId = row.id;
        expect(row).toMatchObject({
          filed_by: null,
          complainant_name: 'Anonymous',
          complainant_email: null,
          intake: true,
        });
        // The employee's session was not even touched, and they do not see the case as theirs.
        const [after] = await server.db.query<{ last_seen_at: Date }>(
          `SELECT max(last_seen_at) AS last_seen_at FROM sessions WHERE user_id = $1`,
          [employee.id],
        );
        expect(new Date(after.last_seen_at).getTime()).toBe(new Date(before.last_seen_at).getTime());
        expect(
          (await ok('GET', '/complaints', employee.token)).items.map((i: { complaintId: string }) => i.complaintId),
        ).not.toContain(caseId);
        // Only a hash of the key is kept (the password goes through the app's password hasher, argon2 outside tests).
        const [intake] = await server.db.query<{ key_hash: string }>(
          `SELECT key_hash FROM complaint_intakes WHERE complaint_id = $1`,
          [caseId],
        );
        expect(intake.key_hash).toMatch(/^[A-Za-z0-9+/]{43}=$/);
        expect(intake.key_hash).not.toContain(receipt.receiptKey.replace(/ /g, ''));
        // The committee is told, without names.
        const mails = (await outbox(presiding.email)) as { subject: string }[];
        expect(mails[0].subject).toBe(`A new complaint: case ${receipt.caseNumber}`);
      });

      it('confirms the key only when typed back exactly', async () => {
        const wrong = await asReporter('/intake/receipt/confirm', {
          session: receipt.session,
          receiptKey: '1234 5678 9012 3456 7890',
        });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().fields.receiptKey).toBeTruthy();
        const malformed = await asReporter('/intake/receipt/confirm', { session: receipt.session, receiptKey: '12' });
        expect(malformed.statusCode).toBe(400);
        expect(malformed.json().fields.receiptKey).toBeTruthy();
        const right = await asReporter('/intake/receipt/confirm', {
          session: receipt.session,
          receiptKey: receipt.receiptKey.replace(/ /g, '-'),
        });
        expect(right.statusCode, right.body).toBe(200);
      });

      it('the committee sees the case as any other, with the reporter "Anonymous" and nothing identifying', async () => {
        const detail = await ok('GET', `/complaints/${caseId}`, presiding.token);
        expect(detail.complainant).toEqual({ name: 'Anonymous', email: null, gender: null, phone: null });
        expect(JSON.stringify(detail)).not.toContain('quiet.reporter@example.net');
        expect(detail.clocks.length).toBeGreaterThan(0);
        const list = await ok('GET', '/complaints', member1.token);
        expect(list.items.map((i: { complaintId: string }) => i.complaintId)).toContain(caseId);
        // Admins, employers, another workspace: as for any case, 404.
        expect((await call('GET', `/complaints/${caseId}`, admin)).statusCode).toBe(404);
        expect((await call('GET', `/complaints/${caseId}`, employer)).statusCode).toBe(404);
        expect((await call('GET', `/complaints/${caseId}`, globexAdmin, undefined, GLOBEX)).statusCode).toBe(404);
      });

      it('a committee message to the complainant reaches the reporter; the contact address hears only "there is a reply"', async () => {
        await server.request(ACME, {
          method: 'POST',
          url: `${CASE}/complaints/${caseId}/messages`,
          token: presiding.token,
          payload: { audience: 'COMPLAINANT', body: 'Thank you. Can you tell us the date of the second incident?' },
          headers: { 'x-forwarded-for': MEMBER_ADDRESS },
          remoteAddress: MEMBER_ADDRESS,
        });
        await ok('POST', `/complaints/${caseId}/messages`, member1.token, {
          audience: 'COMMITTEE',
          body: 'Internal note: check the door camera.',
        });
        const mails = await outbox('quiet.reporter@example.net');
        const items = mails as { subject: string; body: string }[];
        expect(items).toHaveLength(1);
        expect(items[0].subject).toBe('There is a reply to your report');
        expect(items[0].body).toContain('enter your receipt key');
        expect(items[0].body).not.toContain('second incident');
        expect(items[0].body).not.toContain(receipt.caseNumber);

        // Without the password the key alone is not enough.
        const noPassword = await asReporter('/intake/receipt/sign-in', { receiptKey: receipt.receiptKey });
        expect(noPassword.statusCode).toBe(401);
        const signIn = await asReporter('/intake/receipt/sign-in', {
          receiptKey: receipt.receiptKey,
          password: 'my own secret',
        });
        expect(signIn.statusCode, signIn.body).toBe(200);
        const session = signIn.json().session;
        const mine = (await asReporter('/intake/receipt/case', { session })).json();
        expect(mine.caseNumber).toBe(receipt.caseNumber);
        expect(mine.keyConfirmed).toBe(true);
        expect(mine.contactEmailSet).toBe(true);
        // Exactly what was addressed to them: not the committee's internal thread.
        expect(mine.messages.map((m: { body: string; authorName: string }) => [m.authorName, m.body])).toEqual([
          ['Internal Committee', 'Thank you. Can you tell us the date of the second incident?'],
        ]);

        const reply = await asReporter('/intake/receipt/messages', {
          session,
          body: 'It was on the 14th, after the review.',
        });
        expect(reply.statusCode, reply.body).toBe(200);
        // The committee is told the reporter answered: no words of it.
        const told = (await outbox(presiding.email))[0];
        expect(told.subject).toBe(`A new message on case ${receipt.caseNumber}`);
        expect(told.body).toContain('The reporter wrote to the committee');
        expect(told.body).not.toContain('14th');
        const detail = await ok('GET', `/complaints/${caseId}`, presiding.token);
        expect(detail.messages.find((m: { body: string }) => m.body.startsWith('It was on the 14th'))).toMatchObject({
          authorName: 'The reporter',
          fromCommittee: false,
          audience: 'COMPLAINANT',
        });
      });

      it('the reporter asks for interim relief and conciliation through the receipt; the committee sees them and is told', async () => {
        const { session } = (
          await asReporter('/intake/receipt/sign-in', { receiptKey: receipt.receiptKey, password: 'my own secret' })
        ).json();
        const bad = await asReporter('/intake/receipt/interim-relief', { session, relief: 'PROMOTION', details: 'x' });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().fields.relief).toBeTruthy();
        const leave = await asReporter('/intake/receipt/interim-relief', {
          session,
          relief: 'LEAVE',
          details: 'I need time away',
        });
        expect(leave.statusCode).toBe(400);
        expect(leave.json().fields.leaveMonths).toBeTruthy();
        expect(
          (
            await asReporter('/intake/receipt/interim-relief', {
              session: 'z'.repeat(43),
              relief: 'OTHER',
              details: 'x',
            })
          ).statusCode,
        ).toBe(401);
        const asked = await asReporter('/intake/receipt/interim-relief', {
          session,
          relief: 'TRANSFER_RESPONDENT',
          details: 'He sits by my desk',
        });
        expect(asked.statusCode, asked.body).toBe(200);
        expect(asked.json()).toMatchObject({ kind: 'INTERIM_RELIEF_REQUESTED', recordedBy: 'You' });
        expect((await outbox(presiding.email))[0].subject).toBe(
          `The reporter asked for interim relief: case ${receipt.caseNumber}`,
        );
        const conc = await asReporter('/intake/receipt/conciliation-request', { session });
        expect(conc.statusCode, conc.body).toBe(200);
        expect((await asReporter('/intake/receipt/conciliation-request', { session, note: 'again' })).statusCode).toBe(
          409,
        );
        // The committee sees them as the reporter's, and may answer as for any complainant.
        const events = await ok('GET', `/complaints/${caseId}/events`, presiding.token);
        expect(events.items.map((e: { kind: string; recordedBy: string }) => [e.kind, e.recordedBy])).toEqual([
          ['INTERIM_RELIEF_REQUESTED', 'The reporter'],
          ['CONCILIATION_REQUESTED', 'The reporter'],
        ]);
        await ok('POST', `/complaints/${caseId}/interim-relief/${asked.json().eventId}/decision`, presiding.token, {
          decision: 'REFUSED',
          note: 'Not needed now',
        });
        const mine = (await asReporter('/intake/receipt/case', { session })).json();
        expect(mine.events.map((e: { kind: string; recordedBy: string }) => [e.kind, e.recordedBy])).toEqual([
          ['INTERIM_RELIEF_REQUESTED', 'You'],
          ['CONCILIATION_REQUESTED', 'You'],
          ['INTERIM_RELIEF_DECIDED', 'Internal Committee'],
        ]);
        const log = await ok('GET', `/complaints/${caseId}/audit`, presiding.token);
        expect(
          log.items
            .filter((i: { actorName: string }) => i.actorName === 'The reporter (receipt key)')
            .map((i: { action: string }) => i.action),
        ).toEqual(expect.arrayContaining(['interim-relief.request', 'conciliation.request']));
      });

      it('adds evidence through the receipt session; the committee can download it', async () => {
        const signIn = await asReporter('/intake/receipt/sign-in', {
          receiptKey: receipt.receiptKey,
          password: 'my own secret',
        });
        const session = signIn.json().session;
        const bytes = Buffer.from('voice note bytes');
        const ticket = await asReporter('/intake/receipt/evidence/upload-url', {
          session,
          fileName: 'note.m4a',
          size: bytes.length,
        });
        expect(ticket.statusCode, ticket.body).toBe(200);
        const put = await server.request(ACME, {
          method: 'PUT',
          url: ticket.json().uploadUrl,
          payload: bytes,
          headers: { 'content-type': 'application/octet-stream' },
        });
        expect(put.statusCode).toBeLessThan(300);
        const confirmed = await asReporter(`/intake/receipt/evidence/${ticket.json().fileId}/confirm`, { session });
        expect(confirmed.statusCode, confirmed.body).toBe(200);
        expect(
          (await asReporter('/intake/receipt/case', { session }))
            .json()
            .evidence.map((e: { fileName: string }) => e.fileName),
        ).toEqual(['note.m4a']);
        const detail = await ok('GET', `/complaints/${caseId}`, member2.token);
        expect(detail.evidence.map((e: { fileName: string }) => e.fileName)).toContain('note.m4a');
        expect(
          (await call('GET', `/complaints/${caseId}/evidence/${ticket.json().fileId}`, member2.token)).statusCode,
        ).toBe(200);
        // Another session cannot confirm a file that is not its own.
        const other = (await asReporter('/intake', report())).json();
        expect(
          (await asReporter(`/intake/receipt/evidence/${ticket.json().fileId}/confirm`, { session: other.session }))
            .statusCode,
        ).toBe(404);
      });

      it('role matrix: anonymous with the key reads the case; without it nothing; the access log names no one and no address', async () => {
        // Anonymous without the key: no session, a made-up session, a wrong key.
        expect((await call('GET', `/complaints/${caseId}`, null)).statusCode).toBe(401);
        expect((await asReporter('/intake/receipt/case', { session: 'x'.repeat(43) })).statusCode).toBe(401);
        expect(
          (await asReporter('/intake/receipt/messages', { session: 'y'.repeat(43), body: 'hello' })).statusCode,
        ).toBe(401);
        expect(
          (await asReporter('/intake/receipt/sign-in', { receiptKey: '0000 0000 0000 0000 0001' })).statusCode,
        ).toBe(401);
        // A session of one workspace is nothing in another.
        const signIn = await asReporter('/intake/receipt/sign-in', {
          receiptKey: receipt.receiptKey,
          password: 'my own secret',
        });
        expect(
          (await asReporter('/intake/receipt/case', { session: signIn.json().session }, null, GLOBEX)).statusCode,
        ).toBe(401);
        // The key itself never goes in a URL: there is no GET of the reporter's case.
        expect(
          (
            await server.request(ACME, {
              method: 'GET',
              url: `${CASE}/intake/receipt/case?receiptKey=${receipt.receiptKey}`,
            })
          ).statusCode,
        ).toBe(404);

        const log = await ok('GET', `/complaints/${caseId}/audit`, presiding.token);
        const byReporter = log.items.filter((i: { actorName: string }) => i.actorName === 'The reporter (receipt key)');
        expect(byReporter.map((i: { action: string }) => i.action)).toEqual(
          expect.arrayContaining([
            'complaint.file',
            'receipt.sign-in',
            'complaint.read',
            'message.post',
            'evidence.add',
          ]),
        );
        const ips = await server.db.query<{ ip: string | null }>(
          `SELECT ip FROM complaint_audit_events WHERE complaint_id = $1 AND actor_user_id IS NULL`,
          [caseId],
        );
        expect(ips.every((r) => r.ip === null)).toBe(true);
      });

      it('limits failed receipt sign-ins per address, without the address', async () => {
        const bad = { receiptKey: '9999 9999 9999 9999 9990' };
        let last = 0;
        for (let i = 0; i < 12; i += 1) last = (await asReporter('/intake/receipt/sign-in', bad)).statusCode;
        expect(last).toBe(429);
        // Another address still gets through (the limit is per address).
        const elsewhere = await server.request(ACME, {
          method: 'POST',
          url: `${CASE}/intake/receipt/sign-in`,
          payload: bad,
          remoteAddress: '192.0.2.44',
          headers: { 'x-forwarded-for': '192.0.2.44' },
        });
        expect(elsewhere.statusCode).toBe(401);
      });

      it('limits reports per address', async () => {
        let last = 0;
        for (let i = 0; i < 6 && last !== 429; i += 1) last = (await asReporter('/intake', report())).statusCode;
        expect(last).toBe(429);
      });

      it('a receipt unused for longer than the workspace allows stops working', async () => {
        expect((await ok('GET', '/complaint-settings/receipts', admin)).receiptExpiryDays).toBe(180);
        expect(
          (await call('PUT', '/complaint-settings/receipts', admin, { receiptExpiryDays: 2 })).json().fields
            .receiptExpiryDays,
        ).toBeTruthy();
        expect(
          (await call('PUT', '/complaint-settings/receipts', employee.token, { receiptExpiryDays: 30 })).statusCode,
        ).toBe(403);
        expect(
          (await ok('PUT', '/complaint-settings/receipts', admin, { receiptExpiryDays: 30 })).receiptExpiryDays,
        ).toBe(30);
        await server.db.tenant(acmeId, (tx) =>
          tx.query(
            `UPDATE complaint_intakes SET last_used_at = now() - interval '31 days' WHERE workspace_id = $1 AND complaint_id = $2`,
            [acmeId, caseId],
          ),
        );
        const other = await server.request(ACME, {
          method: 'POST',
          url: `${CASE}/intake/receipt/sign-in`,
          payload: { receiptKey: receipt.receiptKey, password: 'my own secret' },
          remoteAddress: '192.0.2.45',
          headers: { 'x-forwarded-for': '192.0.2.45' },
        });
        expect(other.statusCode).toBe(410);
        expect(other.json().code).toBe('RECEIPT_EXPIRED');
        await ok('PUT', '/complaint-settings/receipts', admin, { receiptExpiryDays: 180 });
      });

      it('no table holds the reporter’s address, and no log line either', async () => {
        const columns = await server.db.query<{ table_name: string; column_name: string }>(
          `SELECT c.table_name, c.column_name FROM information_schema.columns c JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
          WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'inet', 'cidr', 'ARRAY', 'USER-DEFINED', 'character')`,
        );
        expect(columns.length).toBeGreaterThan(50);
        const holding = async (needle: string) => {
          const found: string[] = [];
          for (const { table_name, column_name } of columns) {
            const [hit] = await server.db.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM "${table_name}" WHERE "${column_name}"::text LIKE $1`,
              [`%${needle}%`],
            );
            if (hit.n > 0) found.push(`${table_name}.${column_name}`);
          }
          return found;
        };
        // The scan does find an address the server stored (a signed-in member's, in the case log): it would see ours.
        expect(await holding(MEMBER_ADDRESS)).toContain('complaint_audit_events.ip');
        expect(await holding(REPORTER_ADDRESS)).toEqual([]);
        expect(await holding('Reporter-Browser')).toEqual([]);
        // The request log does write a signed-in caller's address (Fastify's own request lines), never the reporter's.
        expect(logLines.some((l) => l.includes(MEMBER_ADDRESS))).toBe(true);
        expect(logLines.filter((l) => l.includes(REPORTER_ADDRESS))).toEqual([]);
      });
    });

    describe('denied access (the one presiding, without telling them)', () => {
      let caseId: string;
      beforeAll(async () => {
        caseId = (
          await ok('POST', '/complaints', employee.token, {
            complainant: { name: 'Esha Employee', email: employee.email },
            respondent: { name: 'Rahul Respondent', email: respondent.email },
            incident: {
              details: 'Remarks at lunch.',
              date: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
            },
          })
        ).complaintId;
      });

      it('removes a member’s access at once, audited; only the presiding officer may; parties and strangers refused', async () => {
        expect((await call('GET', `/complaints/${caseId}`, member1.token)).statusCode).toBe(200);
        const notPresiding = await call('POST', `/complaints/${caseId}/denied-access`, member2.token, {
          userId: member1.id,
        });
        expect(notPresiding.statusCode).toBe(403);
        expect(notPresiding.json()).toEqual({
          code: 'FORBIDDEN',
          message: 'Only the member presiding over the case decides who may not see it',
        });
        expect(
          (await call('POST', `/complaints/${caseId}/denied-access`, employee.token, { userId: member1.id }))
            .statusCode,
        ).toBe(403);
        expect(
          (await call('POST', `/complaints/${caseId}/denied-access`, admin, { userId: member1.id })).statusCode,
        ).toBe(404);
        expect(
          (await call('POST', `/complaints/${caseId}/denied-access`, presiding.token, { userId: employee.id })).json()
            .fields.userId,
        ).toBeTruthy();
        expect(
          (await call('POST', `/complaints/${caseId}/denied-access`, presiding.token, { userId: presiding.id })).json(),
        ).toEqual({
          code: 'VALIDATION',
          message: 'You cannot deny yourself: recuse yourself instead',
          fields: { userId: 'That is you' },
        });
        expect(
          (
            await call('POST', `/complaints/${caseId}/denied-access`, presiding.token, {
              userId: '00000000-0000-4000-8000-000000000000',
            })
          ).json().fields.userId,
        ).toBeTruthy();
        expect(
          (await call('POST', `/complaints/${caseId}/denied-access`, presiding.token, { userId: 'nope' })).json().fields
            .userId,
        ).toBeTruthy();

        const denied = await ok('POST', `/complaints/${caseId}/denied-access`, presiding.token, {
          userId: member1.id,
          note: 'Close friend of the respondent',
        });
        expect(denied.items.map((d: { userId: string }) => d.userId)).toEqual([member1.id]);
        // The denied member: the case does not exist for them, in the list or by id; nothing was mailed to them.
        expect((await call('GET', `/complaints/${caseId}`, member1.token)).statusCode).toBe(404);
        expect(
          (await call('POST', `/complaints/${caseId}/messages`, member1.token, { audience: 'COMMITTEE', body: 'hi' }))
            .statusCode,
        ).toBe(404);
        expect(
          (await ok('GET', '/complaints', member1.token)).items.map((i: { complaintId: string }) => i.complaintId),
        ).not.toContain(caseId);
        const mails = await outbox(member1.email);
        expect(JSON.stringify(mails)).not.toMatch(/denied/i);
        // An employee the case names nowhere can be denied too (should they join the committee later).
        await ok('POST', `/complaints/${caseId}/denied-access`, presiding.token, {
          userId: respondent.id === employee.id ? admin : employerPerson.id,
        });
        expect((await ok('GET', `/complaints/${caseId}/denied-access`, presiding.token)).items).toHaveLength(2);
        expect((await call('GET', `/complaints/${caseId}/denied-access`, member2.token)).statusCode).toBe(403);

        const log = await ok('GET', `/complaints/${caseId}/audit`, presiding.token);
        expect(log.items.filter((i: { action: string }) => i.action === 'access.deny')).toHaveLength(2);

        await ok('DELETE', `/complaints/${caseId}/denied-access/${member1.id}`, presiding.token);
        expect((await call('GET', `/complaints/${caseId}`, member1.token)).statusCode).toBe(200);
        const restoredTwice = await call(
          'DELETE',
          `/complaints/${caseId}/denied-access/${member1.id}`,
          presiding.token,
        );
        expect(restoredTwice.statusCode).toBe(404);
        expect(restoredTwice.json()).toEqual({
          code: 'NOT_FOUND',
          message: 'This person is not denied access to the case',
        });
        expect(
          (await ok('GET', `/complaints/${caseId}/audit`, presiding.token)).items.some(
            (i: { action: string }) => i.action === 'access.restore',
          ),
        ).toBe(true);
      });
    });

    describe('interim relief (IN-08) and conciliation at the complainant’s request (IN-04)', () => {
      let caseId: string;
      beforeAll(async () => {
        caseId = (
          await ok('POST', '/complaints', employee.token, {
            complainant: { name: 'Esha Employee', email: employee.email },
            respondent: { name: 'Rahul Respondent', email: respondent.email },
            incident: {
              details: 'Threats at the desk.',
              date: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
            },
          })
        ).complaintId;
      });

      it('records a request for interim relief and the committee’s decision, mailing the employer', async () => {
        expect(
          (
            await call('POST', `/complaints/${caseId}/interim-relief`, employee.token, {
              relief: 'LEAVE',
              details: 'I need leave',
            })
          ).json().fields.leaveMonths,
        ).toBeTruthy();
        expect(
          (
            await call('POST', `/complaints/${caseId}/interim-relief`, employee.token, {
              relief: 'LEAVE',
              leaveMonths: 4,
              details: 'x',
            })
          ).statusCode,
        ).toBe(400);
        const request = await ok('POST', `/complaints/${caseId}/interim-relief`, employee.token, {
          relief: 'TRANSFER_RESPONDENT',
          details: 'Please move him to another floor',
        });
        expect(request.kind).toBe('INTERIM_RELIEF_REQUESTED');
        expect(
          (
            await call('POST', `/complaints/${caseId}/interim-relief/${request.eventId}/decision`, employee.token, {
              decision: 'RECOMMENDED',
              note: 'x',
            })
          ).statusCode,
        ).toBe(403);
        const decided = await ok(
          'POST',
          `/complaints/${caseId}/interim-relief/${request.eventId}/decision`,
          presiding.token,
          { decision: 'RECOMMENDED', note: 'Risk of retaliation' },
        );
        expect(decided.details).toMatchObject({ requestId: request.eventId, decision: 'RECOMMENDED' });
        const decidedTwice = await call(
          'POST',
          `/complaints/${caseId}/interim-relief/${request.eventId}/decision`,
          presiding.token,
          { decision: 'REFUSED', note: 'x' },
        );
        expect(decidedTwice.statusCode).toBe(409);
        expect(decidedTwice.json()).toEqual({ code: 'CONFLICT', message: 'This request was decided already' });
        const mails = (await outbox(employerPerson.email)) as { items?: { subject: string }[] };
        expect(JSON.stringify(mails)).toContain('Interim relief recommended');
        const events = await ok('GET', `/complaints/${caseId}/events`, member2.token);
        expect(events.items.map((e: { kind: string }) => e.kind)).toEqual([
          'INTERIM_RELIEF_REQUESTED',
          'INTERIM_RELIEF_DECIDED',
        ]);
        expect((await call('GET', `/complaints/${caseId}/events`, admin)).statusCode).toBe(404);
      });

      it('refuses interim relief on a Canada case (a POSH rule)', async () => {
        await server.db.tenant(acmeId, (tx) =>
          tx.query(`UPDATE complaints SET compliance = 'CA_FEDERAL' WHERE workspace_id = $1 AND id = $2`, [
            acmeId,
            caseId,
          ]),
        );
        expect(
          (
            await call('POST', `/complaints/${caseId}/interim-relief`, employee.token, {
              relief: 'OTHER',
              details: 'x',
            })
          ).statusCode,
        ).toBe(409);
        await server.db.tenant(acmeId, (tx) =>
          tx.query(`UPDATE complaints SET compliance = 'IN_POSH' WHERE workspace_id = $1 AND id = $2`, [
            acmeId,
            caseId,
          ]),
        );
      });

      it('records conciliation only after the complainant asked, never monetary, and sends the copies', async () => {
        const unasked = await call('POST', `/complaints/${caseId}/conciliation`, presiding.token, {
          terms: 'Apology in writing',
          monetary: false,
        });
        expect(unasked.statusCode).toBe(409);
        expect(unasked.json()).toEqual({
          code: 'CONFLICT',
          message: 'Conciliation only at the complainant’s request (POSH s.10): they have not asked for it',
          fields: { terms: 'The complainant has not asked for conciliation' },
        });
        const notComplainant = await call('POST', `/complaints/${caseId}/conciliation-request`, presiding.token, {});
        expect(notComplainant.statusCode).toBe(403);
        expect(notComplainant.json()).toEqual({
          code: 'FORBIDDEN',
          message: 'Only the complainant may ask for conciliation (POSH s.10)',
        });
        await ok('POST', `/complaints/${caseId}/conciliation-request`, employee.token, {
          note: 'I would like to settle this',
        });
        expect((await call('POST', `/complaints/${caseId}/conciliation-request`, employee.token, {})).statusCode).toBe(
          409,
        );
        expect(
          (
            await call('POST', `/complaints/${caseId}/conciliation`, presiding.token, {
              terms: 'Pay 10,000',
              monetary: true,
            })
          ).json().fields.monetary,
        ).toBeTruthy();
        const settled = await ok('POST', `/complaints/${caseId}/conciliation`, presiding.token, {
          terms: 'Apology in writing; seats moved',
          monetary: false,
        });
        expect(settled.kind).toBe('CONCILIATION_SETTLED');
        expect(JSON.stringify(await outbox(employerPerson.email))).toContain('Settlement by conciliation');
        expect(JSON.stringify(await outbox(respondent.email))).toContain('Apology in writing');
        expect(
          (
            await call('POST', `/complaints/${caseId}/conciliation`, presiding.token, {
              terms: 'again',
              monetary: false,
            })
          ).statusCode,
        ).toBe(409);
        const mine = await ok('GET', `/complaints/${caseId}/events`, employee.token);
        expect(mine.items.map((e: { kind: string }) => e.kind)).toContain('CONCILIATION_SETTLED');
        const log = await ok('GET', `/complaints/${caseId}/audit`, presiding.token);
        expect(log.items.map((i: { action: string }) => i.action)).toEqual(
          expect.arrayContaining([
            'interim-relief.request',
            'interim-relief.decide',
            'conciliation.request',
            'conciliation.settle',
          ]),
        );
        // The settlement's copies are in the access log with their recipients.
        const settle = log.items.find((i: { action: string }) => i.action === 'conciliation.settle');
        expect(settle.details.mails[0].to).toEqual(expect.arrayContaining([employerPerson.email, respondent.email]));
      });
    });

    describe('a complaint recorded on someone’s behalf (CA-01 oral notice, IN-03 help to write)', () => {
      let caseId: string;

      it('only a member of the committee that will hear it records it; bad input names the field', async () => {
        expect(
          (await call('POST', '/on-behalf-complaints', employee.token, onBehalf({ complainantUserId: respondent.id })))
            .statusCode,
        ).toBe(403);
        expect((await call('POST', '/on-behalf-complaints', admin, onBehalf())).statusCode).toBe(403);
        expect(
          (
            await call(
              'POST',
              '/on-behalf-complaints',
              member1.token,
              onBehalf({ complainantUserId: '00000000-0000-4000-8000-000000000000' }),
            )
          ).json(),
        ).toEqual({
          code: 'VALIDATION',
          message: 'Not a person of this workspace',
          fields: { complainantUserId: 'Not a person of this workspace' },
        });
        expect(
          (await call('POST', '/on-behalf-complaints', member1.token, onBehalf({ channel: 'FAX' }))).json().fields
            .channel,
        ).toBeTruthy();
      });

      it('a committee member looks up the person to name; nobody else may; this workspace’s active people only', async () => {
        const found = await ok('POST', '/complaint-people/search', member1.token, {
          searchText: employee.email.slice(0, 5).toUpperCase(),
        });
        expect(found.items.map((p: { email: string }) => p.email)).toContain(employee.email);
        expect(found.items.every((p: { userId: string; name: string }) => p.userId && p.name)).toBe(true);
        expect(found.items.length).toBeLessThanOrEqual(20);
        expect(
          (await ok('POST', '/complaint-people/search', presiding.token, { searchText: globexAdminEmail })).items,
        ).toEqual([]);
        // LIKE's wildcards are plain characters here.
        expect((await ok('POST', '/complaint-people/search', member1.token, { searchText: '%' })).items).toEqual([]);
        expect((await ok('POST', '/complaint-people/search', member1.token, { searchText: '_' })).items).toEqual([]);
        const notMember = await call('POST', '/complaint-people/search', employee.token, { searchText: 'a' });
        expect(notMember.statusCode).toBe(403);
        expect(notMember.json()).toEqual({
          code: 'FORBIDDEN',
          message: 'Only a member of an Internal Committee may look people up here',
        });
        expect((await call('POST', '/complaint-people/search', admin, { searchText: 'a' })).statusCode).toBe(403);
        expect((await call('POST', '/complaint-people/search', null, { searchText: 'a' })).statusCode).toBe(401);
        const blank = await call('POST', '/complaint-people/search', member1.token, { searchText: '  ' });
        expect(blank.statusCode).toBe(400);
        expect(blank.json().fields.searchText).toBeTruthy();
      });

      it('waits for the complainant: no clocks, no steps, until they confirm', async () => {
        const recorded = await ok('POST', '/on-behalf-complaints', member1.token, onBehalf());
        caseId = recorded.complaintId;
        expect(recorded.confirmationPending).toBe(true);
        const mail = JSON.stringify(await outbox(employee.email));
        expect(mail).toContain(`Please confirm your complaint: case ${recorded.caseNumber}`);
        const detail = await ok('GET', `/complaints/${caseId}`, presiding.token);
        expect(detail.clocks).toEqual([]);
        expect(detail.confirmationPending).toBe(true);
        expect((await ok('GET', `/complaints/${caseId}`, employee.token)).confirmationPending).toBe(true);
        expect((await ok('GET', `/complaints/${caseId}/deadlines`, presiding.token)).clocks).toEqual([]);
        expect(
          (await call('POST', `/complaints/${caseId}/steps/${actionStepId}/complete`, presiding.token, {})).statusCode,
        ).toBe(409);
        const pending = await ok('GET', '/complaint-confirmations', employee.token);
        expect(pending.items.map((p: { complaintId: string; channel: string }) => [p.complaintId, p.channel])).toEqual([
          [caseId, 'ORAL_NOTICE'],
        ]);
        expect((await ok('GET', '/complaint-confirmations', member1.token)).items).toEqual([]);
        // Only the complainant confirms.
        expect((await call('POST', `/complaints/${caseId}/confirm`, member1.token)).statusCode).toBe(403);
        expect((await call('POST', `/complaints/${caseId}/confirm`, admin)).statusCode).toBe(404);
        const confirmed = await ok('POST', `/complaints/${caseId}/confirm`, employee.token);
        // Received on Acme's own day (Asia/Kolkata), a day ahead of UTC after 18:30 UTC.
        expect(confirmed.receivedOn).toBe(localDay(new Date(), 'Asia/Kolkata'));
        const confirmedTwice = await call('POST', `/complaints/${caseId}/confirm`, employee.token);
        expect(confirmedTwice.statusCode).toBe(409);
        expect(confirmedTwice.json()).toEqual({ code: 'CONFLICT', message: 'This complaint is confirmed already' });
        expect((await ok('GET', `/complaints/${caseId}`, presiding.token)).clocks.length).toBeGreaterThan(0);
        expect((await ok('GET', `/complaints/${caseId}`, employee.token)).confirmationPending).toBe(false);
        expect((await ok('GET', '/complaint-confirmations', employee.token)).items).toEqual([]);
        const log = await ok('GET', `/complaints/${caseId}/audit`, presiding.token);
        const filed = log.items.find((i: { action: string }) => i.action === 'complaint.file');
        expect(filed.details).toMatchObject({ onBehalfOf: employee.id, channel: 'ORAL_NOTICE' });
        expect(log.items.some((i: { action: string }) => i.action === 'complaint.confirm')).toBe(true);
        const shown = await ok('GET', `/complaints/${caseId}/steps/${actionStepId}/recipients`, presiding.token);
        const confirmedRecipients = shown.mails.flatMap((m: { recipients: { email: string }[] }) =>
          m.recipients.map((r) => r.email),
        );
        expect(
          (
            await call('POST', `/complaints/${caseId}/steps/${actionStepId}/complete`, presiding.token, {
              confirmedRecipients,
            })
          ).statusCode,
        ).toBe(200);
      });
    });
  },
);
