import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';

interface OutboxMessage {
  to: string;
  subject: string | null;
  body: string;
}

/** Deactivating a person voids every way back in: sessions, the open invitation, one-time and reset codes (issue 10, item 7). */
describe.each(DATABASES)('deactivation on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let hq: string;
  let ws: BuiltWorkspace;
  let ACME: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    // A company name without digits: the codes are read out of mails that name the workspace.
    ws = await buildWorkspace(server, { companyName: 'Acme' });
    ACME = ws.host;
    admin = await server.signIn(ACME, ws.admin.email);
    hq = ws.headquartersId;
  });
  afterAll(async () => server?.close());

  const api = (method: 'GET' | 'POST', url: string, token: string | undefined, payload?: object, ip = '10.7.0.1') =>
    server.request(ACME, { method, url: `/main-api${url}`, token, remoteAddress: ip, ...(payload ? { payload } : {}) });
  const latest = async (email: string) =>
    (
      (
        await server.request('localhost', {
          method: 'GET',
          url: `/dev/outbox?format=json&to=${encodeURIComponent(email)}`,
        })
      ).json() as OutboxMessage[]
    )[0]!;
  const person = async (email: string) =>
    (
      await server.db.query<{ id: string; status: string }>(`SELECT id, status FROM users WHERE email = $1`, [email])
    )[0]!;
  const setStatus = async (email: string, status: 'ACTIVE' | 'INACTIVE') => {
    const res = await api('POST', `/api/user/update/${(await person(email)).id}`, admin, { status });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('does not let a deactivated invitee reactivate themselves by claiming the invitation', async () => {
    const email = `gone@${ws.slug}-deactivation.test`;
    expect((await api('POST', `/api/invite/user/${hq}`, admin, { email, firstName: 'Gone' })).statusCode).toBe(200);
    const code = /\/invite\/([A-Za-z0-9_-]+)/.exec((await latest(email)).body)![1]!;
    await setStatus(email, 'INACTIVE');

    const claim = await api('POST', `/api/invite/claim/${code}`, undefined, {
      userNewPassword: 'amber kettle winter harbour',
    });
    expect(claim.statusCode).toBe(404);
    expect(await person(email)).toMatchObject({ status: 'INACTIVE' });
    expect(
      (await server.db.query(`SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1`, [email]))
        .length,
    ).toBe(0);

    // Reactivated, they are invited again: the old link stays dead, a new one works.
    expect((await setStatus(email, 'ACTIVE')).status).toBe('INVITED');
    expect((await api('POST', `/api/invite/claim/${code}`, undefined, {})).statusCode).toBe(404);
    expect((await api('GET', `/api/invite/resend/${hq}/${encodeURIComponent(email)}`, admin)).json()).toEqual({
      sent: 1,
    });
    const fresh = /\/invite\/([A-Za-z0-9_-]+)/.exec((await latest(email)).body)![1]!;
    const claimed = await api('POST', `/api/invite/claim/${fresh}`, undefined, {
      userNewPassword: 'amber kettle winter harbour',
    });
    expect(claimed.statusCode).toBe(200);
    expect(await person(email)).toMatchObject({ status: 'ACTIVE' });
  });

  it('voids a pending password reset and sign-in code: they do not work after reactivation', async () => {
    const { email } = await buildUser(server, ws);
    const reset = (await api('POST', '/api/user/forgot-password', undefined, { userEmail: email }, '10.7.0.2')).json();
    const resetCode = /\b(\d{6})\b/.exec((await latest(email)).body)![1]!;
    const signIn = (
      await api('POST', '/api/user/signin-create-otp', undefined, { userEmail: email }, '10.7.0.3')
    ).json();
    const signInCode = /\b(\d{6})\b/.exec((await latest(email)).body)![1]!;
    await setStatus(email, 'INACTIVE');
    await setStatus(email, 'ACTIVE');

    const reused = await api('POST', '/api/user/reset-password', undefined, {
      userEmail: email,
      confirmationCode: resetCode,
      otpRequestId: reset.otpRequestId,
      userNewPassword: 'amber kettle winter harbour',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fields).toHaveProperty('confirmationCode');
    const signedIn = await api('POST', '/api/user/signin-verify-otp', undefined, {
      userEmail: email,
      userOtp: signInCode,
      otpRequestId: signIn.otpRequestId,
    });
    expect(signedIn.statusCode).toBe(401);
  });
});
