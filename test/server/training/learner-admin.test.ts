import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { EVERY_BLOCK } from '../courses/authoring-fixtures';
import { API, assign, auditActions, buildCourse, RIGHT, WRONG, type BuiltCourse } from './player-fixtures';
import {
  buildLearningWorkspace,
  buildUser,
  buildWorkspace,
  type BuiltLearningWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

const pdfText = async (bytes: Buffer) => (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;

/** A CSV as a multipart upload, the way the admin's browser sends it. */
function csvUpload(text: string | Buffer, field = 'file') {
  const boundary = '----player-test';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="completions.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(text) ? text : Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The admin's side of learners and the certificates: attempts exceeded and granted, mark done with a reason, the PDF
 * certificate in the course's language (Hindi shaped), its public verification, and past completions imported.
 */
describe.each(DATABASES)('learners, for their admins, on %s', (kind) => {
  let server: TestServer;
  let facts: BuiltLearningWorkspace;
  let ws: BuiltWorkspace;
  let elsewhere: BuiltWorkspace;
  let employer: BuiltUser;
  let wsHost: string;
  let otherHost: string;
  let admin: string;
  let course: BuiltCourse;
  let lessonOnly: BuiltCourse;
  const clock = new Date('2026-11-25T10:00:00Z');
  const people: { email: string; id: string; token: string }[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { clock: { now: () => clock } }); // one clock for the player and the assignments' due dates
    // An Indian workspace with a published course titled as the demo's (the import names it).
    facts = await buildLearningWorkspace(server);
    ws = facts.ws;
    wsHost = ws.host;
    admin = ws.admin.token;
    elsewhere = await buildWorkspace(server);
    otherHost = elsewhere.host;
    employer = await buildUser(server, ws, { role: 'EMPLOYER' });
    course = await buildCourse(
      server,
      admin,
      facts.workspaceId,
      { maxAttempts: 1, answerReveal: 'NEVER' },
      EVERY_BLOCK.filter((b) => b.type === 'TEXT_AREA'),
      true,
      wsHost,
    );
    lessonOnly = await buildCourse(
      server,
      admin,
      facts.workspaceId,
      {},
      EVERY_BLOCK.filter((b) => b.type === 'TEXT_AREA'),
      false,
      wsHost,
    );
    for (let i = 0; i < 3; i++) {
      const person = await buildUser(server, ws, i === 0 ? { firstName: 'Esha', lastName: 'Employee' } : {});
      people.push({ email: person.email, id: person.id, token: person.token });
    }
    await assign(
      server,
      admin,
      course.courseId,
      people.map((p) => p.id),
      wsHost,
    );
  });
  afterAll(async () => server?.close());

  const get = (url: string, token?: string, host = wsHost) =>
    server.request(host, { method: 'GET', url: `${API}${url}`, token });
  const send = (method: 'POST' | 'PUT', url: string, payload: object, token: string, host = wsHost) =>
    server.request(host, { method, url: `${API}${url}`, payload, token });
  const attempt = (token: string, answers: object[], c = course) =>
    send('POST', `/user-course/${c.courseId}/quizzes/${c.quizId}/attempts`, { answers }, token);
  const finishLesson = async (token: string, c = course) => {
    const res = await send(
      'POST',
      '/user-course-content/lesson-complete',
      { courseId: c.courseId, lessonId: c.lessonId },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
  };

  it('lists who used every attempt without passing, and lets an admin grant more (audited)', async () => {
    const [esha, ravi] = people;
    expect((await attempt(esha.token, WRONG(course))).json()).toMatchObject({
      passed: false,
      attemptsLeft: 0,
      answersShown: false,
    });
    expect((await attempt(esha.token, RIGHT(course))).json().code).toBe('NO_ATTEMPTS_LEFT');
    expect((await attempt(ravi.token, RIGHT(course))).json().passed).toBe(true);

    const exceeded = await get(`/course/${course.courseId}/attempts/exceeded`, admin);
    expect(exceeded.statusCode).toBe(200);
    expect(exceeded.json()).toMatchObject({
      total: 1,
      items: [
        {
          userId: esha.id,
          quizId: course.quizId,
          quizTitle: 'Check',
          attemptsUsed: 1,
          maxAttempts: 1,
          extraAttempts: 0,
          bestScore: 50,
        },
      ],
    });
    // An employee may not call it; another workspace's admin sees no such course.
    expect((await get(`/course/${course.courseId}/attempts/exceeded`, esha.token)).statusCode).toBe(403);
    const gita = elsewhere.admin.token;
    expect((await get(`/course/${course.courseId}/attempts/exceeded`, gita, otherHost)).statusCode).toBe(404);

    const increased = await send(
      'POST',
      '/course/increase/user-attempts',
      { courseId: course.courseId, quizId: course.quizId, userIds: [esha.id] },
      admin,
    );
    expect(increased.statusCode, increased.body).toBe(200);
    expect(increased.json()).toEqual([
      { userId: esha.id, quizId: course.quizId, extraAttempts: 1, maxAttempts: 2, attemptsUsed: 1, attemptsLeft: 1 },
    ]);
    expect((await get(`/course/${course.courseId}/attempts/exceeded`, admin)).json().total).toBe(0);
    const view = (await get(`/user-course/${course.courseId}`, esha.token)).json();
    expect(view.contents[1]).toMatchObject({ maxAttempts: 2, attemptsLeft: 1 });

    const set = await send(
      'PUT',
      '/course/user-attempts',
      { courseId: course.courseId, quizId: course.quizId, userId: esha.id, extraAttempts: 3 },
      admin,
    );
    expect(set.json()).toMatchObject({ extraAttempts: 3, maxAttempts: 4, attemptsLeft: 3 });
    const stranger = await send(
      'PUT',
      '/course/user-attempts',
      {
        courseId: course.courseId,
        quizId: course.quizId,
        userId: '00000000-0000-4000-8000-000000000000',
        extraAttempts: 1,
      },
      admin,
    );
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().fields).toHaveProperty('userId');
    expect(await auditActions(server, facts.workspaceId, 'learner.attempts.increased')).toHaveLength(1);
    expect(await auditActions(server, facts.workspaceId, 'learner.attempts.set')).toHaveLength(1);

    // With the extra attempt, she passes.
    await finishLesson(esha.token);
    expect((await attempt(esha.token, RIGHT(course))).json()).toMatchObject({ passed: true, courseCompleted: true });
  });

  it('issues a certificate in the course language, for the learner and their admins, that the public page verifies', async () => {
    const [esha, ravi, third] = people;
    // Esha finished in Hindi (her lesson-complete above was in the primary language, so make Ravi's in Hindi).
    const done = await send(
      'POST',
      '/user-course-content/lesson-complete',
      { courseId: course.courseId, lessonId: course.lessonId, language: 'HINDI' },
      ravi.token,
    );
    expect(done.json()).toMatchObject({ courseCompleted: true });
    const code = done.json().completion.certificateCode as string;

    const pdf = await get(`/user-course/${course.courseId}/certificate`, ravi.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`certificate-${code}.pdf`);
    const text = await pdfText(pdf.rawPayload);
    const glyphs = text.replace(/\s+/g, '');
    // Hindi labels and title, shaped (text extraction gives glyphs in drawn order): the reph is drawn after its
    // syllable (कायर्स्थल for कार्यस्थल) and the i-sign before its consonant (िकया for किया). Unshaped text would read
    // in logical order.
    expect(glyphs).toContain('पूणर्ताप्रमाणपत्र');
    expect(glyphs).toContain('कायर्स्थलपरसम्मान');
    expect(glyphs).toContain('िकयाहै');
    expect(glyphs).not.toContain('कार्यस्थल');
    expect(text).toContain('पूणर् होने की ितिथ: 25 नव॰ 2026');
    expect(text).toContain(code);
    expect(text).toContain(`${wsHost}/verify/${code}`);
    // Dates as India writes them, never the machine's ISO order.
    expect(text).not.toContain('2026-11-25');

    const verified = await get(`/certificates/verify/${code}`);
    expect(verified.statusCode).toBe(200);
    const [ravisName] = await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query<{ name: string }>(
        `SELECT first_name || ' ' || last_name AS name FROM users WHERE workspace_id = $1 AND id = $2`,
        [facts.workspaceId, ravi.id],
      ),
    );
    expect(verified.json()).toEqual({
      code,
      name: ravisName.name,
      courseTitle: 'कार्यस्थल पर सम्मान',
      language: 'HINDI',
      organisation: ws.companyName,
      completedOn: '2026-11-25',
      issuedOn: '2026-11-25',
      expiresOn: null,
      valid: true,
    });
    // Every field the page shows is printed on the certificate.
    expect(text).toContain(ravisName.name);
    expect(text).toContain(ws.companyName);
    // Unknown code, another workspace's host: 404; a malformed code: 400.
    expect((await get('/certificates/verify/AAAA-BBBB-CCCC')).statusCode).toBe(404);
    expect((await get(`/certificates/verify/${code}`, undefined, otherHost)).statusCode).toBe(404);
    expect((await get('/certificates/verify/x')).statusCode).toBe(400);

    // The learner's admin may download it; another employee may not, and has none of their own.
    const byAdmin = await get(`/user-course/${course.courseId}/certificate?userId=${ravi.id}`, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(await pdfText(byAdmin.rawPayload)).toContain(code);
    expect((await get(`/user-course/${course.courseId}/certificate?userId=${ravi.id}`, third.token)).statusCode).toBe(
      404,
    );
    expect((await get(`/user-course/${course.courseId}/certificate`, third.token)).statusCode).toBe(404);
    // Esha's (English, primary) reads in English.
    const hers = await pdfText((await get(`/user-course/${course.courseId}/certificate`, esha.token)).rawPayload);
    expect(hers).toContain('Certificate of completion');
    expect(hers).toContain('Respect at work');
  });

  it("wears the workspace's logo, a signatory's line and dates as India writes them; a logo it cannot draw leaves a certificate without it", async () => {
    const [esha] = people;
    const mine = async () => (await get(`/user-course/${course.courseId}/certificate`, esha.token)).rawPayload;
    // Without a logo: no picture, and still the signatory's line, the readable dates, the code and where to check it.
    const plain = await mine();
    expect(plain.includes('/Subtype /Image')).toBe(false);
    const text = await pdfText(plain);
    expect(text).toContain('Authorised signatory');
    expect(text).toContain('Issued on: 25 Nov 2026');
    expect(text).toContain('Completed on: 25 Nov 2026');
    expect(text).toMatch(/Verification code: [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/);
    expect(text).toMatch(new RegExp(`${wsHost.replace(/\./g, '\\.')}(:\\d+)?/verify/[A-Z2-9-]{14}`));

    // The admin uploads the logo: the certificate prints it.
    const upload = async (bytes: Uint8Array) => {
      const form = new FormData();
      form.append('logo', new Blob([bytes as BlobPart], { type: 'image/png' }), 'logo.png');
      const response = new Response(form);
      const res = await server.request(wsHost, {
        method: 'POST',
        url: '/main-api/api/workspace/logo',
        token: admin,
        payload: Buffer.from(await response.arrayBuffer()),
        headers: { 'content-type': response.headers.get('content-type')! },
      });
      expect(res.statusCode).toBe(200);
    };
    const png = readFileSync(fileURLToPath(new URL('../../../public/apple-touch-icon.png', import.meta.url)));
    await upload(png);
    const branded = await mine();
    expect(branded.includes('/Subtype /Image')).toBe(true);
    expect(await pdfText(branded)).toContain('Authorised signatory');

    // A picture that only starts like a PNG is taken by the upload, but never costs the learner their certificate.
    await upload(png.subarray(0, 64));
    const broken = await get(`/user-course/${course.courseId}/certificate`, esha.token);
    expect(broken.statusCode).toBe(200);
    expect(await pdfText(broken.rawPayload)).toContain('Certificate of completion');
    await server.request(wsHost, { method: 'DELETE', url: '/main-api/api/workspace/logo', token: admin });
  });

  it('prints and verifies the expiry date of a course with a validity', async () => {
    const [, , third] = people;
    await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query(`UPDATE courses SET validity_years = 2 WHERE workspace_id = $1 AND id = $2`, [
        facts.workspaceId,
        lessonOnly.courseId,
      ]),
    );
    await assign(server, admin, lessonOnly.courseId, [third.id], wsHost);
    await finishLesson(third.token, lessonOnly);
    const passed = await attempt(third.token, RIGHT(lessonOnly), lessonOnly);
    expect(passed.json().courseCompleted).toBe(true);
    const view = (await get(`/user-course/${lessonOnly.courseId}`, third.token)).json();
    const code = view.completion.certificateCode;
    expect((await get(`/certificates/verify/${code}`)).json()).toMatchObject({
      completedOn: '2026-11-25',
      expiresOn: '2028-11-24',
      valid: true,
    });
    expect(
      await pdfText((await get(`/user-course/${lessonOnly.courseId}/certificate`, third.token)).rawPayload),
    ).toContain('Valid until: 24 Nov 2028');
    expect(
      (await get('/user-course/my', third.token))
        .json()
        .find((c: { courseId: string }) => c.courseId === lessonOnly.courseId),
    ).toMatchObject({
      status: 'COMPLETED',
      expiresAt: '2028-11-24T23:59:59.999Z',
    });
  });

  it('lets an admin mark a lesson or the course done with a reason, audited; the reason is required', async () => {
    const fresh = await buildCourse(
      server,
      admin,
      facts.workspaceId,
      {},
      EVERY_BLOCK.filter((b) => b.type === 'VIDEO' || b.type === 'TEXT_AREA'),
      false,
      wsHost,
    );
    const [esha, ravi] = people;
    await assign(server, admin, fresh.courseId, [esha.id, ravi.id], wsHost);
    const url = (userId: string) => `/course/${fresh.courseId}/members/${userId}/mark-done`;
    const noReason = await send('POST', url(esha.id), { scope: 'LESSON', lessonId: fresh.lessonId, reason: '' }, admin);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields).toHaveProperty('reason');
    expect(
      (await send('POST', url(esha.id), { scope: 'LESSON', reason: 'The video player failed' }, admin)).json().fields,
    ).toHaveProperty('lessonId');
    expect(
      (await send('POST', url(esha.id), { scope: 'COURSE', reason: 'Done on paper' }, esha.token)).statusCode,
    ).toBe(403);

    const lesson = await send(
      'POST',
      url(esha.id),
      { scope: 'LESSON', lessonId: fresh.lessonId, reason: 'The video player failed on her laptop' },
      admin,
    );
    expect(lesson.statusCode, lesson.body).toBe(200);
    expect(lesson.json()).toMatchObject({ status: 'IN_PROGRESS', progressPercent: 50, completion: null });
    const view = (await get(`/user-course/${fresh.courseId}`, esha.token)).json();
    expect(view.contents[0]).toMatchObject({ done: true, doneSource: 'ADMIN' });

    const whole = await send(
      'POST',
      url(ravi.id),
      { scope: 'COURSE', reason: 'Trained in person on 20 November' },
      admin,
    );
    expect(whole.json()).toMatchObject({ status: 'COMPLETED', progressPercent: 100, completion: { source: 'ADMIN' } });
    expect(whole.json().completion.certificateCode).toBeTruthy();
    const audits = await auditActions(server, facts.workspaceId, 'learner.course.marked-done');
    expect(audits).toEqual([
      expect.objectContaining({
        target: ravi.id,
        details: expect.objectContaining({ reason: 'Trained in person on 20 November' }),
      }),
    ]);
    expect(await auditActions(server, facts.workspaceId, 'learner.lesson.marked-done')).toHaveLength(1);
    // Marking again records nothing new.
    await send('POST', url(ravi.id), { scope: 'COURSE', reason: 'Again' }, admin);
    const [{ n }] = await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM course_completions WHERE workspace_id = $1 AND course_id = $2 AND user_id = $3`,
        [facts.workspaceId, fresh.courseId, ravi.id],
      ),
    );
    expect(n).toBe(1);
    // Someone not assigned: 404 naming userId.
    const admins = employer.id;
    expect((await send('POST', url(admins), { scope: 'COURSE', reason: 'Nope' }, admin)).statusCode).toBe(404);
  });

  it('imports past completions from a CSV, marked IMPORTED, with a reason for every bad row', async () => {
    const [, , third] = people;
    const upload = (text: string | Buffer, field?: string) =>
      server.request(wsHost, {
        method: 'POST',
        url: `${API}/course/completions/import`,
        token: admin,
        ...csvUpload(text, field),
      });
    const csv = [
      'Email,Course,Completed On,Score',
      `${third.email},Respect at work,2025-06-30,88`,
      `${third.email.toUpperCase()},respect at work,2025-06-30,88`,
      `nobody@${ws.slug}.test,Respect at work,2025-06-30,70`,
      `${third.email},No such course,2025-06-30,70`,
      `${third.email},Preventing Sexual Harassment at Work,2025-13-01,70`,
      `${third.email},Preventing Sexual Harassment at Work,2099-01-01,70`,
      `${third.email},Preventing Sexual Harassment at Work,2025-01-10,high`,
      `${people[0].email},Preventing Sexual Harassment at Work,2025-01-10,`,
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ rows: 8 });
    // "Respect at work" names several courses here (each test built one): the title is ambiguous.
    expect(body.problems).toEqual(
      expect.arrayContaining([
        { row: 4, column: 'email', reason: 'No such person in this workspace' },
        { row: 5, column: 'course', reason: 'No course has this title' },
        { row: 6, column: 'completedOn', reason: 'Use a date in the form YYYY-MM-DD' },
        { row: 7, column: 'completedOn', reason: 'The date is in the future' },
        { row: 8, column: 'score', reason: 'Give a score from 0 to 100, or leave it empty' },
      ]),
    );
    expect(body.imported).toBe(1);
    const esha = people[0].id;
    const rows = await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query<{ source: string; completed_on: string; score: string | null }>(
        `SELECT source, completed_on::text, score FROM course_completions WHERE workspace_id = $1 AND user_id = $2 AND source = 'IMPORTED'`,
        [facts.workspaceId, esha],
      ),
    );
    expect(rows).toEqual([{ source: 'IMPORTED', completed_on: '2025-01-10', score: null }]);
    const mine = (await get('/user-course/my', people[0].token)).json();
    expect(mine.find((c: { title: string }) => c.title === 'Preventing Sexual Harassment at Work')).toMatchObject({
      status: 'COMPLETED',
      progressPercent: 100,
    });
    expect(await auditActions(server, facts.workspaceId, 'course.completion.imported')).toHaveLength(1);

    // The same file again: nothing new, counted as duplicates.
    expect((await upload(csv)).json()).toMatchObject({ imported: 0, duplicates: 1 });
    // Untrusted files: not CSV text, too large, no header columns, the wrong field.
    expect((await upload(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01]))).statusCode).toBe(415);
    expect((await upload(Buffer.alloc(2 * 1024 * 1024 + 10, 'a'))).statusCode).toBe(413);
    const noColumns = await upload('name,when\nA,B');
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().fields).toHaveProperty('file');
    expect((await upload(csv, 'other')).statusCode).toBe(400);
    expect(
      (
        await server.request(wsHost, {
          method: 'POST',
          url: `${API}/course/completions/import`,
          token: people[0].token,
          ...csvUpload(csv),
        })
      ).statusCode,
    ).toBe(403);
  });
});
