import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildInvitedPeople, buildUser, buildWorkspace } from '../support/factories';

const CREATE = '/main-api/api/workspace/create-branch';

/**
 * A write whose answer was lost is sent again with the same Idempotency-Key (the web app sends one with every write):
 * the repeat gets the first answer and nothing is done twice (docs/architecture.md, "Idempotent requests").
 */
describe.each(DATABASES)('Idempotency-Key on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let employer: string;
  /** The host of this file's workspace, built for it. */
  let ACME: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const ws = await buildWorkspace(server);
    ACME = ws.host;
    admin = ws.admin.token;
    employer = (await buildUser(server, ws, { role: 'EMPLOYER' })).token;
    // A directory whose first page is large enough to be sent compressed.
    await buildInvitedPeople(server, ws, 20);
  });
  afterAll(async () => server?.close());

  // As a browser sends it: compressed answers accepted (the kept answer is the one before compression).
  const create = (token: string, name: string, key?: string) =>
    server.request(ACME, {
      method: 'POST',
      url: CREATE,
      token,
      payload: { branchName: name },
      headers: { 'accept-encoding': 'gzip, br', ...(key ? { 'idempotency-key': key } : {}) },
    });
  const units = async (name: string) =>
    Number(
      (await server.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM branches WHERE name = $1`, [name]))[0].n,
    );

  it('answers a repeat with the first answer and creates once', async () => {
    const key = 'retry-3f6c1f0e-0b7d-4f0e-9c55-2d2d3a1b4c01';
    const first = await create(admin, 'Acme Nashik', key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await create(admin, 'Acme Nashik', key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await units('Acme Nashik')).toBe(1);
    // Without a key, the same request is a new one (and here a duplicate name, refused by the product's own rule).
    const plain = await create(admin, 'Acme Nashik');
    expect(plain.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses the same key for another request, and keeps each caller’s keys apart', async () => {
    const key = 'retry-7a1e2b3c-4d5e-6f70-8192-a3b4c5d6e7f8';
    const adminFirst = await create(admin, 'Acme Surat', key);
    expect(adminFirst.statusCode).toBe(200);
    const other = await create(admin, 'Acme Indore', key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await units('Acme Indore')).toBe(0);
    // Another person sending the same key is not answered with the admin's result: their request runs as their own.
    const theirs = await create(employer, 'Acme Surat', key);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json()).not.toEqual(adminFirst.json());
  });

  it('keeps a large answer as the handler made it, before compression, and replays it', async () => {
    const key = 'retry-directory-0001-0002-0003-000000000004';
    const list = () =>
      server.request(ACME, {
        method: 'POST',
        url: '/main-api/api/workspace/users',
        token: admin,
        payload: { page: 0, pageSize: 20 },
        headers: { 'accept-encoding': 'gzip', 'idempotency-key': key },
      });
    const first = await list();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    const again = await list();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(again.rawPayload).toString('utf8')).toBe(gunzipSync(first.rawPayload).toString('utf8'));
    expect(JSON.parse(gunzipSync(again.rawPayload).toString('utf8')).items.length).toBeGreaterThan(0);
  });

  it('refuses a malformed key with 400 naming it', async () => {
    const res = await create(admin, 'Acme Goa', 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('Idempotency-Key');
    expect(await units('Acme Goa')).toBe(0);
  });
});
