import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/application/shared/api-error';
import type { FeatureFlag } from '../../../src/contracts/main/flags.contract';
import { FeatureFlagPoller, type FlagPoll } from '../../../src/infrastructure/flags/feature-flag-poller';
import { HttpWorkspaceAdminApi } from '../../../src/infrastructure/http/main/http-workspace-admin-api';
import { mockServer, testClient } from '../../support/msw';

const BASE = 'http://localhost:8080/main-api';
const server = mockServer();
const ID = '11111111-1111-4111-8111-111111111111';
const details = {
  workspaceId: ID,
  companyName: 'Initech',
  workspaceUrl: 'initech.localhost',
  userCount: 1,
  userLimit: 25,
  contractExpiresOn: null,
  createdAt: '2026-11-23T00:00:00.000Z',
  modules: { courses: true, 'concerned-authority': true, compliance: true },
  invitedCount: 1,
  headquarterName: 'Initech Headquarters',
};

describe('HttpWorkspaceAdminApi', () => {
  it('posts the list query (zero-based page, search only when given) with the bearer token', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${BASE}/api/admin/workspace`, async ({ request }) => {
        expect(request.headers.get('authorization')).toBe('Bearer platform-token');
        bodies.push(await request.json());
        return HttpResponse.json({ items: [details], page: 0, pageSize: 20, total: 1 });
      }),
    );
    const api = new HttpWorkspaceAdminApi(testClient(BASE, 'platform-token').client);
    expect((await api.list({ page: 0, pageSize: 20, search: ' ' })).items[0].companyName).toBe('Initech');
    await api.list({ page: 2, pageSize: 50, search: 'init' });
    expect(bodies).toEqual([
      { page: 0, pageSize: 20 },
      { page: 2, pageSize: 50, search: 'init' },
    ]);
  });

  it('creates, changes and deletes through the contract’s paths, and maps a 409 to ApiError with its fields', async () => {
    const seen: string[] = [];
    server.use(
      http.post(`${BASE}/api/admin/workspace/create`, async ({ request }) => {
        const body = (await request.json()) as { workspaceUrl: string };
        if (body.workspaceUrl === 'acme.localhost') {
          return HttpResponse.json(
            { code: 'CONFLICT', message: 'taken', fields: { workspaceUrl: 'Already used by Acme' } },
            { status: 409 },
          );
        }
        return HttpResponse.json(details);
      }),
      http.put(`${BASE}/api/admin/workspace-user-limit`, async ({ request }) => {
        seen.push(JSON.stringify(await request.json()));
        return HttpResponse.json(details);
      }),
      http.post(`${BASE}/api/admin/workspace-nav`, async ({ request }) => {
        seen.push(JSON.stringify(await request.json()));
        return HttpResponse.json({
          workspaceId: ID,
          modules: { courses: false, 'concerned-authority': true, compliance: true },
        });
      }),
      http.delete(`${BASE}/api/workspace/${ID}`, () => {
        seen.push('delete');
        return HttpResponse.json({ ok: true });
      }),
    );
    const api = new HttpWorkspaceAdminApi(testClient(BASE, 'platform-token').client);
    const body = {
      companyName: 'Initech',
      workspaceUrl: 'initech.localhost',
      adminEmail: 'bill@initech.test',
      adminFirstName: 'Bill',
    };
    expect(await api.create(body)).toMatchObject({ companyName: 'Initech' });
    const refused = await api.create({ ...body, workspaceUrl: 'acme.localhost' }).catch((e: unknown) => e);
    expect(ApiError.is(refused) && refused.reason === 'conflict' && refused.fields).toEqual({
      workspaceUrl: 'Already used by Acme',
    });
    await api.setUserLimit(ID, 25);
    expect(await api.setModules(ID, { courses: false })).toEqual({
      courses: false,
      'concerned-authority': true,
      compliance: true,
    });
    await api.remove(ID);
    expect(seen).toEqual([
      `{"workspaceId":"${ID}","userLimit":25}`,
      `{"workspaceId":"${ID}","modules":{"courses":false}}`,
      'delete',
    ]);
  });
});

describe('FeatureFlagPoller and contract expiry', () => {
  it('reports an ended contract from the poll’s 403, and clears it when a poll succeeds again', async () => {
    const answers: (FeatureFlag[] | Error)[] = [[], new ApiError('forbidden', 'CONTRACT_EXPIRED', 'ended'), []];
    const poller = new FeatureFlagPoller(
      {
        featureFlags: async () => {
          const next = answers.shift()!;
          if (next instanceof Error) throw next;
          return next;
        },
      },
      60_000,
    );
    const seen: FlagPoll[] = [];
    const stop = poller.subscribe((poll) => seen.push(poll));
    await new Promise((resolve) => setTimeout(resolve, 10));
    await poller.pollNow();
    await poller.pollNow();
    stop();
    expect(seen.map((p) => p.contractExpired ?? false)).toEqual([false, false, true, false]);
  });
});
