import { expect, type Page } from '@playwright/test';
import { formatDate } from '../../src/domain/shared/date-time';

export const PORT = Number(process.env.E2E_PORT ?? 8181);
export const PASSWORD = 'Demo-passphrase-2026';
/**
 * Seeded accounts whose password a journey changes (identity.spec.ts, account-security.spec.ts): none of the demo's
 * case story (server/seed/case.seed.ts). Journeys run two at a time, so no other journey may sign in as one of them.
 */
export const PASSWORD_CHANGED_BY_JOURNEYS = ['tanvi.reddy21@acme.test', 'pooja.das15@acme.test'];

/** `acme` -> http://acme.localhost:8181 ; `main` -> http://localhost:8181 (Chromium resolves *.localhost to loopback). */
export function url(site: 'main' | 'acme' | 'globex' | string, path = '/'): string {
  const host = site === 'main' ? 'localhost' : `${site}.localhost`;
  return `http://${host}:${PORT}${path}`;
}

/** Where a sign-in lands: the dashboard on a workspace; on the main site the platform console or the workspace finder. */
const SIGNED_IN_URL = { workspace: /\/dashboard$/, main: /\/(workspace\/signin|platform\/workspaces)$/ };

/**
 * Signs in through the API, as the sign-in page's use case does (POST the sign-in endpoint, keep the token in the
 * `sp_token` cookie), then opens the app where that sign-in lands and waits for its first screen. A journey whose
 * subject is signing in uses `signInThroughPage`; every other journey starts signed in this way, which spares the
 * sign-in page's load and render (about 1 CPU second a sign-in, docs/architecture.md "Journeys on a loaded machine").
 */
export async function signIn(page: Page, site: string, identifier: string, password = PASSWORD): Promise<void> {
  // A small document of the site's own origin, so the call and its cookie are the page's, as the sign-in page's are
  // (and the browser resolves *.localhost, which Node, behind page.request, does not).
  await page.goto(url(site, '/config.json'));
  const answer = await page.evaluate(
    async ([identifier, password]) => {
      const res = await fetch('/main-api/api/user/signin', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // The sign-in page's rule (src/domain/auth/sign-in-identifier.ts): an email goes as userEmail.
        body: JSON.stringify({
          ...(identifier.includes('@') ? { userEmail: identifier.toLowerCase() } : { username: identifier }),
          userPassword: password,
        }),
      });
      const json = await res.json().catch(() => null);
      if (res.status !== 200) return { status: res.status, json, kind: null };
      // What CookieSessionStore.save writes (src/infrastructure/session/cookie-session-store.ts).
      document.cookie = `sp_token=${encodeURIComponent(json.token)}; Max-Age=${120 * 24 * 60 * 60}; Path=/; SameSite=Strict`;
      return { status: res.status, json: null, kind: json.user.kind as string };
    },
    [identifier.trim(), password] as const,
  );
  expect(answer.status, `sign-in of ${identifier}: ${JSON.stringify(answer.json)}`).toBe(200);
  const landing =
    site !== 'main' ? '/dashboard' : answer.kind === 'platform-admin' ? '/platform/workspaces' : '/workspace/signin';
  await page.goto(url(site, landing));
  await signedIn(page, site);
}

/** Signs in through the real sign-in page and waits for the landing page: for the journeys whose subject is signing in. */
export async function signInThroughPage(
  page: Page,
  site: string,
  identifier: string,
  password = PASSWORD,
): Promise<void> {
  await page.goto(url(site, '/signin'));
  await page.getByLabel('Email or username').fill(identifier);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signedIn(page, site);
}

async function signedIn(page: Page, site: string): Promise<void> {
  // On the main site the platform admin lands in the platform console, anyone else on the workspace finder.
  await expect(page).toHaveURL(site === 'main' ? SIGNED_IN_URL.main : SIGNED_IN_URL.workspace);
  // The landing screen drawn (its h1), so the shell has laid itself out before the journey clicks its menu: under
  // load a click on the menu while the shell still moved waited for a stable element past its limit.
  // (Or a first sign-in's welcome dialog, which hides the screen behind it from the accessibility tree.)
  await expect(page.getByRole('heading', { level: 1 }).or(page.getByRole('dialog')).first()).toBeVisible({
    timeout: 60_000,
  });
}

/**
 * Calls the API from inside the page (same origin as the page), so the browser resolves *.localhost;
 * Node, behind page.request, does not.
 */
export async function fetchStatus(page: Page, path: string, token?: string): Promise<number> {
  return page.evaluate(
    async ([p, t]) => (await fetch(p, { headers: t ? { authorization: `Bearer ${t}` } : {} })).status,
    [path, token ?? ''] as const,
  );
}

/** The newest 6-digit code mailed or texted to `email` (or a phone number), read from the development outbox page (newest first). */
export async function latestCode(page: Page, email: string): Promise<string> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto(url('main', `/dev/outbox?format=json&to=${encodeURIComponent(email)}`));
    const messages = JSON.parse((await outbox.locator('body').textContent()) ?? '[]') as {
      subject: string | null;
      body: string;
    }[];
    // The newest message that carries a code: another journey may mail the same person meanwhile (a policy, a course).
    const code = messages.map((m) => /\b(\d{6})\b/.exec(m.body)?.[1]).find(Boolean);
    if (!code) throw new Error(`no code in the outbox for ${email}`);
    return code;
  } finally {
    await outbox.close();
  }
}

/**
 * A call to the APIs of the workspace the page is on (Acme's before the page has opened one) from inside the page with
 * the page's own session (a journey's set-up through the API, not what it tests); fails the journey unless the answer
 * has the status expected. Without a session the call goes anonymously.
 */
export async function api<T>(page: Page, method: string, path: string, body?: unknown, expected = 200): Promise<T> {
  const origin = /^https?:/.test(page.url()) ? new URL(page.url()).origin : url('acme');
  const token = (await page.context().cookies(origin)).find((c) => c.name === 'sp_token')?.value;
  const { status, json } = await page.evaluate(
    async ([t, m, p, b]) => {
      const res = await fetch(p, {
        method: m,
        headers: {
          ...(t ? { authorization: `Bearer ${t}` } : {}),
          ...(b === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, json: await res.json() };
    },
    [token, method, path, body] as const,
  );
  expect(status, `${method} ${path}: ${JSON.stringify(json)}`).toBe(expected);
  return json as T;
}

/**
 * Picks an option from the one open Ant Design select dropdown, as a user does: once the dropdown has finished
 * opening (a click while it still slides in can land beside the option on a busy machine, leaving it open over the
 * form), then waits for it to close, so the next click reaches the form rather than the list.
 */
export async function pickOption(page: Page, option: string | RegExp): Promise<void> {
  const settled = page.locator(
    '.ant-select-dropdown:visible:not(.ant-slide-up-appear):not(.ant-slide-up-enter):not(.ant-slide-down-appear):not(.ant-slide-down-enter)',
  );
  await expect(settled).toHaveCount(1);
  await settled.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

interface Seat {
  userId: string;
  role: string;
  gender: string;
  senior?: boolean;
}
interface CommitteeBody {
  name: string;
  termStart: string;
  termEnd: string;
  members: Seat[];
}

/** One call as another person of the page's workspace, signed in through the API (the page's own session is untouched). */
async function callAs(
  page: Page,
  email: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: any }> {
  return page.evaluate(
    async ([e, pw, m, p, b]) => {
      const signIn = await fetch('/main-api/api/user/signin', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userEmail: e, userPassword: pw }),
      });
      if (signIn.status !== 200) return { status: signIn.status, json: null };
      const { token } = await signIn.json();
      const res = await fetch(p, {
        method: m,
        headers: {
          authorization: `Bearer ${token}`,
          ...(b === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    [email, PASSWORD, method, path, body] as const,
  );
}

/**
 * Seats the workspace-wide committee as a journey needs it. The demo seeds one, and a change of seats waits for
 * approval (docs/case.md "Committee membership"): the admin asks, then the employer (for the presiding officer's own
 * seat) or the one presiding approves, as they would on the committee page. Journeys in other files may be changing
 * the same committee at the same time, so this asks again until the seats are the ones wanted.
 */
export async function seatCommittee(admin: Page, body: CommitteeBody): Promise<string> {
  const wanted = (seats: { userId: string; role: string }[]) =>
    seats
      .map((s) => `${s.userId}:${s.role}`)
      .sort()
      .join(',');
  for (let attempt = 0; attempt < 30; attempt++) {
    const { items } = await api<{
      items: {
        committeeId: string;
        branchId: string | null;
        members: { userId: string; role: string; email: string }[];
      }[];
    }>(admin, 'GET', '/case-api/api/committees');
    const existing = items.find((c) => c.branchId === null);
    if (!existing)
      return (
        await api<{ committeeId: string }>(admin, 'POST', '/case-api/api/committees', { ...body, branchId: null })
      ).committeeId;
    if (wanted(existing.members) === wanted(body.members)) return existing.committeeId;
    // 200: asked (or applied at once); 409: another change waits (approved below, then asked again).
    const asked = await admin.evaluate(
      async ([p, b]) => {
        const token = document.cookie
          .split('; ')
          .find((c) => c.startsWith('sp_token='))
          ?.slice('sp_token='.length);
        const res = await fetch(p, {
          method: 'PUT',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${decodeURIComponent(token)}` } : {}),
          },
          body: JSON.stringify(b),
        });
        return res.status;
      },
      [`/case-api/api/committees/${existing.committeeId}`, body] as const,
    );
    expect([200, 409], `PUT committee: ${asked}`).toContain(asked);
    const presiding = existing.members.find((m) => m.role === 'PRESIDING_OFFICER')?.email;
    for (const approver of ['employer@acme.test', ...(presiding ? [presiding] : [])]) {
      const listed = await callAs(admin, approver, 'GET', '/case-api/api/committee-changes');
      const pending = (listed.json?.changes ?? []).filter(
        (c: { status: string; committeeId: string }) =>
          c.status === 'PENDING' && c.committeeId === existing.committeeId,
      );
      for (const change of pending)
        await callAs(admin, approver, 'POST', `/case-api/api/committee-changes/${change.changeId}/decision`, {
          decision: 'APPROVE',
        });
    }
    await admin.waitForTimeout(500);
  }
  throw new Error('The committee could not be seated as the journey needs it');
}

/**
 * Acme's seeded employees whom journeys may seat on a committee and sign in as: not the demo's own employee account,
 * and none whose password a journey changes (PASSWORD_CHANGED_BY_JOURNEYS).
 */
export async function acmeEmployees(
  admin: Page,
): Promise<{ userId: string; email: string; role: string; firstName?: string; lastName?: string }[]> {
  const people = await api<{ userId: string; email: string; role: string; firstName?: string; lastName?: string }[]>(
    admin,
    'POST',
    '/main-api/api/user/search',
    { searchText: 'a', category: 'EMAIL' },
  );
  return people.filter(
    (p) =>
      p.role === 'EMPLOYEE' &&
      p.email !== 'employee@acme.test' &&
      p.email.endsWith('@acme.test') &&
      !PASSWORD_CHANGED_BY_JOURNEYS.includes(p.email),
  );
}

/**
 * Asks for a change of a committee's members (PUT) once no other change waits: journeys running beside this one seat
 * Acme's committee too, and a committee holds one waiting change at a time (409 until it is decided).
 */
export async function askCommitteeChange(admin: Page, committeeId: string, body: unknown): Promise<void> {
  const put = () =>
    admin.evaluate(
      async ([p, b]) => {
        const token = document.cookie
          .split('; ')
          .find((c) => c.startsWith('sp_token='))
          ?.slice('sp_token='.length);
        const res = await fetch(p, {
          method: 'PUT',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${decodeURIComponent(token)}` } : {}),
          },
          body: JSON.stringify(b),
        });
        return res.status;
      },
      [`/case-api/api/committees/${committeeId}`, body] as const,
    );
  await expect.poll(put, { timeout: 60_000, intervals: [500, 1_000, 2_000] }).toBe(200);
}

/** A step of a workflow a journey publishes: a hearing, or an action with its kinds. */
export type JourneyStep = { kind: 'MEETING'; name: string } | { kind: 'ACTION'; name: string; actionTypes: string[] };

/**
 * Creates a workflow as Acme's default, gives its first version these steps, lets `prepare` add to the draft (a
 * prerequisite, a field's guide), and publishes it: the complaint process a journey's cases then follow.
 */
export async function publishWorkflow(
  admin: Page,
  name: string,
  steps: JourneyStep[],
  prepare?: (ids: { workflowId: string; workflowVersionId: string }) => Promise<void>,
): Promise<{ workflowId: string; workflowVersionId: string }> {
  const { workflowId } = await api<{ workflowId: string }>(admin, 'POST', '/case-api/api/admin/workflow', {
    workflowName: `${name} ${Date.now().toString(36)}`,
    defaultToWorkspace: true,
  });
  const { workflowVersionId } = await api<{ workflowVersionId: string }>(
    admin,
    'POST',
    `/case-api/api/admin/workflow/${workflowId}/version`,
    { name: 'Inquiry' },
  );
  for (const step of steps) await api(admin, 'POST', `/case-api/api/admin/step/workflow/${workflowVersionId}`, step);
  await prepare?.({ workflowId, workflowVersionId });
  await api(admin, 'POST', '/case-api/api/admin/workflow/publish', { workflowId, workflowVersionId });
  return { workflowId, workflowVersionId };
}

/**
 * A calendar day (`YYYY-MM-DD`) as the app writes it in an Indian workspace: `29 Nov 2026` (day, short month, year;
 * src/domain/shared/date-time.ts), never the US month-first order.
 */
export function shownDay(iso: string): string {
  return formatDate(iso, { zone: 'UTC', locale: 'en-IN' });
}

/** A calendar day (`YYYY-MM-DD`) as an Indian workspace's date field shows it once typed: `29/11/2026`. */
export function typedDay(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** The invitation code of the newest invitation mailed to `email`, read from the development outbox. */
async function invitationCode(page: Page, email: string): Promise<string> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto(url('main', `/dev/outbox?format=json&to=${encodeURIComponent(email)}`));
    const messages = JSON.parse((await outbox.locator('body').textContent()) ?? '[]') as { body: string }[];
    const code = messages.map((m) => /\/invite\/([A-Za-z0-9_-]{20,100})/.exec(m.body)?.[1]).find(Boolean);
    if (!code) throw new Error(`no invitation in the outbox for ${email}`);
    return code;
  } finally {
    await outbox.close();
  }
}

/**
 * Claims `email`'s invitation with the demo password, signs in and records the first-sign-in welcome as seen, all
 * through the API (set-up, not what a journey tests; the welcome has its own journeys), and returns the session token.
 */
async function claimInvitation(page: Page, email: string): Promise<string> {
  const code = await invitationCode(page, email);
  const answer = await page.evaluate(
    async ([c, e, p]) => {
      const json = { 'content-type': 'application/json' };
      const claim = await fetch(`/main-api/api/invite/claim/${c}`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ userNewPassword: p }),
      });
      if (claim.status !== 200) return { step: 'claim', status: claim.status, token: '' };
      const signIn = await fetch('/main-api/api/user/signin', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ userEmail: e, userPassword: p }),
      });
      if (signIn.status !== 200) return { step: 'sign-in', status: signIn.status, token: '' };
      const { token } = (await signIn.json()) as { token: string };
      const welcomed = await fetch('/main-api/api/user/change-first-login', {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${token}` },
        body: '{}',
      });
      return { step: 'welcome', status: welcomed.status, token };
    },
    [code, email, PASSWORD] as const,
  );
  expect(answer.status, `${answer.step} of ${email}`).toBe(200);
  return answer.token;
}

export interface OwnWorkspace {
  /** The workspace's site name: `url(site)` opens it. */
  site: string;
  companyName: string;
  workspaceId: string;
  admin: { email: string; firstName: string };
  employees: { email: string; firstName: string; lastName: string; userId: string }[];
}

/**
 * A workspace of the journey's own, made as the platform admin makes one (`POST /api/admin/workspace/create`), with
 * its first admin and `employees` invited people of its headquarters, every invitation claimed with the demo password
 * and the first sign-in's welcome recorded as seen, through the API: `signIn` opens the dashboard for each of them.
 * A journey that changes what the whole workspace sees (maintenance, its committee, its default workflow) works here,
 * so that it can run beside the others instead of alone. `page` is signed in as the platform admin for it, and is left
 * on the main site (a small document of it, `/config.json`) with that session, for the journey's platform calls.
 */
export async function ownWorkspace(
  page: Page,
  options: { name: string; jurisdictionCode?: string; employees?: number },
): Promise<OwnWorkspace> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const site = `${options.name.toLowerCase().replace(/[^a-z0-9]/g, '')}${stamp}`;
  const companyName = `${options.name} ${stamp}`;
  const admin = { email: `admin.${stamp}@${site}.test`, firstName: 'Asha' };
  await signIn(page, 'main', 'platform@demo.test');
  const created = await api<{ workspaceId: string }>(page, 'POST', '/main-api/api/admin/workspace/create', {
    companyName,
    workspaceUrl: `${site}.localhost`,
    adminEmail: admin.email,
    adminFirstName: admin.firstName,
    adminLastName: 'Admin',
    ...(options.jurisdictionCode ? { jurisdictionCode: options.jurisdictionCode } : {}),
  });
  // The session cookie is the main site's own (host-only): the new site's calls below go without it.
  await page.goto(url(site, '/config.json'));
  const adminToken = await claimInvitation(page, admin.email);
  const asAdmin = <T>(method: string, path: string, body?: unknown) =>
    page.evaluate(
      async ([t, m, p, b]) => {
        const res = await fetch(p, {
          method: m,
          headers: {
            authorization: `Bearer ${t}`,
            ...(b === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: b === undefined ? undefined : JSON.stringify(b),
        });
        return { status: res.status, json: (await res.json().catch(() => null)) as T };
      },
      [adminToken, method, path, body] as const,
    );
  const branches = await asAdmin<{ items: { branchId: string; headquarter: boolean }[] }>(
    'GET',
    '/main-api/api/workspace/branches',
  );
  expect(branches.status).toBe(200);
  const hq = branches.json.items.find((b) => b.headquarter)!.branchId;
  const names = ['Esha Iyer', 'Farah Khan', 'Gopal Rao', 'Hari Menon', 'Isha Nair', 'Jay Shah'];
  const employees: OwnWorkspace['employees'] = [];
  for (let i = 0; i < (options.employees ?? 0); i++) {
    const [firstName, lastName] = names[i % names.length].split(' ');
    const email = `${firstName.toLowerCase()}.${i}.${stamp}@${site}.test`;
    const invited = await asAdmin('POST', `/main-api/api/invite/user/${hq}`, {
      email,
      firstName,
      lastName,
      role: 'EMPLOYEE',
    });
    expect(invited.status, `invitation of ${email}`).toBe(200);
    await claimInvitation(page, email);
    const found = await asAdmin<{ userId: string; email: string }[]>('POST', '/main-api/api/user/search', {
      searchText: email,
      category: 'EMAIL',
    });
    employees.push({ email, firstName, lastName, userId: found.json.find((u) => u.email === email)!.userId });
  }
  await page.goto(url('main', '/config.json'));
  return { site, companyName, workspaceId: created.workspaceId, admin, employees };
}
