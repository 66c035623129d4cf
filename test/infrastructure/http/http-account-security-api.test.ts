import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/application/shared/api-error';
import { HttpAccountSecurityApi } from '../../../src/infrastructure/http/main/http-account-security-api';
import { mockServer, testClient } from '../../support/msw';

const BASE = 'http://acme.localhost:8080/main-api';
const server = mockServer();
const body = { currentPassword: 'the old harbour at dusk', userNewPassword: 'a long and quiet harbour at dawn' };

describe('HttpAccountSecurityApi over the main API', () => {
  it('posts the change with the bearer token and reads how many sessions ended', async () => {
    let received: { body: unknown; authorization: string | null } | undefined;
    server.use(
      http.post(`${BASE}/api/user/change-password`, async ({ request }) => {
        received = { body: await request.json(), authorization: request.headers.get('authorization') };
        return HttpResponse.json({ ok: true, sessionsEnded: 3 });
      }),
    );
    const { client } = testClient(BASE, 't'.repeat(43));
    expect(await new HttpAccountSecurityApi(client).changePassword(body)).toEqual({ ok: true, sessionsEnded: 3 });
    expect(received).toEqual({ body, authorization: `Bearer ${'t'.repeat(43)}` });
  });

  it('maps a field error of the server to that field', async () => {
    server.use(
      http.post(`${BASE}/api/user/change-password`, () =>
        HttpResponse.json(
          {
            code: 'VALIDATION',
            message: 'Your current password is not correct.',
            fields: { currentPassword: 'Your current password is not correct.' },
          },
          { status: 400 },
        ),
      ),
    );
    const { client } = testClient(BASE, 't'.repeat(43));
    expect(await new HttpAccountSecurityApi(client).changePassword(body)).toMatchObject({
      ok: false,
      reason: 'invalid',
      fields: { currentPassword: 'Your current password is not correct.' },
    });
  });

  it('turns a 429 into a wait message on the current password', async () => {
    server.use(
      http.post(`${BASE}/api/user/change-password`, () =>
        HttpResponse.json(
          { code: 'TOO_MANY_ATTEMPTS', message: 'Too many failed attempts.' },
          { status: 429, headers: { 'retry-after': '300' } },
        ),
      ),
    );
    const { client } = testClient(BASE, 't'.repeat(43));
    expect(await new HttpAccountSecurityApi(client).changePassword(body)).toMatchObject({
      ok: false,
      reason: 'rate-limited',
      fields: { currentPassword: 'Too many wrong passwords. Please wait 5 minute(s) and try again.' },
    });
  });

  it('throws anything else as an ApiError', async () => {
    server.use(
      http.post(`${BASE}/api/user/change-password`, () =>
        HttpResponse.json({ code: 'INTERNAL', message: 'The server could not complete this request' }, { status: 500 }),
      ),
    );
    const { client } = testClient(BASE, 't'.repeat(43));
    await expect(new HttpAccountSecurityApi(client).changePassword(body)).rejects.toBeInstanceOf(ApiError);
  });

  it('reads one of one’s sessions by id, and a session that is not one’s own as null', async () => {
    const id = '11111111-1111-4111-8111-111111111111';
    const session = {
      sessionId: id,
      current: true,
      status: 'active',
      createdAt: '2026-11-24T10:00:00.000Z',
      lastSeenAt: '2026-11-24T10:05:00.000Z',
      expiresAt: '2027-03-24T10:00:00.000Z',
      endedAt: null,
      ip: '127.0.0.1',
      userAgent: 'Chromium',
    };
    let authorization: string | null = null;
    server.use(
      http.get(`${BASE}/api/session/get/:id`, ({ params, request }) => {
        authorization = request.headers.get('authorization');
        return params.id === id
          ? HttpResponse.json(session)
          : HttpResponse.json({ code: 'NOT_FOUND', message: 'There is no such session of yours' }, { status: 404 });
      }),
    );
    const { client } = testClient(BASE, 't'.repeat(43));
    const api = new HttpAccountSecurityApi(client);
    expect(await api.session(id)).toEqual(session);
    expect(authorization).toBe(`Bearer ${'t'.repeat(43)}`);
    expect(await api.session('22222222-2222-4222-8222-222222222222')).toBeNull();
  });
});
