import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComplianceDashboard } from '../../../src/contracts/learning/dashboard.contract';
import { localDay } from '../../../src/domain/shared/date-time';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildUser, buildWorkspace } from '../support/factories';
import { buildReportWorld, reports, type ReportWorld } from '../reports/report-fixtures';

const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe.each(DATABASES)('the compliance dashboard on %s', (kind) => {
  let server: TestServer;
  let world: ReportWorld;
  let admin: string;
  let north: string;
  let call: ReturnType<typeof reports>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    world = await buildReportWorld(server);
    // Asha's completed course Alpha carries a certificate expiring in ten days (the workspace's days).
    const today = localDay(new Date(), 'Asia/Kolkata');
    await server.db.tenant(world.workspaceId, (tx) =>
      tx.query(
        `INSERT INTO course_completions (workspace_id, user_id, course_id, assignment_id, cycle, completed_at, completed_on, course_title, language, expires_on, source)
         VALUES ($1, $2, $3, $4, 1, '2026-01-20T09:00:00Z', '2026-01-20', 'Report course Alpha', 'ENGLISH', $5, 'ADMIN')`,
        [
          world.workspaceId,
          world.people[0].id,
          world.courseA,
          world.assignments.get(`${world.people[0].email}:A`),
          plusDays(today, 10),
        ],
      ),
    );
    admin = await world.ws.admin.token;
    north = await server.signIn(world.host, world.northAdmin.email);
    call = reports(server, world.host);
  }, 120_000);
  afterAll(async () => server?.close());

  const dashboard = async (token: string, query = '', host = world.host) => {
    const res = await server.request(host, { method: 'GET', url: `/learning-api/api/dashboard${query}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ComplianceDashboard;
  };
  const total = async (token: string, body: object) => {
    const res = await call('POST', '/preview', token, {
      columns: ['courseName'],
      isCourseInclude: false,
      isPolicyInclude: false,
      pageSize: 1,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { total: number }).total;
  };
  const courses = (filters: object) => ({ isCourseInclude: true, filters });
  const policies = (filters: object) => ({ isPolicyInclude: true, filters });

  it('gives figures that equal the totals of the reports they link to', async () => {
    const d = await dashboard(admin);
    expect(d.scopedTo).toBeNull();
    expect(d.training.assigned).toBe(await total(admin, courses({})));
    expect(d.training.completed).toBe(await total(admin, courses({ courseStatuses: ['COMPLETED'] })));
    expect(d.training.overdue).toBe(await total(admin, courses({ courseStatuses: ['OVERDUE'] })));
    const units = d.byBusinessUnit.filter((u) => u.id !== null);
    expect(units.map((u) => u.id)).toEqual(expect.arrayContaining([world.north, world.south]));
    for (const unit of units) {
      expect(unit.assigned, unit.name).toBe(await total(admin, courses({ branchIds: [unit.id] })));
      expect(unit.completed, unit.name).toBe(
        await total(admin, courses({ branchIds: [unit.id], courseStatuses: ['COMPLETED'] })),
      );
      expect(unit.overdue, unit.name).toBe(
        await total(admin, courses({ branchIds: [unit.id], courseStatuses: ['OVERDUE'] })),
      );
    }
    expect(d.byCourse.map((c) => c.id)).toEqual(expect.arrayContaining([world.courseA, world.courseB]));
    for (const course of d.byCourse) {
      expect(course.assigned, course.name).toBe(await total(admin, courses({ courseIds: [course.id] })));
      expect(course.completed, course.name).toBe(
        await total(admin, courses({ courseIds: [course.id], courseStatuses: ['COMPLETED'] })),
      );
      expect(course.overdue, course.name).toBe(
        await total(admin, courses({ courseIds: [course.id], courseStatuses: ['OVERDUE'] })),
      );
    }
    expect(d.byPolicy.map((p) => p.id)).toContain(world.policyId);
    for (const policy of d.byPolicy) {
      expect(policy.total, policy.name).toBe(await total(admin, policies({ policyIds: [policy.id] })));
      expect(policy.accepted, policy.name).toBe(
        await total(admin, policies({ policyIds: [policy.id], policyStatuses: ['ACCEPTED'] })),
      );
      expect(policy.overdue, policy.name).toBe(
        await total(admin, policies({ policyIds: [policy.id], policyStatuses: ['OVERDUE'] })),
      );
    }
    // The units' figures add up to the workspace's.
    expect(d.byBusinessUnit.reduce((n, u) => n + u.assigned, 0)).toBe(d.training.assigned);
  });

  it('gives a certificates figure equal to the total of the report its link opens: the same days, the same rows', async () => {
    const d = await dashboard(admin);
    const expires = { from: d.asOf, to: d.certificates.until };
    expect(d.certificates.total).toBeGreaterThan(0);
    expect(d.certificates.total).toBe(await total(admin, courses({ expires })));
    expect(d.certificates.total).toBe(await total(admin, courses({ expiresWithinDays: 60 })));
    for (const course of d.certificates.byCourse)
      expect(course.expiring, course.name).toBe(await total(admin, courses({ courseIds: [course.id], expires })));
    // The rows are the ones whose certificate expires: Asha's Alpha, not every completed assignment.
    const res = await call('POST', '/preview', admin, {
      columns: ['courseName', 'status'],
      isCourseInclude: true,
      isPolicyInclude: false,
      filters: { expires },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = (res.json() as { rows: { email: string; values: Record<string, unknown> }[] }).rows;
    expect(rows.map((r) => [r.email, r.values.courseName])).toEqual([[world.people[0].email, 'Report course Alpha']]);
    expect(await total(admin, courses({ expires: { from: plusDays(d.asOf, 11) } }))).toBe(0);
    // A business-unit admin's figure and report are their unit's, the same way.
    const n = await dashboard(north);
    expect(n.certificates.total).toBe(
      await total(north, courses({ expires: { from: n.asOf, to: n.certificates.until } })),
    );
  });

  it('gives the known figures of one unit when narrowed to it, and the same as its report', async () => {
    const d = await dashboard(admin, `?branchId=${world.north}`);
    // North: Asha (Alpha completed, Beta assigned), Bela (Alpha in progress), Chetan (Alpha overdue).
    expect(d.training).toEqual({ assigned: 4, completed: 1, overdue: 1, overdueLearners: 1 });
    expect(d.byBusinessUnit).toEqual([
      { id: world.north, name: 'Report North', assigned: 4, completed: 1, overdue: 1 },
    ]);
    const alpha = d.byCourse.find((c) => c.id === world.courseA)!;
    expect(alpha).toMatchObject({ assigned: 3, completed: 1, overdue: 1 });
    // The policy's rows: Asha, Bela and the unit's admin (Chetan is inactive); Asha accepted.
    expect(d.byPolicy.find((p) => p.id === world.policyId)).toMatchObject({ total: 3, accepted: 1 });
    expect(d.certificates.byCourse).toEqual([{ id: world.courseA, name: 'Report course Alpha', expiring: 1 }]);
    expect(d.certificates.total).toBe(1);
    expect(d.certificates.until).toBe(plusDays(localDay(new Date(), 'Asia/Kolkata'), 60));
  });

  it("holds a business-unit admin to their unit's figures, whatever unit the query names", async () => {
    const own = await dashboard(north);
    expect(own.scopedTo).toBe('Report North');
    expect(own.byBusinessUnit.map((u) => u.id)).toEqual([world.north]);
    expect(own.training).toEqual({ assigned: 4, completed: 1, overdue: 1, overdueLearners: 1 });
    expect(own.training.assigned).toBe(await total(north, courses({})));
    expect(own.byPolicy.find((p) => p.id === world.policyId)?.total).toBe(
      await total(north, policies({ policyIds: [world.policyId] })),
    );
    // The attack: asking for South's figures gives nothing of South.
    const south = await dashboard(north, `?branchId=${world.south}`);
    expect(south.training).toEqual({ assigned: 0, completed: 0, overdue: 0, overdueLearners: 0 });
    expect(south.byBusinessUnit).toEqual([]);
    expect(south.byCourse).toEqual([]);
    expect(south.byPolicy).toEqual([]);
    expect(south.certificates.total).toBe(0);
    // Bad input is a 400, not a 500; unknown parameters are refused.
    expect(
      (
        await server.request(world.host, {
          method: 'GET',
          url: '/learning-api/api/dashboard?branchId=nope',
          token: north,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await server.request(world.host, {
          method: 'GET',
          url: `/learning-api/api/dashboard?scopeBranchId=${world.south}`,
          token: north,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('is not for employees, and another workspace never sees these figures', async () => {
    const employee = (await buildUser(server, world.ws)).token;
    expect(
      (await server.request(world.host, { method: 'GET', url: '/learning-api/api/dashboard', token: employee }))
        .statusCode,
    ).toBe(403);
    expect((await server.request(world.host, { method: 'GET', url: '/learning-api/api/dashboard' })).statusCode).toBe(
      401,
    );
    const other = await buildWorkspace(server);
    const globex = other.admin.token;
    const GLOBEX = other.host;
    const theirs = await dashboard(globex, `?branchId=${world.north}`, GLOBEX);
    expect(theirs.training.assigned).toBe(0);
    const all = await dashboard(globex, '', GLOBEX);
    expect(all.byCourse.map((c) => c.id)).not.toContain(world.courseA);
    expect(all.byPolicy.map((p) => p.id)).not.toContain(world.policyId);
    // The workspace's token is worthless at another workspace.
    expect(
      (await server.request(GLOBEX, { method: 'GET', url: '/learning-api/api/dashboard', token: admin })).statusCode,
    ).toBe(401);
  });

  it('counts overdue learners as people, not rows: one person late on two courses is one learner', async () => {
    // Farah (South) is late on Beta; now on Alpha too.
    const farah = world.people[5];
    await server.db.tenant(world.workspaceId, (tx) =>
      tx.query(
        `INSERT INTO course_assignments (workspace_id, course_id, user_id, status, assigned_at, course_version, due_at)
         VALUES ($1, $2, $3, 'ASSIGNED', '2026-05-01T09:00:00Z', 2, '2026-05-10T00:00:00Z')`,
        [world.workspaceId, world.courseA, farah.id],
      ),
    );
    const south = await dashboard(admin, `?branchId=${world.south}`);
    expect(south.training).toMatchObject({ overdue: 2, overdueLearners: 1 });
    const d = await dashboard(admin);
    const res = await call('POST', '/preview', admin, {
      columns: ['courseName'],
      isCourseInclude: true,
      isPolicyInclude: false,
      pageSize: 200,
      filters: { courseStatuses: ['OVERDUE'] },
    });
    const rows = (res.json() as { rows: { userId: string }[] }).rows;
    expect(rows.filter((r) => r.userId === farah.id)).toHaveLength(2);
    expect(d.training.overdue).toBe(rows.length);
    expect(d.training.overdueLearners).toBe(new Set(rows.map((r) => r.userId)).size);
    expect(d.byCourse.find((c) => c.id === world.courseA)?.overdue).toBe(
      await total(admin, courses({ courseIds: [world.courseA], courseStatuses: ['OVERDUE'] })),
    );
  });
});
