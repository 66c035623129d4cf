import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../server/platform/clock';
import { JOB_REMINDERS } from '../../../server/learning/courses/course-notifications';
import { DATABASES, PASSWORD, startTestServer, type TestServer } from '../support/test-app';
import {
  buildCommittee,
  buildComplaint,
  buildLearningWorkspace,
  buildUser,
  buildWorkspace,
  type BuiltCommittee,
  type BuiltLearningWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';
import { LEARNING } from '../courses/support';

/**
 * The other mails an employee receives, in their language (docs/i18n.md): the course reminder digests (an admin's
 * "remind now" and the daily run), the sign-up confirmation, the password-changed notice, and the complaint's
 * receipt and the committee's "new message" notice. A Hindi reader gets each in Hindi; an English reader in English.
 */
describe.each(DATABASES)('the employee’s other mails in their language on %s', (kind) => {
  const clock = new ManualClock('2026-12-01T09:00:00Z');
  let server: TestServer;
  let ws: BuiltWorkspace;
  let committee: BuiltCommittee;
  let asha: BuiltUser;
  let eli: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { clock, jobs: true });
    ws = await buildWorkspace(server, { companyName: 'Kiran Textiles' });
    committee = await buildCommittee(server, ws);
    asha = await buildUser(server, ws, { firstName: 'Asha', lastName: 'Rao' });
    eli = await buildUser(server, ws, { firstName: 'Eli', lastName: 'Stone' });
    await chooseHindi(ws.host, asha);
  }, 180_000);
  afterAll(async () => server?.close());

  const latest = async (to: string) => {
    const [row] = await server.db.query<{ subject: string; body: string }>(
      `SELECT subject, body FROM outbox_messages WHERE recipient = $1 ORDER BY id DESC LIMIT 1`,
      [to],
    );
    return row;
  };
  const chooseHindi = async (host: string, person: { token: string; firstName: string; lastName: string }) => {
    const res = await server.request(host, {
      method: 'PUT',
      url: '/main-api/api/user',
      token: person.token,
      payload: { firstName: person.firstName, lastName: person.lastName, language: 'HINDI' },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('sends the complaint’s receipt and the committee’s message notice in the complainant’s Hindi', async () => {
    const complaintId = await buildComplaint(server, ws, asha);
    const receipt = await latest(asha.email);
    expect(receipt.subject).toMatch(/^हमें आपकी शिकायत मिल गई: मामला C-\d+$/);
    expect(receipt.body).toMatch(/आपकी शिकायत \d{1,2} \S+ \d{4} को मामला C-\d+ के रूप में प्राप्त हुई।/);
    expect(receipt.body).toContain('आंतरिक समिति');
    expect(receipt.body).not.toContain('Your complaint');

    const wrote = await server.request(ws.host, {
      method: 'POST',
      url: `/case-api/api/complaints/${complaintId}/messages`,
      token: committee.presiding.token,
      payload: { audience: 'COMPLAINANT', body: 'Thank you. When can we meet?' },
    });
    expect(wrote.statusCode, wrote.body).toBe(200);
    const notice = await latest(asha.email);
    expect(notice.subject).toMatch(/^मामला C-\d+ पर नया संदेश$/);
    // The message's words stay on the case page: the mail says only that there is one.
    expect(notice.body).not.toContain('When can we meet');

    await buildComplaint(server, ws, eli);
    expect((await latest(eli.email)).subject).toMatch(/^We received your complaint: case C-\d+$/);
  }, 120_000);

  it('sends a meeting invitation in each guest’s language: Hindi words and date for Asha, English for Eli', async () => {
    const complaintId = await buildComplaint(server, ws, asha);
    const start = new Date('2026-12-03T06:00:00Z');
    const res = await server.request(ws.host, {
      method: 'POST',
      url: `/case-api/api/complaints/${complaintId}/meetings`,
      token: committee.presiding.token,
      payload: {
        title: 'Preliminary hearing',
        agenda: 'Hear the complainant',
        startsAt: start.toISOString(),
        endsAt: new Date(start.getTime() + 60 * 60 * 1000).toISOString(),
        location: 'Room 4',
        people: [asha.id, eli.id],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const hindi = await latest(asha.email);
    expect(hindi.subject).toMatch(/^आमंत्रण: Preliminary hearing \(मामला C-\d+\)$/);
    expect(hindi.body).toContain('कब: 3 दिस॰ 2026');
    expect(hindi.body).toContain('कहाँ: Room 4');
    expect(hindi.body).toContain('विधि व्यवसायी');
    expect(hindi.body).not.toContain('You are invited');
    const english = await latest(eli.email);
    expect(english.subject).toMatch(/^Invitation: Preliminary hearing \(case C-\d+\)$/);
    expect(english.body).toContain('When: 3 Dec 2026, 11:30 am IST to 12:30 pm IST');
  }, 120_000);

  it('sends the settlement by conciliation to the complainant in Hindi', async () => {
    const complaintId = await buildComplaint(server, ws, asha);
    const call = (url: string, token: string, payload: object) =>
      server.request(ws.host, { method: 'POST', url: `/case-api/api/complaints/${complaintId}${url}`, token, payload });
    const asked = await call('/conciliation-request', asha.token, { note: 'I would like to settle this' });
    expect(asked.statusCode, asked.body).toBe(200);
    const settled = await call('/conciliation', committee.presiding.token, {
      terms: 'Apology in writing; seats moved',
      monetary: false,
    });
    expect(settled.statusCode, settled.body).toBe(200);
    const mail = await latest(asha.email);
    expect(mail.subject).toMatch(/^सुलह द्वारा समझौता: मामला C-\d+$/);
    expect(mail.body).toContain('Apology in writing; seats moved');
    expect(mail.body).toContain('कोई जाँच नहीं होगी');
  }, 120_000);

  it('sends the password-changed notice in Hindi', async () => {
    const res = await server.request(ws.host, {
      method: 'POST',
      url: '/main-api/api/user/change-password',
      token: asha.token,
      payload: { currentPassword: PASSWORD, userNewPassword: 'monsoon kites over the harbour' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await latest(asha.email);
    expect(mail.subject).toBe('आपका Kiran Textiles पासवर्ड बदल दिया गया');
    expect(mail.body).toContain('बाकी हर सत्र से साइन आउट');
    expect(mail.body).toContain('तुरंत अपने एडमिनिस्ट्रेटर को बताएँ');
  });

  it('sends the sign-up confirmation in the workspace’s default language to a person who has chosen none yet', async () => {
    const settings = await server.request(ws.host, {
      method: 'PUT',
      url: '/main-api/api/workspace/settings',
      token: ws.admin.token,
      payload: { defaultLanguage: 'HINDI' },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    await server.db.system((tx) =>
      tx.query(`UPDATE workspaces SET bulk_signup_enabled = true, user_limit = NULL WHERE id = $1`, [ws.id]),
    );
    await server.db.tenant(ws.id, (tx) =>
      tx.query(`INSERT INTO signup_allow_list (workspace_id, entry, kind) VALUES ($1, '@joiners.test', 'DOMAIN')`, [
        ws.id,
      ]),
    );
    const email = `nila.${Date.now().toString(36)}@joiners.test`;
    const signedUp = await server.request(ws.host, {
      method: 'POST',
      url: '/main-api/api/user/signup',
      payload: {
        firstName: 'Nila',
        lastName: 'Joiner',
        userEmail: email,
        userPassword: 'monsoon kites over the harbour',
      },
    });
    expect(signedUp.statusCode, signedUp.body).toBeLessThan(300);
    const mail = await latest(email);
    expect(mail.subject).toBe('SafePlace पर Kiran Textiles के लिए अपना ईमेल पक्का करें');
    expect(mail.body).toContain('नमस्ते Nila,');
    expect(mail.body).toMatch(/अपना ईमेल पक्का करें: \S+\/email-verify\//);
  });
});

/** The course reminders: the admin's "remind now" and the daily run, on a published course, for new people. */
describe.each(DATABASES)('course reminder digests in the learner’s language on %s', (kind) => {
  const clock = new ManualClock('2026-12-01T09:00:00Z');
  let server: TestServer;
  let facts: BuiltLearningWorkspace;
  let acme: BuiltWorkspace;
  let ACME: string;
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { clock, jobs: true });
    facts = await buildLearningWorkspace(server, { companyName: 'Acme' });
    acme = facts.ws;
    ACME = acme.host;
  }, 180_000);
  afterAll(async () => server?.close());

  const latest = async (to: string) => {
    const [row] = await server.db.query<{ subject: string; body: string }>(
      `SELECT subject, body FROM outbox_messages WHERE recipient = $1 ORDER BY id DESC LIMIT 1`,
      [to],
    );
    return row;
  };
  const hindiLearner = async (firstName: string, due: string) => {
    const person = await buildUser(server, acme, { firstName, lastName: 'Learner' });
    const chose = await server.request(ACME, {
      method: 'PUT',
      url: '/main-api/api/user',
      token: person.token,
      payload: { firstName, lastName: 'Learner', language: 'HINDI' },
    });
    expect(chose.statusCode, chose.body).toBe(200);
    const added = await server.request(ACME, {
      method: 'POST',
      url: `${LEARNING}/add-users`,
      token: acme.admin.token,
      payload: { courseId: facts.courseId, userIds: [person.id], due: { kind: 'DATE', date: due } },
    });
    expect(added.statusCode, added.body).toBe(200);
    await server.jobs!.runPending(); // the assignment mail
    return person;
  };

  it('writes an admin’s “remind now” in the learner’s Hindi', async () => {
    const learner = await hindiLearner('Kavya', '2026-12-20');
    const res = await server.request(ACME, {
      method: 'POST',
      url: '/learning-api/api/notification/course-reminder',
      token: acme.admin.token,
      payload: { courseId: facts.courseId, userIds: [learner.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await latest(learner.email);
    expect(mail.subject).toBe('अनुस्मारक: Preventing Sexual Harassment at Work (Acme)');
    expect(mail.body).toContain('नमस्ते Kavya,');
    expect(mail.body).toContain('यह पाठ्यक्रम आपकी प्रतीक्षा में है:');
    expect(mail.body).toContain('Preventing Sexual Harassment at Work: 20 दिसंबर 2026 तक पूरा करना है');
    expect(mail.body).toContain('मेरा प्रशिक्षण खोलें');
  }, 120_000);

  it('writes the daily run’s digest in the learner’s Hindi, and in English to an English reader of the same run', async () => {
    // Due in 7 days: the cadence's first reminder falls today.
    const learner = await hindiLearner('Ravi', '2026-12-08');
    const english = await buildUser(server, acme, { firstName: 'Erin', lastName: 'Learner' });
    const added = await server.request(ACME, {
      method: 'POST',
      url: `${LEARNING}/add-users`,
      token: acme.admin.token,
      payload: { courseId: facts.courseId, userIds: [english.id], due: { kind: 'DATE', date: '2026-12-08' } },
    });
    expect(added.statusCode, added.body).toBe(200);
    await server.jobs!.runPending();
    await server.jobs!.send(JOB_REMINDERS, { workspaceId: facts.workspaceId, day: '2026-12-01' });
    await server.jobs!.runPending();
    const hindi = await latest(learner.email);
    expect(hindi.subject).toBe('अनुस्मारक: Preventing Sexual Harassment at Work (Acme)');
    expect(hindi.body).toContain('नमस्ते Ravi,');
    expect(hindi.body).toContain('8 दिसंबर 2026 तक पूरा करना है');
    const other = await latest(english.email);
    expect(other.subject).toBe('Reminder: Preventing Sexual Harassment at Work (Acme)');
    expect(other.body).toContain('Hello Erin,');
    expect(other.body).toContain('due on 8 December 2026');
  }, 120_000);
});
