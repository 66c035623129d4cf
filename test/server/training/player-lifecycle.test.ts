import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { API, assign } from './player-fixtures';
import { ACME, acmeFacts, userIdByEmail, type AcmeFacts } from '../courses/support';

/**
 * The player with the assignment lifecycle's columns (migration 0024: due_at, cycle, unassigned_at): a due date shows
 * and makes an assignment overdue, an unassigned course disappears (404), and a new cycle starts with fresh attempts.
 */
describe.each(DATABASES)('the player with the lifecycle columns on %s', (kind) => {
  let server: TestServer;
  let facts: AcmeFacts;
  let esha: { id: string; token: string };
  const clock = new Date('2026-11-25T10:00:00Z');

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => clock }, { clock: { now: () => clock } }); // one clock for the player and the assignments' due dates
    facts = await acmeFacts(server);
    const admin = await server.signIn(ACME, 'admin@acme.test');
    const id = await userIdByEmail(server, facts.workspaceId, 'employee@acme.test');
    esha = { id, token: await server.signIn(ACME, 'employee@acme.test') };
    await assign(server, admin, facts.courseId, [id]);
  });
  afterAll(async () => server?.close());

  const set = (sql: string) =>
    server.db.tenant(facts.workspaceId, (tx) =>
      tx.query(`UPDATE course_assignments SET ${sql} WHERE workspace_id = $1 AND user_id = $2 AND course_id = $3`, [
        facts.workspaceId,
        esha.id,
        facts.courseId,
      ]),
    );
  const mine = async () =>
    (await server.request(ACME, { method: 'GET', url: `${API}/user-course/my`, token: esha.token })).json();

  it('shows the due date, and overdue from the day after it', async () => {
    await set(`due_at = '2026-12-01T18:29:59Z'`);
    expect((await mine())[0]).toMatchObject({ status: 'NOT_STARTED', dueAt: '2026-12-01T18:29:59.000Z' });
    await set(`due_at = '2026-11-20T18:29:59Z'`);
    expect((await mine())[0]).toMatchObject({ status: 'OVERDUE' });
  });

  it('starts a new cycle with fresh attempts, and hides an unassigned course', async () => {
    const view = (
      await server.request(ACME, { method: 'GET', url: `${API}/user-course/${facts.courseId}`, token: esha.token })
    ).json();
    const quiz = view.contents.find((c: { kind: string }) => c.kind === 'QUIZ');
    const attempt = () =>
      server.request(ACME, {
        method: 'POST',
        url: `${API}/user-course/${facts.courseId}/quizzes/${quiz.contentId}/attempts`,
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
      (await server.request(ACME, { method: 'GET', url: `${API}/user-course/${facts.courseId}`, token: esha.token }))
        .statusCode,
    ).toBe(404);
  });
});
