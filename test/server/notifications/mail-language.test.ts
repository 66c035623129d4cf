import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../server/platform/clock';
import { MAIL_WORDS } from '../../../server/platform/mail-words';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { ACME, acmeFacts, LEARNING, userIdByEmail, type AcmeFacts } from '../courses/support';

/** Mails to employees are written in the recipient's language: their own choice, else the workspace's default. */
describe.each(DATABASES)('mails in the recipient’s language on %s', (kind) => {
  const clock = new ManualClock('2026-12-01T09:00:00Z');
  let server: TestServer;
  let facts: AcmeFacts;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { clock, jobs: true });
    facts = await acmeFacts(server);
    admin = await server.signIn(ACME, 'admin@acme.test');
  }, 120_000);
  afterAll(async () => server?.close());

  const outbox = (to: string) =>
    server.db.query<{ subject: string; body: string }>(
      `SELECT subject, body FROM outbox_messages WHERE recipient = $1 ORDER BY id`,
      [to],
    );
  const assign = async (email: string) => {
    const userId = await userIdByEmail(server, facts.workspaceId, email);
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
    const token = await server.signIn(ACME, 'employee@acme.test');
    const chose = await server.request(ACME, {
      method: 'PUT',
      url: '/main-api/api/user',
      token,
      payload: { firstName: 'Esha', lastName: 'Employee', language: 'HINDI' },
    });
    expect(chose.statusCode).toBe(200);

    const hindi = await assign('employee@acme.test');
    expect(hindi.subject).toBe('Acme की ओर से नया प्रशिक्षण: Preventing Sexual Harassment at Work');
    expect(hindi.body).toContain('नमस्ते Esha,');
    expect(hindi.body).toContain('कृपया इसे 20 दिसंबर 2026 तक पूरा करें।');
    expect(hindi.body).not.toMatch(/12\/20\/2026|Dec(ember)? 20/);

    const english = await assign('employer@acme.test');
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
      const tamil = await assign('buadmin@acme.test');
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
