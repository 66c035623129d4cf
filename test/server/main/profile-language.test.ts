import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  assignCourseToPerson,
  buildTranslatedPublishedCourse,
  buildUser,
  buildWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

/** The person's language on their profile, the workspace's default, and French for Canadian workspaces only. */
describe.each(DATABASES)('languages of people and workspaces on %s', (kind) => {
  let server: TestServer;
  let acmeId: string;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let employee: BuiltUser;
  let employer: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer(kind);
    [ws, other] = [await buildWorkspace(server, { jurisdictionCode: 'IN' }), await buildWorkspace(server)];
    acmeId = ws.id;
    employee = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
    employer = await buildUser(server, ws, { role: 'EMPLOYER', firstName: 'Esha', lastName: 'Employer' });
  });
  afterAll(async () => server?.close());

  const canadian = (yes: boolean) =>
    server.db.query(
      `INSERT INTO complaint_settings (workspace_id, compliance) VALUES ($1, $2)
       ON CONFLICT (workspace_id) DO UPDATE SET compliance = excluded.compliance`,
      [acmeId, yes ? 'CA_FEDERAL' : 'IN_POSH'],
    );
  const put = (token: string, payload: object) =>
    server.request(ws.host, { method: 'PUT', url: '/main-api/api/user', token, payload });
  const details = async (token: string) =>
    (await server.request(ws.host, { method: 'GET', url: '/main-api/api/user/details', token })).json();

  it('stores the language a person chooses on their own profile only, keeps it when absent and drops it with null', async () => {
    const token = await server.signIn(ws.host, employee.email);
    const chosen = await put(token, { firstName: 'Eshaan', lastName: 'Employee', language: 'HINDI' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ language: 'HINDI', workspace: { defaultLanguage: 'ENGLISH' } });
    expect(chosen.json().workspace.languages).not.toContain('FRENCH');
    const [admin] = await server.db.query<{ language: string | null }>(`SELECT language FROM users WHERE email = $1`, [
      ws.admin.email,
    ]);
    expect(admin.language).toBeNull();

    expect((await put(token, { firstName: 'Eshaan', lastName: 'E' })).json().language).toBe('HINDI');
    expect((await put(token, { firstName: 'Eshaan', lastName: 'E', language: null })).json().language).toBeNull();
  });

  it('refuses a language the workspace does not offer, naming the field, and changes nothing', async () => {
    await canadian(false);
    const token = await server.signIn(ws.host, employee.email);
    await put(token, { firstName: 'Eshaan', lastName: 'Employee', language: 'TAMIL' });
    const french = await put(token, { firstName: 'Renamed', lastName: 'Employee', language: 'FRENCH' });
    expect(french.statusCode).toBe(400);
    expect(french.json().fields).toHaveProperty('language');
    expect(await details(token)).toMatchObject({ firstName: 'Eshaan', language: 'TAMIL' });
    const unknown = await put(token, { firstName: 'Eshaan', lastName: 'Employee', language: 'KLINGON' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty('language');
  });

  it('offers French in a Canadian workspace', async () => {
    await canadian(true);
    try {
      const token = await server.signIn(ws.host, employee.email);
      const french = await put(token, { firstName: 'Eshaan', lastName: 'Employee', language: 'FRENCH' });
      expect(french.statusCode).toBe(200);
      expect(french.json().language).toBe('FRENCH');
      expect(french.json().workspace.languages).toContain('FRENCH');
    } finally {
      await canadian(false);
    }
  });

  it('tells the sign-in page, before anyone signs in, the languages it may offer and the country of its dates', async () => {
    const signInProfile = async () =>
      (
        await server.request(ws.host, {
          method: 'GET',
          url: `/main-api/api/workspace/company-profile/${ws.host}`,
        })
      ).json();
    await canadian(false);
    const indian = await signInProfile();
    expect(indian.languages).toEqual(['ENGLISH', 'HINDI', 'KANNADA', 'TELUGU', 'TAMIL', 'MARATHI']);
    expect(indian.country).toBe('IN');
    await canadian(true);
    try {
      const canadianProfile = await signInProfile();
      expect(canadianProfile.languages).toContain('FRENCH');
      expect(canadianProfile.country).toBe('CA');
    } finally {
      await canadian(false);
    }
  });

  it('lets only an admin set the workspace default, which people without a choice follow and the sign-in page shows', async () => {
    const employee = await server.signIn(ws.host, employer.email);
    await put(employee, { firstName: 'Esha', lastName: 'Employer', language: null });
    const refused = await server.request(ws.host, {
      method: 'PUT',
      url: '/main-api/api/workspace/settings',
      token: employee,
      payload: { defaultLanguage: 'HINDI' },
    });
    expect(refused.statusCode).toBe(403);

    const admin = await server.signIn(ws.host, ws.admin.email);
    const french = await server.request(ws.host, {
      method: 'PUT',
      url: '/main-api/api/workspace/settings',
      token: admin,
      payload: { defaultLanguage: 'FRENCH' },
    });
    expect(french.statusCode).toBe(400);
    expect(french.json().fields).toHaveProperty('defaultLanguage');

    const hindi = await server.request(ws.host, {
      method: 'PUT',
      url: '/main-api/api/workspace/settings',
      token: admin,
      payload: { defaultLanguage: 'HINDI' },
    });
    expect(hindi.statusCode).toBe(200);
    expect(hindi.json().defaultLanguage).toBe('HINDI');
    expect(await details(employee)).toMatchObject({ language: null, workspace: { defaultLanguage: 'HINDI' } });
    const profile = await server.request(ws.host, {
      method: 'GET',
      url: `/main-api/api/workspace/company-profile/${ws.host}`,
    });
    expect(profile.json().defaultLanguage).toBe('HINDI');
    // Another workspace keeps its own default.
    const globex = await server.request(other.host, {
      method: 'GET',
      url: `/main-api/api/workspace/company-profile/${other.host}`,
    });
    expect(globex.json().defaultLanguage).toBe('ENGLISH');
    await server.request(ws.host, {
      method: 'PUT',
      url: '/main-api/api/workspace/settings',
      token: admin,
      payload: { defaultLanguage: 'ENGLISH' },
    });
  });

  it('lets a Canadian workspace make French courses, and refuses French courses elsewhere', async () => {
    await canadian(false);
    const admin = await server.signIn(ws.host, ws.admin.email);
    const create = (language: string) =>
      server.request(ws.host, {
        method: 'POST',
        url: '/learning-api/api/course/create',
        token: admin,
        payload: { title: `Course ${language}`, language },
      });
    const refused = await create('FRENCH');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty('language');
    const english = await create('ENGLISH');
    expect(english.statusCode).toBe(200);
    const courseId = english.json().courseId as string;
    const add = () =>
      server.request(ws.host, {
        method: 'POST',
        url: '/learning-api/api/course/language',
        token: admin,
        payload: { courseId, language: 'FRENCH' },
      });
    expect((await add()).statusCode).toBe(400);
    const metadata = () =>
      server.request(ws.host, {
        method: 'GET',
        url: '/learning-api/api/workspace-course/metadata',
        token: admin,
      });
    const listed = async () => ((await metadata()).json().languages as { language: string }[]).map((l) => l.language);

    await canadian(true);
    try {
      expect((await add()).statusCode).toBe(200);
      expect((await create('FRENCH')).statusCode).toBe(200);
    } finally {
      await canadian(false);
    }
    expect(await listed()).not.toContain('FRENCH');
  });

  it('opens a course in the learner’s language where the course has it, and in its primary language where it does not', async () => {
    // A course in English, its primary language, and Hindi.
    const course = {
      courseId: await buildTranslatedPublishedCourse(server, ws, {
        title: 'Preventing Sexual Harassment at Work',
        languages: { HINDI: 'कार्यस्थल पर यौन उत्पीड़न की रोकथाम' },
      }),
    };
    await assignCourseToPerson(server, ws, course.courseId, employee);
    const token = await server.signIn(ws.host, employee.email);
    const open = async (query = '') =>
      (
        await server.request(ws.host, {
          method: 'GET',
          url: `/learning-api/api/user-course/${course.courseId}${query}`,
          token,
        })
      ).json();
    const mine = async () =>
      (
        (await server.request(ws.host, { method: 'GET', url: '/learning-api/api/user-course/my', token })).json() as {
          courseId: string;
          language: string;
        }[]
      ).find((c) => c.courseId === course.courseId)!;

    await put(token, { firstName: 'Eshaan', lastName: 'Employee', language: 'HINDI' });
    expect((await open()).language).toBe('HINDI');
    expect((await mine()).language).toBe('HINDI');
    // A language asked for on the call wins over the profile's.
    expect((await open('?language=ENGLISH')).language).toBe('ENGLISH');
    // Telugu is not one of the course's languages: its primary, English.
    await put(token, { firstName: 'Eshaan', lastName: 'Employee', language: 'TELUGU' });
    expect((await open()).language).toBe('ENGLISH');
    await put(token, { firstName: 'Eshaan', lastName: 'Employee', language: null });
  });
});
