import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedContracts } from '../../../server/platform/serve';
import { buildCourse, buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';
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
  describe('people and training scopes', () => {
    let n = 0;
    const email = () => `key-made-${++n}-${Date.now()}@${ws.slug}.test`;
    const call = (secret: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      server.request(ws.host, { method, url, token: secret, ...(payload ? { payload } : {}) });
    const keyAudits = (keyId: string) =>
      server.db.system((tx) =>
        tx.query<{ action: string; actor_user_id: string | null; details: { apiKeyId?: string } }>(
          `SELECT action, actor_user_id, details FROM audit_events WHERE workspace_id = $1 AND actor_api_key_id = $2`,
          [ws.id, keyId],
        ),
      );

    it('people:write: every call it opens works and is in the security log as made by the key, no person', async () => {
      const { key, secret } = await createKey(['people:write']);
      const hq = ws.headquartersId;
      const invited = email();
      const employee = await buildUser(server, ws);
      const calls: [name: string, method: 'GET' | 'POST', url: string, payload?: object][] = [
        [
          'POST /api/user/create/bulk',
          'POST',
          '/main-api/api/user/create/bulk',
          { users: [{ email: email(), branchId: hq }] },
        ],
        ['POST /api/invite/user/{branchId}', 'POST', `/main-api/api/invite/user/${hq}`, { email: invited }],
        ['POST /api/invite/branch/{id}', 'POST', `/main-api/api/invite/branch/${hq}`, { emails: [email()] }],
        [
          'POST /api/invite/invite/bulk',
          'POST',
          '/main-api/api/invite/invite/bulk',
          { invites: [{ email: email(), branchId: hq }] },
        ],
        ['GET /api/invite/resend/{branchId}/{email}', 'GET', `/main-api/api/invite/resend/${hq}/${invited}`],
        ['POST /api/invite/resend/bulk', 'POST', '/main-api/api/invite/resend/bulk', { emails: [invited] }],
        ['POST /api/user/update/{id}', 'POST', `/main-api/api/user/update/${employee.id}`, { designation: 'Engineer' }],
      ];
      // The test covers every call the scope opens: a new one must be added here.
      expect(calls.map(([name]) => name).sort()).toEqual(
        // Every server a file starts serves its contracts again: once each.
        [
          ...new Set(
            servedContracts.filter((c) => c.apiKeyScope === 'people:write').map((c) => `${c.method} ${c.path}`),
          ),
        ].sort(),
      );
      for (const [name, method, url, payload] of calls) {
        const before = (await keyAudits(key.id)).length;
        const res = await call(secret, method, url, payload);
        expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
        const rows = await keyAudits(key.id);
        expect(rows.length, name).toBeGreaterThan(before);
        for (const row of rows) {
          expect(row.actor_user_id).toBeNull();
          expect(row.details.apiKeyId).toBe(key.id);
        }
      }
      // Deactivating through the key: the person's sessions end, and the log says the key did it.
      const leaver = await buildUser(server, ws);
      const off = await call(secret, 'POST', `/main-api/api/user/update/${leaver.id}`, { status: 'INACTIVE' });
      expect(off.statusCode, off.body).toBe(200);
      const details = await server.request(ws.host, {
        method: 'GET',
        url: '/main-api/api/user/details',
        token: leaver.token,
      });
      expect(details.statusCode).toBe(401);
      expect((await keyAudits(key.id)).map((r) => r.action)).toContain('USER_DEACTIVATED');
    });

    it('people:write never gives or changes a role, never changes a non-employee or a phone number', async () => {
      const { secret } = await createKey(['people:write']);
      const hq = ws.headquartersId;
      const employee = await buildUser(server, ws);
      const employer = await buildUser(server, ws, { role: 'EMPLOYER' });
      const attacks: [string, 'POST', string, object][] = [
        ['invite an admin', 'POST', `/main-api/api/invite/user/${hq}`, { email: email(), role: 'WORKSPACE_ADMIN' }],
        [
          'invite an employer in bulk',
          'POST',
          '/main-api/api/invite/invite/bulk',
          { invites: [{ email: email(), branchId: hq, role: 'EMPLOYER' }] },
        ],
        [
          'create an admin',
          'POST',
          '/main-api/api/user/create/bulk',
          { users: [{ email: email(), branchId: hq, role: 'WORKSPACE_ADMIN' }] },
        ],
        ['promote an employee', 'POST', `/main-api/api/user/update/${employee.id}`, { role: 'WORKSPACE_ADMIN' }],
        [
          "change an employee's phone",
          'POST',
          `/main-api/api/user/update/${employee.id}`,
          { phoneNumber: '+919800000000' },
        ],
        ['deactivate an employer', 'POST', `/main-api/api/user/update/${employer.id}`, { status: 'INACTIVE' }],
        ['rename the workspace admin', 'POST', `/main-api/api/user/update/${ws.admin.id}`, { firstName: 'Mallory' }],
      ];
      for (const [what, method, url, payload] of attacks) {
        const res = await call(secret, method, url, payload);
        expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
        expect(res.json().code, what).toBe('API_KEY_LIMIT');
      }
      const [row] = await server.db.system((tx) =>
        tx.query<{ role: string; status: string; phone_number: string | null }>(
          `SELECT role, status, phone_number FROM users WHERE workspace_id = $1 AND id = $2`,
          [ws.id, employee.id],
        ),
      );
      expect(row).toMatchObject({ role: 'EMPLOYEE', phone_number: null });
      // A person's session can still do what the key may not.
      const promoted = await server.request(ws.host, {
        method: 'POST',
        url: `/main-api/api/user/update/${employee.id}`,
        token: ws.admin.token,
        payload: { role: 'EMPLOYER' },
      });
      expect(promoted.statusCode, promoted.body).toBe(200);
    });

    it('people:read reads the directory, units and departments; training:read a course and its members; neither writes', async () => {
      const person = await buildUser(server, ws);
      const courseId = await buildCourse(server, ws);
      const people = await createKey(['people:read']);
      const training = await createKey(['training:read']);
      const directory = await call(people.secret, 'POST', '/main-api/api/workspace/users/search', {
        searchText: person.email,
      });
      expect(directory.statusCode, directory.body).toBe(200);
      expect(directory.json().items.map((u: { userId: string }) => u.userId)).toEqual([person.id]);
      for (const url of [
        '/main-api/api/workspace/branches',
        '/main-api/api/department/search',
        '/main-api/api/workspace/users/stats',
      ])
        expect((await call(people.secret, 'GET', url)).statusCode, url).toBe(200);
      const members = await call(training.secret, 'GET', `/learning-api/api/course/${courseId}/members`);
      expect(members.statusCode, members.body).toBe(200);
      expect((await call(training.secret, 'GET', '/learning-api/api/workspace-course/all/brief')).statusCode).toBe(200);

      // Reading keys write nothing, and each reads only its own area.
      const update = await call(people.secret, 'POST', `/main-api/api/user/update/${person.id}`, { designation: 'x' });
      expect(update.statusCode).toBe(403);
      expect(update.json().code).toBe('API_KEY_SCOPE');
      expect((await call(training.secret, 'POST', '/main-api/api/workspace/users', {})).statusCode).toBe(403);
      expect((await call(people.secret, 'GET', `/learning-api/api/course/${courseId}/members`)).statusCode).toBe(403);
      const assign = await call(training.secret, 'POST', '/learning-api/api/course/assign-course-to-users', {
        courseId,
        userIds: [person.id],
      });
      expect(assign.statusCode).toBe(403);
      // On another workspace's host the key is worth nothing.
      const there = await server.request(other.host, {
        method: 'POST',
        url: '/main-api/api/workspace/users',
        token: people.secret,
        payload: {},
      });
      expect(there.statusCode).toBe(401);
    });
  });
});
