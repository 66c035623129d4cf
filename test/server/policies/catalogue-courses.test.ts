import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_SITE_WORKSPACE_ID } from '../../../server/platform/db/database';
import { FILES, registerFiles } from '../courses/authoring-fixtures';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildPolicyWorkspaces, caller, MAIN, type PolicyWorkspaces } from './support';
import { buildPlatformAdmin, buildUser, type BuiltWorkspace } from '../support/factories';

const TEXT = {
  type: 'TEXT_AREA',
  alignment: 'LEFT',
  texts: { ENGLISH: { body: 'The POSH Act, 2013 protects everyone at work.' } },
};
const IMAGE = { type: 'IMAGE', alignment: 'CENTER', fileId: FILES.image, texts: { ENGLISH: { altText: 'An office' } } };

describe.each(DATABASES)('catalogue courses on %s', (kind) => {
  let server: TestServer;
  /** The test's workspace, its people and another workspace (buildPolicyWorkspaces). */
  let ws: BuiltWorkspace, elsewhere: BuiltWorkspace, ACME: string, GLOBEX: string;
  const built = {} as Pick<PolicyWorkspaces, 'employee' | 'buadmin'>;
  let call: ReturnType<typeof caller>;
  let platform: string;
  let globexAdmin: string;
  let globexEmployee: string;
  let acmeAdmin: string;
  let globexId: string;
  let courseId: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const made = await buildPolicyWorkspaces(server);
    ({ ws, elsewhere } = made);
    Object.assign(built, { employee: made.employee, buadmin: made.buadmin });
    ACME = ws.host;
    GLOBEX = elsewhere.host;
    call = caller(server);
    platform = await buildPlatformAdmin(server);
    globexAdmin = await server.signIn(GLOBEX, elsewhere.admin.email);
    acmeAdmin = await server.signIn(ACME, ws.admin.email);
    globexEmployee = (await buildUser(server, elsewhere)).token;
    globexId = elsewhere.id;
    // The image the catalogue course shows, a confirmed upload of the main site.
    await registerFiles(server, MAIN_SITE_WORKSPACE_ID, { image: FILES.image });
  });
  afterAll(async () => server?.close());

  const ok = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    host: string,
    url: string,
    token: string,
    payload?: object,
  ) => {
    const res = await call(method, host, url, token, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };

  it('lets the platform admin create a catalogue course and build it with the course builder’s calls on the main site', async () => {
    courseId = (await ok('POST', MAIN, '/admin/course/create', platform, { title: 'POSH essentials (catalogue)' }))
      .courseId;
    const lesson = await ok('POST', MAIN, `/lesson/create/${courseId}`, platform, { title: 'What the law says' });
    await ok('POST', MAIN, '/lesson-content/create', platform, { lessonId: lesson.lessonId, block: TEXT });
    await ok('POST', MAIN, '/lesson-content/create', platform, { lessonId: lesson.lessonId, block: IMAGE });
    const details = await ok('GET', MAIN, `/course/details/${courseId}`, platform);
    expect(details).toMatchObject({ title: 'POSH essentials (catalogue)', status: 'DRAFT', fromCatalogue: false });
    expect(details.contents[0].blocks).toHaveLength(2);
    expect(await ok('POST', MAIN, `/course/publish/${courseId}`, platform)).toMatchObject({
      version: 1,
      status: 'PUBLISHED',
    });

    const list = await ok('GET', MAIN, '/admin/course/all?search=essentials', platform);
    expect(list.items).toEqual([
      expect.objectContaining({
        courseId,
        title: 'POSH essentials (catalogue)',
        status: 'PUBLISHED',
        lessonCount: 1,
        workspaceCount: 0,
      }),
    ]);
    // The platform's own trail records who built it.
    const [event] = await server.db.query<{ actor_platform_admin_id: string | null }>(
      `SELECT actor_platform_admin_id FROM audit_events WHERE workspace_id = $1 AND action = 'course.created' AND target = $2`,
      [MAIN_SITE_WORKSPACE_ID, courseId],
    );
    expect(event.actor_platform_admin_id).not.toBeNull();
  });

  it('keeps the catalogue out of every workspace until it is offered', async () => {
    const globexCourses = await ok('GET', GLOBEX, '/course/all?pageSize=100', globexAdmin);
    expect(globexCourses.items.map((c: { courseId: string }) => c.courseId)).not.toContain(courseId);
    expect((await call('GET', GLOBEX, `/course/details/${courseId}`, globexAdmin)).statusCode).toBe(404);
    // The builder's calls take the platform admin on the main site only, and workspace people never on the main site.
    expect([401, 403]).toContain(
      (await call('POST', ACME, '/course/create', platform, { title: 'Sneaky' })).statusCode,
    );
    expect((await call('POST', MAIN, '/admin/course/create', acmeAdmin, { title: 'Sneaky' })).statusCode).toBe(401);
    expect((await call('POST', ACME, '/admin/course/create', acmeAdmin, { title: 'Sneaky' })).statusCode).toBe(403);
    expect((await call('GET', ACME, '/admin/course/workspace-course', acmeAdmin)).statusCode).toBe(403);
  });

  it('offers the course to Globex: a read-only, assignable copy of the published version, with its files', async () => {
    const offered = await ok('POST', MAIN, '/admin/course/offer', platform, { courseId, workspaceId: globexId });
    expect(offered).toMatchObject({
      workspaceId: globexId,
      workspaceName: elsewhere.companyName,
      courseId,
      version: 1,
      latestVersion: 1,
      balance: 0,
      assigned: 0,
    });
    // Again: the same copy.
    expect(await ok('POST', MAIN, '/admin/course/offer', platform, { courseId, workspaceId: globexId })).toEqual(
      offered,
    );
    expect((await ok('GET', MAIN, `/admin/course/workspace-course?courseId=${courseId}`, platform)).items).toEqual([
      offered,
    ]);
    expect((await ok('GET', MAIN, '/admin/course/all?search=essentials', platform)).items[0].workspaceCount).toBe(1);

    const listed = (await ok('GET', GLOBEX, '/course/all?pageSize=100', globexAdmin)).items.find(
      (c: { courseId: string }) => c.courseId === courseId,
    );
    expect(listed).toMatchObject({
      title: 'POSH essentials (catalogue)',
      status: 'PUBLISHED',
      fromCatalogue: true,
      publishedVersion: 1,
    });
    const details = await ok('GET', GLOBEX, `/course/details/${courseId}`, globexAdmin);
    expect(details.contents[0].blocks.map((b: { block: { type: string } }) => b.block.type)).toEqual([
      'TEXT_AREA',
      'IMAGE',
    ]);
    const [file] = await server.db.query<{ storage_key: string }>(
      `SELECT storage_key FROM files WHERE workspace_id = $1 AND id = $2`,
      [globexId, FILES.image],
    );
    expect(file.storage_key).toContain(FILES.image);

    // Acme was not offered it.
    expect((await call('GET', ACME, `/course/details/${courseId}`, acmeAdmin)).statusCode).toBe(404);
    expect(
      (await ok('GET', MAIN, `/admin/course/workspace-course?workspaceId=${globexId}`, platform)).items.map(
        (i: { courseId: string }) => i.courseId,
      ),
    ).toContain(courseId);
  });

  it('refuses every change to the copy in the workspace: 409 CATALOGUE_COURSE', async () => {
    const details = await ok('GET', GLOBEX, `/course/details/${courseId}`, globexAdmin);
    const lessonId = details.contents[0].contentId ?? details.contents[0].id;
    for (const [method, url, payload] of [
      ['PUT', `/course/update/${courseId}`, { title: 'Ours now' }],
      ['POST', `/lesson/create/${courseId}`, { title: 'Extra' }],
      ['PUT', `/lesson/update/${lessonId}`, { title: 'Renamed' }],
      ['POST', '/lesson-content/create', { lessonId, block: TEXT }],
      ['POST', `/course/publish/${courseId}`, undefined],
      ['POST', '/course/clone', { courseId }],
      ['DELETE', `/course/delete/${courseId}`, undefined],
    ] as const) {
      const res = await call(method, GLOBEX, url, globexAdmin, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(409);
      expect(res.json().code).toBe('CATALOGUE_COURSE');
    }
    expect((await ok('GET', GLOBEX, `/course/details/${courseId}`, globexAdmin)).title).toBe(
      'POSH essentials (catalogue)',
    );
  });

  it('assigns the copy with credits only: refused without, and the balance falls by one a person', async () => {
    const [person] = await server.db.query<{ id: string }>(
      `SELECT id FROM users WHERE workspace_id = $1 AND role = 'EMPLOYEE' AND status = 'ACTIVE' ORDER BY email LIMIT 1`,
      [globexId],
    );
    const refused = await call('POST', GLOBEX, '/course/assign-course-to-users', globexAdmin, {
      courseId,
      userIds: [person.id],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('NO_CREDITS');

    const request = await ok('POST', GLOBEX, '/workspace-course-credit/request-credits', globexAdmin, {
      courseId,
      credits: 5,
      idempotencyKey: 'globex-catalogue-0001',
    });
    await ok('POST', MAIN, `/admin/course/buy-credits/${request.id}`, platform, {});
    expect(
      await ok('POST', GLOBEX, '/course/assign-course-to-users', globexAdmin, { courseId, userIds: [person.id] }),
    ).toMatchObject({ assigned: 1 });
    expect((await ok('GET', GLOBEX, `/course/credits/credited/${courseId}`, globexAdmin)).balance).toBe(4);
    expect(
      (await ok('GET', MAIN, `/admin/course/workspace-course?courseId=${courseId}`, platform)).items[0],
    ).toMatchObject({ balance: 4, assigned: 1 });
    // The learner's list shows it.
    const mine = await ok('GET', GLOBEX, '/user-course/my', globexEmployee);
    expect(JSON.stringify(mine)).toContain(courseId);
  });

  it('offers only a published course whose live rows are that version, to a workspace that exists', async () => {
    const draft = (await ok('POST', MAIN, '/admin/course/create', platform, { title: 'Not ready' })).courseId;
    const notPublished = await call('POST', MAIN, '/admin/course/offer', platform, {
      courseId: draft,
      workspaceId: globexId,
    });
    expect(notPublished.statusCode).toBe(409);
    expect(notPublished.json().code).toBe('NOT_PUBLISHED');
    // A draft of version 2 is open: the offer would copy the draft.
    const details = await ok('GET', MAIN, `/course/details/${courseId}`, platform);
    await ok('POST', MAIN, `/lesson/create/${courseId}`, platform, { title: 'Next year’s lesson' });
    const acme = { id: ws.id };
    const drafting = await call('POST', MAIN, '/admin/course/offer', platform, { courseId, workspaceId: acme.id });
    expect(drafting.statusCode).toBe(409);
    expect(drafting.json().code).toBe('DRAFT_OPEN');
    expect(details.contents).toHaveLength(1);
    expect(
      (
        await call('POST', MAIN, '/admin/course/offer', platform, {
          courseId,
          workspaceId: '00000000-0000-4000-8000-000000000000',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', MAIN, '/admin/course/offer', platform, { courseId: 'nope', workspaceId: globexId })).json(),
    ).toMatchObject({
      fields: { courseId: expect.any(String) },
    });
    // Globex's copy stays on version 1; the list says a newer one exists once it is published.
    await ok('POST', MAIN, `/lesson-content/create`, platform, {
      lessonId: (await ok('GET', MAIN, `/course/details/${courseId}`, platform)).contents[1].contentId,
      block: TEXT,
    });
    await ok('POST', MAIN, `/course/publish/${courseId}`, platform);
    expect(
      (await ok('GET', MAIN, `/admin/course/workspace-course?courseId=${courseId}`, platform)).items[0],
    ).toMatchObject({ version: 1, latestVersion: 2 });
    expect((await ok('GET', GLOBEX, `/course/details/${courseId}`, globexAdmin)).contents).toHaveLength(1);
  });

  it('pushes the newer version to Globex: new assignments get it, the learner who had version 1 keeps it', async () => {
    const acme = { id: ws.id };
    // Only the platform admin; a workspace that has no copy is 404, naming nothing written.
    expect((await call('POST', GLOBEX, '/admin/course/push-version', globexAdmin, { courseId })).statusCode).toBe(403);
    expect(
      (await call('POST', MAIN, '/admin/course/push-version', platform, { courseId, workspaceIds: [acme.id] }))
        .statusCode,
    ).toBe(404);
    expect((await ok('GET', GLOBEX, `/course/details/${courseId}`, globexAdmin)).contents).toHaveLength(1);

    const pushed = await ok('POST', MAIN, '/admin/course/push-version', platform, { courseId });
    expect(pushed.items).toEqual([
      expect.objectContaining({ workspaceId: globexId, courseId, version: 2, latestVersion: 2, fromVersion: 1 }),
    ]);
    const details = await ok('GET', GLOBEX, `/course/details/${courseId}`, globexAdmin);
    expect(details.contents).toHaveLength(2);
    expect(
      (await ok('GET', GLOBEX, '/course/all?pageSize=100', globexAdmin)).items.find(
        (c: { courseId: string }) => c.courseId === courseId,
      ),
    ).toMatchObject({
      publishedVersion: 2,
      fromCatalogue: true,
    });
    // Both snapshots are in the workspace; the learner who was given version 1 is still on it.
    const versions = await server.db.query<{ version: number }>(
      `SELECT version FROM course_versions WHERE workspace_id = $1 AND course_id = $2 ORDER BY version`,
      [globexId, courseId],
    );
    expect(versions.map((v) => v.version)).toEqual([1, 2]);
    const before = await server.db.query<{ user_id: string; course_version: number }>(
      `SELECT user_id, course_version FROM course_assignments WHERE workspace_id = $1 AND course_id = $2`,
      [globexId, courseId],
    );
    expect(before.map((a) => a.course_version)).toEqual([1]);
    const [other] = await server.db.query<{ id: string }>(
      `SELECT id FROM users WHERE workspace_id = $1 AND status = 'ACTIVE' AND id <> $2 ORDER BY email LIMIT 1`,
      [globexId, before[0].user_id],
    );
    expect(
      await ok('POST', GLOBEX, '/course/assign-course-to-users', globexAdmin, { courseId, userIds: [other.id] }),
    ).toMatchObject({ assigned: 1 });
    const after = await server.db.query<{ user_id: string; course_version: number }>(
      `SELECT user_id, course_version FROM course_assignments WHERE workspace_id = $1 AND course_id = $2`,
      [globexId, courseId],
    );
    expect(Object.fromEntries(after.map((a) => [a.user_id, a.course_version]))).toEqual({
      [before[0].user_id]: 1,
      [other.id]: 2,
    });
    // Again: nothing to move. Audited in Globex's trail.
    expect((await ok('POST', MAIN, '/admin/course/push-version', platform, { courseId })).items).toEqual([]);
    const events = await server.db.query(
      `SELECT details->>'to' AS "to" FROM audit_events WHERE workspace_id = $1 AND action = 'catalogue-course.version-pushed'`,
      [globexId],
    );
    expect(events).toEqual([{ to: '2' }]);
    // Still read-only in the workspace.
    expect((await call('POST', GLOBEX, `/course/publish/${courseId}`, globexAdmin)).json().code).toBe(
      'CATALOGUE_COURSE',
    );
  });

  it('pushes only a published catalogue course, and refuses a course that is not in the catalogue', async () => {
    const draft = (await ok('POST', MAIN, '/admin/course/create', platform, { title: 'Still a draft' })).courseId;
    const notPublished = await call('POST', MAIN, '/admin/course/push-version', platform, { courseId: draft });
    expect(notPublished.statusCode).toBe(409);
    expect(notPublished.json()).toMatchObject({ code: 'NOT_PUBLISHED', fields: { courseId: 'Not published yet' } });
    const unknown = await call('POST', MAIN, '/admin/course/push-version', platform, {
      courseId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No such catalogue course' });
  });

  it('closes the copy with the courses module: 403 MODULE_DISABLED', async () => {
    const modules = (on: boolean) =>
      server.request(MAIN, {
        method: 'POST',
        url: '/main-api/api/admin/workspace-nav',
        token: platform,
        payload: { workspaceId: globexId, modules: { courses: on } },
      });
    expect((await modules(false)).statusCode).toBe(200);
    try {
      for (const url of ['/course/all', `/course/details/${courseId}`, `/course/credits/credited/${courseId}`]) {
        const res = await call('GET', GLOBEX, url, globexAdmin);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().code).toBe('MODULE_DISABLED');
      }
      // The platform admin's catalogue, on the main site, stays open.
      expect((await call('GET', MAIN, '/admin/course/all', platform)).statusCode).toBe(200);
    } finally {
      expect((await modules(true)).statusCode).toBe(200);
    }
  });
});
