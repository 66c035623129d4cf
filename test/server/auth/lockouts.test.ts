import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, PASSWORD, startTestServer, testPasswords, type TestServer } from '../support/test-app';
import {
  buildPlatformOperator,
  buildUser,
  buildWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

interface OutboxMessage {
  to: string;
  subject: string | null;
  body: string;
}

/** Counts the password hasher's work (the app shares this object with the test). */
const work = { hash: 0, verify: 0 };
const { hash, verify, verifyNothing } = testPasswords;
testPasswords.hash = (password) => (work.hash++, hash(password));
testPasswords.verify = (hashed, password) => (work.verify++, verify(hashed, password));
testPasswords.verifyNothing = (password) => (work.verify++, verifyNothing(password));

/** Issue 10, security 2, 3, 9 and 10: lock-outs nobody else can cause, limits that are not a denial of service. */
describe.each(DATABASES)('lock-outs and limits on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let block = 0;
  /** A fresh /24 of addresses per test, so one test's counts never reach another's. */
  const addresses = () => {
    const b = ++block;
    return (n: number) => `10.${50 + b}.0.${n}`;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    // A company name without digits: the codes are read out of mails that name the workspace.
    [ws, other] = [await buildWorkspace(server, { companyName: 'Acme' }), await buildWorkspace(server)];
  });
  afterAll(async () => server?.close());

  const post = (url: string, payload: object, remoteAddress: string, host = ws.host) =>
    server.request(host, { method: 'POST', url: `/main-api${url}`, payload, remoteAddress });
  const signIn = (email: string, password: string, remoteAddress: string, host = ws.host) =>
    post('/api/user/signin', { userEmail: email, userPassword: password }, remoteAddress, host);
  const mails = async (email: string) =>
    (
      await server.request('localhost', {
        method: 'GET',
        url: `/dev/outbox?format=json&to=${encodeURIComponent(email)}`,
      })
    ).json() as OutboxMessage[];
  /** A person of the test's workspace, of their own: no test locks or limits an account another test signs in with. */
  const newUser = async (name: string) =>
    (await buildUser(server, ws, { email: `${name}@${ws.slug}.test`, firstName: 'Lee', lastName: 'Locke' })).email;
  const at = (name: string) => `${name}@${ws.slug}.test`;
  const lockState = async (email: string) =>
    (
      await server.db.query<{ locked: boolean; code_failures: number }>(
        `SELECT (locked_until > now()) IS TRUE AS locked, code_failures FROM users WHERE email = $1`,
        [email],
      )
    )[0];
  /** Locks an account the way wrong codes from an address it uses do: the 100th wrong code at its live code. */
  const lock = async (email: string, at: string) => {
    expect((await signIn(email, PASSWORD, at)).statusCode).toBe(200);
    await server.db.query(`UPDATE users SET code_failures = 99 WHERE email = $1`, [email]);
    const { otpRequestId } = (await post('/api/user/signin-create-otp', { userEmail: email }, at)).json();
    const [mail] = await mails(email);
    const code = /(\d{6})/.exec(mail!.body)![1];
    const wrong = code === '999999' ? '888888' : '999999';
    expect(
      (await post('/api/user/signin-verify-otp', { userEmail: email, userOtp: wrong, otpRequestId }, at)).statusCode,
    ).toBe(401);
    expect((await lockState(email)).locked).toBe(true);
  };

  describe('password sign-in (security 3)', () => {
    it("lets the owner in after a stranger's wrong passwords from five addresses", async () => {
      const ip = addresses();
      const email = await newUser('five.strangers');
      for (let i = 1; i <= 5; i++) expect((await signIn(email, 'not the password at all', ip(i))).statusCode).toBe(401);
      expect((await signIn(email, PASSWORD, ip(100))).statusCode).toBe(200);
    });

    it('holds the strict limit for one account from one address: 5 failures, then 429 even for the right password', async () => {
      const ip = addresses();
      const email = await newUser('one.place');
      for (let i = 0; i < 5; i++) expect((await signIn(email, 'not the password at all', ip(1))).statusCode).toBe(401);
      const refused = await signIn(email, PASSWORD, ip(1));
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
      // Another address of the owner is not held by this one's failures.
      expect((await signIn(email, PASSWORD, ip(2))).statusCode).toBe(200);
    });

    it('caps failures on one account from many addresses (50 an hour) without shutting out an address that signed in before', async () => {
      const ip = addresses();
      const email = await newUser('many.strangers');
      expect((await signIn(email, PASSWORD, ip(200))).statusCode).toBe(200);
      for (let a = 1; a <= 10; a++) {
        for (let i = 0; i < 5; i++)
          expect((await signIn(email, 'not the password at all', ip(a))).statusCode).toBe(401);
      }
      const stranger = await signIn(email, PASSWORD, ip(150));
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json().message).toMatch(/failed attempts on this account/);
      expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(3000);
      expect((await signIn(email, PASSWORD, ip(200))).statusCode).toBe(200);
    });
  });

  describe('one-time codes (security 2)', () => {
    it('does not count wrong codes against a request id that was never issued towards the lock', async () => {
      const ip = addresses();
      const email = await newUser('random.ids');
      await server.db.query(`UPDATE users SET code_failures = 99 WHERE email = $1`, [email]);
      for (let i = 1; i <= 3; i++) {
        const res = await post(
          '/api/user/signin-verify-otp',
          { userEmail: email, userOtp: '123456', otpRequestId: randomUUID() },
          ip(i),
        );
        expect(res.statusCode).toBe(401);
      }
      expect(await lockState(email)).toEqual({ locked: false, code_failures: 99 });
    });

    it('rate-limits wrong codes per account and address (20 in 15 minutes) with 429 and Retry-After; other addresses are not held', async () => {
      const ip = addresses();
      const email = await newUser('limited.codes');
      const guess = (n: number) =>
        post('/api/user/signin-verify-otp', { userEmail: email, userOtp: '123456', otpRequestId: randomUUID() }, ip(n));
      for (let i = 1; i <= 20; i++) expect((await guess(1)).statusCode).toBe(401);
      const limited = await guess(1);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await guess(2)).statusCode).toBe(401);
      // The same answer for an account that does not exist: the limit tells nothing.
      for (let i = 1; i <= 20; i++) {
        await post(
          '/api/user/signin-verify-otp',
          { userEmail: at('ghost'), userOtp: '123456', otpRequestId: randomUUID() },
          ip(100),
        );
      }
      expect(
        (
          await post(
            '/api/user/signin-verify-otp',
            { userEmail: at('ghost'), userOtp: '123456', otpRequestId: randomUUID() },
            ip(100),
          )
        ).statusCode,
      ).toBe(429);
    });

    it('wrong codes against a superseded or expired request id count for nothing: the owner’s new code signs in', async () => {
      const ip = addresses();
      const email = await newUser('superseded.codes');
      await server.db.query(`UPDATE users SET code_failures = 99 WHERE email = $1`, [email]);
      // A stranger asks for a code (the owner is mailed it, the stranger keeps its id), then the owner asks for a new one.
      const old = (await post('/api/user/signin-create-otp', { userEmail: email }, ip(1))).json()
        .otpRequestId as string;
      const own = (await post('/api/user/signin-create-otp', { userEmail: email }, ip(200))).json()
        .otpRequestId as string;
      const code = /(\d{6})/.exec((await mails(email))[0]!.body)![1];
      // Sixty wrong codes at the superseded id from three addresses: as many as the old per-account limit allowed three times over.
      for (let a = 1; a <= 3; a++) {
        for (let i = 0; i < 20; i++) {
          expect(
            (
              await post(
                '/api/user/signin-verify-otp',
                { userEmail: email, userOtp: '000000', otpRequestId: old },
                ip(a),
              )
            ).statusCode,
          ).toBe(401);
        }
      }
      expect(await lockState(email)).toEqual({ locked: false, code_failures: 99 });
      // From a fourth address the owner has never used either: no account-wide limit was touched.
      expect(
        (await post('/api/user/signin-verify-otp', { userEmail: email, userOtp: code, otpRequestId: own }, ip(250)))
          .statusCode,
      ).toBe(200);
    });

    it('wrong codes from addresses the account has not used cannot lock it, even at its live code', async () => {
      const ip = addresses();
      const email = await newUser('foreign.guesses');
      await server.db.query(`UPDATE users SET code_failures = 99 WHERE email = $1`, [email]);
      for (let a = 1; a <= 3; a++) {
        // Each stranger asks for a live code and spends all its tries on it.
        const { otpRequestId } = (await post('/api/user/signin-create-otp', { userEmail: email }, ip(a))).json();
        const code = /(\d{6})/.exec((await mails(email))[0]!.body)![1];
        const wrong = code === '999999' ? '888888' : '999999';
        for (let i = 0; i < 5; i++)
          expect(
            (await post('/api/user/signin-verify-otp', { userEmail: email, userOtp: wrong, otpRequestId }, ip(a)))
              .statusCode,
          ).toBe(401);
      }
      expect(await lockState(email)).toEqual({ locked: false, code_failures: 99 });
      // No session of the owner was revoked, and the owner still signs in with a code.
      const { otpRequestId } = (await post('/api/user/signin-create-otp', { userEmail: email }, ip(200))).json();
      const code = /(\d{6})/.exec((await mails(email))[0]!.body)![1];
      expect(
        (await post('/api/user/signin-verify-otp', { userEmail: email, userOtp: code, otpRequestId }, ip(200)))
          .statusCode,
      ).toBe(200);
    });

    it('caps guesses at live codes from many addresses (50 an hour) without holding an address the owner signed in from', async () => {
      const ip = addresses();
      const email = await newUser('many.guessers');
      expect((await signIn(email, PASSWORD, ip(200))).statusCode).toBe(200);
      for (let a = 1; a <= 10; a++) {
        const { otpRequestId } = (await post('/api/user/signin-create-otp', { userEmail: email }, ip(a))).json();
        const code = /(\d{6})/.exec((await mails(email))[0]!.body)![1];
        const wrong = code === '999999' ? '888888' : '999999';
        for (let i = 0; i < 5; i++)
          expect(
            (await post('/api/user/signin-verify-otp', { userEmail: email, userOtp: wrong, otpRequestId }, ip(a)))
              .statusCode,
          ).toBe(401);
      }
      const stranger = await post(
        '/api/user/signin-verify-otp',
        { userEmail: email, userOtp: '123456', otpRequestId: randomUUID() },
        ip(150),
      );
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json().message).toMatch(/wrong codes for this account/);
      const { otpRequestId } = (await post('/api/user/signin-create-otp', { userEmail: email }, ip(200))).json();
      const code = /(\d{6})/.exec((await mails(email))[0]!.body)![1];
      expect(
        (await post('/api/user/signin-verify-otp', { userEmail: email, userOtp: code, otpRequestId }, ip(200)))
          .statusCode,
      ).toBe(200);
    });

    it('rate-limits wrong codes per address (30 in 15 minutes, whatever the account)', async () => {
      const ip = addresses();
      for (let i = 1; i <= 30; i++) {
        const res = await post(
          '/api/user/signin-verify-otp',
          { userEmail: at(`spray${i}`), userOtp: '123456', otpRequestId: randomUUID() },
          ip(1),
        );
        expect(res.statusCode).toBe(401);
      }
      const limited = await post(
        '/api/user/signin-verify-otp',
        { userEmail: at('spray99'), userOtp: '123456', otpRequestId: randomUUID() },
        ip(1),
      );
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    });

    it('locks for an hour, tells the admins how it ends, and the lock ends by itself', async () => {
      const ip = addresses();
      const email = await newUser('temporary.lock');
      await lock(email, ip(1));
      const [row] = await server.db.query<{ minutes: number }>(
        `SELECT round(extract(epoch FROM locked_until - now()) / 60)::int AS minutes FROM users WHERE email = $1`,
        [email],
      );
      expect(row!.minutes).toBe(60);
      const notice = (await mails(ws.admin.email)).find(
        (m) => m.subject === `An account was locked in ${ws.companyName}` && m.body.includes(email),
      );
      expect(notice!.body).toMatch(/until \d+ \w+ \d{4} at \d\d:\d\d [ap]m IST, when the lock ends by itself/);
      expect(notice!.body).toContain('choose "Unlock account"');
      // An hour later (moved back here), a code signs in again.
      await server.db.query(`UPDATE users SET locked_until = now() - interval '1 second' WHERE email = $1`, [email]);
      const { otpRequestId } = (await post('/api/user/signin-create-otp', { userEmail: email }, ip(2))).json();
      const code = /(\d{6})/.exec((await mails(email))[0]!.body)![1];
      expect(
        (await post('/api/user/signin-verify-otp', { userEmail: email, userOtp: code, otpRequestId }, ip(2)))
          .statusCode,
      ).toBe(200);
    });

    it('answers a code request or a forgotten password of a locked account as any other, and mails the owner why no code comes', async () => {
      const ip = addresses();
      const email = await newUser('told.why');
      await lock(email, ip(1));
      const before = (await mails(email)).length;
      const forgot = await post('/api/user/forgot-password', { userEmail: email }, ip(2));
      const unknown = await post('/api/user/forgot-password', { userEmail: at('nobody.here') }, ip(2));
      expect(forgot.statusCode).toBe(200);
      expect(Object.keys(forgot.json()).sort()).toEqual(Object.keys(unknown.json()).sort());
      expect((await post('/api/user/signin-create-otp', { userEmail: email }, ip(3))).statusCode).toBe(200);
      const after = await mails(email);
      expect(after.length).toBe(before + 2);
      for (const mail of after.slice(0, 2)) {
        expect(mail.subject).toBe(`Your ${ws.companyName} account is locked for now`);
        expect(mail.body).toMatch(/no code was sent/);
        // The lock's end in the workspace's own time zone (India's here), not UTC.
        expect(mail.body).toMatch(/on \d+ \w+ \d{4} at \d\d:\d\d [ap]m IST/);
      }
      // The password still signs in: the lock is about codes.
      expect((await signIn(email, PASSWORD, ip(4))).statusCode).toBe(200);
    });

    it('tells a locked owner who chose Hindi why no code comes in Hindi, the lock’s end in the workspace’s zone', async () => {
      const ip = addresses();
      const person = await buildUser(server, ws, {
        email: at('hindi.locked'),
        firstName: 'Lata',
        lastName: 'Locke',
      });
      const chose = await server.request(ws.host, {
        method: 'PUT',
        url: '/main-api/api/user',
        token: person.token,
        payload: { firstName: 'Lata', lastName: 'Locke', language: 'HINDI' },
      });
      expect(chose.statusCode, chose.body).toBe(200);
      await lock(person.email, ip(1));
      expect((await post('/api/user/forgot-password', { userEmail: person.email }, ip(2))).statusCode).toBe(200);
      const [told] = await mails(person.email);
      expect(told!.subject).toBe(`आपका ${ws.companyName} खाता अभी लॉक है`);
      expect(told!.body).toContain('कोई कोड नहीं भेजा गया');
      expect(told!.body).toMatch(/\d+ [^\s\d]+ \d{4} को \d\d:\d\d [ap]m IST/);
    });
  });

  describe('unlocking an account (security 2)', () => {
    const unlock = (id: string, token?: string, host = ws.host) =>
      server.request(host, { method: 'POST', url: `/main-api/api/user/unlock/${id}`, payload: {}, token });
    const idOf = async (email: string) =>
      (await server.db.query<{ id: string }>(`SELECT id FROM users WHERE email = $1`, [email]))[0]!.id;

    it('lets a workspace admin see the lock in People and lift it, audited; the person signs in with a code at once', async () => {
      const ip = addresses();
      const email = await newUser('unlock.me');
      await lock(email, ip(1));
      const admin = await server.signIn(ws.host, ws.admin.email);
      const listed = await server.request(ws.host, {
        method: 'POST',
        url: '/main-api/api/workspace/users/search',
        payload: { searchText: email },
        token: admin,
      });
      expect(listed.json().items[0]).toMatchObject({ email, lockedUntil: expect.stringMatching(/^\d{4}-/) });

      const res = await unlock(await idOf(email), admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, wasLocked: true });
      expect(await lockState(email)).toEqual({ locked: false, code_failures: 0 });
      const [audit] = await server.db.query<{ actor: string }>(
        `SELECT actor_user_id::text AS actor FROM audit_events WHERE action = 'ACCOUNT_UNLOCKED' AND target = $1`,
        [await idOf(email)],
      );
      expect(audit!.actor).toBe(ws.admin.id);
      const again = await server.request(ws.host, {
        method: 'POST',
        url: '/main-api/api/workspace/users/search',
        payload: { searchText: email },
        token: admin,
      });
      expect(again.json().items[0].lockedUntil).toBeNull();

      const { otpRequestId } = (await post('/api/user/signin-create-otp', { userEmail: email }, ip(2))).json();
      const code = /(\d{6})/.exec((await mails(email))[0]!.body)![1];
      expect(
        (await post('/api/user/signin-verify-otp', { userEmail: email, userOtp: code, otpRequestId }, ip(2)))
          .statusCode,
      ).toBe(200);
    });

    it('refuses other roles and strangers, and answers 404 for a person of another workspace', async () => {
      const email = await newUser('stays.locked');
      const id = await idOf(email);
      for (const role of ['EMPLOYER', 'BRANCH_ADMIN', 'EMPLOYEE'] as const) {
        const who: BuiltUser = await buildUser(server, ws, { role });
        expect((await unlock(id, who.token)).statusCode).toBe(403);
      }
      expect((await unlock(id)).statusCode).toBe(401);
      expect((await unlock(id, other.admin.token, other.host)).statusCode).toBe(404);
      expect((await unlock('not-a-uuid', await server.signIn(ws.host, ws.admin.email))).statusCode).toBe(400);
    });
  });

  describe('password reset (security 9)', () => {
    it('checks the code before hashing the new password: a wrong code costs no hash', async () => {
      const ip = addresses();
      const email = await newUser('reset.guess');
      const { otpRequestId } = (await post('/api/user/forgot-password', { userEmail: email }, ip(1))).json();
      work.hash = 0;
      const res = await post(
        '/api/user/reset-password',
        { userEmail: email, confirmationCode: '000000', otpRequestId, userNewPassword: 'violet lantern orbit meadow' },
        ip(1),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('confirmationCode');
      const unknown = await post(
        '/api/user/reset-password',
        {
          userEmail: at('nobody.reset'),
          confirmationCode: '000000',
          otpRequestId: randomUUID(),
          userNewPassword: 'violet lantern orbit meadow',
        },
        ip(1),
      );
      expect(unknown.statusCode).toBe(400);
      expect(work.hash).toBe(0);
    });

    it('rate-limits wrong reset codes per account and address like the code sign-in, with 429 and Retry-After', async () => {
      const ip = addresses();
      const email = await newUser('reset.limit');
      const attempt = (n: number) =>
        post(
          '/api/user/reset-password',
          {
            userEmail: email,
            confirmationCode: '000000',
            otpRequestId: randomUUID(),
            userNewPassword: 'violet lantern orbit meadow',
          },
          ip(n),
        );
      for (let i = 1; i <= 20; i++) expect((await attempt(1)).statusCode).toBe(400);
      const limited = await attempt(1);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // The owner, elsewhere, still resets with the code they were sent.
      const { otpRequestId } = (await post('/api/user/forgot-password', { userEmail: email }, ip(2))).json();
      const code = /(\d{6})/.exec((await mails(email))[0]!.body)![1];
      const reset = await post(
        '/api/user/reset-password',
        { userEmail: email, confirmationCode: code, otpRequestId, userNewPassword: 'violet lantern orbit meadow' },
        ip(2),
      );
      expect(reset.statusCode).toBe(200);
    });
  });

  describe('main-site sign-in (security 10)', () => {
    it('verifies one password whatever the number of workspaces an email belongs to', async () => {
      const ip = addresses();
      for (let i = 1; i <= 6; i++) {
        const [ws] = await server.db.query<{ id: string }>(
          `INSERT INTO workspaces (slug, workspace_url, company_name) VALUES ($1, $2, $3) RETURNING id`,
          [`multi${i}`, `multi${i}.localhost`, `Multi ${i}`],
        );
        await server.db.query(
          `INSERT INTO users (workspace_id, email, password_hash, first_name, last_name, role, status, email_confirmed)
           VALUES ($1, 'many@multi.test', $2, 'Mia', 'Many', 'EMPLOYEE', 'ACTIVE', true)`,
          [ws!.id, await hash(PASSWORD)],
        );
      }
      const employee = await newUser('one.workspace');
      const platform = await buildPlatformOperator(server);
      const verifications = async (email: string, password: string, expected: number) => {
        work.verify = 0;
        expect((await signIn(email, password, ip(1), 'localhost')).statusCode).toBe(expected);
        return work.verify;
      };
      expect(await verifications('many@multi.test', 'not the password at all', 401)).toBe(1);
      expect(await verifications(employee, 'not the password at all', 401)).toBe(1);
      expect(await verifications('nobody@multi.test', 'not the password at all', 401)).toBe(1);
      expect(await verifications(platform.email, 'not the password at all', 401)).toBe(1);
      expect(await verifications('many@multi.test', PASSWORD, 200)).toBe(1);
      expect(await verifications(platform.email, PASSWORD, 200)).toBe(1);
    });
  });
});
