import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockServer, testClient } from '../../support/msw';
import { ApiError } from '../../../src/application/shared/api-error';
import { HttpAuthApi } from '../../../src/infrastructure/http/main/http-auth-api';
import { HttpOrganisationApi } from '../../../src/infrastructure/http/main/http-organisation-api';

const BASE = 'http://acme.localhost:8080/main-api';
const server = mockServer();

const user = {
  kind: 'user',
  userId: 'u1',
  email: 'admin@acme.test',
  username: null,
  firstName: 'Asha',
  lastName: 'Admin',
  role: 'WORKSPACE_ADMIN',
  branchIds: [],
  departmentId: null,
  firstLogin: false,
  workspace: {
    workspaceId: 'w1',
    workspaceUrl: 'acme.localhost',
    companyName: 'Acme',
    companyLogo: null,
    backgroundColor: null,
    headQuarterBranchId: null,
  },
};

function setup() {
  const { client, sessions, lostSessions } = testClient(BASE);
  return { sessions, client, auth: new HttpAuthApi(client), unauthorizedCalls: lostSessions };
}

describe('HttpAuthApi over the main API', () => {
  it('posts the sign-in body to /main-api/api/user/signin and parses the session', async () => {
    let received: unknown;
    server.use(
      http.post(`${BASE}/api/user/signin`, async ({ request }) => {
        received = await request.json();
        return HttpResponse.json({ token: 't'.repeat(43), expiresAt: '2027-01-01T00:00:00.000Z', user });
      }),
    );
    const { auth } = setup();
    const result = await auth.signIn({ userEmail: 'admin@acme.test', userPassword: 'pw' });
    expect(received).toEqual({ userEmail: 'admin@acme.test', userPassword: 'pw' });
    expect(result).toMatchObject({ ok: true, session: { user: { email: 'admin@acme.test' } } });
  });

  it('maps a 401 from sign-in to invalid credentials without treating it as a lost session', async () => {
    server.use(
      http.post(`${BASE}/api/user/signin`, () =>
        HttpResponse.json({ code: 'INVALID_CREDENTIALS', message: 'no' }, { status: 401 }),
      ),
    );
    const { auth, sessions, unauthorizedCalls } = setup();
    sessions.save('existing');
    expect(await auth.signIn({ username: 'x', userPassword: 'y' })).toMatchObject({
      ok: false,
      reason: 'signed-out',
      code: 'invalid-credentials',
    });
    expect(unauthorizedCalls()).toBe(0);
    expect(sessions.token()).toBe('existing');
  });

  it('maps a 429 to rate-limited with the Retry-After wait', async () => {
    server.use(
      http.post(`${BASE}/api/user/signin`, () =>
        HttpResponse.json(
          { code: 'TOO_MANY_ATTEMPTS', message: 'wait' },
          { status: 429, headers: { 'retry-after': '120' } },
        ),
      ),
    );
    const { auth } = setup();
    expect(await auth.signIn({ username: 'x', userPassword: 'y' })).toMatchObject({
      ok: false,
      reason: 'rate-limited',
      retryAfterSeconds: 120,
    });
  });

  it('sends the bearer token on signed-in calls', async () => {
    let header: string | null = null;
    server.use(
      http.get(`${BASE}/api/user/details`, ({ request }) => {
        header = request.headers.get('authorization');
        return HttpResponse.json(user);
      }),
    );
    const { auth, sessions } = setup();
    sessions.save('abc');
    expect((await auth.currentUser()).kind).toBe('user');
    expect(header).toBe('Bearer abc');
  });

  it('on a 401 from a signed-in call clears the token and reports the lost session (spec 8)', async () => {
    server.use(
      http.get(`${BASE}/api/user/details`, () =>
        HttpResponse.json({ code: 'UNAUTHORIZED', message: 'Please sign in' }, { status: 401 }),
      ),
    );
    const { auth, sessions, unauthorizedCalls } = setup();
    sessions.save('abc');
    await expect(auth.currentUser()).rejects.toBeInstanceOf(ApiError);
    expect(sessions.token()).toBeNull();
    expect(unauthorizedCalls()).toBe(1);
  });

  it("hands other errors back as ApiError with the server's code, message and fields", async () => {
    server.use(
      http.get(`${BASE}/api/user/details`, () =>
        HttpResponse.json(
          { code: 'VALIDATION', message: 'Invalid body', fields: { userEmail: 'bad' } },
          { status: 400 },
        ),
      ),
    );
    const { auth } = setup();
    const error = await auth.currentUser().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ reason: 'invalid', code: 'VALIDATION', fields: { userEmail: 'bad' } });
  });

  it('rejects an answer that breaks the contract', async () => {
    server.use(http.get(`${BASE}/api/user/details`, () => HttpResponse.json({ kind: 'user', email: 42 })));
    const { auth } = setup();
    await expect(auth.currentUser()).rejects.toThrow();
  });
});

describe('HttpAuthApi one-time codes', () => {
  it('asks for an email code and returns the request id to verify with', async () => {
    let received: unknown;
    server.use(
      http.post(`${BASE}/api/user/signin-create-otp`, async ({ request }) => {
        received = await request.json();
        return HttpResponse.json({
          ok: true,
          otpRequestId: '3f1c1f9e-7a43-4a7e-9c1e-1d2f3a4b5c6d',
          expiresInSeconds: 600,
        });
      }),
    );
    const result = await setup().auth.requestSignInCode('email', 'admin@acme.test');
    expect(received).toEqual({ userEmail: 'admin@acme.test' });
    expect(result).toEqual({
      ok: true,
      sent: { ok: true, otpRequestId: '3f1c1f9e-7a43-4a7e-9c1e-1d2f3a4b5c6d', expiresInSeconds: 600 },
    });
  });

  it('sends an SMS code request to the SMS call with the contact number', async () => {
    let received: unknown;
    server.use(
      http.post(`${BASE}/api/user/signin-create-sms-otp`, async ({ request }) => {
        received = await request.json();
        return HttpResponse.json({
          ok: true,
          otpRequestId: '3f1c1f9e-7a43-4a7e-9c1e-1d2f3a4b5c6d',
          expiresInSeconds: 600,
        });
      }),
    );
    await setup().auth.requestSignInCode('sms', '+919800000010');
    expect(received).toEqual({ contactNumber: '+919800000010' });
  });

  it('maps a wrong code to invalid credentials without ending any session', async () => {
    server.use(
      http.post(`${BASE}/api/user/signin-verify-otp`, () =>
        HttpResponse.json({ code: 'INVALID_CODE', message: 'no' }, { status: 401 }),
      ),
    );
    const { auth, unauthorizedCalls } = setup();
    const result = await auth.signInWithCode('email', {
      destination: 'a@b.co',
      code: '123456',
      requestId: '3f1c1f9e-7a43-4a7e-9c1e-1d2f3a4b5c6d',
    });
    expect(result).toMatchObject({ ok: false, reason: 'signed-out', code: 'invalid-credentials' });
    expect(unauthorizedCalls()).toBe(0);
  });

  it("turns the server's field errors of a reset into a weak-password or wrong-code outcome", async () => {
    server.use(
      http.post(`${BASE}/api/user/reset-password`, async ({ request }) => {
        const body = (await request.json()) as { confirmationCode: string };
        return body.confirmationCode === '111111'
          ? HttpResponse.json(
              { code: 'VALIDATION', message: 'weak', fields: { userNewPassword: 'Use at least 15 characters.' } },
              { status: 400 },
            )
          : HttpResponse.json(
              { code: 'VALIDATION', message: 'code', fields: { confirmationCode: 'The code is not correct' } },
              { status: 400 },
            );
      }),
    );
    const { auth } = setup();
    const base = { userEmail: 'a@b.co', otpRequestId: '3f1c1f9e-7a43-4a7e-9c1e-1d2f3a4b5c6d', userNewPassword: 'x' };
    expect(await auth.resetPassword({ ...base, confirmationCode: '111111' })).toMatchObject({
      ok: false,
      reason: 'invalid',
      code: 'weak-password',
      message: 'Use at least 15 characters.',
    });
    expect(await auth.resetPassword({ ...base, confirmationCode: '222222' })).toMatchObject({
      ok: false,
      reason: 'invalid',
      code: 'wrong-code',
      message: 'The code is not correct',
    });
  });
});

describe('HttpOrganisationApi', () => {
  it('asks for the company profile of a host and answers null for no workspace', async () => {
    server.use(
      http.get(`${BASE}/api/workspace/company-profile/:host`, ({ params }) =>
        params.host === 'acme.localhost:8080'
          ? HttpResponse.json({
              workspaceId: 'w1',
              workspaceUrl: 'acme.localhost',
              companyName: 'Acme',
              companyLogo: null,
              backgroundColor: '#1f6feb',
              socialPlatformSet: ['GOOGLE'],
              bulkSignUpEnabled: false,
            })
          : HttpResponse.json({ code: 'NOT_FOUND', message: 'none' }, { status: 404 }),
      ),
    );
    const api = new HttpOrganisationApi(setup().client);
    expect((await api.companyProfile('acme.localhost:8080'))?.companyName).toBe('Acme');
    expect(await api.companyProfile('nowhere.localhost')).toBeNull();
  });
});
