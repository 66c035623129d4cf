import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockServer, testClient } from '../../support/msw';
import { HttpInviteClaimApi } from '../../../src/infrastructure/http/main/http-invite-claim-api';
import { HttpInvitationsApi } from '../../../src/infrastructure/http/main/http-invitations-api';

const BASE = 'http://acme.localhost:8080/main-api';
const CODE = 'abcdefghijklmnopqrstuvwx';
const server = mockServer();

const api = () => new HttpInviteClaimApi(testClient(BASE).client);
const invitations = () => new HttpInvitationsApi(testClient(BASE).client);
const invite = { email: 'nila@acme.test', firstName: 'Nila', companyName: 'Acme' };

describe('HttpInviteClaimApi and HttpInvitationsApi', () => {
  it('checks a link with an empty body and claims it with the password', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${BASE}/api/invite/claim/${CODE}`, async ({ request }) => {
        const body = (await request.json()) as { userNewPassword?: string };
        bodies.push(body);
        return HttpResponse.json({ invite, session: body.userNewPassword ? null : null });
      }),
    );
    expect(await api().check(CODE)).toEqual({ ok: true, invite });
    expect(bodies).toEqual([{}]);
  });

  it.each([
    [404, 'NOT_FOUND', 'not-found', 'not-found'],
    [410, 'INVITE_USED', 'gone', 'used'],
    [410, 'INVITE_EXPIRED', 'gone', 'expired'],
  ] as const)('turns %i %s into a %s refusal coded %s with its message', async (status, code, reason, refusal) => {
    server.use(
      http.post(`${BASE}/api/invite/claim/${CODE}`, () =>
        HttpResponse.json({ code, message: 'explained' }, { status }),
      ),
    );
    expect(await api().check(CODE)).toEqual({ ok: false, reason, code: refusal, message: 'explained', fields: {} });
  });

  it("returns the server's password rule as a weak-password outcome", async () => {
    server.use(
      http.post(`${BASE}/api/invite/claim/${CODE}`, () =>
        HttpResponse.json(
          { code: 'VALIDATION', message: 'weak', fields: { userNewPassword: 'Use at least 15 characters.' } },
          { status: 400 },
        ),
      ),
    );
    expect(await api().claim(CODE, 'short')).toMatchObject({
      ok: false,
      reason: 'invalid',
      code: 'weak-password',
      message: 'Use at least 15 characters.',
    });
  });

  it('sends all unclaimed invitations and reports how many', async () => {
    server.use(http.post(`${BASE}/api/invite/resend/unused/all`, () => HttpResponse.json({ sent: 7 })));
    expect(await invitations().sendUnused()).toEqual({ sent: 7 });
  });
});
