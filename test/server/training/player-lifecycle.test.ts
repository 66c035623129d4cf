import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { EVERY_BLOCK } from '../courses/authoring-fixtures';
import { buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';
import { API, assign, buildCourse, type BuiltCourse } from './player-fixtures';

/**
 * The player with the assignment lifecycle's columns (migration 0024: due_at, cycle, unassigned_at): a due date shows
 * and makes an assignment overdue, an unassigned course disappears (404), and a new cycle starts with fresh attempts.
 */
describe.each(DATABASES)('the player with the lifecycle columns on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let course: BuiltCourse;
  let esha: { id: string; token: string };
  const clock = new Date('2026-11-25T10:00:00Z');

  beforeAll(async () => {
    server = await startTestServer(kind, {}, { clock: { now: () => clock } }); // one clock for the player and the assignments' due dates
    ws = await buildWorkspace(server);
    esha = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    // A quiz of three attempts, as the demo's course has.
    const text = EVERY_BLOCK.filter((b) => b.type === 'TEXT_AREA');
    course = await buildCourse(server, ws.admin.token, ws.id, { maxAttempts: 3 }, text, false, ws.host);
    await assign(server, ws.admin.token, course.courseId, [esha.id], ws.host);
  });
  afterAll(async () => server?.close());

  const set = (sql: string) =>
    server.db.tenant(ws.id, (tx) =>
      tx.query(`UPDATE course_assignments SET ${sql} WHERE workspace_id = $1 AND user_id = $2 AND course_id = $3`, [
        ws.id,
        esha.id,
        course.courseId,
      ]),
    );
  const mine = async () =>
    (await server.request(ws.host, { method: 'GET', url: `${API}/user-course/my`, token: esha.token })).json();

  it('shows the due date, and overdue from the day after it', async () => {
    await set(`due_at = '2026-12-01T18:29:59Z'`);
    expect((await mine())[0]).toMatchObject({ status: 'NOT_STARTED', dueAt: '2026-12-01T18:29:59.000Z' });
    await set(`due_at = '2026-11-20T18:29:59Z'`);
    expect((await mine())[0]).toMatchObject({ status: 'OVERDUE' });
  });

  it('starts a new cycle with fresh attempts, and hides an unassigned course', async () => {
    const view = (
      await server.request(ws.host, { method: 'GET', url: `${API}/user-course/${course.courseId}`, token: esha.token })
    ).json();
    const quiz = view.contents.find((c: { kind: string }) => c.kind === 'QUIZ');
    const attempt = () =>
      server.request(ws.host, {
        method: 'POST',
        url: `${API}/user-course/${course.courseId}/quizzes/${quiz.contentId}/attempts`,
        token: esha.token,
        payload: { answers: [] },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(200);
    expect((await attempt()).json().code).toBe('NO_ATTEMPTS_LEFT');
    await set('cycle = 2');
    expect((await attempt()).json()).toMatchObject({ attemptNumber: 1, attemptsLeft: 2 });

    await set(`unassigned_at = now()`);
    expect(await mine()).toEqual([]);
    expect(
      (
        await server.request(ws.host, {
          method: 'GET',
          url: `${API}/user-course/${course.courseId}`,
          token: esha.token,
        })
      ).statusCode,
    ).toBe(404);
  });
});
