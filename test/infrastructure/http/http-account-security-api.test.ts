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
          { code: 'VALIDATION', message: 'Your current password is not correct.', fields: { currentPassword: 'Your current password is not correct.' } },
          { status: 400 },
        ),
      ),
    );
    const { client } = testClient(BASE, 't'.repeat(43));
    expect(await new HttpAccountSecurityApi(client).changePassword(body)).toEqual({
      ok: false,
      field: 'currentPassword',
      message: 'Your current password is not correct.',
    });
  });

  it('turns a 429 into a wait message on the current password', async () => {
    server.use(
      http.post(`${BASE}/api/user/change-password`, () =>
        HttpResponse.json({ code: 'TOO_MANY_ATTEMPTS', message: 'Too many failed attempts.' }, { status: 429, headers: { 'retry-after': '300' } }),
      ),
    );
    const { client } = testClient(BASE, 't'.repeat(43));
    expect(await new HttpAccountSecurityApi(client).changePassword(body)).toEqual({
      ok: false,
      field: 'currentPassword',
      message: 'Too many wrong passwords. Please wait 5 minute(s) and try again.',
    });
  });

  it('throws anything else as an ApiError', async () => {
    server.use(http.post(`${BASE}/api/user/change-password`, () => HttpResponse.json({ code: 'INTERNAL', message: 'The server could not complete this request' }, { status: 500 })));
    const { client } = testClient(BASE, 't'.repeat(43));
    await expect(new HttpAccountSecurityApi(client).changePassword(body)).rejects.toBeInstanceOf(ApiError);
  });
});
