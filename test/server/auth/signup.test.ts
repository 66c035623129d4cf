import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace, type BuiltUser, type BuiltWorkspace } from '../support/factories';

interface OutboxMessage {
  to: string;
  subject: string | null;
  body: string;
}

const STRONG = 'lantern orchard velvet comet';

describe.each(DATABASES)('sign-up with email confirmation on %s', (kind) => {
  let server: TestServer;
  let wsId: string;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  /** A confirmed person of the workspace, on its allow-list. */
  let employee: BuiltUser;
  let ip = 0;
  // Each test calls from its own address, so the per-address limit is tested only where meant.
  const nextIp = () => `10.9.0.${++ip}`;

  beforeAll(async () => {
    server = await startTestServer(kind);
    // A company name without digits: the codes are read out of mails that name the workspace.
    [ws, other] = [await buildWorkspace(server, { companyName: 'Acme' }), await buildWorkspace(server)];
    wsId = ws.id;
    employee = await buildUser(server, ws, { firstName: 'Esha' });
    await server.db.query(
      `INSERT INTO signup_allow_list (workspace_id, entry, kind) VALUES ($1, '@joiners.test', 'DOMAIN'), ($1, 'solo@elsewhere.test', 'EMAIL'), ($1, $2, 'EMAIL')`,
      [wsId, employee.email],
    );
  });
  afterAll(async () => server?.close());
  beforeEach(async () => {
    await server.db.query(`UPDATE workspaces SET bulk_signup_enabled = true, user_limit = NULL WHERE id = $1`, [wsId]);
  });

  const post = (url: string, payload: object, remoteAddress = nextIp(), host = ws.host) =>
    server.request(host, { method: 'POST', url: `/main-api${url}`, payload, remoteAddress });
  const signUp = (email: string, extra: object = {}, remoteAddress?: string) =>
    post(
      '/api/user/signup',
      { firstName: 'Nila', lastName: 'Joiner', userEmail: email, userPassword: STRONG, ...extra },
      remoteAddress,
    );
  const mails = async (email: string) =>
    (
      await server.request('localhost', {
        method: 'GET',
        url: `/dev/outbox?format=json&to=${encodeURIComponent(email)}`,
      })
    ).json() as OutboxMessage[];
  const linkCode = async (email: string) => {
    const [latest] = await mails(email);
    return /\/email-verify\/([A-Za-z0-9_-]+)/.exec(latest.body)![1];
  };
  const signIn = (email: string, password = STRONG) =>
    post('/api/user/signin', { userEmail: email, userPassword: password });
  const confirm = (code: string, host = ws.host) =>
    server.request(host, { method: 'GET', url: `/main-api/api/user/confirm-email/${code}` });

  it("holds a new password to the workspace's own minimum, not the platform's", async () => {
    const twelve = 'harbor kites'; // 12 characters: under the default 15
    expect((await signUp('short.pw@joiners.test', { userPassword: twelve })).json().fields.userPassword).toMatch(
      /at least 15 characters/,
    );
    await server.db.query(`UPDATE workspaces SET min_password_length = 10 WHERE id = $1`, [wsId]);
    try {
      expect((await signUp('short.pw@joiners.test', { userPassword: twelve })).statusCode).toBe(202);
    } finally {
      await server.db.query(`UPDATE workspaces SET min_password_length = 15 WHERE id = $1`, [wsId]);
    }
  });

  it('creates an unconfirmed employee in the headquarters, mails a link, and lets them in only once confirmed', async () => {
    const res = await signUp('nila@joiners.test');
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toMatch(/check your email/i);
    const [user] = await server.db.query<{
      role: string;
      status: string;
      email_confirmed: boolean;
      hq: boolean;
      first_name: string;
    }>(
      `SELECT u.role, u.status, u.email_confirmed, b.headquarter AS hq, u.first_name FROM users u JOIN branches b ON b.id = u.branch_id WHERE u.email = 'nila@joiners.test'`,
    );
    expect(user).toEqual({ role: 'EMPLOYEE', status: 'ACTIVE', email_confirmed: false, hq: true, first_name: 'Nila' });

    const before = await signIn('nila@joiners.test');
    expect(before.statusCode).toBe(403);
    expect(before.json()).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED' });
    expect(before.json().message).toMatch(/confirm your email/i);
    // A wrong password says only what it says for anyone.
    const wrong = await signIn('nila@joiners.test', 'not the password at all!');
    expect(wrong.statusCode).toBe(401);

    // Nor does the main site's workspace finder take it.
    const finder = await post(
      '/api/user/signin',
      { userEmail: 'nila@joiners.test', userPassword: STRONG },
      nextIp(),
      'localhost',
    );
    expect(finder.statusCode).toBe(401);

    const code = await linkCode('nila@joiners.test');
    expect(code.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    const stored = await server.db.query<{ code_hash: string }>(`SELECT code_hash FROM email_confirmations`);
    expect(stored.map((s) => s.code_hash)).not.toContain(code);

    // The admins' directory marks the person as waiting for the confirmation, until it comes.
    const admin = await server.signIn(ws.host, ws.admin.email);
    const inDirectory = async () =>
      (
        await server.request(ws.host, {
          method: 'POST',
          url: '/main-api/api/workspace/users/search',
          token: admin,
          payload: { searchText: 'nila@joiners', page: 0, pageSize: 20 },
        })
      ).json().items[0].emailConfirmed;
    expect(await inDirectory()).toBe(false);

    const ok = await confirm(code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, email: 'nila@joiners.test' });
    expect(await inDirectory()).toBe(true);
    expect((await signIn('nila@joiners.test')).statusCode).toBe(200);

    const again = await confirm(code);
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('CONFIRMATION_USED');

    const events = await server.db.query<{ action: string }>(
      `SELECT a.action FROM audit_events a JOIN users u ON u.id::text = a.target WHERE u.email = 'nila@joiners.test' ORDER BY a.id`,
    );
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['USER_SIGNED_UP', 'EMAIL_CONFIRMED']));
  });

  it('refuses where the workspace has sign-up off, and an email that is not on the allow-list, saying why', async () => {
    const notListed = await signUp('someone@random.test');
    expect(notListed.statusCode).toBe(403);
    expect(notListed.json()).toMatchObject({ code: 'SIGN_UP_NOT_ALLOWED', fields: { userEmail: expect.any(String) } });
    // A subdomain is not the domain.
    expect((await signUp('x@sub.joiners.test')).statusCode).toBe(403);
    await server.db.query(`UPDATE workspaces SET bulk_signup_enabled = false WHERE id = $1`, [wsId]);
    const closed = await signUp('closed@joiners.test');
    expect(closed.statusCode).toBe(403);
    expect(closed.json().code).toBe('SIGN_UP_CLOSED');
    const created = await server.db.query(
      `SELECT 1 FROM users WHERE email IN ('someone@random.test', 'closed@joiners.test', 'x@sub.joiners.test')`,
    );
    expect(created).toEqual([]);
  });

  it('holds the password rules and names the fields', async () => {
    const short = await signUp('short@joiners.test', { userPassword: 'tooshort' });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.userPassword).toMatch(/15/);
    const context = await signUp('context@joiners.test', { userPassword: 'joinerjoinerjoiner nila' });
    expect(context.statusCode).toBe(400);
    expect(context.json().fields).toHaveProperty('userPassword');
    const common = await signUp('common@joiners.test', { userPassword: 'correcthorsebatterystaple' });
    expect(common.statusCode).toBe(400);
    const badEmail = await signUp('not-an-email');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fields).toHaveProperty('userEmail');
    const missing = await post('/api/user/signup', {
      firstName: 'A',
      userEmail: 'a@joiners.test',
      userPassword: STRONG,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('lastName');
    const extra = await signUp('extra@joiners.test', { role: 'WORKSPACE_ADMIN' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fields).toHaveProperty('role');
  });

  it('answers an existing account exactly like a new one, and mails the owner a sign-in notice instead', async () => {
    const existing = await signUp(employee.email);
    const fresh = await signUp('solo@elsewhere.test');
    expect(existing.statusCode).toBe(202);
    expect(existing.body).toBe(fresh.body);
    const [notice] = await mails(employee.email);
    expect(notice.subject).toMatch(/already have/i);
    expect(notice.body).toMatch(/\/signin/);
    // The existing account is untouched: its password still works.
    expect((await signIn(employee.email, undefined)).statusCode).not.toBe(403);
    const [{ first_name }] = await server.db.query<{ first_name: string }>(
      `SELECT first_name FROM users WHERE email = $1`,
      [employee.email],
    );
    expect(first_name).toBe('Esha');
  });

  it('refuses a sign-up past the user limit with a 409 naming it, known email or not', async () => {
    const [{ n }] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE workspace_id = $1`,
      [wsId],
    );
    await server.db.query(`UPDATE workspaces SET user_limit = $2 WHERE id = $1`, [wsId, n]);
    const full = await signUp('late@joiners.test');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'USER_LIMIT' });
    expect(full.json().message).toContain(String(n));
    const known = await signUp(employee.email);
    expect(known.statusCode).toBe(409);
    expect((await server.db.query(`SELECT 1 FROM users WHERE email = 'late@joiners.test'`)).length).toBe(0);
  });

  it('resends a link that replaces the old one, answers the same for anyone, and is rate-limited', async () => {
    await signUp('resend@joiners.test');
    const first = await linkCode('resend@joiners.test');
    const address = nextIp();
    const resent = await post('/api/user/resend/confirmation-email', { userEmail: 'resend@joiners.test' }, address);
    const unknown = await post('/api/user/resend/confirmation-email', { userEmail: 'ghost@joiners.test' }, address);
    const confirmed = await post('/api/user/resend/confirmation-email', { userEmail: employee.email }, address);
    expect(resent.statusCode).toBe(202);
    expect(unknown.body).toBe(resent.body);
    expect(confirmed.body).toBe(resent.body);
    expect(await mails('ghost@joiners.test')).toEqual([]);
    const second = await linkCode('resend@joiners.test');
    expect(second).not.toBe(first);
    const old = await confirm(first);
    expect(old.statusCode).toBe(410);
    expect(old.json().code).toBe('CONFIRMATION_EXPIRED');
    expect((await confirm(second)).statusCode).toBe(200);

    let last = resent;
    for (let i = 0; i < 6; i++)
      last = await post('/api/user/resend/confirmation-email', { userEmail: 'limit@joiners.test' }, nextIp());
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
  });

  it('expires a link after 24 hours, and a resend then works', async () => {
    await signUp('late-click@joiners.test');
    const code = await linkCode('late-click@joiners.test');
    await server.db.query(
      `UPDATE email_confirmations SET expires_at = now() - interval '1 minute' WHERE user_id = (SELECT id FROM users WHERE email = 'late-click@joiners.test')`,
    );
    const res = await confirm(code);
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('CONFIRMATION_EXPIRED');
    await post('/api/user/resend/confirmation-email', { userEmail: 'late-click@joiners.test' });
    expect((await confirm(await linkCode('late-click@joiners.test'))).statusCode).toBe(200);
  });

  it('keeps links to their workspace: another host answers 404, a made-up code 404, a malformed one 400', async () => {
    await signUp('tenant@joiners.test');
    const code = await linkCode('tenant@joiners.test');
    expect((await confirm(code, other.host)).statusCode).toBe(404);
    expect((await confirm('A'.repeat(43))).statusCode).toBe(404);
    const malformed = await confirm('bad!code');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toHaveProperty('code');
    // The main site has no workspace to sign up to.
    const main = await post(
      '/api/user/signup',
      { firstName: 'A', lastName: 'B', userEmail: 'a@joiners.test', userPassword: STRONG },
      nextIp(),
      'localhost',
    );
    expect(main.statusCode).toBe(404);
    expect((await confirm(code)).statusCode).toBe(200);
  });

  it('confirms the email of an unconfirmed account signed in by an emailed code', async () => {
    await signUp('by-code@joiners.test');
    const sent = await post('/api/user/signin-create-otp', { userEmail: 'by-code@joiners.test' });
    const [message] = await mails('by-code@joiners.test');
    const otp = /(\d{6})/.exec(message.body)![1];
    const res = await post('/api/user/signin-verify-otp', {
      userEmail: 'by-code@joiners.test',
      userOtp: otp,
      otpRequestId: sent.json().otpRequestId,
    });
    expect(res.statusCode).toBe(200);
    expect((await signIn('by-code@joiners.test')).statusCode).toBe(200);
  });

  it('confirms the email of an unconfirmed account that resets its password with the emailed code', async () => {
    await signUp('by-reset@joiners.test');
    const sent = await post('/api/user/forgot-password', { userEmail: 'by-reset@joiners.test' });
    const [message] = await mails('by-reset@joiners.test');
    const code = /(\d{6})/.exec(message.body)![1];
    const fresh = 'harbour quilt saffron meteor';
    const reset = await post('/api/user/reset-password', {
      userEmail: 'by-reset@joiners.test',
      confirmationCode: code,
      otpRequestId: sent.json().otpRequestId,
      userNewPassword: fresh,
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn('by-reset@joiners.test', fresh)).statusCode).toBe(200);
  });
});
