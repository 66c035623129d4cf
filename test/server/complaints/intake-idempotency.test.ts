import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorkspace, type BuiltWorkspace } from '../support/factories';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';

const CASE = '/case-api/api';

/**
 * A reporter without an account whose answer was lost on the network sends the same call again with the same
 * Idempotency-Key (the web app does): the repeat gets the first answer and nothing is filed, written or attached twice.
 * The kept answers hold a receipt key that is shown once, so the table holds neither it nor the client's key.
 */
describe.each(DATABASES)('Idempotency-Key on the confidential intake on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;

  const post = (url: string, payload: object, key?: string, address = '203.0.113.40') =>
    server.app.inject({
      method: 'POST',
      url: `${CASE}${url}`,
      payload,
      remoteAddress: address,
      headers: { host: ws.host, ...(key ? { 'idempotency-key': key } : {}) },
    });
  const report = (details = 'He made remarks about me at the team lunch.') => ({
    respondent: { name: 'Rahul Respondent', gender: 'MAN', description: 'Team lead, floor 3' },
    incident: { details, date: new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10), witnesses: [] },
    password: 'my own long secret',
  });
  const count = async (table: string) =>
    Number(
      (
        await server.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table} WHERE workspace_id = $1`, [
          ws.id,
        ])
      )[0].n,
    );

  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server, { jurisdictionCode: 'IN' });
    const admin = ws.admin.token;
    const ok = async (url: string, payload: object) => {
      const res = await server.request(ws.host, { method: 'POST', url: `${CASE}${url}`, token: admin, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const wf = await ok('/admin/workflow', { workflowName: 'Retries', defaultToWorkspace: true });
    const v = await ok(`/admin/workflow/${wf.workflowId}/version`, { name: 'v1' });
    await ok(`/admin/step/workflow/${v.workflowVersionId}`, {
      kind: 'ACTION',
      name: 'Copy to respondent',
      actionTypes: ['INFORM_RESPONDENT'],
    });
    await ok('/admin/workflow/publish', { workflowId: wf.workflowId, workflowVersionId: v.workflowVersionId });
  });
  afterAll(async () => server?.close());

  it('a filing sent twice with one key files one case and answers the same receipt; the table keeps neither key', async () => {
    const key = randomUUID();
    const cases = await count('complaints');
    const first = await post('/intake', report(), key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post('/intake', report(), key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count('complaints')).toBe(cases + 1);

    // The receipt key (shown once, kept only as a hash) and the client's key are nowhere in the kept answer's row.
    const receiptDigits = first.json().receiptKey.replace(/\D/g, '');
    const rows = await server.db.query<{ caller: string; key: string; fingerprint: string; response: string }>(
      `SELECT caller, key, fingerprint, response FROM idempotent_requests WHERE workspace_id = $1`,
      [ws.id],
    );
    const text = JSON.stringify(rows);
    expect(rows.length).toBeGreaterThan(0);
    expect(text).not.toContain(receiptDigits);
    expect(text).not.toContain(first.json().session);
    expect(text).not.toContain(key);
  });

  it('a stranger with another input under the same key gets 422 and no receipt; a short key is refused', async () => {
    const key = randomUUID();
    const first = await post('/intake', report('Comments about my clothes in the lift.'), key);
    expect(first.statusCode, first.body).toBe(200);
    const cases = await count('complaints');
    const stranger = await post('/intake', report('Something else entirely.'), key, '198.51.100.9');
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(stranger.body).not.toContain(first.json().receiptKey);
    expect(await count('complaints')).toBe(cases);
    // A key short enough to guess is no key on a public call.
    const short = await post('/intake', report(), 'abcdefgh12');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields['Idempotency-Key']).toBeTruthy();
  });

  it('a reporter’s message and an evidence confirm repeated with one key are written once; another session’s same key is its own', async () => {
    const receipt = (await post('/intake', report('He followed me to the car park.'))).json() as { session: string };
    const other = (await post('/intake', report('He messaged me at night.'))).json() as { session: string };
    const messages = await count('complaint_messages');
    const key = randomUUID();
    const first = await post(
      '/intake/receipt/messages',
      { session: receipt.session, body: 'One more thing: it happened twice.' },
      key,
    );
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(
      '/intake/receipt/messages',
      { session: receipt.session, body: 'One more thing: it happened twice.' },
      key,
    );
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count('complaint_messages')).toBe(messages + 1);
    // The same key from another reporter's session is not answered with the first reporter's message.
    const theirs = await post(
      '/intake/receipt/messages',
      { session: other.session, body: 'One more thing: it happened twice.' },
      key,
    );
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().messageId).not.toBe(first.json().messageId);

    const bytes = Buffer.from('a voice note, as bytes');
    const ticket = await post(
      '/intake/receipt/evidence/upload-url',
      { session: receipt.session, fileName: 'note.m4a', size: bytes.length },
      randomUUID(),
    );
    expect(ticket.statusCode, ticket.body).toBe(200);
    const put = await server.request(ws.host, {
      method: 'PUT',
      url: ticket.json().uploadUrl,
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(put.statusCode).toBeLessThan(300);
    const confirmKey = randomUUID();
    const confirmed = await post(
      `/intake/receipt/evidence/${ticket.json().fileId}/confirm`,
      { session: receipt.session },
      confirmKey,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const repeated = await post(
      `/intake/receipt/evidence/${ticket.json().fileId}/confirm`,
      { session: receipt.session },
      confirmKey,
    );
    expect(repeated.statusCode, repeated.body).toBe(200);
    expect(repeated.headers['idempotent-replayed']).toBe('true');
    expect(repeated.json()).toEqual(confirmed.json());
    const read = await post('/intake/receipt/case', { session: receipt.session });
    expect(read.json().evidence.map((e: { fileName: string }) => e.fileName)).toEqual(['note.m4a']);
  });

  it('a public call not marked as a create ignores the header: a sign-in is never replayed', async () => {
    const receipt = (await post('/intake', report('He shouted at me in the meeting.'))).json() as {
      receiptKey: string;
    };
    const key = randomUUID();
    const a = await post(
      '/intake/receipt/sign-in',
      { receiptKey: receipt.receiptKey, password: 'my own long secret' },
      key,
    );
    const b = await post(
      '/intake/receipt/sign-in',
      { receiptKey: receipt.receiptKey, password: 'my own long secret' },
      key,
    );
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json().session).not.toBe(a.json().session);
  });
});
