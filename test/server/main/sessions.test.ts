import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../server/platform/sessions';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';

describe.each(DATABASES)('session lifetimes on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => server?.close());

  const details = (host: string, token: string) => server.request(host, { method: 'GET', url: '/main-api/api/user/details', token });
  const age = (token: string, column: 'last_seen_at' | 'created_at', interval: string) =>
    server.db.query(`UPDATE sessions SET ${column} = now() - interval '${interval}' WHERE token_hash = $1`, [hashToken(token)]);

  it('stores only a hash of the token', async () => {
    const token = await server.signIn('acme.localhost', 'employee@acme.test');
    const rows = await server.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE token_hash = $1', [hashToken(token)]);
    expect(rows).toHaveLength(1);
    const plain = await server.db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [token]);
    expect(plain).toHaveLength(0);
  });

  it('ends an admin session after an hour idle, but not an employee one', async () => {
    const admin = await server.signIn('acme.localhost', 'admin@acme.test');
    const employee = await server.signIn('acme.localhost', 'employee@acme.test');
    await age(admin, 'last_seen_at', '61 minutes');
    await age(employee, 'last_seen_at', '61 minutes');
    expect((await details('acme.localhost', admin)).statusCode).toBe(401);
    expect((await details('acme.localhost', employee)).statusCode).toBe(200);
  });

  it('keeps an active admin signed in, for 24 hours at most', async () => {
    const admin = await server.signIn('acme.localhost', 'employer@acme.test');
    await age(admin, 'last_seen_at', '30 minutes');
    expect((await details('acme.localhost', admin)).statusCode).toBe(200);
    await age(admin, 'created_at', '25 hours');
    expect((await details('acme.localhost', admin)).statusCode).toBe(401);
  });

  it('times out the platform admin the same way', async () => {
    const platform = await server.signIn('localhost', 'platform@demo.test');
    await age(platform, 'last_seen_at', '2 hours');
    expect((await details('localhost', platform)).statusCode).toBe(401);
  });

  it('keeps an employee session for 120 days', async () => {
    const employee = await server.signIn('acme.localhost', 'employee@acme.test');
    await age(employee, 'created_at', '119 days');
    expect((await details('acme.localhost', employee)).statusCode).toBe(200);
    await server.db.query(`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hashToken(employee)]);
    expect((await details('acme.localhost', employee)).statusCode).toBe(401);
  });
});
