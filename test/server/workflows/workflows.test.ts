import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { buildBusinessUnit, buildUnitUser, buildUser, buildWorkspace, type BuiltWorkspace } from '../support/factories';

const BASE = '/case-api/api/admin';

describe.each(DATABASES)('workflow builder on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let employer: string;
  let acmeBranches: string[];
  /** The workspace the workflows are built in (its headquarters and one more unit), and another one. */
  let acme: BuiltWorkspace;
  let globex: BuiltWorkspace;
  let ACME: string;
  let GLOBEX: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    acme = await buildWorkspace(server, { jurisdictionCode: 'IN' });
    globex = await buildWorkspace(server);
    ACME = acme.host;
    GLOBEX = globex.host;
    await buildBusinessUnit(server, acme);
    admin = acme.admin.token;
    employer = (await buildUser(server, acme, { role: 'EMPLOYER' })).token;
    const res = await server.request(ACME, {
      method: 'GET',
      url: '/main-api/api/workspace/all-branches1',
      token: admin,
    });
    acmeBranches = res.json().map((b: { branchId: string }) => b.branchId);
  });
  afterAll(async () => server?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin, host = ACME) =>
    server.request(host, { method, url: `${BASE}${url}`, token, ...(payload ? { payload } : {}) });

  async function newWorkflow(name = 'Grievance inquiry') {
    const res = await call('POST', '/workflow', {
      workflowName: name,
      workflowDescription: 'Inquiry',
      branchIdList: [acmeBranches[0]],
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { workflowId: string; versions: unknown[] };
  }
  async function newVersion(workflowId: string, payload: object = { name: 'Draft' }) {
    const res = await call('POST', `/workflow/${workflowId}/version`, payload);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      workflowVersionId: string;
      versionNumber: number;
      status: string;
      steps: { stepId: string; name: string; kind: string }[];
    };
  }
  async function addSteps(versionId: string) {
    const meeting = await call('POST', `/step/workflow/${versionId}`, {
      kind: 'MEETING',
      name: 'Hearing',
      meetingFieldList: ['MINUTES'],
    });
    expect(meeting.statusCode).toBe(200);
    const action = await call('POST', `/step/workflow/${versionId}`, {
      kind: 'ACTION',
      name: 'Notify employer',
      actionTypes: ['NOTIFY', 'INFORM_EMPLOYER'],
      party: 'EMPLOYER',
    });
    expect(action.statusCode).toBe(200);
    return { meeting: meeting.json(), action: action.json() };
  }
  const publish = (workflowId: string, workflowVersionId: string, token = admin) =>
    call('POST', '/workflow/publish', { workflowId, workflowVersionId }, token);
  const statuses = async (workflowId: string) => {
    const res = await call('GET', `/workflow/${workflowId}`);
    return Object.fromEntries(
      res.json().versions.map((v: { versionNumber: number; status: string }) => [v.versionNumber, v.status]),
    );
  };

  it("lists the POSH redressal workflow an Indian workspace starts with, published with the law's owners and clocks on its steps", async () => {
    const list = await call('GET', '/workflow');
    expect(list.statusCode).toBe(200);
    const posh = list.json().items.find((w: { workflowName: string }) => w.workflowName === 'POSH redressal');
    expect(posh.publishedVersion).toMatchObject({ versionNumber: 1 });
    expect(posh.workflowDescription).toContain('POSH Act');
    const version = (await call('GET', `/workflow/version/${posh.publishedVersion.workflowVersionId}`)).json();
    expect(version.status).toBe('PUBLISHED');
    const steps = version.steps.map(
      (s: { kind: string; name: string; ownerRole: string; timeLimit: { clockId?: string } | null }) => [
        s.kind,
        s.name,
        s.ownerRole,
        s.timeLimit?.clockId ?? null,
      ],
    );
    expect(steps).toEqual([
      ['ACTION', 'Send the respondent a copy', 'PRESIDING_OFFICER', 'IN_RESPONDENT_COPY'],
      ['MEETING', "Respondent's reply", 'PRESIDING_OFFICER', 'IN_RESPONDENT_REPLY'],
      ['MEETING', 'Inquiry hearing', 'COMMITTEE_MEMBER', 'IN_INQUIRY'],
      ['ACTION', 'Report to the employer', 'PRESIDING_OFFICER', 'IN_REPORT'],
      ['ACTION', 'Employer acts on the recommendations', 'EMPLOYER', 'IN_EMPLOYER_ACTION'],
    ]);
    expect(version.stages.map((s: { name: string }) => s.name)).toEqual(['Receipt', 'Inquiry', 'Report and action']);
  });

  it('creates a workflow, an empty version, MEETING and ACTION steps, in order', async () => {
    const wf = await newWorkflow();
    expect(wf.versions).toEqual([]);
    const v1 = await newVersion(wf.workflowId, { name: 'First', description: 'Initial process' });
    expect(v1).toMatchObject({ versionNumber: 1, status: 'DRAFT', steps: [] });
    const { meeting, action } = await addSteps(v1.workflowVersionId);
    expect(meeting.meetingFieldList.map((f: { key: string }) => f.key)).toEqual([
      'TITLE',
      'AGENDA',
      'START_TIME',
      'END_TIME',
      'LOCATION',
      'GUESTS',
      'MINUTES',
    ]);
    expect(meeting.meetingFieldList.filter((f: { required: boolean }) => f.required)).toHaveLength(6);
    expect(action).toMatchObject({
      kind: 'ACTION',
      actionTypes: ['NOTIFY', 'INFORM_EMPLOYER'],
      party: 'EMPLOYER',
      position: 2,
    });
    const version = (await call('GET', `/workflow/version/${v1.workflowVersionId}`)).json();
    expect(version.steps.map((s: { name: string; position: number }) => [s.position, s.name])).toEqual([
      [1, 'Hearing'],
      [2, 'Notify employer'],
    ]);
    const v2 = await newVersion(wf.workflowId, { name: 'Second' });
    expect(v2.versionNumber).toBe(2);
  });

  it('updates and deletes steps of a draft', async () => {
    const wf = await newWorkflow('Editable');
    const v = await newVersion(wf.workflowId);
    const { meeting, action } = await addSteps(v.workflowVersionId);
    const updated = await call('PUT', `/step/${meeting.stepId}`, {
      name: 'Final hearing',
      meetingFieldList: ['OUTCOME'],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().name).toBe('Final hearing');
    expect(updated.json().meetingFieldList.at(-1).key).toBe('OUTCOME');
    const removed = await call('DELETE', `/step/${action.stepId}/workflow/${v.workflowVersionId}`);
    expect(removed.statusCode).toBe(200);
    const after = (await call('GET', `/workflow/version/${v.workflowVersionId}`)).json();
    expect(after.steps.map((s: { name: string }) => s.name)).toEqual(['Final hearing']);
  });

  it('copies a version with its steps in order under new ids', async () => {
    const wf = await newWorkflow('Copyable');
    const v1 = await newVersion(wf.workflowId);
    const { meeting, action } = await addSteps(v1.workflowVersionId);
    const copy = await newVersion(wf.workflowId, { workflowVersionId: v1.workflowVersionId });
    expect(copy.versionNumber).toBe(2);
    expect(copy.status).toBe('DRAFT');
    expect(copy.steps.map((s) => [s.kind, s.name])).toEqual([
      ['MEETING', 'Hearing'],
      ['ACTION', 'Notify employer'],
    ]);
    expect(copy.steps.map((s) => s.stepId)).not.toContain(meeting.stepId);
    expect(copy.steps.map((s) => s.stepId)).not.toContain(action.stepId);
    const detail = (await call('GET', `/workflow/version/${copy.workflowVersionId}`)).json();
    expect(detail.copiedFromVersionId).toBe(v1.workflowVersionId);
  });

  it('publishes a version; a published version is frozen and cannot be published again', async () => {
    const wf = await newWorkflow('Publishable');
    const v1 = await newVersion(wf.workflowId);
    const { meeting } = await addSteps(v1.workflowVersionId);
    const res = await publish(wf.workflowId, v1.workflowVersionId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ published: { status: 'PUBLISHED', versionNumber: 1 }, archivedVersionId: null });
    expect(res.json().published.publishedAt).toBeTruthy();

    const again = await publish(wf.workflowId, v1.workflowVersionId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already published/);

    const id = v1.workflowVersionId;
    const edits = [
      await call('POST', `/step/workflow/${id}`, { kind: 'MEETING', name: 'Late addition' }),
      await call('PUT', `/step/${meeting.stepId}`, { name: 'Renamed' }),
      await call('DELETE', `/step/${meeting.stepId}/workflow/${id}`),
    ];
    for (const edit of edits) {
      expect(edit.statusCode).toBe(409);
      expect(edit.json().message).toMatch(/create a new version/);
    }
    const list = (await call('GET', '/workflow')).json();
    expect(
      list.items.find((w: { workflowId: string }) => w.workflowId === wf.workflowId).publishedVersion,
    ).toMatchObject({ versionNumber: 1 });
  });

  it('publishing v2 archives v1, and an archived version stays frozen', async () => {
    const wf = await newWorkflow('Two versions');
    const v1 = await newVersion(wf.workflowId);
    await addSteps(v1.workflowVersionId);
    expect((await publish(wf.workflowId, v1.workflowVersionId)).statusCode).toBe(200);
    const v2 = await newVersion(wf.workflowId, { workflowVersionId: v1.workflowVersionId, name: 'Revised' });
    const res = await publish(wf.workflowId, v2.workflowVersionId);
    expect(res.statusCode).toBe(200);
    expect(res.json().archivedVersionId).toBe(v1.workflowVersionId);
    expect(await statuses(wf.workflowId)).toEqual({ 1: 'ARCHIVED', 2: 'PUBLISHED' });
    const republish = await publish(wf.workflowId, v1.workflowVersionId);
    expect(republish.statusCode).toBe(409);
    const edit = await call('POST', `/step/workflow/${v1.workflowVersionId}`, { kind: 'MEETING', name: 'x' });
    expect(edit.statusCode).toBe(409);
  });

  it('refuses to publish a version without steps, with a clear message', async () => {
    const wf = await newWorkflow('Empty');
    const v = await newVersion(wf.workflowId);
    const res = await publish(wf.workflowId, v.workflowVersionId);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at least one step/);
    expect(await statuses(wf.workflowId)).toEqual({ 1: 'DRAFT' });
  });

  it('lets only one of two concurrent publishes of different versions stand, never a 500', async () => {
    const wf = await newWorkflow('Race');
    const a = await newVersion(wf.workflowId);
    await addSteps(a.workflowVersionId);
    const b = await newVersion(wf.workflowId, { workflowVersionId: a.workflowVersionId });
    const results = await Promise.all([
      publish(wf.workflowId, a.workflowVersionId),
      publish(wf.workflowId, b.workflowVersionId, employer),
    ]);
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    const final = Object.values(await statuses(wf.workflowId));
    expect(final.filter((s) => s === 'PUBLISHED')).toHaveLength(1);
    const [{ n }] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM workflow_versions WHERE workflow_id = $1 AND status = 'PUBLISHED'`,
      [wf.workflowId],
    );
    expect(n).toBe(1);
  });

  it('lets exactly one of two concurrent publishes of the same version win; the other gets 409', async () => {
    const wf = await newWorkflow('Same race');
    const v = await newVersion(wf.workflowId);
    await addSteps(v.workflowVersionId);
    const results = await Promise.all([
      publish(wf.workflowId, v.workflowVersionId),
      publish(wf.workflowId, v.workflowVersionId, employer),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await statuses(wf.workflowId)).toEqual({ 1: 'PUBLISHED' });
  });

  it('keeps exactly one PUBLISHED version when many publishes race', async () => {
    const wf = await newWorkflow('Stampede');
    const first = await newVersion(wf.workflowId);
    await addSteps(first.workflowVersionId);
    const copies = await Promise.all(
      [1, 2, 3].map(() =>
        call('POST', `/workflow/${wf.workflowId}/version`, { workflowVersionId: first.workflowVersionId }),
      ),
    );
    // Concurrent version creation still numbers the versions 2, 3, 4.
    expect(copies.map((r) => r.json().versionNumber).sort()).toEqual([2, 3, 4]);
    const ids = [first.workflowVersionId, ...copies.map((r) => r.json().workflowVersionId as string)];
    const results = await Promise.all(
      [...ids, ...ids].map((id, i) => publish(wf.workflowId, id, i % 2 ? employer : admin)),
    );
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    expect(Object.values(await statuses(wf.workflowId)).filter((s) => s === 'PUBLISHED')).toHaveLength(1);
  });

  it('has the database refuse a second PUBLISHED version even past the service (the last wall)', async () => {
    const wf = await newWorkflow('Wall');
    const a = await newVersion(wf.workflowId);
    await addSteps(a.workflowVersionId);
    const b = await newVersion(wf.workflowId, { workflowVersionId: a.workflowVersionId });
    expect((await publish(wf.workflowId, a.workflowVersionId)).statusCode).toBe(200);
    await expect(
      server.db.tenant(acme.id, (tx) =>
        tx.query(
          `UPDATE workflow_versions SET status = 'PUBLISHED', published_at = now() WHERE workspace_id = $1 AND id = $2`,
          [acme.id, b.workflowVersionId],
        ),
      ),
    ).rejects.toThrow(/workflow_versions_one_published|unique/i);
  });

  it('records audit events for create, version and publish', async () => {
    const wf = await newWorkflow('Audited');
    const v = await newVersion(wf.workflowId);
    await addSteps(v.workflowVersionId);
    await publish(wf.workflowId, v.workflowVersionId);
    const rows = await server.db.query<{ action: string; target: string }>(
      `SELECT action, target FROM audit_events WHERE target IN ($1, $2) ORDER BY id`,
      [wf.workflowId, v.workflowVersionId],
    );
    expect(rows.map((r) => r.action)).toEqual(['workflow.create', 'workflow.version.create', 'workflow.publish']);
  });

  it("updates a workflow; business units must be this workspace's", async () => {
    const wf = await newWorkflow('Renamable');
    const res = await call('PUT', `/workflow/${wf.workflowId}`, {
      workflowName: 'Renamed',
      branchIdList: acmeBranches,
      defaultToWorkspace: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ workflowName: 'Renamed', defaultToWorkspace: true });
    expect([...res.json().branchIdList].sort()).toEqual([...acmeBranches].sort());

    const globexAdmin = globex.admin.token;
    const globexBranch = (
      await server.request(GLOBEX, { method: 'GET', url: '/main-api/api/workspace/all-branches1', token: globexAdmin })
    ).json()[0].branchId;
    const bad = await call('POST', '/workflow', { workflowName: 'Cross', branchIdList: [globexBranch] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('branchIdList');
    const badUpdate = await call('PUT', `/workflow/${wf.workflowId}`, { branchIdList: [globexBranch] });
    expect(badUpdate.statusCode).toBe(400);
    const badVersion = await call('POST', `/workflow/${wf.workflowId}/version`, {
      name: 'x',
      branchIdList: [globexBranch],
    });
    expect(badVersion.statusCode).toBe(400);
    expect(badVersion.json().fields).toHaveProperty('branchIdList');
  });

  it("answers 404 for another workspace's workflow, version and step", async () => {
    const wf = await newWorkflow('Private');
    const v = await newVersion(wf.workflowId);
    const { meeting } = await addSteps(v.workflowVersionId);
    const globexAdmin = globex.admin.token;
    const g = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      call(method, url, payload, globexAdmin, GLOBEX);
    const answers = [
      await g('GET', `/workflow/${wf.workflowId}`),
      await g('PUT', `/workflow/${wf.workflowId}`, { workflowName: 'Stolen' }),
      await g('POST', `/workflow/${wf.workflowId}/version`, { name: 'Stolen' }),
      await g('GET', `/workflow/version/${v.workflowVersionId}`),
      await g('POST', '/workflow/publish', { workflowId: wf.workflowId, workflowVersionId: v.workflowVersionId }),
      await g('POST', `/step/workflow/${v.workflowVersionId}`, { kind: 'MEETING', name: 'x' }),
      await g('PUT', `/step/${meeting.stepId}`, { name: 'x' }),
      await g('DELETE', `/step/${meeting.stepId}/workflow/${v.workflowVersionId}`),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    const list = (await g('GET', '/workflow')).json();
    expect(list.items.map((w: { workflowName: string }) => w.workflowName)).not.toContain('Private');
    // A version of another workflow of the same workspace is not this workflow's.
    const other = await newWorkflow('Other');
    expect((await publish(other.workflowId, v.workflowVersionId)).statusCode).toBe(404);
    const copyAcross = await call('POST', `/workflow/${other.workflowId}/version`, {
      workflowVersionId: v.workflowVersionId,
    });
    expect(copyAcross.statusCode).toBe(400);
    expect(copyAcross.json().fields).toHaveProperty('workflowVersionId');
  });

  it('answers each refusal of the workflow service with its status and body', async () => {
    const none = '00000000-0000-4000-8000-000000000000';
    const wf = await newWorkflow('Refusals');
    const v = await newVersion(wf.workflowId);
    const { meeting } = await addSteps(v.workflowVersionId);
    const body = async (res: Promise<{ statusCode: number; json: () => unknown }>) => {
      const r = await res;
      return { status: r.statusCode, body: r.json() };
    };
    expect(await body(call('GET', `/workflow/${none}`))).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Workflow not found' },
    });
    expect(await body(call('GET', `/workflow/version/${none}`))).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Workflow version not found' },
    });
    expect(await body(call('PUT', `/step/${none}`, { name: 'x' }))).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Step not found' },
    });
    expect(await body(call('DELETE', `/step/${none}/workflow/${v.workflowVersionId}`))).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Step not found in this version' },
    });
    expect(await body(call('PUT', `/workflow/${wf.workflowId}`, { branchIdList: [none] }))).toEqual({
      status: 400,
      body: {
        code: 'VALIDATION',
        message: 'branchIdList names business units that are not in this workspace',
        fields: { branchIdList: `Unknown business unit: ${none}` },
      },
    });
    expect(await body(call('PUT', `/step/${meeting.stepId}`, { name: ' ' }))).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION' },
    });
    expect((await publish(wf.workflowId, v.workflowVersionId)).statusCode).toBe(200);
    const again = await body(publish(wf.workflowId, v.workflowVersionId));
    expect(again).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', fields: { workflowVersionId: expect.any(String) } },
    });
    expect(await body(call('PUT', `/step/${meeting.stepId}`, { name: 'Renamed' }))).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: expect.stringMatching(/create a new version/) },
    });
  });

  it('keeps row-level security as a second wall on every workflow table', async () => {
    // The other workspace has its own (statutory) process: inside its transaction, no row of another workspace is
    // visible.
    const seen = await server.db.tenant(globex.id, (tx) =>
      tx.query<{ t: string; n: number }>(
        `SELECT 'workflows' AS t, count(*)::int AS n FROM workflows WHERE workspace_id <> $1
         UNION ALL SELECT 'versions', count(*)::int FROM workflow_versions WHERE workspace_id <> $1
         UNION ALL SELECT 'steps', count(*)::int FROM workflow_steps WHERE workspace_id <> $1
         UNION ALL SELECT 'branches', count(*)::int FROM workflow_branches WHERE workspace_id <> $1`,
        [globex.id],
      ),
    );
    expect(seen.map((r) => r.n)).toEqual([0, 0, 0, 0]);
    const [own] = await server.db.tenant(globex.id, (tx) =>
      tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM workflow_steps`),
    );
    expect(own.n).toBeGreaterThan(0);
    const [all] = await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM workflow_steps`);
    expect(all.n).toBeGreaterThan(0);
  });

  it('refuses employees and business-unit admins with 403, and anonymous callers with 401', async () => {
    const unit = await buildBusinessUnit(server, acme);
    for (const { token } of [
      await buildUser(server, acme),
      await buildUnitUser(server, acme, unit.id, { role: 'BRANCH_ADMIN' }),
    ]) {
      expect((await call('GET', '/workflow', undefined, token)).statusCode).toBe(403);
      expect((await call('POST', '/workflow', { workflowName: 'Nope' }, token)).statusCode).toBe(403);
    }
    const anonymous = await server.request(ACME, { method: 'GET', url: `${BASE}/workflow` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('rejects bad input with 400 naming the fields', async () => {
    const unknownField = await call('POST', '/workflow', { workflowName: 'X', owner: 'me' });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().fields).toHaveProperty('owner');
    const noName = await call('POST', '/workflow', { workflowName: '   ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields).toHaveProperty('workflowName');
    const badId = await call('GET', '/workflow/not-a-uuid');
    expect(badId.statusCode).toBe(400);
    const wf = await newWorkflow('Validation');
    const neither = await call('POST', `/workflow/${wf.workflowId}/version`, {});
    expect(neither.statusCode).toBe(400);
    expect(neither.json().fields).toHaveProperty('name');
    const v = await newVersion(wf.workflowId);
    const noActions = await call('POST', `/step/workflow/${v.workflowVersionId}`, {
      kind: 'ACTION',
      name: 'Act',
      actionTypes: [],
    });
    expect(noActions.statusCode).toBe(400);
    expect(noActions.json().fields).toHaveProperty('actionTypes');
    const badKind = await call('POST', `/step/workflow/${v.workflowVersionId}`, { kind: 'STAGE', name: 'x' });
    expect(badKind.statusCode).toBe(400);
    const notifyWithoutParty = await call('POST', `/step/workflow/${v.workflowVersionId}`, {
      kind: 'ACTION',
      name: 'Tell',
      actionTypes: ['NOTIFY'],
    });
    expect(notifyWithoutParty.statusCode).toBe(400);
    expect(notifyWithoutParty.json().fields).toHaveProperty('party');
    const meetingWithActions = await call('POST', `/step/workflow/${v.workflowVersionId}`, {
      kind: 'MEETING',
      name: 'M',
      actionTypes: ['NOTIFY'],
    });
    expect(meetingWithActions.statusCode).toBe(400);
    const badPublish = await call('POST', '/workflow/publish', { workflowId: wf.workflowId });
    expect(badPublish.statusCode).toBe(400);
    expect(badPublish.json().fields).toHaveProperty('workflowVersionId');
    const missing = await call('GET', '/workflow/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
  });
});
