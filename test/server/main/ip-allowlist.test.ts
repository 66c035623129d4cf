import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, PASSWORD, startTestServer, type TestServer } from '../support/test-app';
import {
  buildFeatureFlag,
  buildPlatformOperator,
  buildUser,
  buildWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

describe.each(DATABASES)('elevated-IP mode on %s', (kind) => {
  let server: TestServer;
  let platform: string;
  let acmeId: string;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let employee: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer(kind);
    [ws, other] = [await buildWorkspace(server), await buildWorkspace(server)];
    employee = await buildUser(server, ws);
    await buildFeatureFlag(server, 'elevateip');
    platform = (await buildPlatformOperator(server)).token;
    acmeId = ws.id;
  });
  afterAll(async () => server?.close());

  const asPlatform = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    server.request('localhost', { method, url: `/main-api${url}`, token: platform, ...(payload ? { payload } : {}) });
  const elevate = (urls: string[]) =>
    asPlatform('PUT', '/api/feature-flags/workspaces', {
      key: 'elevateip',
      enabledWorkspaces: urls.map((workspaceUrl) => ({ workspaceUrl })),
    });
  const signInFrom = (ip: string) =>
    server.request(ws.host, {
      method: 'POST',
      url: '/main-api/api/user/signin',
      remoteAddress: ip,
      payload: { userEmail: employee.email, userPassword: PASSWORD },
    });

  it('lets the platform admin set ranges, kept once each in canonical form, and names a bad one', async () => {
    const res = await asPlatform('PUT', `/api/admin/workspace/${acmeId}/ip-ranges`, {
      ranges: [
        { cidr: '203.0.113.0/24', label: 'Pune office' },
        { cidr: '203.0.113.0/24' },
        { cidr: '2001:DB8::/32' },
        { cidr: '198.51.100.7' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { cidr: string }) => r.cidr)).toEqual([
      '198.51.100.7/32',
      '2001:db8::/32',
      '203.0.113.0/24',
    ]);
    const bad = await asPlatform('PUT', `/api/admin/workspace/${acmeId}/ip-ranges`, {
      ranges: [{ cidr: '10.0.0.0/33' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().fields)).toContain('ranges');
    const nowhere = '/api/admin/workspace/00000000-0000-4000-8000-000000000000/ip-ranges';
    const none = { code: 'NOT_FOUND', message: 'There is no such workspace' };
    const read = await asPlatform('GET', nowhere);
    expect([read.statusCode, read.json()]).toEqual([404, none]);
    const set = await asPlatform('PUT', nowhere, { ranges: [{ cidr: '10.0.0.0/8' }] });
    expect([set.statusCode, set.json()]).toEqual([404, none]);
  });

  it('while on, lets in only the ranges, refusing pages with a page and API calls with JSON', async () => {
    expect((await elevate([ws.host])).statusCode).toBe(200);
    expect((await signInFrom('203.0.113.45')).statusCode).toBe(200);
    expect((await signInFrom('::ffff:198.51.100.7')).statusCode).toBe(200);
    expect((await signInFrom('2001:db8::1')).statusCode).toBe(200);
    const outside = await signInFrom('192.0.2.10');
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toMatchObject({ code: 'IP_NOT_ALLOWED' });
    const page = await server.request(ws.host, {
      method: 'GET',
      url: '/dashboard',
      remoteAddress: '192.0.2.10',
    });
    expect(page.statusCode).toBe(403);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`${ws.companyName} is not available from this network`);
    // Other workspaces and the main site are untouched.
    const globex = await server.request(other.host, {
      method: 'POST',
      url: '/main-api/api/user/signin',
      remoteAddress: '192.0.2.10',
      payload: { userEmail: other.admin.email, userPassword: PASSWORD },
    });
    expect(globex.statusCode).toBe(200);
  });

  it('lets everyone in again once the mode is off', async () => {
    await elevate([]);
    expect((await signInFrom('192.0.2.10')).statusCode).toBe(200);
  });

  it('is the platform admin’s alone', async () => {
    const admin = await server.signIn(ws.host, ws.admin.email);
    const res = await server.request(ws.host, {
      method: 'GET',
      url: `/main-api/api/admin/workspace/${acmeId}/ip-ranges`,
      token: admin,
    });
    expect(res.statusCode).toBe(403);
  });
});
