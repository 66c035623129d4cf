import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { DeliveryUnavailable, type Mailer, type SmsSender } from '../../../server/platform/messages';
import { templates } from '../../../server/platform/message-templates';
import { HttpSmsGateway } from '../../../server/platform/transports/http-sms-gateway';
import { SmtpMailer } from '../../../server/platform/transports/smtp-mailer';
import { DATABASES, openTestDatabase, PASSWORD, testPasswords } from '../support/test-app';
import {
  buildUser,
  buildWorkspace,
  givePhoneNumber,
  serverOverApp,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port, keeping what it receives; `reject` makes it refuse every recipient. */
async function startSmtp(options: { reject?: boolean | ((address: string) => boolean) } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refused = typeof options.reject === 'function' ? options.reject(address.address) : options.reject;
      if (refused) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded text of a MIME part (quoted-printable or plain) of the given content type. */
function part(raw: string, type: 'text/plain' | 'text/html'): string {
  const start = raw.indexOf(`Content-Type: ${type}`);
  if (start < 0) return '';
  const rest = raw.slice(start);
  const headersEnd = rest.indexOf('\r\n\r\n');
  const body = rest.slice(headersEnd + 4).split(/\r\n--/)[0];
  const qp = /Content-Transfer-Encoding: quoted-printable/i.test(rest.slice(0, headersEnd));
  if (!qp) return body;
  return Buffer.from(
    body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}
const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1]?.trim();

/** A local stand-in for an SMS gateway whose answers the test scripts. */
async function startGateway(answer: (attempt: number) => number | 'hang') {
  const requests: { headers: IncomingMessage['headers']; body: unknown }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      requests.push({ headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      const status = answer(requests.length);
      if (status === 'hang') return; // never answers
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return {
    requests,
    url: `http://127.0.0.1:${port}/messages`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('message templates', () => {
  it('escapes variables in the HTML part, keeps subjects to one line, and names the workspace', () => {
    const mail = templates.invitation({
      workspaceName: 'Acme <script>alert(1)</script>\r\nBcc: evil@example.com',
      firstName: '<b>Ann</b>',
      link: 'http://acme.localhost/invite/abc?x="1"&y=2',
      days: 14,
    });
    expect(mail.subject).toBe('You are invited to Acme <script>alert(1)</script> Bcc: evil@example.com on SafePlace');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Acme &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Hello &lt;b&gt;Ann&lt;/b&gt;,');
    expect(mail.html).toContain('href="http://acme.localhost/invite/abc?x=&quot;1&quot;&amp;y=2"');
    expect(mail.text).toContain('Set up your account: http://acme.localhost/invite/abc?x="1"&y=2');
  });

  it('has a template for every message, each naming the workspace', () => {
    const v = { workspaceName: 'Globex', code: '123456', minutes: 10 };
    const all = [
      templates.signInCode(v),
      templates.passwordResetCode(v),
      templates.passwordChanged(v),
      templates.invitation({ ...v, firstName: 'Ann', link: 'http://x/invite/1', days: 14 }),
      templates.lockoutNotice({
        ...v,
        account: 'ann@mail.test',
        failures: 100,
        lockedUntil: new Date('2026-12-07T14:05:00Z'),
        timeZone: 'Asia/Kolkata',
      }),
      templates.accountLocked({ ...v, lockedUntil: new Date('2026-12-07T14:05:00Z'), timeZone: 'Asia/Kolkata' }),
    ];
    for (const mail of all) {
      expect(mail.subject).toContain('Globex');
      expect(mail.text).toContain('Globex');
      expect(mail.html).toMatch(/^<!doctype html>/);
    }
    expect(templates.smsSignInCode(v).text).toBe('123456 is your Globex sign-in code. It works once, for 10 minutes.');
  });

  it('writes the sign-in SMS and the locked account’s notices in the person’s language, the lock’s end in the workspace’s zone', () => {
    const v = { workspaceName: 'Globex', code: '123456', minutes: 10 };
    expect(templates.smsSignInCode({ ...v, language: 'HINDI' }).text).toBe(
      '123456 आपका Globex साइन-इन कोड है। यह एक बार, 10 मिनट के लिए काम करता है।',
    );
    const lockedUntil = new Date('2026-12-07T14:05:00Z');
    const english = templates.accountLocked({ ...v, lockedUntil, timeZone: 'Asia/Kolkata' });
    expect(english.text).toContain('The lock ends by itself on 7 December 2026 at 07:35 pm IST.');
    const hindi = templates.accountLocked({ ...v, language: 'HINDI', lockedUntil, timeZone: 'Asia/Kolkata' });
    expect(hindi.subject).toBe('आपका Globex खाता अभी लॉक है');
    expect(hindi.html).toContain('lang="hi"');
    expect(hindi.text).toContain('7 दिसंबर 2026');
    const french = templates.smsAccountLocked({
      ...v,
      language: 'FRENCH',
      country: 'CA',
      lockedUntil,
      timeZone: 'America/Toronto',
    });
    expect(french.text).toContain('Votre compte Globex est verrouillé');
    expect(french.text).toContain('7 décembre 2026 à 09 h 05');
  });
});

describe('the case’s mails to its parties in their language', () => {
  it('writes the investigator’s report in French and the settlement in Tamil, with the same facts as the English', () => {
    const report = {
      caseNumber: 'C-7',
      description: 'What happened',
      conclusions: 'Founded',
      recommendations: [{ position: 1, body: 'Training' }],
    };
    const french = templates.investigatorReport({ ...report, language: 'FRENCH', country: 'CA' });
    expect(french.subject).toBe('Dossier C-7 : le rapport de l’enquêteur');
    expect(french.text).toContain('Recommandations\n1. Training');
    expect(french.html).toContain('lang="fr"');
    expect(templates.investigatorReport({ ...report, recommendations: [] }).text).toContain('Recommendations\nNone');
    const tamil = templates.conciliationSettled({ caseNumber: 'C-8', terms: 'Apology', language: 'TAMIL' });
    expect(tamil.subject).toBe('சமரசம் மூலம் தீர்வு: வழக்கு C-8');
    expect(tamil.text).toContain('Apology');
  });
});

describe('SMTP mailer (nodemailer) against a real SMTP server', () => {
  it('delivers the recipient, subject, text and HTML', async () => {
    const smtp = await startSmtp();
    const mailer = new SmtpMailer({ url: smtp.url, from: 'SafePlace <no-reply@safeplace.test>' });
    try {
      const content = templates.signInCode({ workspaceName: 'Acme', code: '482913', minutes: 10 });
      await mailer.send({ workspaceId: null, to: 'ann@mail.test', ...content });
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail.to).toEqual(['ann@mail.test']);
      expect(mail.from).toBe('no-reply@safeplace.test');
      expect(subjectOf(mail.raw)).toBe('Your Acme sign-in code');
      expect(part(mail.raw, 'text/plain')).toContain('Your Acme sign-in code is 482913.');
      expect(part(mail.raw, 'text/html')).toContain('<p>Your Acme sign-in code is 482913.</p>');
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('sends a batch over the pool', async () => {
    const smtp = await startSmtp();
    const mailer = new SmtpMailer({ url: smtp.url, from: 'no-reply@safeplace.test' });
    try {
      await mailer.sendMany(
        ['a@mail.test', 'b@mail.test', 'c@mail.test'].map((to) => ({
          workspaceId: null,
          to,
          subject: `Hello ${to}`,
          text: 'Hi',
        })),
      );
      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['a@mail.test', 'b@mail.test', 'c@mail.test']);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('turns a refusal or an unreachable server into a logged 503, and remembers it for a while', async () => {
    const smtp = await startSmtp({ reject: true });
    const logged: string[] = [];
    const mailer = new SmtpMailer({ url: smtp.url, from: 'no-reply@safeplace.test' }, (m, e) =>
      logged.push(`${m}: ${String(e)}`),
    );
    try {
      const failure = await mailer
        .send({ workspaceId: null, to: 'ann@mail.test', subject: 'Hi', text: 'Hi' })
        .catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(DeliveryUnavailable);
      expect((failure as DeliveryUnavailable).statusCode).toBe(503);
      expect((failure as DeliveryUnavailable).message).not.toContain('ann@mail.test');
      expect(logged[0]).toMatch(/smtp: could not send "Hi".*Mailbox unavailable/);
      expect(() => mailer.assertAvailable()).toThrow(DeliveryUnavailable);
    } finally {
      mailer.close();
      await smtp.close();
    }
    const dead = new SmtpMailer({ url: smtp.url, from: 'no-reply@safeplace.test', timeoutMs: 2000 });
    await expect(
      dead.send({ workspaceId: null, to: 'ann@mail.test', subject: 'Hi', text: 'Hi' }),
    ).rejects.toBeInstanceOf(DeliveryUnavailable);
    dead.close();
  });
});

describe('HTTP SMS gateway', () => {
  let gateway: Awaited<ReturnType<typeof startGateway>> | undefined;
  afterEach(async () => {
    await gateway?.close();
    gateway = undefined;
  });
  const sms = { workspaceId: null, to: '+4915112345678', text: '123456 is your Acme sign-in code.' };

  it('posts the message as JSON with the bearer token', async () => {
    gateway = await startGateway(() => 202);
    await new HttpSmsGateway({ url: gateway.url, token: 'gw-secret' }).send(sms);
    expect(gateway.requests).toHaveLength(1);
    const [request] = gateway.requests;
    expect(request.headers.authorization).toBe('Bearer gw-secret');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toMatchObject({ to: '+4915112345678', text: '123456 is your Acme sign-in code.' });
  });

  it('retries a 5xx, with the same reference, until it is accepted', async () => {
    gateway = await startGateway((attempt) => (attempt < 3 ? 503 : 200));
    await new HttpSmsGateway({ url: gateway.url, attempts: 3, backoffMs: 10 }).send(sms);
    expect(gateway.requests).toHaveLength(3);
    const references = new Set(gateway.requests.map((r) => (r.body as { reference: string }).reference));
    expect(references.size).toBe(1);
  });

  it('gives up after its attempts on 5xx with a 503 and a log line', async () => {
    gateway = await startGateway(() => 500);
    const logged: string[] = [];
    const sender = new HttpSmsGateway({ url: gateway.url, attempts: 3, backoffMs: 10 }, (m, e) =>
      logged.push(`${m}: ${String(e)}`),
    );
    await expect(sender.send(sms)).rejects.toMatchObject({ statusCode: 503, code: 'DELIVERY_UNAVAILABLE' });
    expect(gateway.requests).toHaveLength(3);
    expect(logged[0]).toContain('HTTP 500');
  });

  it('times out a gateway that does not answer, and retries', async () => {
    gateway = await startGateway(() => 'hang');
    const started = Date.now();
    const sender = new HttpSmsGateway({ url: gateway.url, timeoutMs: 200, attempts: 2, backoffMs: 10 });
    await expect(sender.send(sms)).rejects.toBeInstanceOf(DeliveryUnavailable);
    expect(gateway.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('does not retry a 4xx', async () => {
    gateway = await startGateway(() => 400);
    const sender = new HttpSmsGateway({ url: gateway.url, attempts: 3, backoffMs: 10 });
    await expect(sender.send(sms)).rejects.toBeInstanceOf(DeliveryUnavailable);
    expect(gateway.requests).toHaveLength(1);
  });
});

describe.each(DATABASES)('code requests through real transports on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let gatewayUp = true;
  const servers: { close(): Promise<void> }[] = [];

  /**
   * A server whose messages leave through `mail` and `sms`, over a database of its own holding a workspace with an
   * employee and an employer (built first through an app that keeps its mail in the outbox).
   */
  async function start(mail: Mailer, sms: SmsSender) {
    const db = await openTestDatabase(kind);
    const settings = { mainHost: 'localhost', maxUploadBytes: 1024 * 1024 };
    const builder = await buildApp({ db, passwords: testPasswords, settings });
    const factories = serverOverApp(builder, db);
    // A company name without digits: the codes are read out of mails that name the workspace.
    const ws: BuiltWorkspace = await buildWorkspace(factories, { companyName: 'Acme' });
    const employee: BuiltUser = await buildUser(factories, ws);
    const employer: BuiltUser = await buildUser(factories, ws, { role: 'EMPLOYER' });
    const phone = await givePhoneNumber(factories, ws, employee);
    await builder.close();
    const app = await buildApp({ db, passwords: testPasswords, mail, sms, settings });
    servers.push({
      close: async () => {
        await app.close();
        await db.close();
      },
    });
    const post = (url: string, payload: object, ip = '10.1.0.1') =>
      app.inject({
        method: 'POST',
        url: `/main-api${url}`,
        payload,
        remoteAddress: ip,
        headers: { host: ws.host },
      });
    return { app, db, post, ws, employee, employer, phone };
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    gateway = await startGateway(() => (gatewayUp ? 200 : 503));
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    await smtp?.close();
    await gateway?.close();
  });

  it('mails a sign-in code over SMTP that then signs the user in', async () => {
    const mailer = new SmtpMailer({ url: smtp.url, from: 'no-reply@safeplace.test' });
    const { post, ws, employee } = await start(mailer, new HttpSmsGateway({ url: gateway.url }));
    try {
      const sent = await post('/api/user/signin-create-otp', { userEmail: employee.email });
      expect(sent.statusCode).toBe(200);
      const mail = smtp.received.at(-1)!;
      expect(mail.to).toEqual([employee.email]);
      const code = /(\d{6})/.exec(part(mail.raw, 'text/plain')!)![1];
      expect(part(mail.raw, 'text/plain')).toContain(`Your ${ws.companyName} sign-in code is ${code}.`);
      const verified = await post('/api/user/signin-verify-otp', {
        userEmail: employee.email,
        userOtp: code,
        otpRequestId: sent.json().otpRequestId,
      });
      expect(verified.statusCode).toBe(200);
    } finally {
      mailer.close();
    }
  });

  it('answers 503 (never 500) when mail cannot leave, then the same 503 for an unknown account, and stores no code', async () => {
    const mailer = new SmtpMailer({ url: 'smtp://127.0.0.1:1', from: 'no-reply@safeplace.test', timeoutMs: 2000 });
    const { post, db, ws, employer } = await start(mailer, new HttpSmsGateway({ url: gateway.url }));
    const known = await post('/api/user/forgot-password', { userEmail: employer.email }, '10.1.0.2');
    expect(known.statusCode).toBe(503);
    expect(known.headers['retry-after']).toBeDefined();
    expect(known.json()).toEqual({
      code: 'DELIVERY_UNAVAILABLE',
      message: 'We could not send the email just now. Please try again in a few minutes.',
    });
    const unknown = await post('/api/user/forgot-password', { userEmail: `nobody@${ws.slug}.test` }, '10.1.0.2');
    expect(unknown.statusCode).toBe(503);
    expect(unknown.json()).toEqual(known.json());
    const codes = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM one_time_codes c JOIN users u ON u.id = c.user_id WHERE u.email = $1`,
      [employer.email],
    );
    expect(codes[0].n).toBe(0);
    mailer.close();
  });

  it("keeps a lockout even when the admins' notice cannot be sent", async () => {
    let adminEmail = '';
    const picky = await startSmtp({ reject: (address) => address === adminEmail });
    const mailer = new SmtpMailer({ url: picky.url, from: 'no-reply@safeplace.test' });
    const { post, db, ws, employee } = await start(mailer, new HttpSmsGateway({ url: gateway.url }));
    adminEmail = ws.admin.email;
    try {
      const email = employee.email;
      // The owner's own address (a stranger's wrong codes never lock an account: docs/identity.md).
      expect(
        (await post('/api/user/signin', { userEmail: email, userPassword: PASSWORD }, '10.1.0.4')).statusCode,
      ).toBe(200);
      await db.query(`UPDATE users SET code_failures = 99 WHERE email = $1`, [email]);
      const sent = await post('/api/user/signin-create-otp', { userEmail: email }, '10.1.0.4');
      expect(sent.statusCode).toBe(200);
      const code = /(\d{6})/.exec(part(picky.received.at(-1)!.raw, 'text/plain')!)![1];
      const wrong = code === '999999' ? '888888' : '999999';
      const res = await post(
        '/api/user/signin-verify-otp',
        { userEmail: email, userOtp: wrong, otpRequestId: sent.json().otpRequestId },
        '10.1.0.4',
      );
      expect(res.statusCode).toBe(401);
      const [user] = await db.query<{ locked: boolean; code_failures: number }>(
        `SELECT locked_until > now() AS locked, code_failures FROM users WHERE email = $1`,
        [email],
      );
      // Locked for an hour; the count starts again from zero for when the lock ends.
      expect(user).toEqual({ locked: true, code_failures: 0 });
      expect(picky.received.flatMap((m) => m.to)).not.toContain(ws.admin.email);
    } finally {
      mailer.close();
      await picky.close();
    }
  });

  it('texts a sign-in code through the gateway, and answers 503 when the gateway is down', async () => {
    const mailer = new SmtpMailer({ url: smtp.url, from: 'no-reply@safeplace.test' });
    const { post, ws, phone } = await start(
      mailer,
      new HttpSmsGateway({ url: gateway.url, attempts: 2, backoffMs: 10 }),
    );
    try {
      const before = gateway.requests.length;
      const sent = await post('/api/user/signin-create-sms-otp', { contactNumber: phone }, '10.1.0.3');
      expect(sent.statusCode).toBe(200);
      const text = (gateway.requests.at(-1)!.body as { text: string }).text;
      expect(gateway.requests.length).toBe(before + 1);
      expect(text.startsWith(`${text.slice(0, 6)} is your ${ws.companyName} sign-in code.`)).toBe(true);
      expect(text).toMatch(/^\d{6} is your /);
      gatewayUp = false;
      const down = await post('/api/user/signin-create-sms-otp', { contactNumber: phone }, '10.1.0.3');
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toBe(
        'We could not send the text message just now. Please try again in a few minutes.',
      );
    } finally {
      gatewayUp = true;
      mailer.close();
    }
  });
});
