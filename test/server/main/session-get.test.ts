import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../server/platform/sessions';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildPlatformOperator,
  buildUser,
  buildWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

describe.each(DATABASES)('reading one’s own session by id (GET /api/session/get/{id}) on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let person: BuiltUser;
  beforeAll(async () => {
    server = await startTestServer(kind);
    [ws, other] = [await buildWorkspace(server), await buildWorkspace(server)];
    person = await buildUser(server, ws);
  });
  afterAll(async () => server?.close());

  const idOf = async (token: string) =>
    (await server.db.query<{ id: string }>('SELECT id FROM sessions WHERE token_hash = $1', [hashToken(token)]))[0].id;
  const get = (host: string, id: string, token?: string) =>
    server.request(host, { method: 'GET', url: `/main-api/api/session/get/${id}`, token });

  it('answers the caller’s own sessions, saying which one asked and which have ended', async () => {
    const phone = await server.signIn(ws.host, person.email);
    const laptop = await server.signIn(ws.host, person.email);
    const res = await get(ws.host, await idOf(phone), phone);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sessionId: await idOf(phone), current: true, status: 'active', endedAt: null });
    expect(Date.parse(res.json().expiresAt)).toBeGreaterThan(Date.now());
    expect(Object.keys(res.json())).not.toContain('tokenHash');
    const other = await get(ws.host, await idOf(laptop), phone);
    expect(other.json()).toMatchObject({ current: false, status: 'active' });
    // Signed out on the laptop: still the phone's to read, as ended.
    const laptopId = await idOf(laptop);
    expect(
      (await server.request(ws.host, { method: 'GET', url: '/main-api/api/user/sign-out', token: laptop })).statusCode,
    ).toBe(200);
    const ended = await get(ws.host, laptopId, phone);
    expect(ended.json().status).toBe('ended');
    expect(ended.json().endedAt).toEqual(expect.any(String));
  });

  it('answers 404 for another person’s session, one of another workspace, or none', async () => {
    const employee = await server.signIn(ws.host, person.email);
    const admin = await server.signIn(ws.host, ws.admin.email);
    const globex = await server.signIn(other.host, other.admin.email);
    const { token: platform } = await buildPlatformOperator(server);
    // A workspace admin may not read an employee's session through this call, nor the employee the admin's.
    expect((await get(ws.host, await idOf(employee), admin)).statusCode).toBe(404);
    expect((await get(ws.host, await idOf(admin), employee)).statusCode).toBe(404);
    const elsewhere = await get(other.host, await idOf(employee), globex);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
    expect((await get(ws.host, await idOf(globex), employee)).statusCode).toBe(404);
    // The platform admin reads its own, and nobody else's.
    expect((await get('localhost', await idOf(platform), platform)).json()).toMatchObject({
      current: true,
      status: 'active',
    });
    expect((await get('localhost', await idOf(employee), platform)).statusCode).toBe(404);
    expect((await get(ws.host, '00000000-0000-4000-8000-000000000000', employee)).statusCode).toBe(404);
  });

  it('asks for a signed-in caller and a session id', async () => {
    const employee = await server.signIn(ws.host, person.email);
    expect((await get(ws.host, await idOf(employee))).statusCode).toBe(401);
    const bad = await get(ws.host, 'not-an-id', employee);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('id');
  });
});
