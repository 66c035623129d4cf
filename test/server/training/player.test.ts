import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { EVERY_BLOCK, FILES } from '../courses/authoring-fixtures';
import { API, assign, auditActions, buildCourse, RIGHT, WRONG, type BuiltCourse } from './player-fixtures';
import { buildUser, buildWorkspace, type BuiltUser, type BuiltWorkspace } from '../support/factories';

/**
 * The learner's side, through the API as the player uses it: what an employee sees, answers that resume on another
 * device, the video rule (seeking ahead is not watching), lesson completion, quiz attempts scored on the server with
 * their limit (also for attempts sent at once), and the completion recorded once.
 */
describe.each(DATABASES)('the course player on %s', (kind) => {
  let server: TestServer;
  let facts: { workspaceId: string };
  let ws: BuiltWorkspace;
  let elsewhere: BuiltWorkspace;
  let otherEmployee: BuiltUser;
  let wsHost: string;
  let otherHost: string;
  let admin: string;
  let clock = new Date('2026-11-25T10:00:00Z');
  const tick = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));
  let course: BuiltCourse;
  const learners: { email: string; id: string; token: string }[] = [];

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { clock: { now: () => clock } }); // one clock for the player and the assignments' due dates
    ws = await buildWorkspace(server);
    elsewhere = await buildWorkspace(server);
    otherEmployee = await buildUser(server, elsewhere);
    facts = { workspaceId: ws.id };
    wsHost = ws.host;
    otherHost = elsewhere.host;
    admin = ws.admin.token;
    course = await buildCourse(server, admin, facts.workspaceId, {}, undefined, true, wsHost);
    // Bytes for the registered files, so their signed links can be made (registerFiles records rows only).
    for (const id of Object.values(FILES)) {
      const key = await server.fileUrls.store(facts.workspaceId, `${id}.bin`, new TextEncoder().encode('bytes'));
      await server.db.tenant(facts.workspaceId, (tx) =>
        tx.query(`UPDATE files SET storage_key = $3 WHERE workspace_id = $1 AND id = $2`, [facts.workspaceId, id, key]),
      );
    }
    for (let i = 0; i < 5; i++) {
      const person = await buildUser(server, ws, i === 0 ? { firstName: 'Esha', lastName: 'Employee' } : {});
      learners.push({ email: person.email, id: person.id, token: person.token });
    }
  });
  afterAll(async () => server?.close());

  const get = (url: string, token: string, host = wsHost) =>
    server.request(host, { method: 'GET', url: `${API}${url}`, token });
  const send = (method: 'POST' | 'PUT', url: string, payload: object, token: string, host = wsHost) =>
    server.request(host, { method, url: `${API}${url}`, payload, token });
  const answer = (token: string, blockId: string, value: object, host = wsHost, language?: string) =>
    send(
      'PUT',
      '/user-course-content/answer',
      { courseId: course.courseId, blockId, answer: value, language },
      token,
      host,
    );

  it('shows an employee only the courses assigned to them: another course, and another workspace, answer 404', async () => {
    const [esha] = learners;
    expect((await get('/user-course/my', esha.token)).json()).toEqual([]);
    const notAssigned = await get(`/user-course/${course.courseId}`, esha.token);
    expect(notAssigned.statusCode).toBe(404);
    expect(notAssigned.json().code).toBe('NOT_FOUND');

    await assign(server, admin, course.courseId, [esha.id], wsHost);
    const mine = (await get('/user-course/my?language=HINDI', esha.token)).json();
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      courseId: course.courseId,
      title: 'कार्यस्थल पर सम्मान',
      language: 'HINDI',
      primaryLanguage: 'ENGLISH',
      status: 'NOT_STARTED',
      progressPercent: 0,
      // Assigned without a due date: the workspace default of 30 days after assignment (migration 0024).
      dueAt: '2026-12-25T00:00:00.000Z',
      completedAt: null,
      next: { contentId: course.lessonId, kind: 'LESSON', title: 'मूल बातें' },
      hasCertificate: false,
    });

    // Another workspace's employee and admin, on their own host, cannot reach this workspace's course.
    const gabe = otherEmployee.token;
    const gita = elsewhere.admin.token;
    for (const token of [gabe, gita]) {
      expect((await get(`/user-course/${course.courseId}`, token, otherHost)).statusCode).toBe(404);
      expect(
        (await answer(token, course.blocks.MULTIPLE_CHOICE, { type: 'MULTIPLE_CHOICE', choice: 'a' }, otherHost))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await send(
            'POST',
            `/user-course/${course.courseId}/quizzes/${course.quizId}/attempts`,
            { answers: RIGHT(course) },
            token,
            otherHost,
          )
        ).statusCode,
      ).toBe(404);
    }
    // A draft course assigned by hand (not through the API) is not shown either.
    const draft = await server.db.tenant(facts.workspaceId, async (tx) => {
      const [c] = await tx.query<{ id: string }>(
        `INSERT INTO courses (workspace_id, title) VALUES ($1, 'Draft') RETURNING id`,
        [facts.workspaceId],
      );
      await tx.query(`INSERT INTO course_assignments (workspace_id, course_id, user_id) VALUES ($1, $2, $3)`, [
        facts.workspaceId,
        c.id,
        esha.id,
      ]);
      return c.id;
    });
    expect((await get(`/user-course/${draft}`, esha.token)).statusCode).toBe(404);
    expect((await get('/user-course/my', esha.token)).json()).toHaveLength(1);
  });

  it('serves the assigned version in the chosen language, every block type, signed file links, and no correct answer', async () => {
    const [esha] = learners;
    const res = await get(`/user-course/${course.courseId}?language=HINDI`, esha.token);
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({
      language: 'HINDI',
      title: 'कार्यस्थल पर सम्मान',
      status: 'NOT_STARTED',
      completion: null,
    });
    const [lesson, quiz] = view.contents;
    expect(lesson).toMatchObject({ kind: 'LESSON', title: 'मूल बातें', done: false });
    expect(lesson.blocks.map((b: { type: string }) => b.type)).toHaveLength(16);
    const byType = Object.fromEntries(lesson.blocks.map((b: { type: string }) => [b.type, b]));
    expect(byType.MULTIPLE_CHOICE.content).toEqual({
      type: 'MULTIPLE_CHOICE',
      prompt: 'शिकायत कौन प्राप्त करता है?',
      options: [
        { key: 'a', label: 'आंतरिक समिति' },
        { key: 'b', label: 'आरोपी' },
      ],
    });
    expect(byType.FILL_IN_BLANK.content).toEqual({
      type: 'FILL_IN_BLANK',
      sentence: 'शिकायत {{days}} दिनों के भीतर की जाती है।',
      blanks: ['days'],
    });
    for (const type of ['IMAGE', 'VIDEO', 'UPLOAD_RESOURCE']) {
      expect(byType[type].content.file.url, type).toMatch(/^\/files\/|^http/);
      expect(Date.parse(byType[type].content.file.expiresAt)).toBeGreaterThan(Date.now());
    }
    expect(byType.VIDEO.content.captions.fileId).toBeTruthy();
    expect(byType.VIDEO.content.transcript).toBe('स्वागत है।');
    expect(byType.VIDEO.state.video).toMatchObject({
      positionSeconds: 0,
      watched: [],
      complete: false,
      durationSeconds: 120,
    });
    expect(quiz).toMatchObject({
      kind: 'QUIZ',
      title: 'जाँच',
      passMark: 100,
      maxAttempts: 2,
      attemptsUsed: 0,
      attemptsLeft: 2,
      answersShown: false,
      lastAttempt: null,
    });
    expect(quiz.questions[0]).toMatchObject({ text: 'शिकायत कौन प्राप्त करता है?', correctKeys: null, explanation: null });
    // No right answer anywhere: no `correct` flag on an option, no accepted answer, no pair's right side by key.
    expect(res.body).not.toMatch(/"correct":true|"accepted"|नब्बे/);

    const tamil = await get(`/user-course/${course.courseId}?language=TAMIL`, esha.token);
    expect(tamil.statusCode).toBe(400);
    expect(tamil.json().fields).toHaveProperty('language');
  });

  it('saves answers as given and resumes them on another device; a wrong answer is a 400 naming it', async () => {
    const [esha] = learners;
    const right = await answer(esha.token, course.blocks.MULTIPLE_CHOICE, { type: 'MULTIPLE_CHOICE', choice: 'b' });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({
      state: { answer: { type: 'MULTIPLE_CHOICE', choice: 'b' }, correct: false, seen: true },
      progress: { done: false, status: 'IN_PROGRESS' },
    });
    const changed = await answer(esha.token, course.blocks.MULTIPLE_CHOICE, { type: 'MULTIPLE_CHOICE', choice: 'a' });
    expect(changed.json().state.correct).toBe(true);
    expect(
      (
        await answer(
          esha.token,
          course.blocks.FILL_IN_BLANK,
          { type: 'FILL_IN_BLANK', blanks: { days: 'नब्बे' } },
          wsHost,
          'HINDI',
        )
      ).json().state.correct,
    ).toBe(true);

    const unknown = await answer(esha.token, course.blocks.MULTIPLE_CHOICE, { type: 'MULTIPLE_CHOICE', choice: 'zzz' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty('answer');
    const wrongType = await answer(esha.token, course.blocks.MULTIPLE_CHOICE, { type: 'VOTE', choice: 'a' });
    expect(wrongType.statusCode).toBe(400);
    const notInCourse = await answer(esha.token, '00000000-0000-4000-8000-000000000000', { type: 'VOTE', choice: 'a' });
    expect(notInCourse.statusCode).toBe(404);
    const seen = await send(
      'PUT',
      '/user-course-content/answer',
      { courseId: course.courseId, blockId: course.blocks.TEXT_AREA, seen: true },
      esha.token,
    );
    expect(seen.json().state).toMatchObject({ seen: true, answer: null });

    // Another device: a new session sees the same answers.
    const other = await server.signIn(wsHost, esha.email);
    const view = (await get(`/user-course/${course.courseId}?language=HINDI`, other)).json();
    const blocks = Object.fromEntries(view.contents[0].blocks.map((b: { type: string }) => [b.type, b]));
    expect(blocks.MULTIPLE_CHOICE.state).toMatchObject({ answer: { choice: 'a' }, correct: true });
    expect(blocks.FILL_IN_BLANK.state.answer).toEqual({ type: 'FILL_IN_BLANK', blanks: { days: 'नब्बे' } });
    expect(blocks.TEXT_AREA.state.seen).toBe(true);
    expect(view.status).toBe('IN_PROGRESS');
    const audits = await auditActions(server, facts.workspaceId, 'learner.answer.saved');
    expect(audits.filter((a) => a.actor_user_id === esha.id).length).toBeGreaterThanOrEqual(3);
  });

  it('counts a video as watched only for what was played: a seek ahead adds nothing, and the position resumes', async () => {
    const [esha] = learners;
    const report = (payload: object) =>
      send(
        'POST',
        '/user-course-content/video-progress',
        { courseId: course.courseId, blockId: course.blocks.VIDEO, ...payload },
        esha.token,
      );
    const first = await report({ positionSeconds: 20, watched: [{ from: 0, to: 20 }] });
    expect(first.statusCode).toBe(200);
    expect(first.json().video).toMatchObject({
      watched: [{ from: 0, to: 20 }],
      watchedSeconds: 20,
      complete: false,
      positionSeconds: 20,
    });

    // Two seconds later the learner drags to the end and claims to have watched it: only the grace is counted.
    tick(2);
    const seek = await report({ positionSeconds: 118, watched: [{ from: 20, to: 120 }] });
    expect(seek.json().video.watchedSeconds).toBeLessThanOrEqual(20 + 2 * 2 + 5);
    expect(seek.json().video.complete).toBe(false);
    const early = await send(
      'POST',
      '/user-course-content/lesson-complete',
      { courseId: course.courseId, lessonId: course.lessonId },
      esha.token,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('VIDEO_NOT_WATCHED');
    expect(early.json().fields[course.blocks.VIDEO]).toBe('VIDEO_NOT_WATCHED');

    // Played through at normal speed (reports over a minute and more): watched.
    tick(60);
    await report({ positionSeconds: 90, watched: [{ from: 20, to: 90 }] });
    tick(40);
    const done = await report({ positionSeconds: 120, watched: [{ from: 90, to: 120 }] });
    expect(done.json().video).toMatchObject({ watched: [{ from: 0, to: 120 }], complete: true, transcriptRead: false });
    expect(await auditActions(server, facts.workspaceId, 'learner.video.watched')).toHaveLength(1);

    tick(5);
    await report({ positionSeconds: 64.5, watched: [] });
    const view = (await get(`/user-course/${course.courseId}`, esha.token)).json();
    const video = view.contents[0].blocks.find((b: { type: string }) => b.type === 'VIDEO');
    expect(video.state.video).toMatchObject({ positionSeconds: 64.5, complete: true });

    const bad = await report({ positionSeconds: 1, watched: [{ from: 10, to: 5 }] });
    expect(bad.statusCode).toBe(400);
    const notVideo = await send(
      'POST',
      '/user-course-content/video-progress',
      { courseId: course.courseId, blockId: course.blocks.TEXT_AREA, positionSeconds: 1 },
      esha.token,
    );
    expect(notVideo.statusCode).toBe(400);
    expect(notVideo.json().fields).toHaveProperty('blockId');
  });

  it('takes the transcript read instead of the video, where the author gave one', async () => {
    const [, , , , lee] = learners;
    await assign(server, admin, course.courseId, [lee.id], wsHost);
    const read = await send(
      'POST',
      '/user-course-content/video-progress',
      {
        courseId: course.courseId,
        blockId: course.blocks.VIDEO,
        positionSeconds: 0,
        transcriptRead: true,
        language: 'HINDI',
      },
      lee.token,
    );
    expect(read.statusCode).toBe(200);
    expect(read.json().video).toMatchObject({ complete: true, transcriptRead: true, watchedSeconds: 0 });
    const res = await send(
      'POST',
      '/user-course-content/lesson-complete',
      { courseId: course.courseId, lessonId: course.lessonId },
      lee.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ANSWER_MISSING');
    expect(Object.keys(res.json().fields)).not.toContain(course.blocks.VIDEO);
  });

  it('completes a lesson only when every question and required block is answered', async () => {
    const [esha] = learners;
    const missing = await send(
      'POST',
      '/user-course-content/lesson-complete',
      { courseId: course.courseId, lessonId: course.lessonId },
      esha.token,
    );
    expect(missing.statusCode).toBe(409);
    expect(missing.json().code).toBe('ANSWER_MISSING');
    const gaps = missing.json().fields;
    for (const type of [
      'CHECKBOX_WITH_TEXT',
      'MULTIPLE_RESPONSE',
      'MATCHING',
      'MULTI_SELECT_QUESTION',
      'SINGLE_SELECT_QUESTION',
      'ASK_TO_UPLOAD_RESOURCE',
      'VOTE',
    ] as const) {
      expect(gaps[course.blocks[type]], type).toBe('ANSWER_MISSING');
    }
    expect(gaps[course.blocks.INPUT_BOX]).toBeUndefined(); // not required

    const form = await server.db.tenant(facts.workspaceId, async (tx) => {
      const [f] = await tx.query<{ id: string }>(
        `INSERT INTO files (workspace_id, owner_id, purpose, declared_name, declared_size, storage_key, size, detected_type, status, confirmed_at)
         VALUES ($1, $2, 'PDF', 'form.pdf', 10, $3, 10, 'application/pdf', 'CONFIRMED', now()) RETURNING id`,
        [facts.workspaceId, esha.id, `${facts.workspaceId}/form.pdf`],
      );
      return f.id;
    });
    const someoneElses = await answer(esha.token, course.blocks.ASK_TO_UPLOAD_RESOURCE, {
      type: 'ASK_TO_UPLOAD_RESOURCE',
      fileId: '0f000000-0000-4000-8000-000000000005',
    });
    expect(someoneElses.statusCode).toBe(400);
    for (const [type, value] of [
      ['CHECKBOX_WITH_TEXT', { checked: true }],
      ['MULTIPLE_RESPONSE', { choices: ['a', 'c'] }],
      ['MATCHING', { matches: { ic: 'lc', lc: 'ic' } }],
      ['MULTI_SELECT_QUESTION', { choices: ['x'] }],
      ['SINGLE_SELECT_QUESTION', { choice: 'no' }],
      ['ASK_TO_UPLOAD_RESOURCE', { fileId: form }],
      ['VOTE', { choice: 'a' }],
    ] as const) {
      const res = await answer(esha.token, course.blocks[type], { type, ...value });
      expect(res.statusCode, `${type} ${res.body}`).toBe(200);
    }
    const done = await send(
      'POST',
      '/user-course-content/lesson-complete',
      { courseId: course.courseId, lessonId: course.lessonId },
      esha.token,
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      lessonId: course.lessonId,
      done: true,
      progressPercent: 50,
      courseCompleted: false,
      completion: null,
    });
    // Again: nothing changes.
    expect(
      (
        await send(
          'POST',
          '/user-course-content/lesson-complete',
          { courseId: course.courseId, lessonId: course.lessonId },
          esha.token,
        )
      ).json().done,
    ).toBe(true);
    expect(
      (await auditActions(server, facts.workspaceId, 'learner.lesson.completed')).filter(
        (a) => a.actor_user_id === esha.id,
      ),
    ).toHaveLength(1);
    const mine = (await get('/user-course/my', esha.token)).json()[0];
    expect(mine).toMatchObject({
      status: 'IN_PROGRESS',
      progressPercent: 50,
      next: { contentId: course.quizId, kind: 'QUIZ' },
    });
  });

  it('scores a quiz attempt on the server, hides the answers until passing, then records the completion once', async () => {
    const [esha] = learners;
    const attempt = (answers: object[]) =>
      send(
        'POST',
        `/user-course/${course.courseId}/quizzes/${course.quizId}/attempts`,
        { answers, language: 'HINDI' },
        esha.token,
      );

    const badKey = await attempt([{ questionId: course.questionIds[0], choices: ['nope'] }]);
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().fields).toHaveProperty(['answers.0.choices']);
    const two = await attempt([{ questionId: course.questionIds[0], choices: ['ic', 'boss'] }]);
    expect(two.statusCode).toBe(400);

    const failed = await attempt(WRONG(course));
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({
      attemptNumber: 1,
      score: 50,
      passMark: 100,
      passed: false,
      answersShown: false,
      attemptsUsed: 1,
      attemptsLeft: 1,
      courseCompleted: false,
    });
    expect(failed.json().questions).toEqual([
      { questionId: course.questionIds[0], chosen: ['boss'], correct: false, correctKeys: null, explanation: null },
      {
        questionId: course.questionIds[1],
        chosen: ['remarks', 'gestures'],
        correct: true,
        correctKeys: null,
        explanation: null,
      },
    ]);

    // The admin's members table shows the attempt and its score, and the course not yet done.
    const memberOf = async () =>
      ((await get(`/course/${course.courseId}/members`, admin)).json().items as { email: string }[]).find(
        (m) => m.email === esha.email,
      );
    expect(await memberOf()).toMatchObject({ attempts: 1, score: 50 });
    expect((await memberOf()) as unknown as { progress: number }).not.toMatchObject({ progress: 100 });

    const passed = await attempt(RIGHT(course));
    expect(passed.json()).toMatchObject({
      attemptNumber: 2,
      score: 100,
      passed: true,
      answersShown: true,
      attemptsLeft: 0,
      bestScore: 100,
      courseCompleted: true,
    });
    expect(passed.json().questions[1]).toMatchObject({ correct: true, correctKeys: ['remarks', 'gestures'] });

    const again = await attempt(RIGHT(course));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('QUIZ_PASSED');

    const view = (await get(`/user-course/${course.courseId}`, esha.token)).json();
    expect(view).toMatchObject({ status: 'COMPLETED', progressPercent: 100, next: null });
    expect(view.completion).toMatchObject({ score: 100, attempts: 2, courseVersion: 1, source: 'PLAYER' });
    expect(view.completion.certificateCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(view.contents[1]).toMatchObject({
      passed: true,
      answersShown: true,
      lastAttempt: { attemptNumber: 2, passed: true },
    });
    expect(view.contents[1].questions[0].correctKeys).toEqual(['ic']);

    const mine = (await get('/user-course/my', esha.token)).json()[0];
    expect(mine).toMatchObject({ status: 'COMPLETED', progressPercent: 100, next: null, hasCertificate: true });
    expect(Date.parse(mine.completedAt)).toBe(clock.getTime());
    expect(await memberOf()).toMatchObject({ status: 'COMPLETED', progress: 100, score: 100, attempts: 2 });

    const rows = await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM course_completions WHERE workspace_id = $1 AND user_id = $2`,
        [facts.workspaceId, esha.id],
      ),
    );
    expect(rows[0].n).toBe(1);
    const [assignment] = await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query<{ status: string }>(
        `SELECT status FROM course_assignments WHERE workspace_id = $1 AND user_id = $2 AND course_id = $3`,
        [facts.workspaceId, esha.id, course.courseId],
      ),
    );
    expect(assignment.status).toBe('COMPLETED');
    const completed = await auditActions(server, facts.workspaceId, 'course.completed');
    expect(completed.filter((a) => a.target === course.courseId)).toHaveLength(1);
    expect(await auditActions(server, facts.workspaceId, 'learner.quiz.attempted')).toHaveLength(2);
  });

  it('keeps the completion when the author edits and publishes the course again', async () => {
    const [esha] = learners;
    const edit = await send(
      'PUT',
      `/course/update/${course.courseId}`,
      { title: 'Respect at work, second edition' },
      admin,
    );
    expect(edit.statusCode).toBe(200);
    expect((await send('POST', `/course/publish/${course.courseId}`, {}, admin)).statusCode).toBe(200);
    const mine = (await get('/user-course/my', esha.token)).json()[0];
    expect(mine).toMatchObject({ status: 'COMPLETED', version: 1, title: 'Respect at work', hasCertificate: true });
    const view = (await get(`/user-course/${course.courseId}`, esha.token)).json();
    expect(view.completion).toMatchObject({ courseVersion: 1, score: 100 });
  });

  it('enforces the attempt limit for two attempts sent at once: one is scored, the other refused', async () => {
    const strict = await buildCourse(
      server,
      admin,
      facts.workspaceId,
      { maxAttempts: 1, answerReveal: 'AFTER_LAST_ATTEMPT' },
      EVERY_BLOCK.filter((b) => b.type === 'TEXT_AREA'),
      false,
      wsHost,
    );
    const [, ravi, mira] = learners;
    await assign(server, admin, strict.courseId, [ravi.id, mira.id], wsHost);
    const submit = (token: string, answers: object[]) =>
      send('POST', `/user-course/${strict.courseId}/quizzes/${strict.quizId}/attempts`, { answers }, token);
    // Both fail the quiz, so whichever is counted first, the other finds no attempt left (a pass first would make it
    // QUIZ_PASSED instead: the order two requests take the lock in is the race itself).
    const results = await Promise.all([submit(ravi.token, WRONG(strict)), submit(ravi.token, WRONG(strict))]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json().code).toBe('NO_ATTEMPTS_LEFT');
    const accepted = results.find((r) => r.statusCode === 200)!.json();
    expect(accepted).toMatchObject({ attemptNumber: 1, attemptsLeft: 0 });
    // After the last attempt this quiz shows the answers (AFTER_LAST_ATTEMPT), passed or not.
    expect(accepted.answersShown).toBe(true);
    expect(accepted.questions[0].correctKeys).toEqual(['ic']);
    const [{ n }] = await server.db.tenant(facts.workspaceId, (tx) =>
      tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM quiz_attempts WHERE workspace_id = $1 AND quiz_id = $2`, [
        facts.workspaceId,
        strict.quizId,
      ]),
    );
    expect(n).toBe(1);

    // Another learner's attempts are their own: Mira still has hers, and five at once still make one.
    const five = await Promise.all(Array.from({ length: 5 }, () => submit(mira.token, WRONG(strict))));
    expect(five.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(five.filter((r) => r.statusCode === 409)).toHaveLength(4);
  });
});
