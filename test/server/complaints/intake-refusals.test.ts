import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorkspace, type BuiltWorkspace } from '../support/factories';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';

const CASE = '/case-api/api';

/**
 * What the reporter without an account is told when the rules say no, word for word (docs/case.md "Confidential
 * intake"): no process to report under, a report that names a future day, a session that ended, a receipt key or
 * password that does not match, a key typed back wrong, evidence not uploaded or not the reporter's, a request made twice.
 */
describe.each(DATABASES)('the confidential intake’s refusals on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let bare: BuiltWorkspace;
  let address = 10;

  /** Each call from an address of its own, so that no rate limit of the path answers in the rule's place. */
  const post = (host: string, url: string, payload: object) =>
    server.app.inject({
      method: 'POST',
      url: `${CASE}${url}`,
      payload,
      remoteAddress: `198.51.100.${(address += 1)}`,
      headers: { host },
    });
  /** The call answers `status` with exactly `body`. */
  const refused = async (call: ReturnType<typeof post>, status: number, body: object) => {
    const res = await call;
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(body);
  };
  const report = (date = '2025-03-01') => ({
    respondent: { name: 'Rahul Respondent', gender: 'MAN', description: 'Team lead' },
    incident: { details: 'Remarks at the team lunch.', date, witnesses: [] },
    password: 'my own long secret',
  });

  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server, { jurisdictionCode: 'IN' });
    // A workspace whose process was taken back: no version of it is published.
    bare = await buildWorkspace(server, { jurisdictionCode: null });
    await server.db.tenant(bare.id, (tx) =>
      tx.query(`UPDATE workflow_versions SET status = 'ARCHIVED' WHERE workspace_id = $1 AND status = 'PUBLISHED'`, [
        bare.id,
      ]),
    );
  }, 300_000);
  afterAll(async () => server?.close());

  it('answers that no process is published, on the form and on a report', async () => {
    await refused(server.app.inject({ method: 'GET', url: `${CASE}/intake/form`, headers: { host: bare.host } }), 404, {
      code: 'NOT_FOUND',
      message: 'No complaint process has been published in this workspace yet.',
    });
    await refused(post(bare.host, '/intake', report()), 409, {
      code: 'CONFLICT',
      message: 'No complaint process has been published in this workspace yet.',
    });
  });

  it('names the field of a report about a day to come', async () => {
    await refused(post(ws.host, '/intake', report('2099-01-01')), 400, {
      code: 'VALIDATION',
      message: 'Invalid report: incident.date',
      fields: { 'incident.date': 'The incident cannot be after today' },
    });
  });

  it('refuses a session that ended, a wrong key, a wrong password and a key typed back wrong', async () => {
    await refused(post(ws.host, '/intake/receipt/case', { session: 'x'.repeat(43) }), 401, {
      code: 'RECEIPT_SESSION_ENDED',
      message: 'Your session has ended: enter your receipt key again.',
    });

    const receipt = (await post(ws.host, '/intake', report())).json();
    await refused(post(ws.host, '/intake/receipt/sign-in', { receiptKey: '1234 5678 9012 3456 7890' }), 401, {
      code: 'WRONG_RECEIPT',
      message: 'No report has this receipt key. Check each digit.',
      fields: { receiptKey: 'Does not match' },
    });
    await refused(
      post(ws.host, '/intake/receipt/sign-in', {
        receiptKey: receipt.receiptKey,
        password: 'not my secret',
      }),
      401,
      {
        code: 'WRONG_RECEIPT',
        message: 'The receipt key and password do not match.',
        fields: { password: 'Does not match' },
      },
    );
    const lastUsed = async () =>
      (
        await server.db.query<{ at: string }>(
          `SELECT i.last_used_at::text AS at FROM complaint_intakes i JOIN complaints c ON c.workspace_id = i.workspace_id AND c.id = i.complaint_id
            WHERE i.workspace_id = $1 AND c.case_number = $2`,
          [ws.id, Number(receipt.caseNumber.replace(/\D/g, ''))],
        )
      )[0].at;
    const usedBefore = await lastUsed();
    await refused(
      post(ws.host, '/intake/receipt/confirm', {
        session: receipt.session,
        receiptKey: '0000 0000 0000 0000 0000',
      }),
      400,
      {
        code: 'VALIDATION',
        message: 'That is not your receipt key: check each digit against the one shown',
        fields: { receiptKey: 'That is not your receipt key' },
      },
    );
    // A refused call leaves nothing written, not even the date the receipt was last used (its expiry counts from it).
    expect(await lastUsed()).toBe(usedBefore);
  });

  it('refuses evidence not uploaded yet, or not the reporter’s, and a request made twice', async () => {
    const receipt = (await post(ws.host, '/intake', report())).json();
    const session = receipt.session;
    const ticket = await post(ws.host, '/intake/receipt/evidence/upload-url', {
      session,
      fileName: 'note.m4a',
      size: 16,
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    await refused(post(ws.host, `/intake/receipt/evidence/${ticket.json().fileId}/confirm`, { session }), 409, {
      code: 'NOT_UPLOADED',
      message: 'Nothing has been uploaded with this link yet: upload the file, then confirm.',
    });
    const other = (await post(ws.host, '/intake', report())).json();
    await refused(
      post(ws.host, `/intake/receipt/evidence/${ticket.json().fileId}/confirm`, {
        session: other.session,
      }),
      404,
      { code: 'NOT_FOUND', message: 'No such file' },
    );

    await refused(
      post(ws.host, '/intake/receipt/interim-relief', {
        session,
        relief: 'LEAVE',
        details: 'I need leave',
      }),
      400,
      {
        code: 'VALIDATION',
        message: 'Say how many months of leave (at most 3)',
        fields: { leaveMonths: 'Enter 1 to 3 months' },
      },
    );
    expect((await post(ws.host, '/intake/receipt/conciliation-request', { session, note: 'Please' })).statusCode).toBe(
      200,
    );
    await refused(post(ws.host, '/intake/receipt/conciliation-request', { session, note: 'Again' }), 409, {
      code: 'CONFLICT',
      message: 'You have asked for conciliation already',
    });
  });
});
