import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';

const L = '/learning-api/api';
const ACME = 'acme.localhost';
const POSH = 'Preventing Sexual Harassment at Work';
const CONDUCT = 'Respect at Work: Our Code of Conduct';

/**
 * What `npm start`'s demo shows of training (server/seed/learning.seed.ts): two published courses with learners at
 * every stage, certificates, one expiring soon; the demo employee has a course to take and the POSH course is left for
 * a visitor to assign. This file is about the demo itself, so it signs in as the demo's accounts.
 */
describe.each(DATABASES)("the demo's training on %s", (kind) => {
  let server: TestServer;
  let admin: string;
  let employee: string;
  const get = async <T>(token: string, url: string): Promise<T> => {
    const res = await server.request(ACME, { method: 'GET', url: `${L}${url}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.signIn(ACME, 'admin@acme.test');
    employee = await server.signIn(ACME, 'employee@acme.test');
  });
  afterAll(async () => server?.close());

  it('has learners at every stage of both courses, with certificates', async () => {
    const courses = await get<{ items: { courseId: string; title: string }[] }>(
      admin,
      '/course/all?page=0&pageSize=50',
    );
    for (const title of [POSH, CONDUCT]) {
      const course = courses.items.find((c) => c.title === title);
      expect(course, title).toBeDefined();
      const members = await get<{ items: { status: string; email: string }[] }>(
        admin,
        `/course/${course!.courseId}/members?page=0&pageSize=100`,
      );
      const stages = new Set(members.items.map((m) => m.status));
      for (const stage of ['NOT_STARTED', 'IN_PROGRESS', 'OVERDUE', 'COMPLETED'])
        expect(stages, title).toContain(stage);
    }
  });

  it('shows the dashboard a certificate expiring within 60 days and overdue learners', async () => {
    const dashboard = await get<{
      training: { completed: number; overdueLearners: number };
      certificates: { total: number; byCourse: { name: string; expiring: number }[] };
    }>(admin, '/dashboard');
    expect(dashboard.training.completed).toBeGreaterThanOrEqual(9);
    expect(dashboard.training.overdueLearners).toBeGreaterThanOrEqual(3);
    expect(dashboard.certificates.byCourse).toContainEqual(expect.objectContaining({ name: CONDUCT, expiring: 1 }));
  });

  it('gives the demo employee the Code of Conduct course to take, due within a week, and leaves POSH unassigned', async () => {
    const mine = await get<{ title: string; status: string; dueOn: string | null }[]>(employee, '/user-course/my');
    expect(mine.map((c) => [c.title, c.status])).toEqual([[CONDUCT, 'NOT_STARTED']]);
    expect(mine[0]!.dueOn).not.toBeNull();
  });
});
