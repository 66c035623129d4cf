import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_SITE_WORKSPACE_ID } from '../../../server/platform/db/database';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildPlatformAdmin, buildWorkspace, type BuiltWorkspace } from '../support/factories';
import { auditRows } from './support';

describe.each(DATABASES)('creating and changing feature flags on %s', (kind) => {
  let server: TestServer;
  let platform: string;
  let admin: string;
  /** Two workspaces of the test's own: the flag is switched on for both, then for `acme` alone. */
  let acme: BuiltWorkspace;
  let globex: BuiltWorkspace;
  beforeAll(async () => {
    server = await startTestServer(kind);
    platform = await buildPlatformAdmin(server);
    acme = await buildWorkspace(server);
    globex = await buildWorkspace(server);
    admin = acme.admin.token;
  });
  afterAll(async () => server?.close());

  const call = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token = platform,
    host = 'localhost',
  ) => server.request(host, { method, url: `/main-api${url}`, token, ...(payload ? { payload } : {}) });
  const flagsAt = async (host: string, token?: string) =>
    (await server.request(host, { method: 'GET', url: '/main-api/api/feature-flags', token })).json() as {
      key: string;
      value: string;
      enabledWorkspaces: { workspaceUrl: string }[];
    }[];

  it('creates a flag, on for no workspace, and refuses the same key twice with a 409 naming it', async () => {
    const res = await call('POST', '/api/feature-flags', { key: 'new-dashboard', value: 'on' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: 'new-dashboard', value: 'on', enabledWorkspaces: [] });
    const again = await call('POST', '/api/feature-flags', { key: 'new-dashboard', value: 'beta' });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toHaveProperty('key');
  });

  it('names a bad key or an empty value', async () => {
    const badKey = await call('POST', '/api/feature-flags', { key: 'Has Spaces', value: 'on' });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().fields).toHaveProperty('key');
    const noValue = await call('POST', '/api/feature-flags', { key: 'x-flag', value: '  ' });
    expect(noValue.statusCode).toBe(400);
    expect(noValue.json().fields).toHaveProperty('value');
  });

  it('changes a value; an unknown key is a 404', async () => {
    const res = await call('PUT', '/api/feature-flags', { key: 'new-dashboard', value: 'beta' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toBe('beta');
    expect((await call('PUT', '/api/feature-flags', { key: 'nothing-here', value: 'on' })).statusCode).toBe(404);
  });

  it('shows the platform admin every flag with all its workspaces, and a workspace only itself', async () => {
    expect(
      (
        await call('PUT', '/api/feature-flags/workspaces', {
          key: 'new-dashboard',
          enabledWorkspaces: [{ workspaceUrl: acme.host }, { workspaceUrl: globex.host }],
        })
      ).statusCode,
    ).toBe(200);
    const asPlatform = (await flagsAt('localhost', platform)).find((f) => f.key === 'new-dashboard')!;
    expect(asPlatform.enabledWorkspaces.map((w) => w.workspaceUrl)).toEqual([acme.host, globex.host].sort());
    expect((await flagsAt('localhost', platform)).map((f) => f.key)).toEqual(
      expect.arrayContaining(['elevateip', 'maintenance', 'new-dashboard']),
    );
    const atAcme = (await flagsAt(acme.host, admin)).find((f) => f.key === 'new-dashboard')!;
    expect(atAcme.enabledWorkspaces).toEqual([{ workspaceUrl: acme.host }]);
    const anonymousMain = (await flagsAt('localhost')).find((f) => f.key === 'new-dashboard')!;
    expect(anonymousMain.enabledWorkspaces).toEqual([]);
  });

  it('is the platform admin’s alone: a workspace admin gets 403, nobody signed in 401', async () => {
    expect(
      (await call('POST', '/api/feature-flags', { key: 'sneaky', value: 'on' }, admin, acme.host)).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', '/api/feature-flags', { key: 'new-dashboard', value: 'off' }, admin, acme.host)).statusCode,
    ).toBe(403);
    expect(
      (
        await server.request('localhost', {
          method: 'POST',
          url: '/main-api/api/feature-flags',
          payload: { key: 'sneaky', value: 'on' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('records who created and changed a flag', async () => {
    const [created] = await auditRows(server, 'feature_flag.created');
    expect(created).toMatchObject({ workspace_id: MAIN_SITE_WORKSPACE_ID, target: 'new-dashboard' });
    expect(created.actor_platform_admin_id).toBeTruthy();
    const [updated] = await auditRows(server, 'feature_flag.updated');
    expect(updated.details).toEqual({ from: 'on', to: 'beta' });
    // Switching a flag on for workspaces is on each target workspace's record too.
    const enabled = await auditRows(server, 'feature_flag.workspace_enabled');
    expect(
      enabled
        .filter((r) => r.target === 'new-dashboard')
        .map((r) => r.workspace_id)
        .sort(),
    ).toEqual([acme.id, globex.id].sort());
    expect(enabled.every((r) => r.actor_platform_admin_id)).toBe(true);
    expect(
      (
        await call('PUT', '/api/feature-flags/workspaces', {
          key: 'new-dashboard',
          enabledWorkspaces: [{ workspaceUrl: acme.host }],
        })
      ).statusCode,
    ).toBe(200);
    const disabled = await auditRows(server, 'feature_flag.workspace_disabled');
    expect(disabled).toEqual([expect.objectContaining({ workspace_id: globex.id, target: 'new-dashboard' })]);
  });
});

describe.each(DATABASES)('deleting feature flags on %s', (kind) => {
  let server: TestServer;
  let platform: string;
  let acme: BuiltWorkspace;
  beforeAll(async () => {
    server = await startTestServer(kind);
    platform = await buildPlatformAdmin(server);
    acme = await buildWorkspace(server);
  });
  afterAll(async () => server?.close());

  const call = (
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token = platform,
    host = 'localhost',
  ) => server.request(host, { method, url: `/main-api${url}`, token, ...(payload ? { payload } : {}) });
  const keys = async () =>
    (
      (
        await server.request('localhost', { method: 'GET', url: '/main-api/api/feature-flags', token: platform })
      ).json() as { key: string }[]
    ).map((f) => f.key);

  it('deletes a flag with its workspaces, on the record of the platform and of each workspace it was on for', async () => {
    expect((await call('POST', '/api/feature-flags', { key: 'old-beta', value: 'on' })).statusCode).toBe(200);
    expect(
      (
        await call('PUT', '/api/feature-flags/workspaces', {
          key: 'old-beta',
          enabledWorkspaces: [{ workspaceUrl: acme.host }],
        })
      ).statusCode,
    ).toBe(200);
    const res = await call('DELETE', '/api/feature-flags/old-beta');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ key: 'old-beta' });
    expect(await keys()).not.toContain('old-beta');
    const [deleted] = await auditRows(server, 'feature_flag.deleted');
    expect(deleted).toMatchObject({
      workspace_id: MAIN_SITE_WORKSPACE_ID,
      target: 'old-beta',
      details: { value: 'on', workspaces: 1 },
    });
    expect(deleted.actor_platform_admin_id).toBeTruthy();
    const disabled = await auditRows(server, 'feature_flag.workspace_disabled');
    expect(disabled).toEqual([expect.objectContaining({ workspace_id: acme.id, target: 'old-beta' })]);
    // The key is free again.
    expect((await call('POST', '/api/feature-flags', { key: 'old-beta', value: 'on' })).statusCode).toBe(200);
  });

  it('refuses to delete the built-in flags with a 409 saying why, and an unknown flag is a 404', async () => {
    for (const key of ['maintenance', 'elevateip']) {
      const res = await call('DELETE', `/api/feature-flags/${key}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('cannot be deleted');
      expect(res.json().fields).toHaveProperty('key');
    }
    expect(await keys()).toEqual(expect.arrayContaining(['maintenance', 'elevateip']));
    expect((await call('DELETE', '/api/feature-flags/nothing-here')).statusCode).toBe(404);
  });

  it('is the platform admin’s alone', async () => {
    const admin = acme.admin.token;
    expect((await call('DELETE', '/api/feature-flags/old-beta', undefined, admin, acme.host)).statusCode).toBe(403);
    expect(
      (await server.request('localhost', { method: 'DELETE', url: '/main-api/api/feature-flags/old-beta' })).statusCode,
    ).toBe(401);
    expect(await keys()).toContain('old-beta');
  });
});

describe.each(DATABASES)('workspace options for pickers on %s', (kind) => {
  let server: TestServer;
  let platform: string;
  let acme: BuiltWorkspace;
  let globex: BuiltWorkspace;
  beforeAll(async () => {
    server = await startTestServer(kind);
    platform = await buildPlatformAdmin(server);
    acme = await buildWorkspace(server, { companyName: 'Alpha Works' });
    globex = await buildWorkspace(server, { companyName: 'Globular Goods' });
  });
  afterAll(async () => server?.close());

  it('lists workspaces by name or address for the platform admin only', async () => {
    const all = await server.request('localhost', {
      method: 'GET',
      url: '/main-api/api/admin/workspace-options',
      token: platform,
    });
    expect(all.json().map((w: { workspaceUrl: string }) => w.workspaceUrl)).toEqual(
      expect.arrayContaining([acme.host, globex.host]),
    );
    const some = await server.request('localhost', {
      method: 'GET',
      url: '/main-api/api/admin/workspace-options?q=GLOBULAR',
      token: platform,
    });
    expect(some.json()).toEqual([
      expect.objectContaining({ workspaceUrl: globex.host, companyName: 'Globular Goods', active: true }),
    ]);
    const byAddress = await server.request('localhost', {
      method: 'GET',
      url: `/main-api/api/admin/workspace-options?q=${acme.slug.toUpperCase()}`,
      token: platform,
    });
    expect(byAddress.json()).toEqual([
      expect.objectContaining({ workspaceUrl: acme.host, companyName: 'Alpha Works' }),
    ]);
    const admin = acme.admin.token;
    expect(
      (
        await server.request(acme.host, {
          method: 'GET',
          url: '/main-api/api/admin/workspace-options',
          token: admin,
        })
      ).statusCode,
    ).toBe(403);
  });
});
