import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, PASSWORD, startTestServer, type TestServer } from '../support/test-app';
import {
  buildFeatureFlag,
  buildPlatformOperator,
  buildUser,
  buildWorkspace,
  type BuiltWorkspace,
} from '../support/factories';

describe.each(DATABASES)('feature flags on %s', (kind) => {
  let server: TestServer;
  let platform: string;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  beforeAll(async () => {
    server = await startTestServer(kind);
    [ws, other] = [await buildWorkspace(server), await buildWorkspace(server)];
    await buildFeatureFlag(server, 'maintenance');
    platform = (await buildPlatformOperator(server)).token;
  });
  afterAll(async () => server?.close());

  const setMaintenance = (token: string, urls: string[]) =>
    server.request('localhost', {
      method: 'PUT',
      url: '/main-api/api/feature-flags/workspaces',
      token,
      payload: { key: 'maintenance', enabledWorkspaces: urls.map((workspaceUrl) => ({ workspaceUrl })) },
    });
  const flagsAt = async (host: string, token?: string) =>
    (await server.request(host, { method: 'GET', url: '/main-api/api/feature-flags', token })).json();

  it('lets the platform admin switch maintenance on for one workspace', async () => {
    const res = await setMaintenance(platform, [ws.host]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      key: 'maintenance',
      value: 'on',
      enabledWorkspaces: [{ workspaceUrl: ws.host }],
    });
  });

  it('shows each workspace only itself in the flag, and the platform admin everything', async () => {
    await setMaintenance(platform, [ws.host, other.host]);
    const atAcme = await flagsAt(ws.host);
    expect(atAcme.find((f: { key: string }) => f.key === 'maintenance').enabledWorkspaces).toEqual([
      { workspaceUrl: ws.host },
    ]);
    const atMain = await flagsAt('localhost');
    expect(atMain.find((f: { key: string }) => f.key === 'maintenance').enabledWorkspaces).toEqual([]);
    const asPlatform = await flagsAt('localhost', platform);
    expect(asPlatform.find((f: { key: string }) => f.key === 'maintenance').enabledWorkspaces).toHaveLength(2);
  });

  it('refuses workspace admins and anonymous callers', async () => {
    // Out of maintenance first: under maintenance a workspace's API answers 503 to everything.
    await setMaintenance(platform, []);
    const admin = await server.signIn(ws.host, ws.admin.email);
    const asAdmin = await server.request(ws.host, {
      method: 'PUT',
      url: '/main-api/api/feature-flags/workspaces',
      token: admin,
      payload: { key: 'maintenance', enabledWorkspaces: [] },
    });
    expect(asAdmin.statusCode).toBe(403);
    expect((await setMaintenance('', [])).statusCode).toBe(401);
  });

  it('names an unknown workspace or flag instead of failing', async () => {
    const res = await setMaintenance(platform, ['nowhere.localhost']);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.enabledWorkspaces).toContain('nowhere.localhost');
    const unknownKey = await server.request('localhost', {
      method: 'PUT',
      url: '/main-api/api/feature-flags/workspaces',
      token: platform,
      payload: { key: 'no-such-flag', enabledWorkspaces: [] },
    });
    expect(unknownKey.statusCode).toBe(404);
  });
});

describe.each(DATABASES)('maintenance mode on %s', (kind) => {
  let server: TestServer;
  let platform: string;
  let admin: string;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let employeeEmail: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    [ws, other] = [await buildWorkspace(server), await buildWorkspace(server)];
    employeeEmail = (await buildUser(server, ws)).email;
    await buildFeatureFlag(server, 'maintenance');
    platform = (await buildPlatformOperator(server)).token;
    admin = await server.signIn(ws.host, ws.admin.email);
  });
  afterAll(async () => server?.close());

  const maintenance = (urls: string[]) =>
    server.request('localhost', {
      method: 'PUT',
      url: '/main-api/api/feature-flags/workspaces',
      token: platform,
      payload: { key: 'maintenance', enabledWorkspaces: urls.map((workspaceUrl) => ({ workspaceUrl })) },
    });

  it("answers the workspace's API with 503 while on, keeps the flag poll and branding, and leaves others alone", async () => {
    expect((await maintenance([ws.host])).statusCode).toBe(200);
    const details = await server.request(ws.host, {
      method: 'GET',
      url: '/main-api/api/user/details',
      token: admin,
    });
    expect(details.statusCode).toBe(503);
    expect(details.json()).toMatchObject({ code: 'MAINTENANCE' });
    expect(details.headers['retry-after']).toBe('60');
    const courses = await server.request(ws.host, {
      method: 'GET',
      url: '/learning-api/api/course/all',
      token: admin,
    });
    expect(courses.statusCode).toBe(503);
    const signIn = await server.request(ws.host, {
      method: 'POST',
      url: '/main-api/api/user/signin',
      payload: { userEmail: employeeEmail, userPassword: 'x' },
    });
    expect(signIn.statusCode).toBe(503);
    expect((await server.request(ws.host, { method: 'GET', url: '/main-api/api/feature-flags' })).statusCode).toBe(200);
    expect(
      (
        await server.request(ws.host, {
          method: 'GET',
          url: `/main-api/api/workspace/company-profile/${ws.host}`,
        })
      ).statusCode,
    ).toBe(200);
    const globex = await server.request(other.host, {
      method: 'POST',
      url: '/main-api/api/user/signin',
      payload: { userEmail: other.admin.email, userPassword: PASSWORD },
    });
    expect(globex.statusCode).toBe(200);
  });

  it('serves again as soon as maintenance is switched off', async () => {
    await maintenance([]);
    const details = await server.request(ws.host, {
      method: 'GET',
      url: '/main-api/api/user/details',
      token: admin,
    });
    expect(details.statusCode).toBe(200);
  });
});
