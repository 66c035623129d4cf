import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, buildWorkspace, type BuiltUser, type BuiltWorkspace } from '../support/factories';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { API, assign, buildCourse, RIGHT, WRONG, type BuiltCourse } from './player-fixtures';

const NOWHERE = '00000000-0000-4000-8000-000000000000';

/**
 * What the player refuses, body and all, and that a refusal writes nothing: a course not assigned to the caller (or
 * another workspace's) is 404; a block, lesson or quiz not of the course 404 naming it; an answer or attempt that does
 * not fit its question 400 naming the field; a lesson with gaps, a passed quiz and a spent quiz 409 with their codes.
 */
describe.each(DATABASES)('the player refuses, and writes nothing, on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let learner: BuiltUser;
  let stranger: BuiltUser;
  let course: BuiltCourse;
  let unassigned: BuiltCourse;

  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server);
    other = await buildWorkspace(server);
    learner = await buildUser(server, ws, { role: 'EMPLOYEE' });
    stranger = await buildUser(server, other, { role: 'EMPLOYEE' });
    course = await buildCourse(server, ws.admin.token, ws.id, { maxAttempts: 1 }, undefined, true, ws.host);
    unassigned = await buildCourse(server, ws.admin.token, ws.id, {}, undefined, false, ws.host);
    await assign(server, ws.admin.token, course.courseId, [learner.id], ws.host);
  });
  afterAll(async () => server?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, who = learner, host = ws.host) =>
    server.request(host, { method, url: `${API}${url}`, payload, token: who.token });
  const status = async () =>
    server.db.tenant(ws.id, async (tx) => {
      const [row] = await tx.query<{ status: string }>(
        `SELECT status FROM course_assignments WHERE workspace_id = $1 AND course_id = $2 AND user_id = $3`,
        [ws.id, course.courseId, learner.id],
      );
      return row.status;
    });

  it('answers 404 for a course not assigned to the caller, and for another workspace’s', async () => {
    const notMine = await call('GET', `/user-course/${unassigned.courseId}`);
    expect([notMine.statusCode, notMine.json()]).toEqual([404, { code: 'NOT_FOUND', message: 'Course not found' }]);
    const elsewhere = await call('GET', `/user-course/${course.courseId}`, undefined, stranger, other.host);
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([404, { code: 'NOT_FOUND', message: 'Course not found' }]);
    const answer = await call(
      'PUT',
      '/user-course-content/answer',
      { courseId: course.courseId, blockId: course.blocks.VOTE, answer: { type: 'VOTE', choice: 'a' } },
      stranger,
      other.host,
    );
    expect([answer.statusCode, answer.json()]).toEqual([404, { code: 'NOT_FOUND', message: 'Course not found' }]);
    const tamil = await call('GET', `/user-course/${course.courseId}?language=TAMIL`);
    expect([tamil.statusCode, tamil.json()]).toEqual([
      400,
      {
        code: 'VALIDATION',
        message: 'This course is not in TAMIL',
        fields: { language: 'Choose one of: ENGLISH, HINDI' },
      },
    ]);
  });

  it('refuses a block, lesson or quiz not of the course, and a file block that asks for none', async () => {
    const upload = await call('POST', '/user-course-content/upload-url', {
      courseId: course.courseId,
      blockId: course.blocks.VOTE,
      fileName: 'a.pdf',
      size: 10,
    });
    expect([upload.statusCode, upload.json()]).toEqual([
      404,
      {
        code: 'NOT_FOUND',
        message: 'No block asking for a file in this course',
        fields: { blockId: 'Not a block asking for a file' },
      },
    ]);
    const noBlock = {
      code: 'NOT_FOUND',
      message: 'No such block in this course',
      fields: { blockId: 'Not a block of this course' },
    };
    const answer = await call('PUT', '/user-course-content/answer', {
      courseId: course.courseId,
      blockId: NOWHERE,
      seen: true,
    });
    expect([answer.statusCode, answer.json()]).toEqual([404, noBlock]);
    const video = await call('POST', '/user-course-content/video-progress', {
      courseId: course.courseId,
      blockId: NOWHERE,
      positionSeconds: 1,
    });
    expect([video.statusCode, video.json()]).toEqual([404, noBlock]);
    const lesson = await call('POST', '/user-course-content/lesson-complete', {
      courseId: course.courseId,
      lessonId: course.quizId,
    });
    expect([lesson.statusCode, lesson.json()]).toEqual([
      404,
      {
        code: 'NOT_FOUND',
        message: 'No such lesson in this course',
        fields: { lessonId: 'Not a lesson of this course' },
      },
    ]);
    const quiz = await call('POST', `/user-course/${course.courseId}/quizzes/${course.lessonId}/attempts`, {
      answers: [],
    });
    expect([quiz.statusCode, quiz.json()]).toEqual([
      404,
      { code: 'NOT_FOUND', message: 'No such quiz in this course', fields: { quizId: 'Not a quiz of this course' } },
    ]);
    expect(await status()).toBe('ASSIGNED');
  });

  it('refuses an answer that does not fit its block, naming the field', async () => {
    const put = (blockId: string, answer: object) =>
      call('PUT', '/user-course-content/answer', { courseId: course.courseId, blockId, answer });
    const choice = await put(course.blocks.MULTIPLE_CHOICE, { type: 'MULTIPLE_CHOICE', choice: 'zzz' });
    expect(choice.statusCode).toBe(400);
    expect(choice.json()).toMatchObject({ code: 'VALIDATION', fields: { answer: choice.json().message } });
    const handIn = await put(course.blocks.ASK_TO_UPLOAD_RESOURCE, { type: 'ASK_TO_UPLOAD_RESOURCE', fileId: NOWHERE });
    expect([handIn.statusCode, handIn.json()]).toEqual([
      400,
      {
        code: 'VALIDATION',
        message: 'Hand in a file you uploaded',
        fields: { 'answer.fileId': 'Not a file you uploaded' },
      },
    ]);
    const notVideo = await call('POST', '/user-course-content/video-progress', {
      courseId: course.courseId,
      blockId: course.blocks.VOTE,
      positionSeconds: 1,
    });
    expect([notVideo.statusCode, notVideo.json()]).toEqual([
      400,
      { code: 'VALIDATION', message: 'This block is not a video', fields: { blockId: 'Not a video block' } },
    ]);
    expect(await status()).toBe('ASSIGNED');
  });

  it('refuses a lesson with gaps, an attempt that names another question or one twice, then a passed or spent quiz', async () => {
    const gaps = await call('POST', '/user-course-content/lesson-complete', {
      courseId: course.courseId,
      lessonId: course.lessonId,
    });
    expect(gaps.statusCode).toBe(409);
    expect(gaps.json()).toMatchObject({
      code: 'VIDEO_NOT_WATCHED',
      message: 'Watch every video of this lesson to the end (or read its transcript) first',
      fields: { [course.blocks.VIDEO]: 'VIDEO_NOT_WATCHED' },
    });
    const attempt = (answers: object[]) =>
      call('POST', `/user-course/${course.courseId}/quizzes/${course.quizId}/attempts`, { answers });
    const stray = await attempt([{ questionId: NOWHERE, choices: ['a'] }]);
    expect([stray.statusCode, stray.json()]).toEqual([
      400,
      {
        code: 'VALIDATION',
        message: 'Not a question of this quiz',
        fields: { 'answers.0.questionId': 'Not a question of this quiz' },
      },
    ]);
    const [first] = RIGHT(course);
    const twice = await attempt([first, first]);
    expect([twice.statusCode, twice.json()]).toEqual([
      400,
      {
        code: 'VALIDATION',
        message: 'A question is answered twice',
        fields: { 'answers.1.questionId': 'Answered twice' },
      },
    ]);
    const badChoice = await attempt([{ questionId: first.questionId, choices: ['nothing'] }]);
    expect(badChoice.statusCode).toBe(400);
    expect(badChoice.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { 'answers.0.choices': badChoice.json().message },
    });
    expect(await status()).toBe('ASSIGNED');

    expect((await attempt(WRONG(course))).statusCode).toBe(200);
    const spent = await attempt(RIGHT(course));
    expect([spent.statusCode, spent.json()]).toEqual([
      409,
      {
        code: 'NO_ATTEMPTS_LEFT',
        message: 'You have used every attempt at this quiz; ask your admin for another',
        fields: { quizId: 'No attempts left' },
      },
    ]);
    const granted = await server.request(ws.host, {
      method: 'POST',
      url: `${API}/course/increase/user-attempts`,
      payload: { courseId: course.courseId, quizId: course.quizId, userIds: [learner.id] },
      token: ws.admin.token,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect((await attempt(RIGHT(course))).statusCode).toBe(200);
    const passed = await attempt(RIGHT(course));
    expect([passed.statusCode, passed.json()]).toEqual([
      409,
      { code: 'QUIZ_PASSED', message: 'You have passed this quiz already', fields: { quizId: 'Passed already' } },
    ]);
  });
});
