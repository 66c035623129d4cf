import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LessonBlock } from '../../../src/contracts/learning/blocks.contract';
import {
  buildBusinessUnit,
  buildDepartment,
  buildPeople,
  buildUnitUser,
  buildUser,
  buildWorkspace,
  type BuiltWorkspace,
} from '../support/factories';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { API, buildCourse } from '../training/player-fixtures';
import { EVERY_BLOCK } from './authoring-fixtures';
import { countUsers, LEARNING } from './support';

/** The lesson's text: who receives a complaint, in English and Hindi. */
const TEXT: LessonBlock = {
  type: 'TEXT_AREA',
  alignment: 'LEFT',
  texts: {
    ENGLISH: { body: 'A complaint goes to the Internal Committee.' },
    HINDI: { body: 'शिकायत आंतरिक समिति को जाती है।' },
  },
};
const VIDEO = EVERY_BLOCK.find((b) => b.type === 'VIDEO')!;

describe.each(DATABASES)('course reads and assignment candidates on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let wsHost: string;
  let otherHost: string;
  let facts: { workspaceId: string; courseId: string; hq: string; pune: string; puneHr: string; hqHr: string };
  let admin: string;
  let puneName: string;
  let employee: string;
  let buadmin: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server);
    other = await buildWorkspace(server);
    wsHost = ws.host;
    otherHost = other.host;
    admin = ws.admin.token;
    const pune = await buildBusinessUnit(server, ws, { name: `${ws.companyName} Pune` });
    puneName = pune.name;
    const hqHr = await buildDepartment(server, ws, ws.headquartersId, { name: 'Human Resources' });
    const puneHr = await buildDepartment(server, ws, pune.id, { name: 'Human Resources' });
    // A published course in English and Hindi: a lesson of text and video, and a quiz of three questions.
    const course = await buildCourse(server, admin, ws.id, {}, [TEXT, VIDEO], true, ws.host);
    const third = await server.request(wsHost, {
      method: 'POST',
      url: `${API}/quiz-question/add/${course.quizId}`,
      token: admin,
      payload: {
        kind: 'SINGLE',
        texts: { ENGLISH: { text: 'May a complaint be made in writing?' }, HINDI: { text: 'क्या शिकायत लिखित में हो?' } },
        options: [
          { key: 'yes', correct: true, texts: { ENGLISH: 'Yes', HINDI: 'हाँ' } },
          { key: 'no', correct: false, texts: { ENGLISH: 'No', HINDI: 'नहीं' } },
        ],
      },
    });
    expect(third.statusCode, third.body).toBe(200);
    facts = {
      workspaceId: ws.id,
      courseId: course.courseId,
      hq: ws.headquartersId,
      pune: pune.id,
      puneHr: puneHr.id,
      hqHr: hqHr.id,
    };
    employee = (
      await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee', email: `employee@${ws.slug}.test` })
    ).token;
    buadmin = (await buildUnitUser(server, ws, pune.id, { role: 'BRANCH_ADMIN', email: `buadmin@${ws.slug}.test` }))
      .token;
    // The rest of the workspace, 28 people: in Pune (half of them in its Human Resources), in Human Resources at
    // headquarters and at headquarters, some of them joined in 2023, some another year.
    const joined = ['2023-01-01', '2023-06-15', '2023-12-31', '2024-01-01', '2022-12-31'];
    await buildPeople(server, ws, [
      ...Array.from({ length: 10 }, (_, i) => ({ branchId: pune.id, ...(i % 2 ? { departmentId: puneHr.id } : {}) })),
      ...Array.from({ length: 6 }, () => ({ departmentId: hqHr.id })),
      ...Array.from({ length: 12 }, (_, i) => ({ dateOfJoining: joined[i % joined.length] })),
    ]);
  });
  afterAll(async () => server?.close());

  const get = (url: string, token: string, host = ws.host) => server.request(host, { method: 'GET', url, token });

  describe('list, details and languages', () => {
    it("lists the workspace's courses with languages, status and member count, paged from zero", async () => {
      const res = await get(`${LEARNING}/all`, admin);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ page: 0, pageSize: 20, total: 1 });
      expect(body.items).toEqual([
        expect.objectContaining({
          courseId: facts.courseId,
          title: 'Respect at work',
          status: 'PUBLISHED',
          memberCount: 0,
          languages: [
            { language: 'ENGLISH', priority: 'PRIMARY' },
            { language: 'HINDI', priority: 'SECONDARY' },
          ],
        }),
      ]);
      const second = await get(`${LEARNING}/all?page=1&pageSize=1`, admin);
      expect(second.json()).toMatchObject({ page: 1, pageSize: 1, total: 1, items: [] });
    });

    it('serves the details in the primary language by default: a lesson with text and video, and a quiz', async () => {
      const res = await get(`${LEARNING}/details/${facts.courseId}`, admin);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.language).toBe('ENGLISH');
      expect(body.title).toBe('Respect at work');
      expect(body.contents.map((c: { kind: string }) => c.kind)).toEqual(['LESSON', 'QUIZ']);
      const [lesson, quiz] = body.contents;
      expect(lesson.title).toBe('The basics');
      expect(lesson.blocks.map((b: { type: string }) => b.type)).toEqual(['TEXT_AREA', 'VIDEO']);
      expect(lesson.blocks[0].block.texts.ENGLISH.body).toContain('Internal Committee');
      expect(lesson.blocks[0]).toMatchObject({ language: 'ENGLISH', fallback: false, missing: [] });
      expect(quiz.questions.length).toBeGreaterThanOrEqual(3);
      expect(quiz.questions[0].options.length).toBeGreaterThanOrEqual(2);
    });

    it('serves Hindi when asked, and falls back to the primary language for one the course lacks', async () => {
      const hindi = (await get(`${LEARNING}/details/${facts.courseId}?language=HINDI`, admin)).json();
      expect(hindi.language).toBe('HINDI');
      expect(hindi.title).toBe('कार्यस्थल पर सम्मान');
      expect(hindi.contents[0].title).toBe('मूल बातें');
      expect(hindi.contents[0].blocks[0].block.texts.HINDI.body).toContain('आंतरिक समिति');
      expect(hindi.contents[0].blocks[0]).toMatchObject({ language: 'HINDI', fallback: false });
      expect(hindi.contents[1].questions[0].text).toBe('शिकायत कौन प्राप्त करता है?');

      const tamil = await get(`${LEARNING}/details/${facts.courseId}?language=TAMIL`, admin);
      expect(tamil.statusCode).toBe(200);
      expect(tamil.json().language).toBe('ENGLISH');
      expect(tamil.json().title).toBe('Respect at work');
    });

    it('lists the supported languages, the primary first', async () => {
      const res = await get(`${LEARNING}/${facts.courseId}/supported-languages`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { language: 'ENGLISH', priority: 'PRIMARY' },
        { language: 'HINDI', priority: 'SECONDARY' },
      ]);
    });

    it('refuses employees (403) and answers 401 without a session', async () => {
      for (const url of [
        `${LEARNING}/all`,
        `${LEARNING}/details/${facts.courseId}`,
        `${LEARNING}/${facts.courseId}/users`,
      ]) {
        expect((await get(url, employee)).statusCode).toBe(403);
      }
      const anonymous = await server.request(wsHost, { method: 'GET', url: `${LEARNING}/all` });
      expect(anonymous.statusCode).toBe(401);
    });

    it("does not show a workspace's course to another: 404 everywhere, and an empty list", async () => {
      const globex = other.admin.token;
      expect((await get(`${LEARNING}/all`, globex, otherHost)).json().total).toBe(0);
      for (const url of [
        `${LEARNING}/details/${facts.courseId}`,
        `${LEARNING}/${facts.courseId}/supported-languages`,
        `${LEARNING}/${facts.courseId}/users`,
        `${LEARNING}/${facts.courseId}/members`,
      ]) {
        const res = await get(url, globex, otherHost);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
    });

    it('answers bad input with 400 naming the field, never 500', async () => {
      const cases: [string, string][] = [
        [`${LEARNING}/details/not-a-uuid`, 'id'],
        [`${LEARNING}/details/${facts.courseId}?language=KLINGON`, 'language'],
        [`${LEARNING}/all?page=-1`, 'page'],
        [`${LEARNING}/all?pageSize=100000`, 'pageSize'],
        [`${LEARNING}/all?colour=blue`, 'colour'],
        [`${LEARNING}/${facts.courseId}/users?startJoiningDate=2024-02-30`, 'startJoiningDate'],
        [`${LEARNING}/${facts.courseId}/users?branchId=nope`, 'branchId'],
      ];
      for (const [url, field] of cases) {
        const res = await get(url, admin);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().code).toBe('VALIDATION');
        expect(Object.keys(res.json().fields ?? {}), url).toContain(field);
      }
    });

    it("publishes the course calls in the learning API's OpenAPI document", async () => {
      const res = await server.request(wsHost, { method: 'GET', url: '/learning-api/openapi.json' });
      expect(res.statusCode).toBe(200);
      const paths = Object.keys(res.json().paths);
      for (const path of [
        '/api/course/all',
        '/api/course/details/{id}',
        '/api/course/{id}/supported-languages',
        '/api/course/{id}/users',
        '/api/course/assign-course-to-users',
        '/api/course/{id}/members',
      ]) {
        expect(
          paths.some((p) => p.endsWith(path)),
          path,
        ).toBe(true);
      }
    });

    it("keeps a workspace's course rows out of another's transactions by row-level security alone", async () => {
      const gws = other;
      const seen = await server.db.tenant(gws.id, async (tx) => {
        const counts: number[] = [];
        for (const table of [
          'courses',
          'course_languages',
          'course_contents',
          'lesson_blocks',
          'quiz_questions',
          'quiz_options',
          'course_assignments',
        ]) {
          // Deliberately no workspace_id condition: only the policy stands between the tenants here.
          counts.push((await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0].n);
        }
        return counts;
      });
      expect(seen).toEqual([0, 0, 0, 0, 0, 0, 0]);
    });

    it('holds every course to exactly one PRIMARY language', async () => {
      const insertCourse = (languages: [string, string][]) =>
        server.db.tenant(facts.workspaceId, async (tx) => {
          const [row] = await tx.query<{ id: string }>(
            `INSERT INTO courses (workspace_id, title) VALUES ($1, 'Languages') RETURNING id`,
            [facts.workspaceId],
          );
          for (const [language, priority] of languages) {
            await tx.query(
              `INSERT INTO course_languages (workspace_id, course_id, language, priority, title) VALUES ($1, $2, $3, $4, 'x')`,
              [facts.workspaceId, row.id, language, priority],
            );
          }
        });
      await expect(insertCourse([['HINDI', 'SECONDARY']])).rejects.toThrow(/PRIMARY/);
      await expect(
        insertCourse([
          ['ENGLISH', 'PRIMARY'],
          ['HINDI', 'PRIMARY'],
        ]),
      ).rejects.toThrow();
      const before = (await server.request(wsHost, { method: 'GET', url: `${LEARNING}/all`, token: admin })).json()
        .total;
      expect(before).toBe(1);
    });

    it('answers 404 for a course id that does not exist', async () => {
      const res = await get(`${LEARNING}/details/00000000-0000-4000-8000-000000000000`, admin);
      expect(res.statusCode).toBe(404);
    });
  });

  describe('assignment candidates', () => {
    const users = (query: string, token = admin) => get(`${LEARNING}/${facts.courseId}/users${query}`, token);

    it('counts every active person of the workspace without a filter', async () => {
      const res = await users('');
      expect(res.statusCode).toBe(200);
      const expected = await countUsers(server, facts.workspaceId, 'true');
      expect(expected).toBeGreaterThanOrEqual(30);
      expect(res.json()).toMatchObject({ total: expected, alreadyAssigned: 0, page: 0, pageSize: 20 });
      expect(res.json().items).toHaveLength(20);
      expect(res.json().items[0]).toMatchObject({ assigned: false });
    });

    it('narrows by business unit, department, joining dates and name or email', async () => {
      const byUnit = (await users(`?branchId=${facts.pune}`)).json();
      expect(byUnit.total).toBe(await countUsers(server, facts.workspaceId, 'branch_id = $2', [facts.pune]));
      expect(byUnit.items.every((u: { branchName: string }) => u.branchName === puneName)).toBe(true);

      const byDept = (await users(`?branchId=${facts.pune}&departmentId=${facts.puneHr}`)).json();
      const expectedDept = await countUsers(server, facts.workspaceId, 'department_id = $2', [facts.puneHr]);
      expect(expectedDept).toBeGreaterThan(0);
      expect(byDept.total).toBe(expectedDept);
      expect(byDept.items.every((u: { departmentName: string }) => u.departmentName === 'Human Resources')).toBe(true);

      const byDates = (await users('?startJoiningDate=2023-01-01&endJoiningDate=2023-12-31')).json();
      expect(byDates.total).toBe(
        await countUsers(server, facts.workspaceId, `date_of_joining BETWEEN '2023-01-01' AND '2023-12-31'`),
      );
      expect(byDates.items.every((u: { dateOfJoining: string }) => u.dateOfJoining.startsWith('2023-'))).toBe(true);

      const byName = (await users('?search=ESHA%20EMP')).json();
      expect(byName.total).toBe(1);
      expect(byName.items[0].email).toBe(`employee@${ws.slug}.test`);
      const byEmail = (await users('?search=buadmin@')).json();
      expect(byEmail.items.map((u: { email: string }) => u.email)).toEqual([`buadmin@${ws.slug}.test`]);
      // LIKE wildcards in a search are literal.
      expect((await users('?search=%25')).json().total).toBe(0);
    });

    it('refuses a joining-date range that ends before it starts, naming the field', async () => {
      const res = await users('?startJoiningDate=2024-05-01&endJoiningDate=2024-01-01');
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('endJoiningDate');
    });

    it("limits a business-unit admin to their own unit: another unit's filter is not found", async () => {
      const own = (await users('', buadmin)).json();
      expect(own.total).toBe(await countUsers(server, facts.workspaceId, 'branch_id = $2', [facts.pune]));
      expect(own.items.every((u: { branchName: string }) => u.branchName === puneName)).toBe(true);
      expect((await users(`?branchId=${facts.hq}`, buadmin)).statusCode).toBe(404);
      expect((await users(`?departmentId=${facts.hqHr}`, buadmin)).statusCode).toBe(404);
      expect((await users(`?branchId=${facts.pune}&departmentId=${facts.puneHr}`, buadmin)).statusCode).toBe(200);
    });

    it('answers 404 for a business unit or department of another workspace', async () => {
      const globex = other.admin.token;
      const globexUnit = other.headquartersId;
      expect((await users(`?branchId=${globexUnit}`)).statusCode).toBe(404);
      expect(globex).toBeTruthy();
    });
  });
});
