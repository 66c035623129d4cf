import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
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

// --- factories for courses, complaints, platform, imports, platform-tools, reports, law, workflows, dashboard tests ---

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
    { branchName: overrides.name ?? `Unit ${unique('u')}` },
  );
  return { id: unit.branchId, name: unit.branchName };
}

/**
 * A person of one business unit (the headquarters, or one `buildBusinessUnit` made), invited there by the workspace's
 * admin and signed in through the invitation: with role BRANCH_ADMIN, that unit's admin.
 */
export async function buildUnitMember(
  server: TestServer,
  ws: BuiltWorkspace,
  branchId: string,
  overrides: { role?: Role; firstName?: string; lastName?: string; email?: string } = {},
): Promise<BuiltUser> {
  return buildUser(server, { ...ws, headquartersId: branchId }, overrides);
}

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
