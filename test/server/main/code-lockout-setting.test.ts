import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config';
import { DATABASES, PASSWORD, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';

interface OutboxMessage {
  to: string;
  subject: string | null;
  body: string;
}

describe('the CODE_LOCKOUT_AFTER setting', () => {
  it('is read from the environment, absent by default (the domain keeps 100), and refused when not a positive whole number', () => {
    expect(readConfig({}).codeLockoutAfter).toBeUndefined();
    expect(readConfig({ CODE_LOCKOUT_AFTER: '5' }).codeLockoutAfter).toBe(5);
    expect(() => readConfig({ CODE_LOCKOUT_AFTER: 'few' })).toThrow(
      'CODE_LOCKOUT_AFTER must be a positive whole number',
    );
    expect(() => readConfig({ CODE_LOCKOUT_AFTER: '0' })).toThrow('CODE_LOCKOUT_AFTER');
  });
});

describe.each(DATABASES)('a server with CODE_LOCKOUT_AFTER=3 on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  beforeAll(async () => {
    server = await startTestServer(kind, { codeLockoutAfter: 3 });
    // A company name without digits: the codes are read out of mails that name the workspace.
    ws = await buildWorkspace(server, { companyName: 'Globex' });
  });
  afterAll(async () => server?.close());

  const post = (url: string, payload: object, ip = '10.9.0.1') =>
    server.request(ws.host, { method: 'POST', url: `/main-api${url}`, payload, remoteAddress: ip });
  const outbox = async (email: string) =>
    (
      await server.request('localhost', {
        method: 'GET',
        url: `/dev/outbox?format=json&to=${encodeURIComponent(email)}`,
      })
    ).json() as OutboxMessage[];
  const locked = async (email: string) =>
    (
      await server.db.query<{ locked: boolean }>(
        `SELECT (locked_until > now()) IS TRUE AS locked FROM users WHERE email = $1`,
        [email],
      )
    )[0].locked;

  it('locks an account at the third wrong code, not before, tells the admins so, and the right code no longer works', async () => {
    const { email } = await buildUser(server, ws);
    // From the owner's own address (it signed in there before): only such an address's failures lock.
    expect((await post('/api/user/signin', { userEmail: email, userPassword: PASSWORD })).statusCode).toBe(200);
    const { otpRequestId } = (await post('/api/user/signin-create-otp', { userEmail: email })).json();
    const code = /(\d{6})/.exec((await outbox(email))[0].body)![1];
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 2; i++) {
      expect(
        (await post('/api/user/signin-verify-otp', { userEmail: email, userOtp: wrong, otpRequestId })).statusCode,
      ).toBe(401);
    }
    expect(await locked(email)).toBe(false);
    expect(
      (await post('/api/user/signin-verify-otp', { userEmail: email, userOtp: wrong, otpRequestId })).statusCode,
    ).toBe(401);
    expect(await locked(email)).toBe(true);
    const notice = (await outbox(ws.admin.email)).find(
      (m) => m.subject === `An account was locked in ${ws.companyName}`,
    );
    expect(notice?.body).toContain(email);
    expect(notice?.body).toContain('after 3 wrong one-time codes in a row');
    // A fresh, right code does not sign a locked account in.
    const again = (await post('/api/user/signin-create-otp', { userEmail: email })).json();
    expect(
      (await post('/api/user/signin-verify-otp', { userEmail: email, userOtp: code, otpRequestId: again.otpRequestId }))
        .statusCode,
    ).toBe(401);
  });
});
