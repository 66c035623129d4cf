import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-app';

describe('the development outbox page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => server?.close());

  it('shows the mail sent, to this machine only', async () => {
    await server.request('acme.localhost', { method: 'POST', url: '/main-api/api/user/forgot-password', payload: { userEmail: 'employee@acme.test' } });
    const local = await server.request('localhost', { method: 'GET', url: '/dev/outbox?format=json&to=employee%40acme.test', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.json()[0].subject).toMatch(/^Reset your Acme password: code \d{6}$/);
    const html = await server.request('localhost', { method: 'GET', url: '/dev/outbox', remoteAddress: '::1' });
    expect(html.body).toContain('Outbox (development only)');
    const remote = await server.request('localhost', { method: 'GET', url: '/dev/outbox?format=json', remoteAddress: '203.0.113.5' });
    expect(remote.statusCode).toBe(404);
  });
});
