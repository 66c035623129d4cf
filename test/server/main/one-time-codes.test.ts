import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, PASSWORD, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace, givePhoneNumber, type BuiltUser, type BuiltWorkspace } from '../support/factories';

interface OutboxMessage {
  to: string;
  subject: string | null;
  body: string;
}

describe.each(DATABASES)('one-time codes and password reset on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  /** The workspace's people, by role, and two more whose accounts a test locks or spends. */
  const email = { admin: '', employer: '', buadmin: '', employee: '', locked: '', spent: '' };
  beforeAll(async () => {
    server = await startTestServer(kind);
    // A company name without digits: the codes are read out of mails that name the workspace.
    ws = await buildWorkspace(server, { companyName: 'Acme' });
    email.admin = ws.admin.email;
    email.employer = (await buildUser(server, ws, { role: 'EMPLOYER', firstName: 'Emil' })).email;
    email.buadmin = (await buildUser(server, ws, { role: 'BRANCH_ADMIN' })).email;
    email.employee = (await buildUser(server, ws)).email;
    email.locked = (await buildUser(server, ws, { firstName: 'Aarav' })).email;
    email.spent = (await buildUser(server, ws, { firstName: 'Priya' })).email;
  });
  afterAll(async () => server?.close());

  const post = (url: string, payload: object, ip = '10.0.0.1') =>
    server.request(ws.host, { method: 'POST', url: `/main-api${url}`, payload, remoteAddress: ip });
  const latestCode = async (to: string) => {
    const res = await server.request('localhost', {
      method: 'GET',
      url: `/dev/outbox?format=json&to=${encodeURIComponent(to)}`,
    });
    const [message] = res.json() as OutboxMessage[];
    return /(\d{6})/.exec(message.body)![1];
  };

  it('signs in with an emailed code, once', async () => {
    const sent = await post('/api/user/signin-create-otp', { userEmail: email.employee });
    expect(sent.statusCode).toBe(200);
    const { otpRequestId } = sent.json();
    const code = await latestCode(email.employee);
    const ok = await post('/api/user/signin-verify-otp', {
      userEmail: email.employee,
      userOtp: code,
      otpRequestId,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(email.employee);
    const again = await post('/api/user/signin-verify-otp', {
      userEmail: email.employee,
      userOtp: code,
      otpRequestId,
    });
    expect(again.statusCode).toBe(401);
  });

  it('answers an unknown account exactly like a known one, and sends nothing', async () => {
    const unknown = await post('/api/user/signin-create-otp', { userEmail: `nobody@${ws.slug}.test` }, '10.0.0.2');
    const known = await post('/api/user/signin-create-otp', { userEmail: email.employer }, '10.0.0.2');
    expect(unknown.statusCode).toBe(200);
    expect(Object.keys(unknown.json()).sort()).toEqual(Object.keys(known.json()).sort());
    const outbox = await server.request('localhost', {
      method: 'GET',
      url: `/dev/outbox?format=json&to=${encodeURIComponent(`nobody@${ws.slug}.test`)}`,
    });
    expect(outbox.json()).toEqual([]);
  });

  it('binds a code to its request, and a new code supersedes the old one', async () => {
    const first = (await post('/api/user/signin-create-otp', { userEmail: email.buadmin }, '10.0.0.3')).json();
    const firstCode = await latestCode(email.buadmin);
    const second = (await post('/api/user/signin-create-otp', { userEmail: email.buadmin }, '10.0.0.3')).json();
    const secondCode = await latestCode(email.buadmin);
    const old = await post('/api/user/signin-verify-otp', {
      userEmail: email.buadmin,
      userOtp: firstCode,
      otpRequestId: first.otpRequestId,
    });
    expect(old.statusCode).toBe(401);
    const crossed = await post('/api/user/signin-verify-otp', {
      userEmail: email.buadmin,
      userOtp: secondCode,
      otpRequestId: first.otpRequestId,
    });
    expect(crossed.statusCode).toBe(401);
    const right = await post('/api/user/signin-verify-otp', {
      userEmail: email.buadmin,
      userOtp: secondCode,
      otpRequestId: second.otpRequestId,
    });
    expect(right.statusCode).toBe(200);
  });

  it('burns a code after 5 wrong tries, even for the right code afterwards', async () => {
    const { otpRequestId } = (await post('/api/user/signin-create-otp', { userEmail: email.admin }, '10.0.0.4')).json();
    const code = await latestCode(email.admin);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/api/user/signin-verify-otp', { userEmail: email.admin, userOtp: wrong, otpRequestId }))
          .statusCode,
      ).toBe(401);
    }
    expect(
      (await post('/api/user/signin-verify-otp', { userEmail: email.admin, userOtp: code, otpRequestId })).statusCode,
    ).toBe(401);
  });

  it('refuses an expired code', async () => {
    const { otpRequestId } = (
      await post('/api/user/signin-create-otp', { userEmail: email.employer }, '10.0.0.5')
    ).json();
    const code = await latestCode(email.employer);
    await server.db.query(`UPDATE one_time_codes SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      otpRequestId,
    ]);
    expect(
      (await post('/api/user/signin-verify-otp', { userEmail: email.employer, userOtp: code, otpRequestId }))
        .statusCode,
    ).toBe(401);
  });

  it('locks the account at 100 consecutive failures, a re-send does not reset the count, and admins are told', async () => {
    await server.db.query(`UPDATE users SET code_failures = 98 WHERE email = $1`, [email.locked]);
    // The owner's own address (it signed in from there): only such an address's failures lock.
    expect((await post('/api/user/signin', { userEmail: email.locked, userPassword: PASSWORD })).statusCode).toBe(200);
    const first = (await post('/api/user/signin-create-otp', { userEmail: email.locked }, '10.0.0.6')).json();
    expect(
      (
        await post('/api/user/signin-verify-otp', {
          userEmail: email.locked,
          userOtp: '999999',
          otpRequestId: first.otpRequestId,
        })
      ).statusCode,
    ).toBe(401);
    // A new code: the failure count goes on from 99.
    const second = (await post('/api/user/signin-create-otp', { userEmail: email.locked }, '10.0.0.6')).json();
    const code = await latestCode(email.locked);
    const wrong = code === '999999' ? '888888' : '999999';
    expect(
      (
        await post('/api/user/signin-verify-otp', {
          userEmail: email.locked,
          userOtp: wrong,
          otpRequestId: second.otpRequestId,
        })
      ).statusCode,
    ).toBe(401);
    const [row] = await server.db.query<{ locked: boolean }>(
      `SELECT locked_at IS NOT NULL AS locked FROM users WHERE email = $1`,
      [email.locked],
    );
    expect(row.locked).toBe(true);
    // Locked: even a fresh right code does not work, and the workspace admin got a mail.
    const third = (await post('/api/user/signin-create-otp', { userEmail: email.locked }, '10.0.0.6')).json();
    expect(
      (
        await post('/api/user/signin-verify-otp', {
          userEmail: email.locked,
          userOtp: code,
          otpRequestId: third.otpRequestId,
        })
      ).statusCode,
    ).toBe(401);
    const adminMail = (
      await server.request('localhost', {
        method: 'GET',
        url: `/dev/outbox?format=json&to=${encodeURIComponent(ws.admin.email)}`,
      })
    ).json() as OutboxMessage[];
    expect(
      adminMail.some(
        (m) => m.subject === `An account was locked in ${ws.companyName}` && m.body.includes(email.locked),
      ),
    ).toBe(true);
  });

  it('rate-limits code requests per account and address with 429 and Retry-After', async () => {
    const ask = () => post('/api/user/signin-create-otp', { userEmail: `limited@${ws.slug}.test` }, '10.0.0.7');
    for (let i = 0; i < 5; i++) expect((await ask()).statusCode).toBe(200);
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("a stranger's five code requests do not block the owner's own request from the owner's address", async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (await post('/api/user/signin-create-otp', { userEmail: email.buadmin }, '198.51.100.66')).statusCode,
      ).toBe(200);
    expect((await post('/api/user/signin-create-otp', { userEmail: email.buadmin }, '198.51.100.66')).statusCode).toBe(
      429,
    );
    const own = await post('/api/user/signin-create-otp', { userEmail: email.buadmin }, '10.0.0.8');
    expect(own.statusCode).toBe(200);
    expect(
      (
        await post(
          '/api/user/signin-verify-otp',
          { userEmail: email.buadmin, userOtp: await latestCode(email.buadmin), otpRequestId: own.json().otpRequestId },
          '10.0.0.8',
        )
      ).statusCode,
    ).toBe(200);
  });

  it('strangers spending the account-wide allowance of code requests (20 an hour) do not hold an address the owner signed in from', async () => {
    expect(
      (await post('/api/user/signin', { userEmail: email.spent, userPassword: PASSWORD }, '10.0.0.9')).statusCode,
    ).toBe(200);
    for (let a = 0; a < 4; a++) {
      for (let i = 0; i < 5; i++)
        expect(
          (await post('/api/user/signin-create-otp', { userEmail: email.spent }, `198.51.101.${a}`)).statusCode,
        ).toBe(200);
    }
    const stranger = await post('/api/user/signin-create-otp', { userEmail: email.spent }, '198.51.101.99');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toMatch(/code requests for this account/);
    const own = await post('/api/user/signin-create-otp', { userEmail: email.spent }, '10.0.0.9');
    expect(own.statusCode).toBe(200);
    expect(
      (
        await post(
          '/api/user/signin-verify-otp',
          { userEmail: email.spent, userOtp: await latestCode(email.spent), otpRequestId: own.json().otpRequestId },
          '10.0.0.9',
        )
      ).statusCode,
    ).toBe(200);
  });

  it('resets a forgotten password with the emailed code and ends every session', async () => {
    const before = await server.signIn(ws.host, email.employer);
    const { otpRequestId } = (
      await post('/api/user/forgot-password', { userEmail: email.employer }, '10.0.0.8')
    ).json();
    const code = await latestCode(email.employer);
    const weak = await post('/api/user/reset-password', {
      userEmail: email.employer,
      confirmationCode: code,
      otpRequestId,
      userNewPassword: 'password',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.userNewPassword).toContain('at least 15 characters');
    const contextual = await post('/api/user/reset-password', {
      userEmail: email.employer,
      confirmationCode: code,
      otpRequestId,
      userNewPassword: 'Emil-emil-emil-1',
    });
    expect(contextual.statusCode).toBe(400);
    const newPassword = 'violet lantern orbit meadow';
    const done = await post('/api/user/reset-password', {
      userEmail: email.employer,
      confirmationCode: code,
      otpRequestId,
      userNewPassword: newPassword,
    });
    expect(done.statusCode).toBe(200);
    expect(
      (await server.request(ws.host, { method: 'GET', url: '/main-api/api/user/details', token: before })).statusCode,
    ).toBe(401);
    expect(await server.signIn(ws.host, email.employer, newPassword)).toBeTruthy();
    const old = await server.request(ws.host, {
      method: 'POST',
      url: '/main-api/api/user/signin',
      payload: { userEmail: email.employer, userPassword: PASSWORD },
    });
    expect(old.statusCode).toBe(401);
  });

  it('refuses a reset with a wrong code, naming the field', async () => {
    const { otpRequestId } = (
      await post('/api/user/forgot-password', { userEmail: email.employee }, '10.0.0.9')
    ).json();
    const res = await post('/api/user/reset-password', {
      userEmail: email.employee,
      confirmationCode: '123456',
      otpRequestId,
      userNewPassword: 'amber kettle winter harbour',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('confirmationCode');
  });

  it('keeps codes to workspaces: none on the main site', async () => {
    const res = await server.request('localhost', {
      method: 'POST',
      url: '/main-api/api/user/signin-create-otp',
      payload: { userEmail: email.admin },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe.each(DATABASES)('SMS codes on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let employee: BuiltUser;
  let employer: BuiltUser;
  /** The employee's mobile number as stored on their profile, and its digits. */
  let stored: string;
  let digits: string;
  let employerPhone: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    // A company name without digits: the codes are read out of mails that name the workspace.
    ws = await buildWorkspace(server, { companyName: 'Acme' });
    employee = await buildUser(server, ws);
    employer = await buildUser(server, ws, { role: 'EMPLOYER' });
    digits = String(randomInt(0, 100_000_000)).padStart(8, '0');
    stored = await givePhoneNumber(server, ws, employee, `+91 98${digits.slice(0, 3)} ${digits.slice(3)}`);
    employerPhone = await givePhoneNumber(server, ws, employer);
  });
  afterAll(async () => server?.close());

  const post = (url: string, payload: object, ip = '10.1.0.1') =>
    server.request(ws.host, { method: 'POST', url: `/main-api${url}`, payload, remoteAddress: ip });
  const latestSms = async (to: string) => {
    const res = await server.request('localhost', {
      method: 'GET',
      url: `/dev/outbox?format=json&to=${encodeURIComponent(to)}`,
    });
    const [message] = res.json() as OutboxMessage[];
    return /(\d{6})/.exec(message.body)![1];
  };

  it("sends a code only to a number already on a user's profile, however it is typed", async () => {
    const sent = await post('/api/user/signin-create-sms-otp', {
      contactNumber: `+91 98${digits.slice(0, 3)}-${digits.slice(3)}`,
    });
    expect(sent.statusCode).toBe(200);
    const code = await latestSms(stored);
    const ok = await post('/api/user/signin-verify-sms-otp', {
      contactNumber: `+9198${digits}`,
      userOtp: code,
      otpRequestId: sent.json().otpRequestId,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email).toBe(employee.email);
  });

  it('answers an unknown number like a known one, and texts nobody', async () => {
    const res = await post('/api/user/signin-create-sms-otp', { contactNumber: '+1 416 555 0199' }, '10.1.0.2');
    expect(res.statusCode).toBe(200);
    const outbox = await server.request('localhost', {
      method: 'GET',
      url: '/dev/outbox?format=json&to=%2B1%20416%20555%200199',
    });
    expect(outbox.json()).toEqual([]);
  });

  it('names a malformed number', async () => {
    const res = await post('/api/user/signin-create-sms-otp', { contactNumber: 'call me maybe' }, '10.1.0.3');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('contactNumber');
  });

  it('does not accept an email code for SMS sign-in', async () => {
    const email = (await post('/api/user/signin-create-otp', { userEmail: employer.email }, '10.1.0.4')).json();
    const res = await server.request('localhost', {
      method: 'GET',
      url: `/dev/outbox?format=json&to=${encodeURIComponent(employer.email)}`,
    });
    const code = /(\d{6})/.exec((res.json() as OutboxMessage[])[0].body)![1];
    const crossed = await post(
      '/api/user/signin-verify-sms-otp',
      { contactNumber: employerPhone, userOtp: code, otpRequestId: email.otpRequestId },
      '10.1.0.4',
    );
    expect(crossed.statusCode).toBe(401);
  });
});
