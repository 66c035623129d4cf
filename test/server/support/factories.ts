import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../../server/platform/db/database';
import { PASSWORD, testPasswords, type TestServer } from './test-app';

/**
 * Data factories for server tests: each builds what a test needs through the product's own API (its routes, services
 * and mail), on a workspace of the test's own, so that a test depends on nothing the demo seed holds and the seed can
 * change freely. Names and addresses are unique per call; every builder takes overrides for what the test cares about.
 *
 *   const ws = await buildWorkspace(server);
 *   const member = await buildUser(server, ws, { role: 'EMPLOYEE' });
 *   const committee = await buildCommittee(server, ws);
 *   const caseId = await buildComplaint(server, ws, member);
 */

export type Role = 'WORKSPACE_ADMIN' | 'EMPLOYER' | 'BRANCH_ADMIN' | 'EMPLOYEE';

export interface BuiltUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** A signed-in session's bearer token at the user's workspace. */
  token: string;
}

export interface BuiltWorkspace {
  id: string;
  slug: string;
  /** The workspace's host (`<slug>.localhost`): every call to it names this host. */
  host: string;
  companyName: string;
  /** The headquarters business unit, which the platform admin's creation makes. */
  headquartersId: string;
  /** The first admin, invited by the platform admin and signed in through their invitation. */
  admin: BuiltUser;
}

export interface BuiltCommittee {
  id: string;
  presiding: BuiltUser;
  /** The members besides the presiding officer, in the order of the body: two employees, then the external member. */
  members: BuiltUser[];
}

let sequence = 0;
/** Unique within the test run and across parallel files (a random tail: files share no database but read alike). */
const unique = (prefix: string) => `${prefix}-${++sequence}-${randomUUID().slice(0, 6)}`;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call<T>(
  server: TestServer,
  host: string,
  method: Method,
  url: string,
  token: string | undefined,
  payload?: object,
): Promise<T> {
  const res = await server.request(host, { method, url, token, ...(payload ? { payload } : {}) });
  expect(res.statusCode, `${method} ${url} at ${host}: ${res.body}`).toBeLessThan(300);
  return res.json() as T;
}

/** The link's code of the latest invitation mailed to `email` (the outbox of the test server). */
async function invitationCode(server: TestServer, email: string): Promise<string> {
  const [mail] = await server.db.query<{ body: string }>(
    `SELECT body FROM outbox_messages WHERE recipient = $1 ORDER BY id DESC LIMIT 1`,
    [email],
  );
  const code = mail && /\/invite\/([A-Za-z0-9_-]{20,100})/.exec(mail.body)?.[1];
  if (!code) throw new Error(`no invitation was mailed to ${email}`);
  return code;
}

/** Claims the invitation mailed to `email` with the test password; the claim signs the person in. */
async function claimInvitation(
  server: TestServer,
  host: string,
  email: string,
): Promise<{ id: string; token: string }> {
  const code = await invitationCode(server, email);
  const claimed = await call<{ session: { token: string; user: { userId: string } } }>(
    server,
    host,
    'POST',
    `/main-api/api/invite/claim/${code}`,
    undefined,
    {
      userNewPassword: PASSWORD,
    },
  );
  return { id: claimed.session.user.userId, token: claimed.session.token };
}

const platformAdmins = new WeakMap<TestServer, string>();

/**
 * A platform admin's session on the main site. There is no API that makes one (the operator's CLI,
 * server/create-platform-admin.ts, inserts the row): this is the one row a factory writes itself.
 */
export async function buildPlatformAdmin(server: TestServer): Promise<string> {
  const known = platformAdmins.get(server);
  if (known) return known;
  const email = `${unique('platform')}@factory.test`;
  // What the test server's hasher (testPasswords) stores for the test password.
  const passwordHash = await testPasswords.hash(PASSWORD);
  await server.db.system((tx) =>
    tx.query(
      `INSERT INTO platform_admins (email, password_hash, first_name, last_name) VALUES ($1, $2, 'Platform', 'Factory')`,
      [email, passwordHash],
    ),
  );
  const token = await server.signIn('localhost', email);
  platformAdmins.set(server, token);
  return token;
}

/**
 * A workspace as the platform admin creates it (its headquarters, its first admin invited, its jurisdiction's
 * statutory complaint process published), with that admin's invitation claimed and signed in.
 */
export async function buildWorkspace(
  server: TestServer,
  overrides: { companyName?: string; jurisdictionCode?: string | null; userLimit?: number } = {},
): Promise<BuiltWorkspace> {
  const platform = await buildPlatformAdmin(server);
  const slug = unique('ws');
  const host = `${slug}.localhost`;
  const companyName = overrides.companyName ?? `Company ${slug}`;
  const adminEmail = `admin@${slug}.test`;
  const created = await call<{ workspaceId: string }>(
    server,
    'localhost',
    'POST',
    '/main-api/api/admin/workspace/create',
    platform,
    {
      companyName,
      workspaceUrl: host,
      adminEmail,
      adminFirstName: 'Ada',
      adminLastName: 'Admin',
      ...(overrides.jurisdictionCode !== undefined ? { jurisdictionCode: overrides.jurisdictionCode } : {}),
      ...(overrides.userLimit !== undefined ? { userLimit: overrides.userLimit } : {}),
    },
  );
  const admin = await claimInvitation(server, host, adminEmail);
  const [hq] = await server.db.tenant(created.workspaceId, (tx) =>
    tx.query<{ id: string }>(`SELECT id FROM branches WHERE workspace_id = $1 AND headquarter`, [created.workspaceId]),
  );
  return {
    id: created.workspaceId,
    slug,
    host,
    companyName,
    headquartersId: hq.id,
    admin: { ...admin, email: adminEmail, firstName: 'Ada', lastName: 'Admin', role: 'WORKSPACE_ADMIN' },
  };
}

/** A person of the workspace's headquarters, invited by its admin and signed in through the invitation. */
export async function buildUser(
  server: TestServer,
  ws: BuiltWorkspace,
  overrides: { role?: Role; firstName?: string; lastName?: string; email?: string } = {},
): Promise<BuiltUser> {
  const role = overrides.role ?? 'EMPLOYEE';
  const email = overrides.email ?? `${unique(role.toLowerCase().replace('_', '-'))}@${ws.slug}.test`;
  const firstName = overrides.firstName ?? 'Test';
  const lastName = overrides.lastName ?? `Person ${sequence}`;
  const invited = await call<{ invited: number; skipped: unknown[] }>(
    server,
    ws.host,
    'POST',
    `/main-api/api/invite/user/${ws.headquartersId}`,
    ws.admin.token,
    {
      email,
      firstName,
      lastName,
      role,
    },
  );
  expect(invited, `inviting ${email}`).toMatchObject({ invited: 1 });
  const claimed = await claimInvitation(server, ws.host, email);
  return { ...claimed, email, firstName, lastName, role };
}

/**
 * The workspace's Internal Committee, constituted by its admin: a senior woman presiding, two employee members and an
 * external member, each a new person of the workspace unless given.
 */
export async function buildCommittee(
  server: TestServer,
  ws: BuiltWorkspace,
  overrides: { name?: string; presiding?: BuiltUser; members?: [BuiltUser, BuiltUser, BuiltUser] } = {},
): Promise<BuiltCommittee> {
  const presiding = overrides.presiding ?? (await buildUser(server, ws, { firstName: 'Priya', lastName: 'Presiding' }));
  const members = overrides.members ?? [
    await buildUser(server, ws, { firstName: 'Manoj', lastName: 'Member' }),
    await buildUser(server, ws, { firstName: 'Meera', lastName: 'Member' }),
    await buildUser(server, ws, { firstName: 'Eric', lastName: 'External' }),
  ];
  const committee = await call<{ committeeId: string }>(
    server,
    ws.host,
    'POST',
    '/case-api/api/committees',
    ws.admin.token,
    {
      name: overrides.name ?? 'Internal Committee',
      termStart: '2026-01-01',
      termEnd: '2028-12-31',
      members: [
        { userId: presiding.id, role: 'PRESIDING_OFFICER', gender: 'WOMAN', senior: true },
        { userId: members[0].id, role: 'EMPLOYEE_MEMBER', gender: 'MAN' },
        { userId: members[1].id, role: 'EMPLOYEE_MEMBER', gender: 'WOMAN' },
        { userId: members[2].id, role: 'EXTERNAL_MEMBER', gender: 'MAN' },
      ],
    },
  );
  return { id: committee.committeeId, presiding, members };
}

/** A complaint filed by `complainant` against a named respondent, about an incident five days ago. */
export async function buildComplaint(
  server: TestServer,
  ws: BuiltWorkspace,
  complainant: BuiltUser,
  overrides: { details?: string; respondentName?: string } = {},
): Promise<string> {
  const filed = await call<{ complaintId: string }>(
    server,
    ws.host,
    'POST',
    '/case-api/api/complaints',
    complainant.token,
    {
      complainant: {
        name: `${complainant.firstName} ${complainant.lastName}`,
        email: complainant.email,
        gender: 'WOMAN',
      },
      respondent: { name: overrides.respondentName ?? 'Rahul Respondent', gender: 'MAN' },
      incident: {
        details: overrides.details ?? `Remarks in meetings (${unique('case')}).`,
        date: new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10),
        witnesses: [],
      },
    },
  );
  return filed.complaintId;
}

/** A draft course of the workspace, created by its admin. */
export async function buildCourse(
  server: TestServer,
  ws: BuiltWorkspace,
  overrides: { title?: string; description?: string } = {},
): Promise<string> {
  const course = await call<{ courseId: string }>(
    server,
    ws.host,
    'POST',
    '/learning-api/api/course/create',
    ws.admin.token,
    {
      title: overrides.title ?? `Course ${unique('c')}`,
      description: overrides.description ?? '',
    },
  );
  return course.courseId;
}

/** The workspace's own policy with its first version, added by its admin. */
export async function buildPolicy(
  server: TestServer,
  ws: BuiltWorkspace,
  overrides: { title?: string; ownerName?: string } = {},
): Promise<string> {
  const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const policy = await call<{ id: string }>(
    server,
    ws.host,
    'POST',
    '/learning-api/api/policy/own/create',
    ws.admin.token,
    {
      title: overrides.title ?? `Policy ${unique('p')}`,
      ownerName: overrides.ownerName ?? 'Head of People',
      reviewDueOn: nextYear,
    },
  );
  return policy.id;
}

/** A workflow of the case API with one meeting step, published as the workspace's default process. */
export async function buildPublishedWorkflow(
  server: TestServer,
  ws: BuiltWorkspace,
  overrides: { name?: string; step?: string } = {},
): Promise<string> {
  const post = <T>(url: string, payload: object) =>
    call<T>(server, ws.host, 'POST', `/case-api/api${url}`, ws.admin.token, payload);
  const wf = await post<{ workflowId: string }>('/admin/workflow', {
    workflowName: overrides.name ?? `Process ${unique('w')}`,
    defaultToWorkspace: true,
  });
  const v = await post<{ workflowVersionId: string }>(`/admin/workflow/${wf.workflowId}/version`, { name: 'v1' });
  await post(`/admin/step/workflow/${v.workflowVersionId}`, {
    kind: 'MEETING',
    name: overrides.step ?? 'Preliminary hearing',
  });
  await post('/admin/workflow/publish', { workflowId: wf.workflowId, workflowVersionId: v.workflowVersionId });
  return wf.workflowId;
}

// --- factories for identity/main/notifications/organisation/policies tests ---

/**
 * A platform admin of its own (not the one `buildPlatformAdmin` shares), with their address: for a test that signs
 * them in, changes or locks them. The operator's CLI inserts the row; so does this.
 */
export async function buildPlatformOperator(server: TestServer): Promise<{ email: string; token: string }> {
  const email = `${unique('operator')}@factory.test`;
  const passwordHash = await testPasswords.hash(PASSWORD);
  await server.db.system((tx) =>
    tx.query(
      `INSERT INTO platform_admins (email, password_hash, first_name, last_name) VALUES ($1, $2, 'Platform', 'Operator')`,
      [email, passwordHash],
    ),
  );
  return { email, token: await server.signIn('localhost', email) };
}

/**
 * A phone number of the person's own, set by the workspace admin as People's edit does (a mobile number no other
 * built person has); returns it.
 */
export async function givePhoneNumber(
  server: TestServer,
  ws: BuiltWorkspace,
  user: BuiltUser,
  phone = `+4477${String(randomInt(0, 100_000_000)).padStart(8, '0')}`,
): Promise<string> {
  await call(server, ws.host, 'POST', `/main-api/api/user/update/${user.id}`, ws.admin.token, { phoneNumber: phone });
  return phone;
}

/**
 * The factories' view of an app a test built itself over its own database (two servers over one database, an app
 * with other transports): requests through `inject`, sign-in through the API. The app must keep its mail in the
 * outbox while the factories build (they read invitations there).
 */
export function serverOverApp(app: FastifyInstance, db: Database): TestServer {
  const request: TestServer['request'] = (host, { token, headers, ...rest }) =>
    app.inject({ ...rest, headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
  return {
    app,
    db,
    request,
    async signIn(host: string, email: string, password = PASSWORD) {
      const res = await request(host, {
        method: 'POST',
        url: '/main-api/api/user/signin',
        payload: { userEmail: email, userPassword: password },
      });
      if (res.statusCode !== 200)
        throw new Error(`sign-in of ${email} at ${host} failed: ${res.statusCode} ${res.body}`);
      return res.json().token as string;
    },
  } as Partial<TestServer> as TestServer;
}

/**
 * A feature flag the platform admin has created (`maintenance`, `elevateip`: the built-in ones a workspace's gates
 * read), on for no workspace yet; a flag that is already there is left as it is.
 */
export async function buildFeatureFlag(server: TestServer, key: string, value = 'on'): Promise<string> {
  const res = await server.request('localhost', {
    method: 'POST',
    url: '/main-api/api/feature-flags',
    token: await buildPlatformAdmin(server),
    payload: { key, value },
  });
  expect([200, 201, 409], `creating the flag ${key}: ${res.body}`).toContain(res.statusCode);
  return key;
}

/** A business unit of the workspace besides its headquarters, created by its admin. */
export async function buildBusinessUnit(
  server: TestServer,
  ws: BuiltWorkspace,
  overrides: { name?: string } = {},
): Promise<{ id: string; name: string }> {
  const unit = await call<{ branchId: string; branchName: string }>(
    server,
    ws.host,
    'POST',
    '/main-api/api/workspace/create-branch',
    ws.admin.token,
    { branchName: overrides.name ?? `Unit ${unique('bu')}` },
  );
  return { id: unit.branchId, name: unit.branchName };
}

/** A department of one business unit, created by the workspace's admin. */
export async function buildDepartment(
  server: TestServer,
  ws: BuiltWorkspace,
  unitId: string,
  overrides: { name?: string } = {},
): Promise<{ id: string; name: string }> {
  const made = await call<{ created: { departmentId: string; departmentName: string }[] }>(
    server,
    ws.host,
    'POST',
    '/main-api/api/department',
    ws.admin.token,
    { departmentName: overrides.name ?? `Department ${unique('d')}`, branchId: unitId },
  );
  return { id: made.created[0]!.departmentId, name: made.created[0]!.departmentName };
}

/**
 * A person of a given business unit (a BRANCH_ADMIN of that unit, an employee there...), invited by the workspace's
 * admin into that unit and signed in through the invitation.
 */
export async function buildUnitUser(
  server: TestServer,
  ws: BuiltWorkspace,
  unitId: string,
  overrides: { role?: Role; firstName?: string; lastName?: string; email?: string } = {},
): Promise<BuiltUser> {
  const role = overrides.role ?? 'EMPLOYEE';
  const email = overrides.email ?? `${unique(role.toLowerCase().replace('_', '-'))}@${ws.slug}.test`;
  const firstName = overrides.firstName ?? 'Unit';
  const lastName = overrides.lastName ?? `Person ${sequence}`;
  const invited = await call<{ invited: number }>(
    server,
    ws.host,
    'POST',
    `/main-api/api/invite/user/${unitId}`,
    ws.admin.token,
    { email, firstName, lastName, role },
  );
  expect(invited, `inviting ${email}`).toMatchObject({ invited: 1 });
  const claimed = await claimInvitation(server, ws.host, email);
  return { ...claimed, email, firstName, lastName, role };
}

/**
 * A username the person can sign in with instead of their email. No API sets one (the demo seed and directory
 * migrations do), so this writes the row, inside the workspace's tenant transaction.
 */
export async function giveUsername(
  server: TestServer,
  ws: BuiltWorkspace,
  user: BuiltUser,
  username = unique('user'),
): Promise<string> {
  await server.db.tenant(ws.id, (tx) =>
    tx.query(`UPDATE users SET username = $3 WHERE workspace_id = $1 AND id = $2`, [ws.id, user.id, username]),
  );
  return username;
}

/**
 * A course of the workspace published by its admin: one lesson with one text block, written in English and in each
 * further language given (`{ HINDI: 'title in Hindi' }`), so that a learner can open it in any of them.
 */
export async function buildTranslatedPublishedCourse(
  server: TestServer,
  ws: BuiltWorkspace,
  overrides: { title?: string; languages?: Record<string, string> } = {},
): Promise<string> {
  const post = <T>(url: string, payload: object) =>
    call<T>(server, ws.host, 'POST', `/learning-api/api${url}`, ws.admin.token, payload);
  const courseId = await buildCourse(server, ws, { title: overrides.title ?? `Course ${unique('pc')}` });
  const languages = overrides.languages ?? {};
  for (const [language, title] of Object.entries(languages))
    await post('/course/language', { courseId, language, title });
  const lesson = await post<{ lessonId: string }>(`/lesson/create/${courseId}`, { title: 'Lesson one' });
  const texts: Record<string, { body: string }> = { ENGLISH: { body: 'Respect at work, in English.' } };
  for (const language of Object.keys(languages)) texts[language] = { body: `Respect at work (${language}).` };
  await post('/lesson-content/create', { lessonId: lesson.lessonId, block: { type: 'TEXT_AREA', texts } });
  await post(`/course/publish/${courseId}`, {});
  return courseId;
}

/** Assigns a published course to one person of the workspace, as its admin does from the course's page. */
export async function assignCourseToPerson(
  server: TestServer,
  ws: BuiltWorkspace,
  courseId: string,
  person: BuiltUser,
): Promise<void> {
  await call(server, ws.host, 'POST', '/learning-api/api/course/assign-course-to-users', ws.admin.token, {
    courseId,
    search: person.email,
  });
}

/** What a learning test needs of a workspace: its units, their Human Resources departments and a published course. */
export interface BuiltLearningWorkspace {
  ws: BuiltWorkspace;
  workspaceId: string;
  /** The published course (English and Hindi), titled as the demo's own course is unless told. */
  courseId: string;
  hq: string;
  pune: string;
  /** Human Resources in Pune. */
  puneHr: string;
  /** Human Resources at headquarters. */
  hqHr: string;
}

/**
 * A workspace for course and notification tests: its headquarters and a Pune unit, a Human Resources department in
 * each, and a published course in English and Hindi with its reminders on.
 */
export async function buildLearningWorkspace(
  server: TestServer,
  overrides: { companyName?: string; jurisdictionCode?: string | null; courseTitle?: string } = {},
): Promise<BuiltLearningWorkspace> {
  const ws = await buildWorkspace(server, {
    companyName: overrides.companyName,
    jurisdictionCode: overrides.jurisdictionCode ?? 'IN',
  });
  const pune = await buildBusinessUnit(server, ws, { name: `${ws.companyName} Pune` });
  const hqHr = await buildDepartment(server, ws, ws.headquartersId, { name: 'Human Resources' });
  const puneHr = await buildDepartment(server, ws, pune.id, { name: 'Human Resources' });
  const courseId = await buildTranslatedPublishedCourse(server, ws, {
    title: overrides.courseTitle ?? 'Preventing Sexual Harassment at Work',
    languages: { HINDI: 'कार्यस्थल पर यौन उत्पीड़न की रोकथाम' },
  });
  // Its reminders on, as the demo's course has them.
  await call(server, ws.host, 'PUT', `/learning-api/api/course/${courseId}/reminder-toggle`, ws.admin.token, {
    enabled: true,
  });
  return { ws, workspaceId: ws.id, courseId, hq: ws.headquartersId, pune: pune.id, puneHr: puneHr.id, hqHr: hqHr.id };
}

/**
 * Many people of the headquarters at once, as the admin's bulk creation makes them: invited (not yet signed in, so no
 * session), none mailed. Returns their ids in the order given.
 */
export async function buildInvitedPeople(server: TestServer, ws: BuiltWorkspace, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, () => `${unique('invited')}@${ws.slug}.test`);
  await call(server, ws.host, 'POST', '/main-api/api/user/create/bulk', ws.admin.token, {
    users: emails.map((email) => ({ email, branchId: ws.headquartersId })),
  });
  const rows = await server.db.tenant(ws.id, (tx) =>
    tx.query<{ id: string; email: string }>(`SELECT id, email FROM users WHERE workspace_id = $1 AND email = ANY($2)`, [
      ws.id,
      emails,
    ]),
  );
  return emails.map((email) => rows.find((r) => r.email === email)!.id);
}

// --- factories for courses, complaints, platform, imports, platform-tools, reports, law, workflows, dashboard tests ---

/**
 * A workspace under Canada's federal regime (CA-FED) with its designated recipient seated (a body of one, Dana
 * Recipient), as the Canadian law tests need: the person a notice goes to.
 */
export async function buildCanadianWorkspace(
  server: TestServer,
): Promise<{ ws: BuiltWorkspace; recipient: BuiltUser }> {
  const ws = await buildWorkspace(server, { jurisdictionCode: 'CA-FED' });
  const recipient = await buildUser(server, ws, { firstName: 'Dana', lastName: 'Recipient' });
  await call(server, ws.host, 'POST', '/case-api/api/committees', ws.admin.token, {
    name: 'Designated recipients',
    termStart: '2026-01-01',
    termEnd: '2028-12-31',
    members: [{ userId: recipient.id, role: 'DESIGNATED_RECIPIENT', gender: 'WOMAN' }],
  });
  return { ws, recipient };
}

/** An API key of the workspace with the given scopes, made by its admin: its secret, the bearer token of API calls. */
export async function buildScopedApiKey(
  server: TestServer,
  ws: BuiltWorkspace,
  scopes: string[],
  overrides: { name?: string; expiresInDays?: number } = {},
): Promise<string> {
  const key = await call<{ secret: string }>(server, ws.host, 'POST', '/main-api/api/api-keys', ws.admin.token, {
    name: overrides.name ?? 'Provisioning',
    scopes,
    expiresInDays: overrides.expiresInDays ?? 30,
  });
  return key.secret;
}

/**
 * An Indian workspace (IN) ready for a complaint's inquiry: its Internal Committee seated (`buildCommittee`) and a
 * complainant, Esha Employee, who is not on it.
 */
export async function buildInquiryWorkspace(
  server: TestServer,
): Promise<{ ws: BuiltWorkspace; complainant: BuiltUser; committee: BuiltCommittee }> {
  const ws = await buildWorkspace(server, { jurisdictionCode: 'IN' });
  const complainant = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
  const committee = await buildCommittee(server, ws);
  return { ws, complainant, committee };
}

// --- factories for courses/training tests ---

/** A person to list among many: where they work, their name, role and date of joining (none unless given). */
export interface ListedPerson {
  branchId?: string;
  departmentId?: string;
  firstName?: string;
  lastName?: string;
  role?: Role;
  dateOfJoining?: string;
}

/**
 * Many people at once, in the units and departments given, as the admin's bulk creation makes them (invited, not yet
 * signed in, none mailed), each joining date set as People's edit does. Returns their ids and addresses in order.
 */
export async function buildPeople(
  server: TestServer,
  ws: BuiltWorkspace,
  people: ListedPerson[],
): Promise<{ id: string; email: string }[]> {
  const emails = people.map(() => `${unique('listed')}@${ws.slug}.test`);
  await call(server, ws.host, 'POST', '/main-api/api/user/create/bulk', ws.admin.token, {
    users: people.map((p, i) => ({
      email: emails[i],
      branchId: p.branchId ?? ws.headquartersId,
      ...(p.departmentId ? { departmentId: p.departmentId } : {}),
      firstName: p.firstName ?? 'Listed',
      lastName: p.lastName ?? `Person ${i + 1}`,
      role: p.role ?? 'EMPLOYEE',
    })),
  });
  const rows = await server.db.tenant(ws.id, (tx) =>
    tx.query<{ id: string; email: string }>(`SELECT id, email FROM users WHERE workspace_id = $1 AND email = ANY($2)`, [
      ws.id,
      emails,
    ]),
  );
  const built = emails.map((email) => ({ id: rows.find((r) => r.email === email)!.id, email }));
  for (const [i, p] of people.entries())
    if (p.dateOfJoining)
      await call(server, ws.host, 'POST', `/main-api/api/user/update/${built[i]!.id}`, ws.admin.token, {
        dateOfJoining: p.dateOfJoining,
      });
  return built;
}
// --- factories for complaints/law/platform tests ---

/**
 * How far a built case has gone through the workspace's published process (the statutory one unless replaced):
 * `RECEIPT` just filed; `INQUIRY` the receipt's steps done (the respondent has the copy); `CLOSED` heard (a hearing
 * scheduled and its minutes recorded) and closed with an outcome.
 */
export type CaseStage = 'RECEIPT' | 'INQUIRY' | 'CLOSED';

export interface BuiltCase {
  id: string;
  caseNumber: string;
  complainant: BuiltUser;
  respondent: { name: string; email: string };
}

/**
 * A complaint filed by a person of the workspace (a new one unless given) against a named respondent with an address,
 * then taken by the committee as far as `stage`, each step done by its presiding officer through the case API: the
 * mails of an action step shown and confirmed, a hearing scheduled and recorded, the case closed with its outcome.
 */
export async function buildCaseAtStage(
  server: TestServer,
  ws: BuiltWorkspace,
  committee: BuiltCommittee,
  overrides: {
    stage: CaseStage;
    complainant?: BuiltUser;
    respondent?: { name: string; email: string };
    details?: string;
    outcome?: 'UPHELD' | 'NOT_UPHELD' | 'SETTLED_BY_CONCILIATION' | 'WITHDRAWN' | 'REFERRED';
  },
): Promise<BuiltCase> {
  const presiding = committee.presiding.token;
  const api = <T>(method: Method, url: string, token: string, payload?: object) =>
    call<T>(server, ws.host, method, `/case-api/api${url}`, token, payload);
  const complainant =
    overrides.complainant ?? (await buildUser(server, ws, { firstName: 'Cara', lastName: 'Complainant' }));
  const respondent = overrides.respondent ?? {
    name: 'Rahul Respondent',
    email: `${unique('respondent')}@example.test`,
  };
  type Detail = { complaintId: string; caseNumber: string; steps: { stepId: string; kind: string; name: string }[] };
  const filed = await api<Detail>('POST', '/complaints', complainant.token, {
    complainant: {
      name: `${complainant.firstName} ${complainant.lastName}`,
      email: complainant.email,
      gender: 'WOMAN',
    },
    respondent: { ...respondent, gender: 'MAN', description: 'A colleague in the same team' },
    incident: {
      details: overrides.details ?? `Remarks in meetings (${unique('case')}).`,
      date: new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10),
      witnesses: [],
    },
  });
  const built = { id: filed.complaintId, caseNumber: filed.caseNumber, complainant, respondent };
  if (overrides.stage === 'RECEIPT') return built;
  // The receipt: every step before the first meeting (the copy to the respondent, POSH Rule 7(2)).
  const firstMeeting = filed.steps.findIndex((s) => s.kind === 'MEETING');
  for (const step of filed.steps.slice(0, firstMeeting < 0 ? filed.steps.length : firstMeeting)) {
    const planned = await api<{ mails: { recipients: { email: string }[] }[] }>(
      'GET',
      `/complaints/${built.id}/steps/${step.stepId}/recipients`,
      presiding,
    );
    await api('POST', `/complaints/${built.id}/steps/${step.stepId}/complete`, presiding, {
      note: 'Done',
      confirmedRecipients: planned.mails.flatMap((m) => m.recipients.map((r) => r.email)),
    });
  }
  if (overrides.stage === 'INQUIRY') return built;
  const hearing =
    filed.steps.find((s) => s.name === 'Inquiry hearing') ?? filed.steps.find((s) => s.kind === 'MEETING');
  const today = new Date().toISOString().slice(0, 10);
  const meeting = await api<{ meetingId: string }>('POST', `/complaints/${built.id}/meetings`, presiding, {
    title: 'Inquiry hearing',
    agenda: 'Hear both parties.',
    startsAt: `${today}T09:00:00Z`,
    endsAt: `${today}T10:00:00Z`,
    location: 'Meeting room 2',
    guests: [committee.presiding.email, ...committee.members.map((m) => m.email), complainant.email, respondent.email],
    stepId: hearing?.stepId ?? null,
  });
  await api('PUT', `/complaints/${built.id}/meetings/${meeting.meetingId}`, presiding, {
    minutes: 'Both parties were heard.',
    outcome: 'The committee finds the complaint upheld.',
  });
  await api('POST', `/complaints/${built.id}/close`, presiding, {
    outcome: overrides.outcome ?? 'UPHELD',
    summary: 'Upheld: a written warning for the respondent, recommended to the employer.',
  });
  return built;
}

/** A workspace with a person in every role, for the tests that walk every route as every caller. */
export interface BuiltEveryRole {
  ws: BuiltWorkspace;
  /** The workspace's first admin (WORKSPACE_ADMIN), as `ws.admin`. */
  admin: BuiltUser;
  employee: BuiltUser;
  employer: BuiltUser;
  /** The BRANCH_ADMIN of `unit`, a business unit besides the headquarters. */
  unitAdmin: BuiltUser;
  unit: { id: string; name: string };
  /** The Internal Committee: its presiding officer and members. */
  committee: BuiltCommittee;
  /** The complainant of `caseId`, a case in inquiry: a party to it, on no committee. */
  party: BuiltUser;
  caseId: string;
  /** A platform admin's session on the main site. */
  platform: string;
}

/**
 * An Indian workspace (IN) with a person in every role: an employee, an employer, a business-unit admin, its admin,
 * its committee (presiding officer and members), a party to a case in inquiry; and a platform admin.
 */
export async function buildEveryRole(
  server: TestServer,
  overrides: { companyName?: string } = {},
): Promise<BuiltEveryRole> {
  const ws = await buildWorkspace(server, { jurisdictionCode: 'IN', companyName: overrides.companyName });
  const employee = await buildUser(server, ws, { firstName: 'Esha', lastName: 'Employee' });
  const employer = await buildUser(server, ws, { role: 'EMPLOYER', firstName: 'Emma', lastName: 'Employer' });
  const unit = await buildBusinessUnit(server, ws);
  const unitAdmin = await buildUnitUser(server, ws, unit.id, {
    role: 'BRANCH_ADMIN',
    firstName: 'Uma',
    lastName: 'Unit',
  });
  const committee = await buildCommittee(server, ws);
  const party = await buildUser(server, ws, { firstName: 'Cara', lastName: 'Complainant' });
  const built = await buildCaseAtStage(server, ws, committee, { stage: 'INQUIRY', complainant: party });
  return {
    ws,
    admin: ws.admin,
    employee,
    employer,
    unitAdmin,
    unit,
    committee,
    party,
    caseId: built.id,
    platform: await buildPlatformAdmin(server),
  };
}
