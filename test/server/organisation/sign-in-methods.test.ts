import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { OidcProviders } from '../../../server/main/auth/oidc-providers';
import type { Database } from '../../../server/platform/db/database';
import { DEMO_PASSWORD, seedDemo } from '../../../server/seed/demo.seed';
import { DATABASES, openTestDatabase, startTestServer, testPasswords, type TestServer } from '../support/test-app';
import { buildWorkspace, type BuiltWorkspace } from '../support/factories';

const ACME = 'acme.localhost';
const API = '/main-api/api';

describe.each(DATABASES)('sign-in methods a workspace may offer on %s', (kind) => {
  describe('on a server configured for Google only', () => {
    let db: Database;
    let app: FastifyInstance;
    let admin: string;
    beforeAll(async () => {
      db = await openTestDatabase(kind);
      // As `npm start` seeds it: Acme offers what the server can serve.
      await seedDemo(db, testPasswords, 'localhost', ['google']);
      app = await buildApp({
        db,
        passwords: testPasswords,
        settings: { mainHost: 'localhost', maxUploadBytes: 1024 * 1024 },
        // Configured, never discovered: nothing here signs in through Google.
        oidc: new OidcProviders([
          { provider: 'google', issuer: 'https://accounts.google.com', clientId: 'client', clientSecret: 'secret' },
        ]),
      });
      const res = await app.inject({
        method: 'POST',
        url: `${API}/user/signin`,
        headers: { host: ACME },
        payload: { userEmail: 'admin@acme.test', userPassword: DEMO_PASSWORD },
      });
      admin = res.json().token;
    });
    afterAll(async () => {
      await app?.close();
      await db?.close();
    });
    const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
      app.inject({
        method,
        url: `${API}${url}`,
        headers: { host: ACME, authorization: `Bearer ${admin}` },
        ...(payload ? { payload } : {}),
      });

    it('reads what the server can serve, and which methods it is configured for', async () => {
      expect((await call('GET', '/workspace/bulk-signup-setting')).json()).toMatchObject({
        socialPlatformSet: ['GOOGLE'],
        availableSocialPlatforms: ['GOOGLE'],
      });
    });

    it('refuses to switch on a method the server is not configured for, naming the field and the settings', async () => {
      const res = await call('PUT', '/workspace/settings', { socialPlatformSet: ['GOOGLE', 'MICROSOFT'] });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.socialPlatformSet).toContain('Microsoft sign-in is not configured on this server');
      expect(res.json().fields.socialPlatformSet).toContain('OIDC_MICROSOFT_CLIENT_ID');
      const [acme] = await db.query<{ social_platforms: string[] }>(
        `SELECT social_platforms FROM workspaces WHERE slug = 'acme'`,
      );
      expect(acme.social_platforms).toEqual(['GOOGLE']);
      expect((await call('PUT', '/workspace/settings', { socialPlatformSet: [] })).json()).toMatchObject({
        socialPlatformSet: [],
      });
      expect((await call('PUT', '/workspace/settings', { socialPlatformSet: ['GOOGLE'] })).json()).toMatchObject({
        socialPlatformSet: ['GOOGLE'],
      });
    });

    it('does not show a method as offered when the server cannot serve it (a setting saved before)', async () => {
      await db.query(`UPDATE workspaces SET social_platforms = '{GOOGLE,MICROSOFT}' WHERE slug = 'acme'`);
      expect((await call('GET', '/workspace/bulk-signup-setting')).json()).toMatchObject({
        socialPlatformSet: ['GOOGLE'],
      });
    });
  });

  describe('on a server configured for neither', () => {
    let server: TestServer;
    let ws: BuiltWorkspace;
    beforeAll(async () => {
      server = await startTestServer(kind);
      ws = await buildWorkspace(server);
    });
    afterAll(async () => server?.close());

    it('seeds no sign-in button that cannot work, and refuses both', async () => {
      const admin = await server.signIn(ws.host, ws.admin.email);
      const read = await server.request(ws.host, {
        method: 'GET',
        url: `${API}/workspace/bulk-signup-setting`,
        token: admin,
      });
      expect(read.json()).toMatchObject({ socialPlatformSet: [], availableSocialPlatforms: [] });
      const profile = await server.request(ws.host, {
        method: 'GET',
        url: `${API}/workspace/company-profile/${ws.host}`,
      });
      expect(profile.json().socialPlatformSet).toEqual([]);
      const res = await server.request(ws.host, {
        method: 'PUT',
        url: `${API}/workspace/settings`,
        token: admin,
        payload: { socialPlatformSet: ['GOOGLE'] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.socialPlatformSet).toContain('OIDC_GOOGLE_CLIENT_ID');
    });
  });
});
