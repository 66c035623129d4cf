import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { OidcProviders } from '../../../server/main/auth/oidc-providers';
import type { Database } from '../../../server/platform/db/database';
import { MICROSOFT_TEST_TENANT, startIdp, type RunningIdp } from '../../../e2e/support/oidc-idp';
import { DATABASES, openTestDatabase, testPasswords } from '../support/test-app';
import {
  buildFeatureFlag,
  buildPlatformOperator,
  buildUser,
  buildWorkspace,
  serverOverApp,
  type BuiltWorkspace,
} from '../support/factories';

const CLIENT = { clientId: 'safeplace-test', clientSecret: 'safeplace-test-secret' };
const redirectUris = (provider: string, hosts: string[]) =>
  hosts.map((host) => `http://${host}/api/auth/oidc/${provider}/callback`);

describe.each(DATABASES)('Google and Microsoft sign-in against a local identity provider on %s', (kind) => {
  let google: RunningIdp;
  let microsoft: RunningIdp;
  let app: FastifyInstance;
  let db: Database;
  /** The workspace the people below belong to, and another one with an admin of its own. */
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  /** The addresses of the workspace's people, by what each test needs of them. */
  const email = { employee: '', employer: '', buadmin: '', admin: '', otherAdmin: '', locked: '', waiting: '' };

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    const settings = { mainHost: 'localhost', maxUploadBytes: 1024 * 1024 };
    // The people are built first, through an app of the plain kind; the app under test then has the providers.
    const builder = await buildApp({ db, passwords: testPasswords, settings });
    const factories = serverOverApp(builder, db);
    [ws, other] = [await buildWorkspace(factories), await buildWorkspace(factories)];
    email.employee = (await buildUser(factories, ws, { firstName: 'Esha', lastName: 'Employee' })).email;
    email.employer = (await buildUser(factories, ws, { role: 'EMPLOYER' })).email;
    email.buadmin = (await buildUser(factories, ws, { role: 'BRANCH_ADMIN' })).email;
    email.admin = ws.admin.email;
    email.otherAdmin = other.admin.email;
    email.locked = `locked@${ws.slug}.test`;
    email.waiting = `waiting@${ws.slug}.test`;
    await builder.close();
    const hosts = [ws.host, other.host];
    google = await startIdp({
      kind: 'google',
      port: 0,
      ...CLIENT,
      redirectUris: redirectUris('google', hosts),
      accounts: {
        'g-esha': { email: email.employee, email_verified: true, name: 'Esha Employee' },
        'g-emil': { email: email.employer, email_verified: true },
        'g-unverified': { email: email.buadmin, email_verified: false },
        'g-stranger': { email: 'stranger@example.com', email_verified: true },
        'g-globex-admin': { email: email.otherAdmin, email_verified: true },
        'g-locked': { email: email.locked, email_verified: true },
        'g-waiting': { email: email.waiting, email_verified: true },
      },
    });
    microsoft = await startIdp({
      kind: 'microsoft',
      port: 0,
      ...CLIENT,
      redirectUris: redirectUris('microsoft', hosts),
      accounts: {
        'ms-emil': {
          oid: 'oid-emil',
          email: email.employer,
          xms_edov: true,
          preferred_username: email.employer,
        },
        'ms-no-edov': { oid: 'oid-bu', email: email.buadmin, preferred_username: email.buadmin },
        'ms-upn-only': { oid: 'oid-admin', preferred_username: email.admin },
        'ms-other-tenant': {
          oid: 'oid-x',
          email: email.employee,
          xms_edov: true,
          tid: '00000000-0000-0000-0000-000000000bad',
        },
      },
    });
    await db.query(`UPDATE workspaces SET social_platforms = '{GOOGLE,MICROSOFT}' WHERE id IN ($1, $2)`, [
      ws.id,
      other.id,
    ]);
    await db.query(
      `INSERT INTO users (workspace_id, email, first_name, last_name, role, status, locked_at, locked_until) VALUES ($1, $2, 'Lou', 'Locked', 'EMPLOYEE', 'ACTIVE', now(), now() + interval '1 hour')`,
      [ws.id, email.locked],
    );
    // Signed up, but the emailed confirmation link was never opened.
    await db.query(
      `INSERT INTO users (workspace_id, email, first_name, last_name, role, status, email_confirmed) VALUES ($1, $2, 'Wai', 'Ting', 'EMPLOYEE', 'ACTIVE', false)`,
      [ws.id, email.waiting],
    );
    app = await buildApp({
      db,
      passwords: testPasswords,
      settings,
      logger: process.env.DEBUG_OIDC ? { level: 'warn' } : false,
      oidc: new OidcProviders([
        { provider: 'google', issuer: google.issuer, ...CLIENT },
        { provider: 'microsoft', issuer: microsoft.issuer, discoveryUrl: microsoft.discoveryUrl, ...CLIENT },
      ]),
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await google?.close();
    await microsoft?.close();
  });

  const request = (host: string, options: InjectOptions) =>
    app.inject({ ...options, headers: { host, ...options.headers } });

  /** Start at the app, sign in at the provider's page as `email`; returns the callback URL and the pending cookie. */
  async function throughProvider(provider: 'google' | 'microsoft', email: string, host = ws.host, ip = '10.9.0.1') {
    const idp = provider === 'google' ? google : microsoft;
    const start = await request(host, { method: 'GET', url: `/api/auth/oidc/${provider}/start`, remoteAddress: ip });
    expect(start.statusCode).toBe(302);
    const setCookie = String(start.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const pending = /sp_oidc=([^;]+)/.exec(setCookie)![1];
    const authorize = new URL(String(start.headers.location));
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();

    const jar = new Map<string, string>();
    const go = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: {
          ...(init.headers as Record<string, string>),
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        },
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return res;
    };
    let res = await go(authorize.href);
    const interaction = new URL(res.headers.get('location')!, idp.url);
    res = await go(interaction.href);
    expect(await res.text()).toContain('Account email');
    res = await go(`${interaction.href}/login`, {
      method: 'POST',
      body: new URLSearchParams({ email }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(303);
    res = await go(new URL(res.headers.get('location')!, idp.url).href);
    const back = new URL(res.headers.get('location')!);
    expect(back.pathname).toBe(`/api/auth/oidc/${provider}/callback`);
    return { back, pending };
  }

  async function callback(back: URL, pending: string | null, host = ws.host, ip = '10.9.0.1') {
    return request(host, {
      method: 'GET',
      url: back.pathname + back.search,
      remoteAddress: ip,
      headers: pending ? { cookie: `sp_oidc=${pending}` } : {},
    });
  }

  async function signInWith(provider: 'google' | 'microsoft', email: string, host = ws.host, ip = '10.9.0.1') {
    const { back, pending } = await throughProvider(provider, email, host, ip);
    return callback(back, pending, host, ip);
  }

  const tokenOf = (res: { headers: Record<string, unknown> }) => {
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] as string | string[]);
    const match = cookies.map((c) => /^sp_token=([^;]+)/.exec(c)).find(Boolean);
    return match ? decodeURIComponent(match[1]) : null;
  };
  const who = async (token: string, host = ws.host) =>
    (
      await request(host, {
        method: 'GET',
        url: '/main-api/api/user/details',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
  const identities = (email: string) =>
    db.query<{ issuer: string; subject: string; slug: string }>(
      `SELECT i.issuer, i.subject, w.slug FROM user_identities i JOIN users u ON u.id = i.user_id JOIN workspaces w ON w.id = i.workspace_id WHERE u.email = $1`,
      [email],
    );
  const refusedWith = (res: { statusCode: number; headers: Record<string, unknown> }, reason: string) => {
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location)).toMatch(new RegExp(`^/signin\\?signInError=${reason}&provider=`));
    expect(tokenOf(res)).toBeNull();
  };

  it('links a Google identity by its verified email on first sign-in and signs in like a password does', async () => {
    const res = await signInWith('google', email.employee);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard');
    const token = tokenOf(res)!;
    expect(String(res.headers['set-cookie'])).toMatch(/sp_token=[^;]+; Max-Age=10368000; Path=\/; SameSite=Strict/);
    expect((await who(token)).email).toBe(email.employee);
    expect(await identities(email.employee)).toEqual([{ issuer: google.issuer, subject: 'g-esha', slug: ws.slug }]);
    const events = await db.query<{ action: string; details: { method?: string } }>(
      `SELECT a.action, a.details FROM audit_events a JOIN users u ON u.id = a.target::uuid WHERE u.email = $1 AND a.action IN ('IDENTITY_LINKED', 'SIGN_IN') ORDER BY a.id`,
      [email.employee],
    );
    expect(events.map((e) => e.action)).toEqual(['IDENTITY_LINKED', 'SIGN_IN']);
    expect(events[1].details.method).toBe('oidc-google');
  });

  it('confirms an email still waiting for its link when the provider vouches for that address, and signs in', async () => {
    const confirmed = async () =>
      (
        await db.query<{ email_confirmed: boolean }>(`SELECT email_confirmed FROM users WHERE email = $1`, [
          email.waiting,
        ])
      )[0]!.email_confirmed;
    expect(await confirmed()).toBe(false);
    const res = await signInWith('google', email.waiting);
    expect(res.headers.location).toBe('/dashboard');
    expect((await who(tokenOf(res)!)).email).toBe(email.waiting);
    expect(await confirmed()).toBe(true);
  });

  it('finds the user by (issuer, subject) on later sign-ins, even after the email changed on either side', async () => {
    await signInWith('google', email.employer);
    google.accounts['g-emil'] = { email: 'emil.new@elsewhere.test', email_verified: false };
    const renamed = `emil.renamed@${ws.slug}.test`;
    await db.query(`UPDATE users SET email = $1 WHERE email = $2`, [renamed, email.employer]);
    try {
      const res = await signInWith('google', 'emil.new@elsewhere.test');
      expect(res.headers.location).toBe('/dashboard');
      expect((await who(tokenOf(res)!)).email).toBe(renamed);
    } finally {
      await db.query(`UPDATE users SET email = $1 WHERE email = $2`, [email.employer, renamed]);
      google.accounts['g-emil'] = { email: email.employer, email_verified: true };
    }
  });

  it('refuses a callback whose state does not match', async () => {
    const { back, pending } = await throughProvider('google', email.employee);
    back.searchParams.set('state', 'forged-state');
    refusedWith(await callback(back, pending), 'failed');
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const { back, pending } = await throughProvider('google', email.employee);
    await db.query(`UPDATE oidc_sign_in_requests SET nonce = 'another-sign-ins-nonce' WHERE used_at IS NULL`);
    refusedWith(await callback(back, pending), 'failed');
  });

  it('refuses a callback without its browser cookie, and a replayed one', async () => {
    const { back, pending } = await throughProvider('google', email.employee);
    refusedWith(await callback(back, null), 'expired');
    refusedWith(await callback(back, 'someone-elses-cookie'), 'expired');
    expect((await callback(back, pending)).headers.location).toBe('/dashboard');
    refusedWith(await callback(back, pending), 'expired');
  });

  it('does not link an email the provider has not verified', async () => {
    refusedWith(await signInWith('google', email.buadmin), 'unverified-email');
    expect(await identities(email.buadmin)).toEqual([]);
  });

  it('creates nobody for an unknown email: it is told to ask for an invite', async () => {
    refusedWith(await signInWith('google', 'stranger@example.com'), 'not-invited');
    const users = await db.query(`SELECT 1 FROM users WHERE email = 'stranger@example.com'`);
    expect(users).toEqual([]);
  });

  it("never links another workspace's user, nor signs in elsewhere with an identity linked in one workspace", async () => {
    refusedWith(await signInWith('google', email.otherAdmin), 'not-invited');
    expect(await identities(email.otherAdmin)).toEqual([]);
    // Esha's Google identity is linked at Acme; Globex has no Esha.
    refusedWith(await signInWith('google', email.employee, other.host, '10.9.0.2'), 'not-invited');
    expect((await identities(email.employee)).map((i) => i.slug)).toEqual([ws.slug]);
  });

  it('refuses a locked account', async () => {
    refusedWith(await signInWith('google', email.locked), 'locked');
  });

  it('tells the web app which providers the server is configured for', async () => {
    const res = await request(ws.host, { method: 'GET', url: '/config.json' });
    expect(res.json().socialSignIn).toEqual(['google', 'microsoft']);
  });

  it('shows nothing where the workspace has not enabled the provider', async () => {
    await db.query(`UPDATE workspaces SET social_platforms = '{MICROSOFT}' WHERE id = $1`, [other.id]);
    try {
      refusedWith(await request(other.host, { method: 'GET', url: '/api/auth/oidc/google/start' }), 'not-enabled');
      expect((await request(other.host, { method: 'GET', url: '/api/auth/oidc/github/start' })).statusCode).toBe(404);
      expect((await request('localhost', { method: 'GET', url: '/api/auth/oidc/google/start' })).statusCode).toBe(404);
    } finally {
      await db.query(`UPDATE workspaces SET social_platforms = '{GOOGLE,MICROSOFT}' WHERE id = $1`, [other.id]);
    }
  });

  it('closes with the rest of the workspace during maintenance', async () => {
    const factories = serverOverApp(app, db);
    await buildFeatureFlag(factories, 'maintenance');
    const { token: platform } = await buildPlatformOperator(factories);
    const setMaintenance = (workspaceUrls: string[]) =>
      request('localhost', {
        method: 'PUT',
        url: '/main-api/api/feature-flags/workspaces',
        headers: { authorization: `Bearer ${platform}` },
        payload: { key: 'maintenance', enabledWorkspaces: workspaceUrls.map((workspaceUrl) => ({ workspaceUrl })) },
      });
    const { back, pending } = await throughProvider('google', email.employee, ws.host, '10.9.2.1');
    expect((await setMaintenance([ws.host])).statusCode).toBe(200);
    try {
      refusedWith(await callback(back, pending, ws.host, '10.9.2.1'), 'unavailable');
      refusedWith(await request(ws.host, { method: 'GET', url: '/api/auth/oidc/google/start' }), 'unavailable');
    } finally {
      await setMaintenance([]);
    }
  });

  it('signs in with Microsoft: multi-tenant issuer checked against the token tenant, email trusted only with xms_edov', async () => {
    const res = await signInWith('microsoft', email.employer, ws.host, '10.9.1.1');
    expect(res.headers.location).toBe('/dashboard');
    expect((await who(tokenOf(res)!)).email).toBe(email.employer);
    const linked = (await identities(email.employer)).find((i) => i.subject === 'ms-emil');
    expect(linked?.issuer).toBe(`https://login.microsoftonline.com/${MICROSOFT_TEST_TENANT}/v2.0`);
  });

  it('refuses a Microsoft email without xms_edov, and never trusts preferred_username', async () => {
    refusedWith(await signInWith('microsoft', email.buadmin, ws.host, '10.9.1.2'), 'unverified-email');
    refusedWith(await signInWith('microsoft', email.admin, ws.host, '10.9.1.2'), 'unverified-email');
    expect(await identities(email.admin)).toEqual([]);
  });

  it("refuses a Microsoft token whose issuer is not its own tenant's", async () => {
    refusedWith(await signInWith('microsoft', email.employee, ws.host, '10.9.1.3'), 'failed');
  });

  it('counts failures per address like password sign-in, then stops starting sign-ins from there', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 30; i++) {
      await request(ws.host, {
        method: 'GET',
        url: '/api/auth/oidc/google/callback?code=x&state=y',
        remoteAddress: ip,
      });
    }
    refusedWith(
      await request(ws.host, { method: 'GET', url: '/api/auth/oidc/google/start', remoteAddress: ip }),
      'rate-limited',
    );
  });
});
