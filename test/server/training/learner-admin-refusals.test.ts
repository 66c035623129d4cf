import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERY_BLOCK } from '../courses/authoring-fixtures';
import { buildUser, buildWorkspace, type BuiltUser, type BuiltWorkspace } from '../support/factories';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { API, assign, buildCourse, WRONG, type BuiltCourse } from './player-fixtures';

const NOWHERE = '00000000-0000-4000-8000-000000000000';

/** A CSV as a multipart upload, the way the admin's browser sends it. */
function csvUpload(text: string) {
  const boundary = '----refusal-test';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="completions.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * What the admin's calls around learners refuse, body and all, and that a refusal writes nothing (a grant for several
 * people refused for one is granted to none); the list of exceeded attempts is paged.
 */
describe.each(DATABASES)('learner administration refuses, and pages, on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let learners: BuiltUser[];
  let outsider: BuiltUser;
  let idle: BuiltUser;
  let course: BuiltCourse;

  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server);
    other = await buildWorkspace(server);
    learners = [];
    for (let i = 0; i < 3; i++) learners.push(await buildUser(server, ws, { role: 'EMPLOYEE' }));
    idle = await buildUser(server, ws, { role: 'EMPLOYEE' });
    outsider = await buildUser(server, other, { role: 'EMPLOYEE' });
    course = await buildCourse(
      server,
      ws.admin.token,
      ws.id,
      { maxAttempts: 1 },
      EVERY_BLOCK.filter((b) => b.type === 'TEXT_AREA'),
      false,
      ws.host,
    );
    await assign(
      server,
      ws.admin.token,
      course.courseId,
      learners.map((l) => l.id),
      ws.host,
    );
    for (const learner of learners) {
      const res = await server.request(ws.host, {
        method: 'POST',
        url: `${API}/user-course/${course.courseId}/quizzes/${course.quizId}/attempts`,
        payload: { answers: WRONG(course) },
        token: learner.token,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(async () => server?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = ws.admin.token) =>
    server.request(ws.host, { method, url: `${API}${url}`, payload, token });
  const notFound = (message: string, fields?: Record<string, string>) => ({
    code: 'NOT_FOUND',
    message,
    ...(fields ? { fields } : {}),
  });

  it('pages the learners who used every attempt in the database', async () => {
    const first = await call('GET', `/course/${course.courseId}/attempts/exceeded?page=0&pageSize=2`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ page: 0, pageSize: 2, total: 3 });
    expect(first.json().items).toHaveLength(2);
    const second = (await call('GET', `/course/${course.courseId}/attempts/exceeded?page=1&pageSize=2`)).json();
    expect(second).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(second.items).toHaveLength(1);
    const seen = [...first.json().items, ...second.items].map((i: { userId: string }) => i.userId).sort();
    expect(seen).toEqual(learners.map((l) => l.id).sort());
    expect(second.items[0]).toMatchObject({ quizId: course.quizId, attemptsUsed: 1, maxAttempts: 1, extraAttempts: 0 });
    const past = (await call('GET', `/course/${course.courseId}/attempts/exceeded?page=2&pageSize=2`)).json();
    expect(past).toMatchObject({ items: [], total: 3 });
  });

  it('answers 404 for a course, person, assignment, quiz or lesson out of reach, naming the field', async () => {
    const elsewhere = await server.request(other.host, {
      method: 'GET',
      url: `${API}/course/${course.courseId}/attempts/exceeded`,
      token: other.admin.token,
    });
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([404, notFound('Course not found')]);
    const set = (userId: string, quizId = course.quizId) =>
      call('PUT', '/course/user-attempts', { courseId: course.courseId, quizId, userId, extraAttempts: 1 });
    const stranger = await set(outsider.id);
    expect([stranger.statusCode, stranger.json()]).toEqual([
      404,
      notFound('No such learner of this course', { userId: 'Not a learner of this course' }),
    ]);
    const unassigned = await set(idle.id);
    expect([unassigned.statusCode, unassigned.json()]).toEqual([
      404,
      notFound('This person is not assigned this course', { userId: 'Not assigned this course' }),
    ]);
    const noQuiz = await set(learners[0].id, course.lessonId);
    expect([noQuiz.statusCode, noQuiz.json()]).toEqual([
      404,
      notFound('No such quiz in this course', { quizId: 'Not a quiz of this course' }),
    ]);
    const lesson = await call('POST', `/course/${course.courseId}/members/${learners[0].id}/mark-done`, {
      scope: 'LESSON',
      lessonId: course.quizId,
      reason: 'Done on paper',
    });
    expect([lesson.statusCode, lesson.json()]).toEqual([
      404,
      notFound('No such lesson in this course', { lessonId: 'Not a lesson of this course' }),
    ]);
  });

  it('grants more attempts to several people or to none: one out of reach refuses the whole call', async () => {
    const refused = await call('POST', '/course/increase/user-attempts', {
      courseId: course.courseId,
      quizId: course.quizId,
      userIds: [learners[0].id, idle.id],
    });
    expect([refused.statusCode, refused.json()]).toEqual([
      404,
      notFound('This person is not assigned this course', { 'userIds.1': 'Not assigned this course' }),
    ]);
    const grants = await server.db.tenant(ws.id, (tx) =>
      tx.query(`SELECT 1 FROM quiz_attempt_grants WHERE workspace_id = $1`, [ws.id]),
    );
    expect(grants).toHaveLength(0);
  });

  it('answers 404 for a certificate not earned or a code unknown, and 400 naming the file for a CSV it cannot read', async () => {
    const mine = await call('GET', `/user-course/${course.courseId}/certificate`, undefined, learners[0].token);
    expect([mine.statusCode, mine.json()]).toEqual([404, notFound('No certificate: the course is not completed')]);
    const unknown = await call('GET', '/certificates/verify/NO-SUCH-CODE');
    expect([unknown.statusCode, unknown.json()]).toEqual([404, notFound('No certificate has this code')]);
    const nowhere = await call('GET', `/user-course/${NOWHERE}/certificate`, undefined, learners[0].token);
    expect([nowhere.statusCode, nowhere.json()]).toEqual([404, notFound('Course not found')]);

    const upload = (text: string) =>
      server.request(ws.host, {
        method: 'POST',
        url: `${API}/course/completions/import`,
        token: ws.admin.token,
        ...csvUpload(text),
      });
    const empty = await upload(' \n');
    expect([empty.statusCode, empty.json()]).toEqual([
      400,
      { code: 'VALIDATION', message: 'The file is empty', fields: { file: 'Empty' } },
    ]);
    const header = await upload('email,score\na@b.test,10\n');
    expect([header.statusCode, header.json()]).toEqual([
      400,
      {
        code: 'VALIDATION',
        message: 'The header lacks course, completedOn',
        fields: { file: 'Columns needed: email, course, completedOn (score optional); missing course, completedOn' },
      },
    ]);
    const many = await upload(['email,course,completedOn', ...Array(5_001).fill('a@b.test,X,2026-01-01')].join('\n'));
    expect([many.statusCode, many.json()]).toEqual([
      400,
      { code: 'VALIDATION', message: 'At most 5000 rows', fields: { file: 'More than 5000 rows' } },
    ]);
    const malformed = await upload('email,course,completedOn\n"a@b.test,X,2026-01-01\n');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION', fields: { file: expect.stringMatching(/^Row \d+/) } });
  });
});
