import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_OPERATIONS_PER_REQUEST, SCIM_LIMIT } from '../../../server/main/scim/scim.routes';
import { hashLimitKey, RateLimits } from '../../../server/platform/rate-limiter';
import { buildScopedApiKey, buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const BULK_REQUEST = 'urn:ietf:params:scim:api:messages:2.0:BulkRequest';
const BULK_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:BulkResponse';

type Result = { method: string; bulkId?: string; location?: string; status: string; response?: { scimType?: string } };

/** `POST /scim/v2/Bulk` (RFC 7644 3.7), each operation answered as its single call would be, on both databases. */
describe.each(DATABASES)('SCIM Bulk on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let key: string;

  beforeAll(async () => {
    server = await startTestServer(kind, { webhooks: { allowPrivate: true } });
    ws = await buildWorkspace(server);
    key = await buildScopedApiKey(server, ws, ['scim']);
  });
  afterAll(async () => server?.close());

  async function scim(method: string, path: string, body?: unknown, as = key, host = ws.host) {
    const res = await server.request(host, {
      method: method as 'GET',
      url: `/scim/v2${path}`,
      token: as,
      headers: { 'content-type': 'application/scim+json' },
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  }

  const bulk = (operations: unknown[], extra: Record<string, unknown> = {}, as = key, host = ws.host) =>
    scim('POST', '/Bulk', { schemas: [BULK_REQUEST], ...extra, Operations: operations }, as, host);

  let n = 0;
  const person = (overrides: Record<string, unknown> = {}) => {
    n += 1;
    const userName = `bulk.${n}.${Date.now()}@${ws.slug}.test`;
    return {
      schemas: [USER, ENTERPRISE],
      externalId: `bulk-${n}-${Date.now()}`,
      userName,
      active: true,
      name: { givenName: `Given${n}`, familyName: `Family${n}` },
      emails: [{ primary: true, type: 'work', value: userName }],
      ...overrides,
    };
  };
  const idOf = (result: Result) => result.location!.split('/').pop()!;

  async function userRow(id: string) {
    const [row] = await server.db.system((tx) =>
      tx.query<{ status: string; first_name: string; manager_id: string | null; scim_deleted_at: Date | null }>(
        `SELECT status, first_name, manager_id, scim_deleted_at FROM users WHERE id = $1`,
        [id],
      ),
    );
    return row;
  }

  it('advertises Bulk and its limits in ServiceProviderConfig', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.body.bulk).toEqual({ supported: true, maxOperations: 1000, maxPayloadSize: 1024 * 1024 });
  });

  it('creates, references by bulkId, replaces, patches and deletes, each audited as made by the key', async () => {
    const hook = await server.request(ws.host, {
      method: 'POST',
      url: '/main-api/api/webhooks',
      token: ws.admin.token,
      payload: { url: 'http://localhost:9/hook', events: ['person.provisioned', 'person.deprovisioned'] },
    });
    expect(hook.statusCode, hook.body).toBe(200);
    const manager = person();
    const report = person({ [ENTERPRISE]: { manager: { value: 'bulkId:boss' }, department: 'Finance' } });
    const leaver = person();
    const res = await bulk([
      { method: 'POST', path: '/Users', bulkId: 'boss', data: manager },
      { method: 'POST', path: '/Users', bulkId: 'report', data: report },
      { method: 'POST', path: '/Users', bulkId: 'leaver', data: leaver },
      {
        method: 'PATCH',
        path: '/Users/bulkId:report',
        data: { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'name.givenName', value: 'Renamed' }] },
      },
      { method: 'PUT', path: '/Users/bulkId:boss', data: { ...manager, title: 'Head of Finance' } },
      { method: 'DELETE', path: '/Users/bulkId:leaver' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.schemas).toEqual([BULK_RESPONSE]);
    const results = res.body.Operations as Result[];
    expect(results.map((r) => [r.method, r.bulkId, r.status])).toEqual([
      ['POST', 'boss', '201'],
      ['POST', 'report', '201'],
      ['POST', 'leaver', '201'],
      ['PATCH', undefined, '200'],
      ['PUT', undefined, '200'],
      ['DELETE', undefined, '204'],
    ]);
    expect(results[0]!.location).toMatch(new RegExp(`/scim/v2/Users/[0-9a-f-]{36}$`));
    const [bossId, reportId, leaverId] = results.slice(0, 3).map(idOf);
    expect(results[3]!.location).toContain(`/Users/${reportId}`);

    const got = await scim('GET', `/Users/${reportId}`);
    expect(got.body).toMatchObject({
      userName: report.userName,
      name: { givenName: 'Renamed' },
      [ENTERPRISE]: { manager: { value: bossId }, department: 'Finance' },
    });
    expect((await scim('GET', `/Users/${bossId}`)).body.title).toBe('Head of Finance');
    expect(await userRow(leaverId!)).toMatchObject({ status: 'INACTIVE' });
    expect((await scim('GET', `/Users/${leaverId}`)).status).toBe(404);

    const audit = await server.db.system((tx) =>
      tx.query<{ action: string; target: string; actor_api_key_id: string | null; actor_user_id: string | null }>(
        `SELECT action, target, actor_api_key_id, actor_user_id FROM audit_events
          WHERE workspace_id = $1 AND target = ANY($2::text[]) ORDER BY id`,
        [ws.id, [bossId, reportId, leaverId]],
      ),
    );
    expect(audit.map((a) => [a.action, a.target])).toEqual([
      ['scim.user.created', bossId],
      ['scim.user.created', reportId],
      ['scim.user.created', leaverId],
      ['scim.user.patched', reportId],
      ['scim.user.replaced', bossId],
      ['scim.user.deleted', leaverId],
    ]);
    expect(audit.every((a) => a.actor_api_key_id !== null && a.actor_user_id === null)).toBe(true);

    // The same person events as single calls: provisioned for each create, deprovisioned for the delete.
    const events = await server.db.system((tx) =>
      tx.query<{ type: string; user_id: string }>(
        `SELECT type, payload->'data'->>'userId' AS user_id FROM webhook_events
          WHERE workspace_id = $1 AND payload->'data'->>'userId' = ANY($2::text[]) ORDER BY created_at, type DESC`,
        [ws.id, [bossId, reportId, leaverId]],
      ),
    );
    expect(
      events
        .filter((e) => e.type === 'person.provisioned')
        .map((e) => e.user_id)
        .sort(),
    ).toEqual([bossId, reportId, leaverId].sort());
    expect(events.filter((e) => e.type === 'person.deprovisioned').map((e) => e.user_id)).toEqual([leaverId]);
  });

  it('creates a group whose members are people made earlier in the same request, then moves one out', async () => {
    const a = person();
    const b = person();
    const res = await bulk([
      { method: 'POST', path: '/Users', bulkId: 'a', data: a },
      { method: 'POST', path: '/Users', bulkId: 'b', data: b },
      {
        method: 'POST',
        path: '/Groups',
        bulkId: 'team',
        data: {
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
          displayName: `Bulk team ${Date.now()}`,
          members: [{ value: 'bulkId:a' }, { value: 'bulkId:b' }],
        },
      },
      {
        method: 'PATCH',
        path: '/Groups/bulkId:team',
        data: { schemas: [PATCH], Operations: [{ op: 'remove', path: 'members', value: [{ value: 'bulkId:b' }] }] },
      },
    ]);
    const results = res.body.Operations as Result[];
    expect(results.map((r) => r.status)).toEqual(['201', '201', '201', '200']);
    expect(results[2]!.location).toMatch(/\/scim\/v2\/Groups\/[0-9a-f-]{36}$/);
    const group = await scim('GET', `/Groups/${idOf(results[2]!)}`);
    expect(group.body.members.map((m: { value: string }) => m.value)).toEqual([idOf(results[0]!)]);
  });

  it('answers each operation as its single call: a taken userName 409, a bad manager 400, a bulkId not made 409', async () => {
    const taken = person();
    expect((await scim('POST', '/Users', taken)).status).toBe(201);
    const fresh = person();
    const res = await bulk([
      { method: 'POST', path: '/Users', bulkId: 'dup', data: { ...person(), userName: taken.userName, emails: [] } },
      { method: 'POST', path: '/Users', bulkId: 'bad-manager', data: person({ [ENTERPRISE]: { manager: 'nobody' } }) },
      { method: 'POST', path: '/Users', bulkId: 'fresh', data: fresh },
      { method: 'POST', path: '/Users', bulkId: 'twice', data: { ...person(), userName: fresh.userName, emails: [] } },
      {
        method: 'PATCH',
        path: '/Users/bulkId:never',
        data: { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] },
      },
    ]);
    const results = res.body.Operations as Result[];
    expect(results.map((r) => [r.bulkId, r.status, r.response?.scimType])).toEqual([
      ['dup', '409', 'uniqueness'],
      ['bad-manager', '400', 'invalidValue'],
      ['fresh', '201', undefined],
      ['twice', '409', 'uniqueness'],
      [undefined, '409', 'invalidValue'],
    ]);
    expect(results[0]!.response).toMatchObject({ schemas: [ERROR], status: '409' });
  });

  it('stops at failOnErrors: the operations after the last counted error are neither run nor answered', async () => {
    const taken = person();
    expect((await scim('POST', '/Users', taken)).status).toBe(201);
    const after = person();
    const res = await bulk(
      [
        { method: 'POST', path: '/Users', bulkId: 'a', data: { ...person(), userName: taken.userName, emails: [] } },
        { method: 'DELETE', path: '/Users/00000000-0000-4000-8000-000000000000' },
        { method: 'POST', path: '/Users', bulkId: 'b', data: after },
      ],
      { failOnErrors: 2 },
    );
    expect(res.status).toBe(200);
    expect((res.body.Operations as Result[]).map((r) => r.status)).toEqual(['409', '404']);
    expect(
      (await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${after.userName}"`)}`)).body.totalResults,
    ).toBe(0);
  });

  it("answers 404 inside the operation for another workspace's person, and leaves them as they were", async () => {
    const other = await buildWorkspace(server);
    const stranger = await buildUser(server, other);
    const res = await bulk([
      { method: 'DELETE', path: `/Users/${stranger.id}` },
      { method: 'PUT', path: `/Users/${stranger.id}`, data: person({ active: false }) },
      {
        method: 'PATCH',
        path: `/Users/${stranger.id}`,
        data: { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: 'False' }] },
      },
    ]);
    expect((res.body.Operations as Result[]).map((r) => r.status)).toEqual(['404', '404', '404']);
    const notAnId = await bulk([{ method: 'DELETE', path: '/Users/not-an-id' }]);
    expect((notAnId.body.Operations as Result[]).map((r) => r.status)).toEqual(['404']);
    expect(await userRow(stranger.id)).toMatchObject({ status: 'ACTIVE', scim_deleted_at: null });
    // And the key is refused on the other workspace's host altogether.
    expect((await bulk([{ method: 'DELETE', path: `/Users/${stranger.id}` }], {}, key, other.host)).status).toBe(401);
  });

  it('refuses a key without the scim scope, whatever its operations, and writes nothing', async () => {
    const peopleKey = await buildScopedApiKey(server, ws, ['people:write', 'people:read']);
    const someone = person();
    const res = await bulk([{ method: 'POST', path: '/Users', bulkId: 'x', data: someone }], {}, peopleKey);
    expect(res.status).toBe(403);
    expect(res.body.schemas).toEqual([ERROR]);
    expect(
      (await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${someone.userName}"`)}`)).body.totalResults,
    ).toBe(0);
  });

  it('keeps to the user limit: the creates that fit are made, the rest answer 409', async () => {
    const small = await buildWorkspace(server, { userLimit: 3 });
    const smallKey = await buildScopedApiKey(server, small, ['scim']);
    const res = await bulk(
      [1, 2, 3].map((i) => ({
        method: 'POST',
        path: '/Users',
        bulkId: `p${i}`,
        data: { schemas: [USER], userName: `limit.${i}.${Date.now()}@${small.slug}.test` },
      })),
      {},
      smallKey,
      small.host,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.Operations as Result[]).map((r) => r.status)).toEqual(['201', '201', '409']);
  });

  it("counts a Bulk request against the key's rate limit by its operations", async () => {
    const made = await server.request(ws.host, {
      method: 'POST',
      url: '/main-api/api/api-keys',
      token: ws.admin.token,
      payload: { name: 'Counted', scopes: ['scim'], expiresInDays: 30 },
    });
    const { key: madeKey, secret } = made.json() as { key: { id: string }; secret: string };
    const operations = 2 * BULK_OPERATIONS_PER_REQUEST + 1;
    const res = await bulk(
      Array.from({ length: operations }, (_, i) => ({
        method: 'DELETE',
        path: `/Users/00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      })),
      {},
      secret,
    );
    expect((res.body.Operations as Result[]).every((r) => r.status === '404')).toBe(true);
    const [row] = await server.db.system((tx) =>
      tx.query<{ n: number }>(`SELECT cardinality(hits) AS n FROM rate_limits WHERE key = $1`, [
        hashLimitKey(SCIM_LIMIT, madeKey.id),
      ]),
    );
    expect(row?.n).toBe(3);

    // The limiter itself: several events at once fit only when all of them do.
    const limits = new RateLimits(server.db);
    const limit = { name: `bulk-test-${Date.now()}`, max: 10, windowMs: 60_000, what: 'tests' };
    const keys = [{ limit, key: 'k' }];
    await limits.takeMany(keys, 7);
    await expect(limits.takeMany(keys, 4)).rejects.toMatchObject({ statusCode: 429 });
    await limits.takeMany(keys, 3);
    await expect(limits.take(keys)).rejects.toMatchObject({ statusCode: 429 });
  });

  it('answers 413 with a SCIM error to too many operations or too many bytes', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => ({ method: 'DELETE', path: `/Users/x${i}` }));
    const tooMany = await bulk(many);
    expect(tooMany.status).toBe(413);
    expect(tooMany.body).toMatchObject({ schemas: [ERROR], status: '413' });
    const big = await bulk([
      { method: 'POST', path: '/Users', bulkId: 'big', data: person({ title: 'x'.repeat(1024 * 1024) }) },
    ]);
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ schemas: [ERROR], status: '413' });
  });

  it('answers 400 naming the malformed operation, and runs none of them', async () => {
    const first = person();
    const res = await bulk([
      { method: 'POST', path: '/Users', bulkId: 'ok', data: first },
      { method: 'DELETE', path: '/Users/abc' },
      { method: 'FETCH', path: '/Users/abc' },
    ]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ schemas: [ERROR], status: '400', scimType: 'invalidSyntax' });
    expect(res.body.detail).toContain('Operations[2].method');
    const noBulkId = await bulk([{ method: 'POST', path: '/Users', data: first }]);
    expect(noBulkId.status).toBe(400);
    expect(noBulkId.body.detail).toContain('Operations[0].bulkId');
    expect(
      (await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${first.userName}"`)}`)).body.totalResults,
    ).toBe(0);
    const notBulk = await scim('POST', '/Bulk', { schemas: [USER], Operations: [] });
    expect(notBulk.status).toBe(400);
  });
});
