import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ApiClient } from '../../src/infrastructure/http/api-client';
import { FakeSessionStore } from '../fakes/auth.fakes';

/** An msw server for an adapter test file: any call without a handler fails the test. */
export function mockServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** A real ApiClient on `baseUrl` with a session fake (holding `token` when given), counting lost sessions. */
export function testClient(baseUrl: string, token?: string) {
  const sessions = new FakeSessionStore();
  if (token) sessions.save(token);
  let lost = 0;
  const client = new ApiClient({ baseUrl, sessions, onUnauthorized: () => lost++ });
  return { client, sessions, lostSessions: () => lost };
}
