import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockServer, testClient } from '../../support/msw';
import { ApiError } from '../../../src/application/shared/api-error';
import { HttpWorkflowApi } from '../../../src/infrastructure/http/case/http-workflow-api';

const BASE = 'http://acme.localhost:8080/case-api';
const server = mockServer();

const WF = '11111111-1111-4111-8111-111111111111';
const V1 = '22222222-2222-4222-8222-222222222222';

const versionSummary = {
  workflowVersionId: V1,
  workflowId: WF,
  versionNumber: 1,
  name: 'Version 1',
  description: '',
  status: 'DRAFT',
  branchIdList: [],
  defaultToWorkspace: false,
  copiedFromVersionId: null,
  stepCount: 1,
  createdAt: '2026-11-23T00:00:00.000Z',
  publishedAt: null,
  publishedBy: null,
};
const step = {
  stepId: '33333333-3333-4333-8333-333333333333',
  workflowVersionId: V1,
  position: 1,
  kind: 'ACTION',
  name: 'Inform respondent',
  description: '',
  meetingFieldList: [],
  actionTypes: ['INFORM_RESPONDENT'],
  party: null,
};
const workflow = {
  workflowId: WF,
  workflowName: 'POSH redressal',
  workflowDescription: 'POSH Act inquiry',
  branchIdList: [],
  defaultToWorkspace: true,
  publishedVersion: null,
  draftCount: 1,
  versionCount: 1,
  createdAt: '2026-11-23T00:00:00.000Z',
  updatedAt: '2026-11-23T00:00:00.000Z',
};

function setup() {
  const { client, sessions, lostSessions } = testClient(BASE, 'token-1');
  return { sessions, api: new HttpWorkflowApi(client), unauthorizedCalls: lostSessions };
}

describe('HttpWorkflowApi over the case API', () => {
  it('lists workflows with zero-based paging and the bearer token', async () => {
    let seen: { page: string | null; pageSize: string | null; auth: string | null } | null = null;
    server.use(
      http.get(`${BASE}/api/admin/workflow`, ({ request }) => {
        const q = new URL(request.url).searchParams;
        seen = { page: q.get('page'), pageSize: q.get('pageSize'), auth: request.headers.get('authorization') };
        return HttpResponse.json({ items: [workflow], page: 0, pageSize: 20, total: 1 });
      }),
    );
    const page = await setup().api.list(0);
    expect(seen).toEqual({ page: '0', pageSize: '20', auth: 'Bearer token-1' });
    expect(page.items[0].workflowName).toBe('POSH redressal');
  });

  it('creates a workflow with the spec field names', async () => {
    let body: unknown;
    server.use(
      http.post(`${BASE}/api/admin/workflow`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...workflow, versions: [] });
      }),
    );
    const created = await setup().api.create({
      workflowName: 'POSH redressal',
      workflowDescription: 'x',
      branchIdList: [],
      defaultToWorkspace: true,
    });
    expect(body).toEqual({
      workflowName: 'POSH redressal',
      workflowDescription: 'x',
      branchIdList: [],
      defaultToWorkspace: true,
    });
    expect(created.workflowId).toBe(WF);
  });

  it('copies a version through /api/admin/workflow/{id}/version with workflowVersionId', async () => {
    let body: unknown;
    server.use(
      http.post(`${BASE}/api/admin/workflow/${WF}/version`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          ...versionSummary,
          versionNumber: 2,
          copiedFromVersionId: V1,
          workflowName: 'POSH redressal',
          steps: [step],
        });
      }),
    );
    const copy = await setup().api.createVersion(WF, { workflowVersionId: V1 });
    expect(body).toEqual({ workflowVersionId: V1 });
    expect(copy.steps).toHaveLength(1);
  });

  it('adds a step to the version named in the path', async () => {
    let body: unknown;
    server.use(
      http.post(`${BASE}/api/admin/step/workflow/${V1}`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(step);
      }),
    );
    const added = await setup().api.addStep(V1, {
      kind: 'ACTION',
      name: 'Inform respondent',
      actionTypes: ['INFORM_RESPONDENT'],
    });
    expect(body).toMatchObject({ kind: 'ACTION', actionTypes: ['INFORM_RESPONDENT'] });
    expect(added.stepId).toBe(step.stepId);
  });

  it('publishes with workflowId and workflowVersionId', async () => {
    let body: unknown;
    server.use(
      http.post(`${BASE}/api/admin/workflow/publish`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          published: { ...versionSummary, status: 'PUBLISHED', publishedAt: '2026-11-23T01:00:00.000Z' },
          archivedVersionId: null,
        });
      }),
    );
    const result = await setup().api.publish(WF, V1);
    expect(body).toEqual({ workflowId: WF, workflowVersionId: V1 });
    expect(result).toMatchObject({ ok: true, result: { published: { status: 'PUBLISHED' } } });
  });

  it('removes a step through DELETE /api/admin/step/{s}/workflow/{w}', async () => {
    let hit = false;
    server.use(
      http.delete(`${BASE}/api/admin/step/${step.stepId}/workflow/${V1}`, () => {
        hit = true;
        return HttpResponse.json({ ok: true });
      }),
    );
    await setup().api.removeStep(step.stepId, V1);
    expect(hit).toBe(true);
  });

  it('maps a 409 from publish to a conflict with the server message', async () => {
    server.use(
      http.post(`${BASE}/api/admin/workflow/publish`, () =>
        HttpResponse.json({ code: 'CONFLICT', message: 'This version is already published.' }, { status: 409 }),
      ),
    );
    expect(await setup().api.publish(WF, V1)).toMatchObject({
      ok: false,
      reason: 'conflict',
      message: 'This version is already published.',
    });
  });

  it('throws ApiError with the fields on a 400, and a 404 for a missing workflow', async () => {
    server.use(
      http.post(`${BASE}/api/admin/workflow`, () =>
        HttpResponse.json(
          { code: 'VALIDATION', message: 'Invalid body', fields: { workflowName: 'Enter a name' } },
          { status: 400 },
        ),
      ),
      http.get(`${BASE}/api/admin/workflow/${WF}`, () =>
        HttpResponse.json({ code: 'NOT_FOUND', message: 'Workflow not found' }, { status: 404 }),
      ),
    );
    const { api } = setup();
    const error = await api.create({ workflowName: '' }).catch((e: unknown) => e);
    expect(ApiError.is(error) && error.fields).toEqual({ workflowName: 'Enter a name' });
    const missing = await api.get(WF).catch((e: unknown) => e);
    expect(ApiError.is(missing) && missing.reason).toBe('not-found');
  });

  it('clears the session on a 401', async () => {
    server.use(
      http.get(`${BASE}/api/admin/workflow/version/${V1}`, () =>
        HttpResponse.json({ code: 'UNAUTHORIZED', message: 'Please sign in' }, { status: 401 }),
      ),
    );
    const { api, sessions, unauthorizedCalls } = setup();
    await expect(api.getVersion(V1)).rejects.toBeInstanceOf(ApiError);
    expect(sessions.token()).toBeNull();
    expect(unauthorizedCalls()).toBe(1);
  });

  it('rejects an answer that does not match the contract', async () => {
    server.use(
      http.get(`${BASE}/api/admin/workflow/version/${V1}`, () =>
        HttpResponse.json({ ...versionSummary, status: 'LIVE', steps: [], workflowName: 'x' }),
      ),
    );
    await expect(setup().api.getVersion(V1)).rejects.toThrow();
  });
});
