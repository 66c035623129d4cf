import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';

const PREVIEW = { columns: ['userStatus'], isCourseInclude: true, isPolicyInclude: false };

describe.each(DATABASES)('workspace API keys on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;

  beforeAll(async () => {
    server = await startTestServer(kind);
    ws = await buildWorkspace(server);
    other = await buildWorkspace(server);
  });
  afterAll(async () => server?.close());

  async function createKey(scopes: string[], target = ws, expiresInDays = 30) {
    const res = await server.request(target.host, {
      method: 'POST',
      url: '/main-api/api/api-keys',
      token: target.admin.token,
      payload: { name: `Key ${scopes.join(' ')}`, scopes, expiresInDays },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { key: { id: string; hint: string; lastUsedAt: string | null }; secret: string };
  }

  const preview = (secret: string, host = ws.host) =>
    server.request(host, { method: 'POST', url: '/learning-api/api/reports/preview', token: secret, payload: PREVIEW });

  it('shows the secret once, keeps only its hash, and lists the key with its last use', async () => {
    const created = await createKey(['reports:read']);
    expect(created.secret).toMatch(/^spk_[A-Za-z0-9_-]{43}$/);
    expect(created.secret.startsWith(created.key.hint)).toBe(true);
    expect(created.key.lastUsedAt).toBeNull();

    const [stored] = await server.db.system((tx) =>
      tx.query<{ secret_hash: string }>(`SELECT secret_hash FROM api_keys WHERE id = $1`, [created.key.id]),
    );
    expect(stored.secret_hash).not.toContain(created.secret.slice(4));
    expect(stored.secret_hash).toMatch(/^[0-9a-f]{64}$/);

    expect((await preview(created.secret)).statusCode).toBe(200);
    const list = await server.request(ws.host, { method: 'GET', url: '/main-api/api/api-keys', token: ws.admin.token });
    const listed = list.json().items.find((k: { id: string }) => k.id === created.key.id);
    expect(listed.lastUsedAt).not.toBeNull();
    expect(list.body).not.toContain(created.secret);
  });

  it('reaches only the calls its scope names', async () => {
    const { secret } = await createKey(['reports:read']);
    expect((await preview(secret)).statusCode).toBe(200);
    const export_ = await server.request(ws.host, {
      method: 'POST',
      url: '/learning-api/api/reports/export',
      token: secret,
      payload: { ...PREVIEW, name: 'x', format: 'CSV' },
    });
    expect(export_.statusCode).toBe(403);
    expect(export_.json().code).toBe('API_KEY_SCOPE');
    for (const url of ['/main-api/api/api-keys', '/main-api/api/user/details', '/main-api/api/permission/all']) {
      expect((await server.request(ws.host, { method: 'GET', url, token: secret })).statusCode, url).toBe(403);
    }
    // A key cannot make another key.
    const made = await server.request(ws.host, {
      method: 'POST',
      url: '/main-api/api/api-keys',
      token: secret,
      payload: { name: 'Escalated', scopes: ['scim'], expiresInDays: 1 },
    });
    expect(made.statusCode).toBe(403);

    const scimOnly = await createKey(['scim']);
    expect((await preview(scimOnly.secret)).statusCode).toBe(403);
  });

  it("is refused on another workspace's host and on the main site", async () => {
    const { secret } = await createKey(['reports:read']);
    const there = await preview(secret, other.host);
    expect(there.statusCode).toBe(401);
    expect(there.json().code).toBe('INVALID_API_KEY');
    expect((await preview(secret, 'localhost')).statusCode).toBe(401);
  });

  it('is refused once revoked or expired, with a JSON 401', async () => {
    const revoked = await createKey(['reports:read']);
    const res = await server.request(ws.host, {
      method: 'DELETE',
      url: `/main-api/api/api-keys/${revoked.key.id}`,
      token: ws.admin.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('revoked');
    const refused = await preview(revoked.secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toContain('application/json');

    const expired = await createKey(['reports:read']);
    expect((await preview(expired.secret)).statusCode).toBe(200);
    await server.db.system((tx) =>
      tx.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.key.id]),
    );
    expect((await preview(expired.secret)).statusCode).toBe(401);
    const list = await server.request(ws.host, { method: 'GET', url: '/main-api/api/api-keys', token: ws.admin.token });
    expect(list.json().items.find((k: { id: string }) => k.id === expired.key.id).status).toBe('expired');
  });

  it("answers 404 to another workspace's admin revoking the key, and refuses non-admins", async () => {
    const { key, secret } = await createKey(['reports:read']);
    const res = await server.request(other.host, {
      method: 'DELETE',
      url: `/main-api/api/api-keys/${key.id}`,
      token: other.admin.token,
    });
    expect(res.statusCode).toBe(404);
    expect((await preview(secret)).statusCode).toBe(200);

    const employer = await buildUser(server, ws, { role: 'EMPLOYER' });
    for (const [method, url] of [
      ['GET', '/main-api/api/api-keys'],
      ['DELETE', `/main-api/api/api-keys/${key.id}`],
    ] as const) {
      expect((await server.request(ws.host, { method, url, token: employer.token })).statusCode).toBe(403);
    }
  });

  it('refuses a malformed key request with the fields named', async () => {
    const res = await server.request(ws.host, {
      method: 'POST',
      url: '/main-api/api/api-keys',
      token: ws.admin.token,
      payload: { name: '', scopes: ['root'], expiresInDays: 1000 },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields ?? {})).toEqual(expect.arrayContaining(['name', 'expiresInDays']));
  });

  it('records creation and revocation in the security log', async () => {
    const { key } = await createKey(['people:read']);
    await server.request(ws.host, { method: 'DELETE', url: `/main-api/api/api-keys/${key.id}`, token: ws.admin.token });
    const rows = await server.db.system((tx) =>
      tx.query<{ action: string }>(
        `SELECT action FROM audit_events WHERE workspace_id = $1 AND target = $2 ORDER BY at`,
        [ws.id, key.id],
      ),
    );
    expect(rows.map((r) => r.action)).toEqual(['api_key.created', 'api_key.revoked']);
  });
});
