import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../../support/test-app';
import { JOB_WEBHOOK_DELIVERIES } from '../../../../server/platform/webhooks/webhook-deliveries';
import { buildUser, buildWorkspace, type BuiltUser, type BuiltWorkspace } from '../../support/factories';

/** Names the tests resolve: a public address, and names that point inside (an SSRF through DNS). */
const NAMES: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34'],
  'inside.example.com': ['127.0.0.1'],
  'mixed.example.com': ['93.184.216.34', '10.0.0.7'],
  'metadata.example.com': ['169.254.169.254'],
  'rebind.example.com': ['93.184.216.34'],
};

describe.each(DATABASES)('webhook endpoints on %s', (kind) => {
  let server: TestServer;
  let ws: BuiltWorkspace;
  let other: BuiltWorkspace;
  let employer: BuiltUser;

  beforeAll(async () => {
    server = await startTestServer(
      kind,
      {
        webhooks: { allowPrivate: false, resolve: async (host) => NAMES[host] ?? [] },
      },
      { jobs: true },
    );
    ws = await buildWorkspace(server);
    other = await buildWorkspace(server);
    employer = await buildUser(server, ws, { role: 'EMPLOYER' });
  }, 120_000);
  afterAll(async () => server?.close());

  const create = (w: BuiltWorkspace, url: string, token = w.admin.token, events = ['course.completed']) =>
    server.request(w.host, {
      method: 'POST',
      url: '/main-api/api/webhooks',
      token,
      payload: { url, description: 'HR system', events },
    });

  it('registers an HTTPS endpoint and shows its whsec_ secret once', async () => {
    const res = await create(ws, 'https://hooks.example.com/safeplace');
    expect(res.statusCode, res.body).toBe(200);
    const { endpoint, secret } = res.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({
      url: 'https://hooks.example.com/safeplace',
      events: ['course.completed'],
      status: 'ACTIVE',
    });
    const list = await server.request(ws.host, { method: 'GET', url: '/main-api/api/webhooks', token: ws.admin.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((e: { id: string }) => e.id)).toContain(endpoint.id);
    expect(list.body).not.toContain(secret);
    expect(list.body).not.toContain('whsec_');
  });

  it.each([
    ['http://hooks.example.com/x', 'plain http'],
    ['http://169.254.169.254/latest/meta-data', 'the cloud metadata address'],
    ['https://169.254.169.254/latest/meta-data', 'the metadata address over https'],
    ['https://10.0.0.1/hook', 'a private address'],
    ['https://[::1]/hook', 'IPv6 loopback'],
    ['https://localhost/hook', 'localhost'],
    ['https://inside.example.com/hook', 'a name that resolves to 127.0.0.1'],
    ['https://mixed.example.com/hook', 'a name with one private address among public ones'],
    ['https://metadata.example.com/hook', 'a name that resolves to the metadata address'],
    ['https://user:pw@hooks.example.com/hook', 'credentials in the address'],
    ['https://nowhere.example.com/hook', 'a name that does not resolve'],
    ['not a url', 'no address at all'],
  ])('refuses %s (%s) with 400 on the url field', async (url) => {
    const res = await create(ws, url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toHaveProperty('url');
  });

  it('refuses an unknown event and an empty list of events', async () => {
    expect((await create(ws, 'https://hooks.example.com/a', ws.admin.token, ['case.opened'])).statusCode).toBe(400);
    expect((await create(ws, 'https://hooks.example.com/a', ws.admin.token, [])).statusCode).toBe(400);
  });

  it('is for workspace admins only: an employer is refused', async () => {
    expect((await create(ws, 'https://hooks.example.com/e', employer.token)).statusCode).toBe(403);
    const list = await server.request(ws.host, { method: 'GET', url: '/main-api/api/webhooks', token: employer.token });
    expect(list.statusCode).toBe(403);
  });

  it("answers 404 to every call on another workspace's endpoint, and leaves it as it was", async () => {
    const theirs = (await create(other, 'https://hooks.example.com/theirs')).json().endpoint;
    const base = `/main-api/api/webhooks/${theirs.id}`;
    const token = ws.admin.token;
    const calls = [
      {
        method: 'PUT' as const,
        url: base,
        payload: { url: 'https://hooks.example.com/mine', events: ['course.assigned'], active: true },
      },
      {
        method: 'PUT' as const,
        url: base,
        payload: { url: 'http://10.0.0.1/', events: ['course.assigned'], active: true },
      },
      { method: 'GET' as const, url: `${base}/deliveries` },
      { method: 'POST' as const, url: `${base}/test`, payload: {} },
      { method: 'DELETE' as const, url: base },
    ];
    for (const call of calls) {
      const res = await server.request(ws.host, { ...call, token });
      expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBe(404);
    }
    const list = await server.request(other.host, {
      method: 'GET',
      url: '/main-api/api/webhooks',
      token: other.admin.token,
    });
    expect(list.json().items).toEqual([
      expect.objectContaining({ id: theirs.id, url: 'https://hooks.example.com/theirs' }),
    ]);
  });

  it('updates, pauses, resumes and deletes an endpoint', async () => {
    const made = (await create(ws, 'https://hooks.example.com/u')).json().endpoint;
    const url = `/main-api/api/webhooks/${made.id}`;
    const paused = await server.request(ws.host, {
      method: 'PUT',
      url,
      token: ws.admin.token,
      payload: { url: 'https://hooks.example.com/v', events: ['policy.accepted', 'course.assigned'], active: false },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ url: 'https://hooks.example.com/v', status: 'PAUSED' });
    const resumed = await server.request(ws.host, {
      method: 'PUT',
      url,
      token: ws.admin.token,
      payload: { url: 'https://hooks.example.com/v', events: ['policy.accepted'], active: true },
    });
    expect(resumed.json()).toMatchObject({ status: 'ACTIVE', events: ['policy.accepted'], pausedReason: null });
    const moved = await server.request(ws.host, {
      method: 'PUT',
      url,
      token: ws.admin.token,
      payload: { url: 'https://inside.example.com/v', events: ['policy.accepted'], active: true },
    });
    expect(moved.statusCode).toBe(400);
    const gone = await server.request(ws.host, { method: 'DELETE', url, token: ws.admin.token });
    expect(gone.statusCode).toBe(200);
    expect((await server.request(ws.host, { method: 'DELETE', url, token: ws.admin.token })).statusCode).toBe(404);
  });

  it('checks the address again when it sends: a name that later resolves inside is refused (DNS rebinding)', async () => {
    const made = (await create(ws, 'https://rebind.example.com/hook')).json().endpoint;
    NAMES['rebind.example.com'] = ['127.0.0.1'];
    try {
      const sent = await server.request(ws.host, {
        method: 'POST',
        url: `/main-api/api/webhooks/${made.id}/test`,
        token: ws.admin.token,
        payload: {},
      });
      expect(sent.statusCode, sent.body).toBe(200);
      await server.jobs!.send(JOB_WEBHOOK_DELIVERIES, {});
      expect((await server.jobs!.runPending([JOB_WEBHOOK_DELIVERIES])).failed).toBe(0);
      const listed = await server.request(ws.host, {
        method: 'GET',
        url: `/main-api/api/webhooks/${made.id}/deliveries`,
        token: ws.admin.token,
      });
      expect(listed.json().items[0]).toMatchObject({
        status: 'PENDING',
        attempts: 1,
        responseCode: null,
        lastError: 'rebind.example.com resolves to a private address',
      });
    } finally {
      NAMES['rebind.example.com'] = ['93.184.216.34'];
    }
  });
});
