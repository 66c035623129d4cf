import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../server/platform/clock';
import { JOB_COMPLETION_MAIL } from '../../../server/learning/notifications/notifications.routes';
import { MAIL_WORDS } from '../../../server/platform/mail-words';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { LEARNING } from '../courses/support';
import {
  buildLearningWorkspace,
  buildUser,
  type BuiltLearningWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

/** Mails to employees are written in the recipient's language: their own choice, else the workspace's default. */
describe.each(DATABASES)('mails in the recipient’s language on %s', (kind) => {
  const clock = new ManualClock('2026-12-01T09:00:00Z');
  let server: TestServer;
  let facts: BuiltLearningWorkspace;
  let ws: BuiltWorkspace;
  let ACME: string;
  let admin: string;
  /** Esha, an employee; an employer; a business-unit admin. */
  let employee: BuiltUser;
  let employer: BuiltUser;
  let buAdmin: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { clock, jobs: true });
    facts = await buildLearningWorkspace(server, { companyName: 'Acme' });
    ws = facts.ws;
    ACME = ws.host;
    admin = await server.signIn(ACME, ws.admin.email);
    employee = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    employer = await buildUser(server, ws, { role: 'EMPLOYER' });
    buAdmin = await buildUser(server, ws, { role: 'BRANCH_ADMIN' });
  }, 120_000);
  afterAll(async () => server?.close());

  const outbox = (to: string) =>
    server.db.query<{ subject: string; body: string }>(
      `SELECT subject, body FROM outbox_messages WHERE recipient = $1 ORDER BY id`,
      [to],
    );
  const assign = async ({ id: userId, email }: BuiltUser) => {
    const res = await server.request(ACME, {
      method: 'POST',
      url: `${LEARNING}/add-users`,
      token: admin,
      payload: { courseId: facts.courseId, userIds: [userId], due: { kind: 'DATE', date: '2026-12-20' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    await server.jobs!.runPending();
    return (await outbox(email)).at(-1)!;
  };

  it('writes a course assignment in the language the learner chose, with the date in their locale, and in English to the others', async () => {
    const token = await server.signIn(ACME, employee.email);
    const chose = await server.request(ACME, {
      method: 'PUT',
      url: '/main-api/api/user',
      token,
      payload: { firstName: 'Esha', lastName: 'Employee', language: 'HINDI' },
    });
    expect(chose.statusCode).toBe(200);

    const hindi = await assign(employee);
    expect(hindi.subject).toBe('Acme की ओर से नया प्रशिक्षण: Preventing Sexual Harassment at Work');
    expect(hindi.body).toContain('नमस्ते Esha,');
    expect(hindi.body).toContain('कृपया इसे 20 दिसंबर 2026 तक पूरा करें।');
    expect(hindi.body).not.toMatch(/12\/20\/2026|Dec(ember)? 20/);

    const english = await assign(employer);
    expect(english.subject).toBe('New training from Acme: Preventing Sexual Harassment at Work');
    expect(english.body).toContain('Please complete it by 20 December 2026.');
  });

  it('follows the workspace’s default language for people who chose none', async () => {
    const set = await server.request(ACME, {
      method: 'PUT',
      url: '/main-api/api/workspace/settings',
      token: admin,
      payload: { defaultLanguage: 'TAMIL' },
    });
    expect(set.statusCode).toBe(200);
    try {
      const tamil = await assign(buAdmin);
      expect(tamil.subject).toBe('Acme இடமிருந்து புதிய பயிற்சி: Preventing Sexual Harassment at Work');
    } finally {
      await server.request(ACME, {
        method: 'PUT',
        url: '/main-api/api/workspace/settings',
        token: admin,
        payload: { defaultLanguage: 'ENGLISH' },
      });
    }
  });

  it('writes the invitation, the sign-in and reset codes and the completion in the employee’s Hindi', async () => {
    const email = `hindi.${Date.now().toString(36)}@mail-language.test`;
    const [{ id: hq }] = await server.db.query<{ id: string }>(
      `SELECT id FROM branches WHERE workspace_id = $1 AND headquarter`,
      [facts.workspaceId],
    );
    const main = (url: string, payload: object, token?: string) =>
      server.request(ACME, { method: 'POST', url: `/main-api${url}`, payload, ...(token ? { token } : {}) });
    expect((await main(`/api/invite/user/${hq}`, { email, firstName: 'Meera' }, admin)).statusCode).toBe(200);
    // The invited person's language is Hindi (as a bulk import may set it): the invitation sent again speaks it.
    await server.db.query(`UPDATE users SET language = 'HINDI' WHERE workspace_id = $1 AND email = $2`, [
      facts.workspaceId,
      email,
    ]);
    expect((await main('/api/invite/resend/bulk', { emails: [email] }, admin)).statusCode).toBe(200);
    const invitation = (await outbox(email)).at(-1)!;
    expect(invitation.subject).toBe('SafePlace पर Acme में आपको आमंत्रित किया गया है');
    expect(invitation.body).toContain('नमस्ते Meera,');
    expect(invitation.body).toContain('अपना खाता बनाएँ');

    // A Hindi reader signed up and active: the sign-in code and the reset code.
    const learner = employee.email;
    await server.db.query(`UPDATE users SET language = 'HINDI' WHERE workspace_id = $1 AND email = $2`, [
      facts.workspaceId,
      learner,
    ]);
    expect((await main('/api/user/signin-create-otp', { userEmail: learner })).statusCode).toBe(200);
    const code = (await outbox(learner)).at(-1)!;
    expect(code.subject).toBe('आपका Acme साइन-इन कोड');
    expect(code.body).toMatch(/आपका Acme साइन-इन कोड \d{6} है।/);
    expect((await main('/api/user/forgot-password', { userEmail: learner })).statusCode).toBe(200);
    const reset = (await outbox(learner)).at(-1)!;
    expect(reset.subject).toBe('अपना Acme पासवर्ड रीसेट करें');
    expect(reset.body).toContain('अगर यह आप नहीं थे');

    // The course completed (marked done by the admin): the completion mail, its date in Hindi.
    const userId = employee.id;
    await server.request(ACME, {
      method: 'POST',
      url: `${LEARNING}/add-users`,
      token: admin,
      payload: { courseId: facts.courseId, userIds: [userId], due: { kind: 'DATE', date: '2026-12-20' } },
    });
    const done = await server.request(ACME, {
      method: 'POST',
      url: `${LEARNING}/${facts.courseId}/members/${userId}/mark-done`,
      token: admin,
      payload: { scope: 'COURSE', reason: 'Completed on paper in the workshop' },
    });
    expect(done.statusCode, done.body).toBe(200);
    await server.jobs!.send(JOB_COMPLETION_MAIL, { workspaceId: facts.workspaceId });
    await server.jobs!.runPending();
    const completed = (await outbox(learner)).at(-1)!;
    expect(completed.subject).toBe('पूरा हुआ: Preventing Sexual Harassment at Work (Acme)');
    expect(completed.body).toContain('नमस्ते');
    expect(completed.body).toMatch(/आपने \d{1,2} \S+ \d{4} को “Preventing Sexual Harassment at Work” पूरा किया।/);
    expect(completed.body).not.toContain('Open the course');
  }, 180_000);

  it('has every mail word in every language, translated, with the same placeholders', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const english = MAIL_WORDS.ENGLISH;
    for (const [language, words] of Object.entries(MAIL_WORDS)) {
      expect(Object.keys(words).sort(), language).toEqual(Object.keys(english).sort());
      if (language === 'ENGLISH') continue;
      for (const [key, text] of Object.entries(words)) {
        expect(text, `${language}:${key}`).not.toBe(english[key as keyof typeof english]);
        expect(placeholders(text), `${language}:${key}`).toEqual(placeholders(english[key as keyof typeof english]));
      }
    }
  });
});
