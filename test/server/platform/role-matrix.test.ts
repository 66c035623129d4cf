import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteContract } from '../../../src/contracts/route';
import { servedContracts } from '../../../server/platform/serve';
import { eligible, PermissionKey } from '../../../src/domain/auth/permissions';
import { ApiKeyScope } from '../../../src/domain/integrations/api-keys';
import { startTestServer, type TestServer } from '../support/test-app';
import { buildEveryRole } from '../support/factories';

/**
 * `key`: an API key of the built workspace holding every scope (docs/integrations.md), so a route's declared scope
 * alone decides.
 */
type Caller = 'anonymous' | 'EMPLOYEE' | 'BRANCH_ADMIN' | 'EMPLOYER' | 'WORKSPACE_ADMIN' | 'platform' | 'key';

/**
 * What the contract's access rule says a caller may do: call it (any answer but 401/403), be refused, or (a seat
 * decides) be allowed or refused by the seat but never asked to sign in.
 */
function expected(contract: RouteContract, caller: Caller): 'allowed' | 'seat' | 401 | 403 {
  const access = contract.access;
  if (access === 'public') return 'allowed';
  if (caller === 'anonymous') return 401;
  // A key reaches a route only by the scope its contract declares, whatever the route's roles.
  if (caller === 'key') return contract.apiKeyScope ? 'allowed' : 403;
  // A seat decides (a presiding officer of any role): allowed or 403 by the seat, never 401 for a signed-in caller.
  if (access === 'signed-in') return contract.seatDecides ? 'seat' : 'allowed';
  if (access === 'platform-admin') return caller === 'platform' ? 'allowed' : 403;
  // The course builder's calls also serve the platform admin's catalogue courses on the main site.
  if (caller === 'platform') return contract.catalogueAuthor ? 'allowed' : 403;
  return access.includes(caller) ? 'allowed' : 403;
}

/**
 * Every route of the three APIs, from their OpenAPI documents, called by every role (and anonymously) with
 * well-formed but meaningless input: the answer must match the route's access rule. A documented route
 * without a served contract fails; so does a rule the server does not enforce.
 */
describe('the role matrix', () => {
  let server: TestServer;
  const tokens = new Map<Caller, string>();
  /** The host of the workspace built with a person in every role. */
  let ACME: string;
  const documented: { base: string; method: string; path: string }[] = [];

  beforeAll(async () => {
    server = await startTestServer('pglite');
    const every = await buildEveryRole(server);
    ACME = every.ws.host;
    tokens.set('EMPLOYEE', every.employee.token);
    tokens.set('BRANCH_ADMIN', every.unitAdmin.token);
    tokens.set('EMPLOYER', every.employer.token);
    tokens.set('WORKSPACE_ADMIN', every.admin.token);
    tokens.set('platform', every.platform);
    const key = await server.request(ACME, {
      method: 'POST',
      url: '/main-api/api/api-keys',
      token: tokens.get('WORKSPACE_ADMIN'),
      payload: { name: 'Role matrix', scopes: ApiKeyScope.options, expiresInDays: 1 },
    });
    expect(key.statusCode, key.body).toBe(200);
    tokens.set('key', key.json().secret);
    for (const base of ['/main-api', '/learning-api', '/case-api']) {
      const doc = (await server.request('localhost', { method: 'GET', url: `${base}/openapi.json` })).json() as {
        paths: Record<string, object>;
      };
      for (const [path, methods] of Object.entries(doc.paths)) {
        for (const method of Object.keys(methods)) documented.push({ base, method: method.toUpperCase(), path });
      }
    }
  });
  afterAll(async () => server?.close());

  it('has a served contract, with an access rule, for every documented route', () => {
    const missing = documented.filter((d) => !servedContracts.some((c) => c.method === d.method && c.path === d.path));
    expect(missing).toEqual([]);
    expect(documented.length).toBeGreaterThan(8);
  });

  // A sweep over every route: it grows with the API, so it has its own limit rather than the 60 s default.
  it('answers every caller as the access rule says', { timeout: 600_000 }, async () => {
    const wrong: string[] = [];
    const seen = new Set<string>();
    for (const contract of servedContracts) {
      const key = `${contract.method} ${contract.api} ${contract.path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      // Sign-out would end the caller's session for the rest of the sweep.
      if (contract.path === '/api/user/sign-out') continue;
      const base = `/${contract.api}-api`;
      const url = base + contract.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      for (const caller of [
        'anonymous',
        'EMPLOYEE',
        'BRANCH_ADMIN',
        'EMPLOYER',
        'WORKSPACE_ADMIN',
        'platform',
        'key',
      ] as Caller[]) {
        // Platform routes are called on the main site, workspace routes on the built workspace; the platform admin works from the main site.
        const host =
          caller === 'platform' || (caller === 'anonymous' && contract.access === 'platform-admin')
            ? 'localhost'
            : ACME;
        const res = await server.request(host, {
          method: contract.method,
          url,
          token: tokens.get(caller),
          ...(contract.method === 'GET' || contract.method === 'DELETE' ? {} : { payload: {} }),
        });
        const want = expected(contract, caller);
        const refused = res.statusCode === 401 || res.statusCode === 403;
        const right =
          want === 'allowed' ? !refused : want === 'seat' ? res.statusCode !== 401 : res.statusCode === want;
        if (!right) {
          wrong.push(`${contract.method} ${url} as ${caller}: ${res.statusCode}, expected ${want}`);
        }
        if (res.statusCode >= 500)
          wrong.push(`${contract.method} ${url} as ${caller}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(seen.size).toBeGreaterThan(8);
  });

  it('has the rules of the permission and navigation calls', () => {
    const rule = (method: string, path: string) =>
      servedContracts.find((c) => c.method === method && c.path === path)?.access;
    expect(rule('GET', '/api/permission/all')).toEqual(['WORKSPACE_ADMIN']);
    expect(rule('POST', '/api/permission/update')).toEqual(['WORKSPACE_ADMIN']);
    expect(rule('GET', '/api/navigation/v2')).toEqual(['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER']);
    expect(rule('GET', '/api/navigation/v3')).toEqual(['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER']);
    expect(rule('GET', '/api/internal/userroutes/{id}')).toEqual(['WORKSPACE_ADMIN']);
  });

  it('lets a key with reports:read only preview a report', async () => {
    const admin = tokens.get('WORKSPACE_ADMIN');
    const made = await server.request(ACME, {
      method: 'POST',
      url: '/main-api/api/api-keys',
      token: admin,
      payload: { name: 'Reports only', scopes: ['reports:read'], expiresInDays: 1 },
    });
    const scoped = servedContracts.filter((c) => c.apiKeyScope === 'reports:read');
    expect(scoped.map((c) => `${c.method} ${c.api} ${c.path}`)).toEqual(['POST learning /api/reports/preview']);
    const res = await server.request(ACME, {
      method: 'POST',
      url: '/learning-api/api/reports/preview',
      token: made.json().secret,
      payload: { columns: ['userStatus'], isCourseInclude: true, isPolicyInclude: false },
    });
    expect(res.statusCode).toBe(200);
  });

  it('lets a key with one scope reach exactly the calls of that scope', async () => {
    const admin = tokens.get('WORKSPACE_ADMIN');
    const scoped = servedContracts.filter((c) => c.apiKeyScope);
    const wrong: string[] = [];
    for (const scope of ApiKeyScope.options) {
      const made = await server.request(ACME, {
        method: 'POST',
        url: '/main-api/api/api-keys',
        token: admin,
        payload: { name: `Only ${scope}`, scopes: [scope], expiresInDays: 1 },
      });
      expect(made.statusCode, made.body).toBe(200);
      for (const contract of scoped) {
        const url =
          `/${contract.api}-api` + contract.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        const res = await server.request(ACME, {
          method: contract.method,
          url,
          token: made.json().secret,
          ...(contract.method === 'GET' || contract.method === 'DELETE' ? {} : { payload: {} }),
        });
        const refused = res.statusCode === 401 || res.statusCode === 403;
        if (refused === (contract.apiKeyScope === scope))
          wrong.push(`${contract.method} ${url} with ${scope}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    // Every scope opens at least one call.
    expect(new Set(scoped.map((c) => c.apiKeyScope))).toEqual(new Set(ApiKeyScope.options.filter((s) => s !== 'scim')));
  });

  /** With every permission switched off for every role that can lose it, each gated route refuses those roles, and only those. */
  // A sweep over every route: it grows with the API, so it has its own limit rather than the 60 s default.
  it(
    'refuses a role on every route whose permission the workspace switched off for it',
    { timeout: 600_000 },
    async () => {
      const admin = tokens.get('WORKSPACE_ADMIN');
      const allOff = Object.fromEntries(PermissionKey.options.map((key) => [key, false]));
      for (const role of ['EMPLOYER', 'BRANCH_ADMIN', 'EMPLOYEE']) {
        const res = await server.request(ACME, {
          method: 'POST',
          url: '/main-api/api/permission/update',
          token: admin,
          payload: { role, permissions: allOff },
        });
        expect(res.statusCode).toBe(200);
      }
      const wrong: string[] = [];
      const gated = servedContracts.filter((c) => c.permission && Array.isArray(c.access));
      for (const contract of gated) {
        const url =
          `/${contract.api}-api` + contract.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        for (const caller of contract.access as Caller[]) {
          const res = await server.request(ACME, {
            method: contract.method,
            url,
            token: tokens.get(caller),
            ...(contract.method === 'GET' || contract.method === 'DELETE' ? {} : { payload: {} }),
          });
          const refused = res.statusCode === 403;
          if (caller === 'WORKSPACE_ADMIN' ? refused : !refused)
            wrong.push(`${contract.method} ${url} as ${caller}: ${res.statusCode}`);
        }
      }
      for (const role of ['EMPLOYER', 'BRANCH_ADMIN', 'EMPLOYEE'] as const) {
        const backOn = Object.fromEntries(
          PermissionKey.options.filter((key) => eligible(role, key)).map((key) => [key, true]),
        );
        const res = await server.request(ACME, {
          method: 'POST',
          url: '/main-api/api/permission/update',
          token: admin,
          payload: { role, permissions: backOn },
        });
        expect(res.statusCode).toBe(200);
      }
      expect(wrong).toEqual([]);
      expect(gated.length).toBeGreaterThan(30);
    },
  );
});
