import { expect } from 'vitest';
import type { TestServer } from '../support/test-app';
import { PASSWORD } from '../support/test-app';
import { buildPlatformAdmin, buildWorkspace, type BuiltWorkspace } from '../support/factories';
import { policyWithPdfs } from '../policies/support';

export const REPORTS = '/learning-api/api/reports';

export interface Person {
  id: string;
  email: string;
  first: string;
  last: string;
  unit: 'North' | 'South';
}

export interface ReportWorld {
  /** The workspace the world is built in (a new one, Indian, on Asia/Kolkata), with its signed-in admin. */
  ws: BuiltWorkspace;
  host: string;
  workspaceId: string;
  north: string;
  south: string;
  northSales: string;
  southSales: string;
  people: Person[];
  courseA: string;
  courseB: string;
  /** The published workspace policy (everyone in scope). */
  policyId: string;
  /** A business-unit admin of North, signed in. */
  northAdmin: { id: string; email: string };
  /** assignment id by `${email}:${course}` */
  assignments: Map<string, string>;
}

/**
 * A small organisation built for the report tests: two business units (North, South) with a department each, six
 * people (three a unit, one whose name and designation a spreadsheet would run as formulas), two published courses assigned to
 * everyone in a known mix of states, quiz attempts, and a policy published to the workspace with two acceptances.
 * People and courses are written by this factory; the policy goes through the API as an admin would publish it.
 */
export async function buildReportWorld(server: TestServer): Promise<ReportWorld> {
  const ws = await buildWorkspace(server, { jurisdictionCode: 'IN' });
  const w = ws.id;
  const world = await server.db.tenant(w, async (tx) => {
    const one = async <T>(text: string, params: unknown[]) => (await tx.query<T>(text, params))[0];
    const north = (await one<{ id: string }>(`INSERT INTO branches (workspace_id, name) VALUES ($1, 'Report North') RETURNING id`, [w])).id;
    const south = (await one<{ id: string }>(`INSERT INTO branches (workspace_id, name) VALUES ($1, 'Report South') RETURNING id`, [w])).id;
    const northSales = (await one<{ id: string }>(`INSERT INTO departments (workspace_id, branch_id, name) VALUES ($1, $2, 'Sales') RETURNING id`, [w, north])).id;
    const southSales = (await one<{ id: string }>(`INSERT INTO departments (workspace_id, branch_id, name) VALUES ($1, $2, 'Sales') RETURNING id`, [w, south])).id;
    const spec: [string, string, 'North' | 'South', string, string][] = [
      ['Asha', 'Kulkarni', 'North', 'ACTIVE', '2024-01-15'],
      ['Bela', 'Joshi', 'North', 'ACTIVE', '2024-03-01'],
      ['Chetan', '=HYPERLINK("http://evil.test","x")', 'North', 'INACTIVE', '2023-07-10'],
      ['Deepa', 'Menon', 'South', 'ACTIVE', '2025-02-20'],
      ['Eshan', 'Nair', 'South', 'ACTIVE', '2022-11-05'],
      ['Farah', 'Qureshi', 'South', 'INVITED', '2025-06-30'],
    ];
    const people: Person[] = [];
    for (const [first, last, unit, status, joined] of spec) {
      const email = `${first.toLowerCase()}.report@${ws.slug}.test`;
      const id = (
        await one<{ id: string }>(
          `INSERT INTO users (workspace_id, email, first_name, last_name, role, status, branch_id, department_id, date_of_joining, designation, password_hash)
           VALUES ($1, $2, $3, $4, 'EMPLOYEE', $5, $6, $7, $8, $9, $10) RETURNING id`,
          [w, email, first, last, status, unit === 'North' ? north : south, unit === 'North' ? northSales : southSales, joined, first === 'Chetan' ? '@SUM(A1:A9)' : 'Analyst', `test$${PASSWORD}`],
        )
      ).id;
      people.push({ id, email, first, last, unit });
    }
    const northAdmin = await one<{ id: string }>(
      `INSERT INTO users (workspace_id, email, first_name, last_name, role, status, branch_id, password_hash)
       VALUES ($1, $2, 'Nora', 'Admin', 'BRANCH_ADMIN', 'ACTIVE', $3, $4) RETURNING id`,
      [w, `north.admin@${ws.slug}.test`, north, `test$${PASSWORD}`],
    );
    const course = async (title: string) => {
      const c = await one<{ id: string }>(
        `INSERT INTO courses (workspace_id, title, description, status, published_at, version, published_version)
         VALUES ($1, $2, '', 'PUBLISHED', now(), 2, 2) RETURNING id`,
        [w, title],
      );
      await tx.query(`INSERT INTO course_versions (workspace_id, course_id, version, published_at) VALUES ($1, $2, 1, now()), ($1, $2, 2, now())`, [w, c.id]);
      await tx.query(`INSERT INTO course_contents (workspace_id, course_id, kind, position) VALUES ($1, $2, 'LESSON', 0), ($1, $2, 'QUIZ', 1)`, [w, c.id]);
      return c.id;
    };
    const courseA = await course('Report course Alpha');
    const courseB = await course('Report course Beta');
    const [quiz] = await tx.query<{ id: string }>(`SELECT id FROM course_contents WHERE workspace_id = $1 AND course_id = $2 AND kind = 'QUIZ'`, [w, courseA]);
    const assignments = new Map<string, string>();
    // [person index, course, status, assigned, completed, version, due]
    const rows: [number, string, string, string, string | null, number, string | null][] = [
      [0, courseA, 'COMPLETED', '2026-01-10T09:00:00Z', '2026-01-20T09:00:00Z', 1, null],
      [1, courseA, 'IN_PROGRESS', '2026-02-10T09:00:00Z', null, 2, '2099-01-01T00:00:00Z'],
      [2, courseA, 'ASSIGNED', '2026-03-10T09:00:00Z', null, 2, '2026-04-01T00:00:00Z'],
      [3, courseA, 'COMPLETED', '2026-01-12T09:00:00Z', '2026-02-25T09:00:00Z', 2, null],
      [4, courseA, 'ASSIGNED', '2026-04-01T09:00:00Z', null, 2, null],
      [5, courseB, 'ASSIGNED', '2026-05-01T09:00:00Z', null, 2, '2026-05-10T00:00:00Z'],
      [0, courseB, 'ASSIGNED', '2026-05-01T09:00:00Z', null, 2, null],
    ];
    for (const [i, courseId, status, assigned, completed, version, due] of rows) {
      const a = await one<{ id: string }>(
        `INSERT INTO course_assignments (workspace_id, course_id, user_id, status, assigned_at, completed_at, course_version, due_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [w, courseId, people[i].id, status, assigned, completed, version, due],
      );
      assignments.set(`${people[i].email}:${courseId === courseA ? 'A' : 'B'}`, a.id);
    }
    const attempt = async (key: string, n: number, score: number, passed: boolean, at: string) =>
      tx.query(
        `INSERT INTO quiz_attempts (workspace_id, assignment_id, cycle, quiz_id, attempt_number, language, answers, results, score, pass_mark, passed, submitted_at)
         VALUES ($1, $2, 1, $3, $4, 'ENGLISH', '{}', '[]', $5, 70, $6, $7)`,
        [w, assignments.get(key), quiz.id, n, score, passed, at],
      );
    await attempt(`${people[0].email}:A`, 1, 50, false, '2026-01-18T09:00:00Z');
    await attempt(`${people[0].email}:A`, 2, 90, true, '2026-01-19T09:00:00Z');
    await attempt(`${people[1].email}:A`, 1, 40, false, '2026-02-11T09:00:00Z');
    await tx.query(`INSERT INTO learner_lessons (workspace_id, assignment_id, cycle, lesson_id, done_at, source) SELECT $1, $2, 1, id, now(), 'PLAYER' FROM course_contents WHERE workspace_id = $1 AND course_id = $3 AND kind = 'LESSON'`, [
      w,
      assignments.get(`${people[1].email}:A`),
      courseA,
    ]);
    return { workspaceId: w, north, south, northSales, southSales, people, courseA, courseB, northAdmin: { id: northAdmin.id, email: `north.admin@${ws.slug}.test` }, assignments };
  });

  const platform = await buildPlatformAdmin(server);
  const catalogueId = await policyWithPdfs(server, platform, 'Report conduct policy');
  const admin = ws.admin.token;
  const published = await server.request(ws.host, { method: 'POST', url: '/learning-api/api/policy/publish', token: admin, payload: { cataloguePolicyId: catalogueId, scope: 'WORKSPACE', daysToAccept: 14 } });
  expect(published.statusCode, published.body).toBe(200);
  const [{ id: policyId }] = await server.db.tenant(world.workspaceId, (tx) =>
    tx.query<{ id: string }>(`SELECT id FROM workspace_policies WHERE workspace_id = $1 AND catalogue_policy_id = $2`, [world.workspaceId, catalogueId]),
  );
  for (const i of [0, 3]) {
    const res = await server.request(ws.host, {
      method: 'POST',
      url: `/learning-api/api/policy/record-acceptance/${policyId}`,
      token: admin,
      payload: { userId: world.people[i].id, language: 'ENGLISH', reason: 'Signed on paper at induction' },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { ...world, ws, host: ws.host, policyId };
}

/** Calls of the reports API at `defaultHost` (the world's workspace), or at the host given. */
export function reports(server: TestServer, defaultHost: string) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object, host = defaultHost) =>
    server.request(host, { method, url: `${REPORTS}${url}`, token, ...(payload ? { payload } : {}) });
}

/** The records of a CSV export (after its byte-order mark) as objects by header: RFC 4180 quoting. */
export function csvRecords(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  const [header, ...records] = rows;
  return records.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}
