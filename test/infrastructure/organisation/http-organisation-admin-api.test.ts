import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockServer, testClient } from '../../support/msw';
import { ApiError } from '../../../src/application/shared/api-error';
import {
  HttpBusinessUnitsApi,
  HttpDepartmentsApi,
  HttpMessageTemplatesApi,
  HttpSignupAllowListApi,
  HttpWorkspaceAdminApi,
} from '../../../src/infrastructure/http/main/http-organisation-admin-api';

const BASE = 'http://acme.localhost:8080/main-api';
const server = mockServer();
const UNIT = '11111111-1111-4111-8111-111111111111';
const DEP = '22222222-2222-4222-8222-222222222222';
const USER = '33333333-3333-4333-8333-333333333333';
const unit = {
  branchId: UNIT,
  branchName: 'Acme Goa',
  headquarter: false,
  backgroundColor: '#aa3355',
  userCount: 2,
  departmentCount: 1,
};

describe('HttpBusinessUnitsApi', () => {
  it('pages with a zero-based page and the search on the query, with the bearer token', async () => {
    let seen: URL | null = null;
    let auth: string | null = null;
    server.use(
      http.get(`${BASE}/api/workspace/branches`, ({ request }) => {
        seen = new URL(request.url);
        auth = request.headers.get('authorization');
        return HttpResponse.json({ items: [unit], page: 1, pageSize: 20, total: 21 });
      }),
    );
    const api = new HttpBusinessUnitsApi(testClient(BASE, 'tok').client);
    const page = await api.list({ page: 1, pageSize: 20, search: 'goa' });
    expect(page.total).toBe(21);
    expect(seen!.searchParams.get('page')).toBe('1');
    expect(seen!.searchParams.get('search')).toBe('goa');
    expect(auth).toBe('Bearer tok');
  });

  it('deletes with the move target in the body, and sets a colour in the path', async () => {
    let body: unknown = null;
    let colourPath = '';
    server.use(
      http.post(`${BASE}/api/workspace/delete-branch`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ deletedBranchIds: [UNIT], movedUsers: 2, deletedDepartments: 1 });
      }),
      http.put(`${BASE}/api/workspace/branch/:id/bg-color/:hex`, ({ request }) => {
        colourPath = new URL(request.url).pathname;
        return HttpResponse.json(unit);
      }),
    );
    const api = new HttpBusinessUnitsApi(testClient(BASE, 'tok').client);
    expect(await api.remove({ branchIds: [UNIT], moveUsersToBranchId: DEP })).toMatchObject({ movedUsers: 2 });
    expect(body).toEqual({ branchIds: [UNIT], moveUsersToBranchId: DEP });
    await api.setColour(UNIT, 'aa3355');
    expect(colourPath).toBe(`/main-api/api/workspace/branch/${UNIT}/bg-color/aa3355`);
  });

  it('turns a 400 into an ApiError naming the field', async () => {
    server.use(
      http.post(`${BASE}/api/workspace/delete-branch`, () =>
        HttpResponse.json(
          {
            code: 'VALIDATION',
            message: 'Choose the business unit their 2 people move to',
            fields: { moveUsersToBranchId: 'Required' },
          },
          { status: 400 },
        ),
      ),
    );
    const api = new HttpBusinessUnitsApi(testClient(BASE, 'tok').client);
    const error = await api.remove({ branchIds: [UNIT] }).catch((e: unknown) => e);
    expect(ApiError.is(error) && error.fields).toEqual({ moveUsersToBranchId: 'Required' });
  });
});

describe('HttpDepartmentsApi', () => {
  it('creates, lists managers, appoints and removes through the contract paths', async () => {
    const calls: string[] = [];
    const manager = {
      userId: USER,
      firstName: 'Esha',
      lastName: 'Employee',
      email: 'employee@acme.test',
      role: 'HEAD',
      appointedAt: '2026-11-23T00:00:00.000Z',
    };
    server.use(
      http.post(`${BASE}/api/department`, async ({ request }) => {
        calls.push(`create ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({
          created: [
            {
              departmentId: DEP,
              departmentName: 'Finance',
              branchId: UNIT,
              branchName: 'Acme Goa',
              userCount: 0,
              managerCount: 0,
              createdAt: '2026-11-23T00:00:00.000Z',
            },
          ],
        });
      }),
      http.get(`${BASE}/api/department/:id/managers`, ({ params }) => {
        calls.push(`managers ${params.id}`);
        return HttpResponse.json([manager]);
      }),
      http.post(`${BASE}/api/department/:id/manager`, async ({ params, request }) => {
        calls.push(`add ${params.id} ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(manager);
      }),
      http.delete(`${BASE}/api/department/:id/manager/:userId`, ({ params }) => {
        calls.push(`remove ${params.id} ${params.userId}`);
        return HttpResponse.json({ removed: true });
      }),
      http.get(`${BASE}/api/department/manager-candidates`, ({ request }) => {
        calls.push(`search ${new URL(request.url).searchParams.get('search')}`);
        return HttpResponse.json([
          { userId: USER, name: 'Esha Employee', email: 'employee@acme.test', branchName: null },
        ]);
      }),
    );
    const api = new HttpDepartmentsApi(testClient(BASE, 'tok').client);
    expect(await api.create({ departmentName: 'Finance', allBranch: true })).toHaveLength(1);
    expect(await api.managers(DEP)).toEqual([manager]);
    await api.addManager(DEP, { userId: USER, role: 'HEAD' });
    await api.removeManager(DEP, USER);
    expect(await api.searchUsers('esha')).toHaveLength(1);
    expect(calls).toEqual([
      'create {"departmentName":"Finance","allBranch":true}',
      `managers ${DEP}`,
      `add ${DEP} {"userId":"${USER}","role":"HEAD"}`,
      `remove ${DEP} ${USER}`,
      'search esha',
    ]);
  });
});

describe('HttpWorkspaceAdminApi', () => {
  it('uploads the logo as multipart in the `logo` field', async () => {
    let field: FormDataEntryValue | null = null;
    server.use(
      http.post(`${BASE}/api/workspace/logo`, async ({ request }) => {
        field = (await request.formData()).get('logo');
        return HttpResponse.json({ companyLogo: '/main-api/api/workspace/logo/0123456789abcdef' });
      }),
    );
    const api = new HttpWorkspaceAdminApi(testClient(BASE, 'tok').client);
    const url = await api.uploadLogo(new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' }), 'logo.png');
    expect(url).toBe('/main-api/api/workspace/logo/0123456789abcdef');
    expect(field).toBeInstanceOf(File);
    expect((field as unknown as File).name).toBe('logo.png');
  });

  it('maps a 413 to an ApiError with the message', async () => {
    server.use(
      http.post(`${BASE}/api/workspace/logo`, () =>
        HttpResponse.json({ code: 'FILE_TOO_LARGE', message: 'The logo is larger than 512 KB' }, { status: 413 }),
      ),
    );
    const api = new HttpWorkspaceAdminApi(testClient(BASE, 'tok').client);
    const error = await api
      .uploadLogo(new Blob([new Uint8Array(4)], { type: 'image/png' }), 'big.png')
      .catch((e: unknown) => e);
    expect(ApiError.is(error) && [error.reason, error.message]).toEqual([
      'too-large',
      'The logo is larger than 512 KB',
    ]);
  });

  it('reads and updates the settings', async () => {
    let body: unknown = null;
    const policy = {
      minPasswordLength: 15,
      privilegedIdleMinutes: 60,
      privilegedSessionHours: 24,
      sessionLifetimeDays: 120,
      inviteValidDays: 14,
    };
    server.use(
      http.get(`${BASE}/api/workspace/bulk-signup-setting`, () =>
        HttpResponse.json({
          bulkSignUpEnabled: false,
          socialPlatformSet: [],
          availableSocialPlatforms: ['GOOGLE'],
          ...policy,
        }),
      ),
      http.put(`${BASE}/api/workspace/settings`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          bulkSignUpEnabled: true,
          socialPlatformSet: ['GOOGLE'],
          availableSocialPlatforms: ['GOOGLE'],
          ...policy,
          minPasswordLength: 10,
        });
      }),
    );
    const api = new HttpWorkspaceAdminApi(testClient(BASE, 'tok').client);
    expect(await api.settings()).toEqual({
      bulkSignUpEnabled: false,
      socialPlatformSet: [],
      availableSocialPlatforms: ['GOOGLE'],
      ...policy,
    });
    expect(
      await api.updateSettings({ bulkSignUpEnabled: true, socialPlatformSet: ['GOOGLE'], minPasswordLength: 10 }),
    ).toMatchObject({ minPasswordLength: 10 });
    expect(body).toEqual({ bulkSignUpEnabled: true, socialPlatformSet: ['GOOGLE'], minPasswordLength: 10 });
  });
});

describe('HttpSignupAllowListApi', () => {
  it('lists with the search on the query, adds in the body and removes by path', async () => {
    const entry = {
      entryId: UNIT,
      workspaceId: DEP,
      entry: '@partner.example',
      kind: 'DOMAIN',
      createdAt: '2026-11-23T06:00:00.000Z',
    };
    let seen: URL | null = null;
    let added: unknown = null;
    let removed = '';
    server.use(
      http.get(`${BASE}/api/workspace/signup-allow-list`, ({ request }) => {
        seen = new URL(request.url);
        return HttpResponse.json({ items: [entry], page: 0, pageSize: 10, total: 1 });
      }),
      http.post(`${BASE}/api/workspace/signup-allow-list`, async ({ request }) => {
        added = await request.json();
        return HttpResponse.json(entry);
      }),
      http.delete(`${BASE}/api/workspace/signup-allow-list/:entryId`, ({ params }) => {
        removed = String(params.entryId);
        return HttpResponse.json({ ok: true });
      }),
    );
    const api = new HttpSignupAllowListApi(testClient(BASE, 'tok').client);
    expect((await api.list({ page: 0, pageSize: 10, q: 'partner' })).items).toEqual([entry]);
    expect(seen!.searchParams.get('q')).toBe('partner');
    expect(await api.add('@partner.example')).toEqual(entry);
    expect(added).toEqual({ email: '@partner.example' });
    await api.remove(UNIT);
    expect(removed).toBe(UNIT);
  });
});

describe('HttpMessageTemplatesApi', () => {
  it('reads, saves, previews and resets the invitation through the contract paths', async () => {
    const template = {
      kind: 'INVITATION',
      subject: 'Hi',
      body: 'Go: {{link}}',
      custom: true,
      defaultSubject: 'd',
      defaultBody: 'd {{link}}',
      placeholders: [{ name: 'link', meaning: 'the link', required: true }],
      updatedAt: null,
    };
    const seen: string[] = [];
    server.use(
      http.get(`${BASE}/api/template/invitation`, () => (seen.push('read'), HttpResponse.json(template))),
      http.post(
        `${BASE}/api/template`,
        async ({ request }) => (seen.push(`save ${JSON.stringify(await request.json())}`), HttpResponse.json(template)),
      ),
      http.post(
        `${BASE}/api/template/preview`,
        () => (seen.push('preview'), HttpResponse.json({ subject: 'Hi', text: 'Go: x', html: '<p>Go</p>' })),
      ),
      http.delete(
        `${BASE}/api/template/invitation`,
        () => (seen.push('reset'), HttpResponse.json({ ...template, custom: false })),
      ),
    );
    const api = new HttpMessageTemplatesApi(testClient(BASE, 'tok').client);
    expect((await api.read('invitation')).custom).toBe(true);
    await api.save({ kind: 'INVITATION', subject: 'Hi', body: 'Go: {{link}}' });
    expect((await api.preview({ kind: 'INVITATION', subject: 'Hi', body: 'Go: {{link}}' })).text).toBe('Go: x');
    expect((await api.reset('invitation')).custom).toBe(false);
    expect(seen).toEqual([
      'read',
      'save {"kind":"INVITATION","subject":"Hi","body":"Go: {{link}}"}',
      'preview',
      'reset',
    ]);
  });
});
