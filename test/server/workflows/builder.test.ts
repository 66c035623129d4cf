import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import {
  buildBusinessUnit,
  buildUnitUser,
  buildUser,
  buildWorkspace,
  type BuiltUser,
  type BuiltWorkspace,
} from '../support/factories';

const BASE = '/case-api/api/admin';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Step {
  stepId: string;
  position: number;
  name: string;
  kind: string;
  actionTypes: string[];
  party: string | null;
  ownerRole: string | null;
  timeLimit: unknown;
  stageId: string | null;
}
interface Component {
  componentId: string;
  title: string;
  systemKey: string | null;
  attributes: {
    attributeId: string;
    label: string;
    systemKey: string | null;
    required: boolean;
    position: number;
    resourceFileId: string | null;
  }[];
}
interface Version {
  workflowVersionId: string;
  status: string;
  steps: Step[];
  stages: { stageId: string; name: string; stepIdList: string[] }[];
  components: Component[];
  actionSettings: { actionType: string; mailSubject: string; customised: boolean }[];
}

describe.each(DATABASES)('the rest of the workflow builder on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let employer: string;
  let globexAdmin: string;
  /** The workspace the processes are built in, its employer, and another workspace with an employee. */
  let acme: BuiltWorkspace;
  let globex: BuiltWorkspace;
  let employerUser: BuiltUser;
  let globexEmployee: BuiltUser;
  let ACME: string;
  let GLOBEX: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    acme = await buildWorkspace(server, { jurisdictionCode: 'IN' });
    globex = await buildWorkspace(server);
    ACME = acme.host;
    GLOBEX = globex.host;
    admin = acme.admin.token;
    employerUser = await buildUser(server, acme, { role: 'EMPLOYER' });
    employer = employerUser.token;
    globexAdmin = globex.admin.token;
    globexEmployee = await buildUser(server, globex);
  });
  afterAll(async () => server?.close());

  const call = (method: Method, url: string, payload?: object, token = admin, host = ACME) =>
    server.request(host, { method, url: `${BASE}${url}`, token, ...(payload ? { payload } : {}) });
  const ok = async (method: Method, url: string, payload?: object, token = admin) => {
    const res = await call(method, url, payload, token);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const version = (id: string): Promise<Version> => ok('GET', `/workflow/version/${id}`);

  /** A workflow with a draft version holding a meeting and an action step. */
  async function draft(name = 'Builder test') {
    const wf = await ok('POST', '/workflow', { workflowName: name });
    const v = await ok('POST', `/workflow/${wf.workflowId}/version`, { name: 'Draft' });
    const meeting: Step = await ok('POST', `/step/workflow/${v.workflowVersionId}`, {
      kind: 'MEETING',
      name: 'Hearing',
    });
    const action: Step = await ok('POST', `/step/workflow/${v.workflowVersionId}`, {
      kind: 'ACTION',
      name: 'Copy to respondent',
      actionTypes: ['INFORM_RESPONDENT'],
    });
    return { workflowId: wf.workflowId as string, versionId: v.workflowVersionId as string, meeting, action };
  }
  const publish = (workflowId: string, workflowVersionId: string) =>
    ok('POST', '/workflow/publish', { workflowId, workflowVersionId });
  const audits = async (action: string) =>
    server.db.query<{ action: string; target: string; details: Record<string, unknown> }>(
      `SELECT action, target, details FROM audit_events WHERE action = $1 ORDER BY at, id`,
      [action],
    );

  it('gives every new version the complaint form of the spec, in three parts with its required fields', async () => {
    const { versionId } = await draft('Form of the spec');
    const v = await version(versionId);
    expect(v.components.map((c) => [c.systemKey, c.title])).toEqual([
      ['COMPLAINANT', 'Complainant'],
      ['RESPONDENT', 'Respondent'],
      ['INCIDENT', 'Incident'],
    ]);
    const required = v.components.flatMap((c) => c.attributes.filter((a) => a.required).map((a) => a.systemKey));
    expect(required).toEqual(['COMPLAINANT_NAME', 'COMPLAINANT_EMAIL', 'INCIDENT_DETAILS', 'INCIDENT_DATE']);
    expect(v.components[2].attributes.map((a) => a.label)).toEqual([
      'Details of the incident',
      'Date of the incident',
      'Evidence',
      'Witnesses',
    ]);
    expect(v.actionSettings.map((s) => s.actionType)).toEqual([
      'NOTIFY',
      'TRANSFER_COMPLAINT',
      'INFORM_RESPONDENT',
      'INFORM_EMPLOYER',
    ]);
  });

  it('gives the POSH process an Indian workspace starts with its form too', async () => {
    const list = await ok('GET', '/workflow');
    const posh = list.items.find((w: { workflowName: string }) => w.workflowName === 'POSH redressal');
    const detail = await ok('GET', `/workflow/${posh.workflowId}`);
    const v = await version(detail.versions.at(-1).workflowVersionId);
    expect(v.components).toHaveLength(3);
  });

  it('answers a step’s details, adds and removes actions with their party', async () => {
    const { versionId, action, meeting } = await draft('Actions');
    const details = await ok('GET', `/workflow/version/${versionId}/step/${action.stepId}/details`);
    expect(details).toMatchObject({
      stepId: action.stepId,
      kind: 'ACTION',
      actionTypes: ['INFORM_RESPONDENT'],
      stage: null,
      ownerRole: null,
    });

    const noParty = await call('POST', `/step/${action.stepId}/action`, { actionType: 'NOTIFY' });
    expect(noParty.statusCode).toBe(400);
    expect(noParty.json().fields.party).toMatch(/whom to notify/);

    const added = await ok('POST', `/step/${action.stepId}/action`, { actionType: 'NOTIFY', party: 'EMPLOYER' });
    expect(added).toMatchObject({ actionTypes: ['INFORM_RESPONDENT', 'NOTIFY'], party: 'EMPLOYER' });
    const more = await ok('POST', `/step/${action.stepId}/action`, { actionType: 'TRANSFER_COMPLAINT' });
    expect(more.actionTypes).toEqual(['INFORM_RESPONDENT', 'NOTIFY', 'TRANSFER_COMPLAINT']);
    const both = await ok('POST', `/step/${action.stepId}/action`, { actionType: 'INFORM_EMPLOYER' });
    expect(both.actionTypes).toHaveLength(4);

    const removed = await ok('POST', `/step/${action.stepId}/remove-action`, { actionType: 'NOTIFY' });
    expect(removed).toMatchObject({
      actionTypes: ['INFORM_RESPONDENT', 'TRANSFER_COMPLAINT', 'INFORM_EMPLOYER'],
      party: null,
    });
    await ok('POST', `/step/${action.stepId}/remove-action`, { actionType: 'TRANSFER_COMPLAINT' });
    await ok('POST', `/step/${action.stepId}/remove-action`, { actionType: 'INFORM_EMPLOYER' });
    const last = await call('POST', `/step/${action.stepId}/remove-action`, { actionType: 'INFORM_RESPONDENT' });
    expect(last.statusCode).toBe(400);
    expect(last.json().fields.actionType).toBeTruthy();
    const absent = await call('POST', `/step/${action.stepId}/remove-action`, { actionType: 'NOTIFY' });
    expect(absent.json().fields.actionType).toMatch(/does not have/);

    const onMeeting = await call('POST', `/step/${meeting.stepId}/action`, {
      actionType: 'NOTIFY',
      party: 'RESPONDENT',
    });
    expect(onMeeting.statusCode).toBe(400);
    expect(onMeeting.json().fields).toHaveProperty('actionType');
    const badType = await call('POST', `/step/${action.stepId}/action`, { actionType: 'EXPEL' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().fields).toHaveProperty('actionType');
    const wrongParty = await call('POST', `/step/${action.stepId}/action`, { actionType: 'NOTIFY', party: 'WITNESS' });
    expect(wrongParty.json().fields).toHaveProperty('party');

    expect(
      (await audits('workflow.step.action.add')).some(
        (a) => a.target === action.stepId && a.details.party === 'EMPLOYER',
      ),
    ).toBe(true);
  });

  it('reorders steps with PUT position, keeping every step once', async () => {
    const { versionId, meeting, action } = await draft('Order');
    const third: Step = await ok('POST', `/step/workflow/${versionId}`, { kind: 'MEETING', name: 'Final hearing' });
    const moved = await ok('PUT', `/step/${third.stepId}`, { position: 1 });
    expect(moved.position).toBe(1);
    let v = await version(versionId);
    expect(v.steps.map((s) => [s.position, s.name])).toEqual([
      [1, 'Final hearing'],
      [2, 'Hearing'],
      [3, 'Copy to respondent'],
    ]);
    await ok('PUT', `/step/${meeting.stepId}`, { position: 99 });
    v = await version(versionId);
    expect(v.steps.map((s) => s.stepId)).toEqual([third.stepId, action.stepId, meeting.stepId]);
    const zero = await call('PUT', `/step/${meeting.stepId}`, { position: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fields).toHaveProperty('position');
  });

  it('keeps stages: steps go into a stage through step settings, a deleted stage frees its steps', async () => {
    const { versionId, meeting, action } = await draft('Stages');
    const inquiry = await ok('POST', `/stage/${versionId}`, { name: 'Inquiry', description: 'Hearing both parties' });
    const report = await ok('POST', `/stage/${versionId}`, { name: 'Report' });
    expect([inquiry.position, report.position]).toEqual([1, 2]);
    expect(inquiry.stepIdList).toEqual([]);

    const setting = await ok('POST', '/step-setting', {
      stepId: action.stepId,
      stageId: inquiry.stageId,
      ownerRole: 'PRESIDING_OFFICER',
      timeLimit: { kind: 'STATUTORY', clockId: 'IN_RESPONDENT_COPY' },
    });
    expect(setting).toEqual({
      stepId: action.stepId,
      stageId: inquiry.stageId,
      ownerRole: 'PRESIDING_OFFICER',
      timeLimit: { kind: 'STATUTORY', clockId: 'IN_RESPONDENT_COPY' },
    });
    await ok('POST', '/step-setting', {
      stepId: meeting.stepId,
      stageId: inquiry.stageId,
      timeLimit: { kind: 'DAYS', days: 5, workingDays: true },
    });
    expect(await ok('GET', `/step-setting/step/${meeting.stepId}`)).toMatchObject({
      timeLimit: { kind: 'DAYS', days: 5, workingDays: true },
      ownerRole: null,
    });

    let v = await version(versionId);
    expect(v.stages.map((s) => [s.name, s.stepIdList])).toEqual([
      ['Inquiry', [meeting.stepId, action.stepId]],
      ['Report', []],
    ]);
    const details = await ok('GET', `/workflow/version/${versionId}/step/${action.stepId}/details`);
    expect(details.stage).toMatchObject({ stageId: inquiry.stageId, name: 'Inquiry' });
    expect(details.timeLimit).toEqual({ kind: 'STATUTORY', clockId: 'IN_RESPONDENT_COPY' });

    expect((await call('DELETE', `/stage/${inquiry.stageId}`)).statusCode).toBe(200);
    v = await version(versionId);
    expect(v.stages.map((s) => s.name)).toEqual(['Report']);
    expect(v.steps.map((s) => s.stageId)).toEqual([null, null]);
    expect(v.steps[1].ownerRole).toBe('PRESIDING_OFFICER');

    const badClock = await call('POST', '/step-setting', {
      stepId: action.stepId,
      timeLimit: { kind: 'STATUTORY', clockId: 'IN_NEVER' },
    });
    expect(badClock.statusCode).toBe(400);
    expect(Object.keys(badClock.json().fields).join()).toMatch(/timeLimit/);
    const badDays = await call('POST', '/step-setting', {
      stepId: action.stepId,
      timeLimit: { kind: 'DAYS', days: 0 },
    });
    expect(Object.keys(badDays.json().fields).join()).toMatch(/timeLimit/);
    const badRole = await call('POST', '/step-setting', { stepId: action.stepId, ownerRole: 'JANITOR' });
    expect(badRole.json().fields).toHaveProperty('ownerRole');
    const other = await draft('Stages elsewhere');
    const foreignStage = await ok('POST', `/stage/${other.versionId}`, { name: 'Elsewhere' });
    const wrongStage = await call('POST', '/step-setting', { stepId: action.stepId, stageId: foreignStage.stageId });
    expect(wrongStage.statusCode).toBe(400);
    expect(wrongStage.json().fields).toHaveProperty('stageId');
    const emptyStage = await call('POST', `/stage/${versionId}`, { name: '  ' });
    expect(emptyStage.json().fields).toHaveProperty('name');
  });

  it('copies a version with its stages, settings, form, prerequisites and mails under new ids', async () => {
    const { workflowId, versionId, action } = await draft('Copy all');
    const stage = await ok('POST', `/stage/${versionId}`, { name: 'Inquiry' });
    await ok('POST', '/step-setting', { stepId: action.stepId, stageId: stage.stageId, ownerRole: 'EMPLOYER' });
    const v1 = await version(versionId);
    const extra = await ok('POST', '/attribute', {
      workflowVersionId: versionId,
      componentId: v1.components[2].componentId,
      label: 'Location',
      fieldType: 'TEXT',
    });
    await ok('POST', '/attribute-setting', {
      workflowVersionId: versionId,
      complianceId: 'IN_POSH',
      attributeId: extra.attributeId,
      roles: ['PRESIDING_OFFICER'],
    });
    await ok('POST', '/workflow-prerequisite', {
      workflowId,
      workflowVersionId: versionId,
      prerequisiteList: [{ kind: 'COMMITTEE_CONSTITUTED', label: 'IC in place' }],
    });
    await ok('POST', '/workflow-action-setting', {
      workflowVersionId: versionId,
      actionType: 'NOTIFY',
      mailSubject: 'Case {{caseNumber}}',
      mailBody: 'Hello',
    });

    const copy = await ok('POST', `/workflow/${workflowId}/version`, { workflowVersionId: versionId });
    const v2 = await version(copy.workflowVersionId);
    expect(v2.stages.map((s) => s.name)).toEqual(['Inquiry']);
    expect(v2.stages[0].stageId).not.toBe(stage.stageId);
    expect(v2.stages[0].stepIdList).toEqual([v2.steps[1].stepId]);
    expect(v2.steps[1].ownerRole).toBe('EMPLOYER');
    const copiedExtra = v2.components[2].attributes.at(-1)!;
    expect(copiedExtra.label).toBe('Location');
    expect(copiedExtra.attributeId).not.toBe(extra.attributeId);
    const roles = await ok('GET', `/attribute-setting/attribute-roles/${copy.workflowVersionId}/IN_POSH`);
    expect(
      roles.attributes.find((a: { attributeId: string }) => a.attributeId === copiedExtra.attributeId).roles,
    ).toEqual(['PRESIDING_OFFICER']);
    expect(
      (await ok('GET', `/workflow-prerequisite/workflow-version/${copy.workflowVersionId}`)).prerequisiteList.map(
        (p: { label: string }) => p.label,
      ),
    ).toEqual(['IC in place']);
    expect(v2.actionSettings.find((s) => s.actionType === 'NOTIFY')).toMatchObject({
      mailSubject: 'Case {{caseNumber}}',
      customised: true,
    });
  });

  it('adds, changes and removes prerequisites of a version', async () => {
    const { workflowId, versionId } = await draft('Prerequisites');
    const added = await ok('POST', '/workflow-prerequisite', {
      workflowId,
      workflowVersionId: versionId,
      prerequisiteList: [
        { kind: 'COMMITTEE_CONSTITUTED', label: 'Internal Committee constituted' },
        { kind: 'POLICY_PUBLISHED', label: 'POSH policy', referenceId: 'policy-1' },
      ],
    });
    expect(added.prerequisiteList.map((p: { position: number; label: string }) => [p.position, p.label])).toEqual([
      [1, 'Internal Committee constituted'],
      [2, 'POSH policy'],
    ]);
    const [first, second] = added.prerequisiteList;
    const changed = await ok('PUT', '/workflow-prerequisite', {
      workflowId,
      workflowVersionId: versionId,
      prerequisiteList: [{ prerequisiteId: second.prerequisiteId, label: 'POSH policy 2026', referenceId: null }],
    });
    expect(changed.prerequisiteList[1]).toMatchObject({
      label: 'POSH policy 2026',
      referenceId: null,
      kind: 'POLICY_PUBLISHED',
    });
    const removed = await ok('POST', '/workflow-prerequisite/remove', {
      workflowId,
      workflowVersionId: versionId,
      prerequisiteIdList: [first.prerequisiteId],
    });
    expect(removed.prerequisiteList.map((p: { label: string }) => p.label)).toEqual(['POSH policy 2026']);
    expect((await ok('GET', `/workflow-prerequisite/workflow-version/${versionId}`)).prerequisiteList).toHaveLength(1);

    const badKind = await call('POST', '/workflow-prerequisite', {
      workflowId,
      workflowVersionId: versionId,
      prerequisiteList: [{ kind: 'LUCK', label: 'x' }],
    });
    expect(badKind.statusCode).toBe(400);
    expect(Object.keys(badKind.json().fields)).toEqual(['prerequisiteList.0.kind']);
    const unknown = await call('PUT', '/workflow-prerequisite', {
      workflowId,
      workflowVersionId: versionId,
      prerequisiteList: [{ prerequisiteId: first.prerequisiteId, label: 'Gone' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toHaveProperty(['prerequisiteList.0.prerequisiteId']);
    // One unknown among several: nothing of the request is kept, not even the changes before it.
    const half = await call('PUT', '/workflow-prerequisite', {
      workflowId,
      workflowVersionId: versionId,
      prerequisiteList: [
        { prerequisiteId: second.prerequisiteId, label: 'Half written' },
        { prerequisiteId: first.prerequisiteId, label: 'Gone' },
      ],
    });
    expect({ status: half.statusCode, body: half.json() }).toEqual({
      status: 400,
      body: {
        code: 'VALIDATION',
        message: 'Not a prerequisite of this version',
        fields: { 'prerequisiteList.1.prerequisiteId': 'Not a prerequisite of this version' },
      },
    });
    expect(
      (await ok('GET', `/workflow-prerequisite/workflow-version/${versionId}`)).prerequisiteList.map(
        (p: { label: string }) => p.label,
      ),
    ).toEqual(['POSH policy 2026']);
    const removeUnknown = await call('POST', '/workflow-prerequisite/remove', {
      workflowId,
      workflowVersionId: versionId,
      prerequisiteIdList: [first.prerequisiteId],
    });
    expect(removeUnknown.json().fields).toHaveProperty('prerequisiteIdList');
    const other = await draft('Other workflow');
    const mismatched = await call('POST', '/workflow-prerequisite', {
      workflowId: other.workflowId,
      workflowVersionId: versionId,
      prerequisiteList: [{ kind: 'OTHER', label: 'x' }],
    });
    expect(mismatched.statusCode).toBe(404);
    expect((await audits('workflow.prerequisite.remove')).some((a) => a.target === versionId)).toBe(true);
  });

  it('edits the complaint form: fields added, changed, ordered, given a file and removed; parts added, moved and removed', async () => {
    const { versionId } = await draft('Form');
    const incident = (await version(versionId)).components[2];
    const place = await ok('POST', '/attribute', {
      workflowVersionId: versionId,
      componentId: incident.componentId,
      label: 'Where',
      fieldType: 'TEXT',
      helpText: 'Office or online',
    });
    expect(place).toMatchObject({
      label: 'Where',
      position: 5,
      systemKey: null,
      required: false,
      helpText: 'Office or online',
    });
    const kindOf = await ok('POST', '/attribute', {
      workflowVersionId: versionId,
      componentId: incident.componentId,
      label: 'Kind of conduct',
      fieldType: 'SELECT',
      options: ['Verbal', 'Physical', 'Online'],
      required: true,
    });
    expect(kindOf.options).toEqual(['Verbal', 'Physical', 'Online']);

    const changed = await ok('PUT', `/attribute/${place.attributeId}`, { label: 'Where it happened', required: true });
    expect(changed).toMatchObject({ label: 'Where it happened', required: true });

    const ordered = await ok('PUT', `/attribute/order/${kindOf.attributeId}`, { position: 1 });
    expect(ordered.attributes.map((a: { label: string }) => a.label)).toEqual([
      'Kind of conduct',
      'Details of the incident',
      'Date of the incident',
      'Evidence',
      'Witnesses',
      'Where it happened',
    ]);

    // Only a confirmed upload of this workspace: a made-up id, and another workspace's file, are refused.
    const fileOf = async (workspaceId: string, name: string) =>
      (
        await server.db.query<{ id: string }>(
          `INSERT INTO files (workspace_id, owner_id, purpose, declared_name, declared_size, storage_key, size, detected_type, status, confirmed_at)
           VALUES ($1::uuid, gen_random_uuid(), 'DOCUMENT', $2, 10, $1::text || '/' || gen_random_uuid() || '-' || $2, 10, 'application/pdf', 'CONFIRMED', now()) RETURNING id`,
          [workspaceId, name],
        )
      )[0].id;
    const plan = await fileOf(acme.id, 'floor-plan.pdf');
    const foreign = await fileOf(globex.id, 'theirs.pdf');
    for (const fileId of ['file-123', foreign]) {
      const refused = await call('POST', `/attribute/confirm-resource-upload/${place.attributeId}`, { fileId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toHaveProperty('fileId');
    }
    const withFile = await ok('POST', `/attribute/confirm-resource-upload/${place.attributeId}`, { fileId: plan });
    expect(withFile).toMatchObject({ resourceFileId: plan, resourceFileName: 'floor-plan.pdf' });

    expect((await call('DELETE', `/attribute/${place.attributeId}`)).statusCode).toBe(200);
    let v = await version(versionId);
    expect(v.components[2].attributes.map((a) => a.label)).not.toContain('Where it happened');

    const part = await ok('POST', '/component', {
      workflowVersionId: versionId,
      title: 'Support needed',
      description: 'Interim relief (IN-08)',
    });
    expect(part).toMatchObject({ title: 'Support needed', position: 4, systemKey: null, attributes: [] });
    const moved = await ok('PUT', `/component/${part.componentId}`, { title: 'Support you need', position: 1 });
    expect(moved).toMatchObject({ title: 'Support you need', position: 1 });
    await ok('POST', '/attribute', {
      workflowVersionId: versionId,
      componentId: part.componentId,
      label: 'Leave',
      fieldType: 'CHECKBOX',
    });
    expect((await call('DELETE', `/component/${part.componentId}`)).statusCode).toBe(200);
    v = await version(versionId);
    expect(v.components.map((c) => c.title)).toEqual(['Complainant', 'Respondent', 'Incident']);

    expect(
      (await audits('workflow.attribute.resource')).some(
        (a) => a.target === place.attributeId && a.details.fileId === plan,
      ),
    ).toBe(true);
    expect((await audits('workflow.component.delete')).some((a) => a.target === part.componentId)).toBe(true);
  });

  it('keeps the law’s fields: required ones stay required, none is removed, each answer names the field', async () => {
    const { versionId } = await draft('Form rules');
    const v = await version(versionId);
    const [complainant, , incident] = v.components;
    const name = complainant.attributes.find((a) => a.systemKey === 'COMPLAINANT_NAME')!;
    const optional = await call('PUT', `/attribute/${name.attributeId}`, { required: false });
    expect(optional.statusCode).toBe(400);
    expect(optional.json().fields.required).toMatch(/required on every complaint form/);
    const retyped = await call('PUT', `/attribute/${name.attributeId}`, { fieldType: 'NUMBER' });
    expect(retyped.json().fields).toHaveProperty('fieldType');
    const removed = await call('DELETE', `/attribute/${name.attributeId}`);
    expect(removed.statusCode).toBe(400);
    expect(removed.json().message).toMatch(/cannot be removed/);
    const part = await call('DELETE', `/component/${complainant.componentId}`);
    expect(part.statusCode).toBe(400);
    expect(part.json().fields).toHaveProperty('id');
    // The label of a spec field may change (wording), its place in the form too.
    expect((await ok('PUT', `/attribute/${name.attributeId}`, { label: 'Your full name' })).label).toBe(
      'Your full name',
    );

    const noChoices = await call('POST', '/attribute', {
      workflowVersionId: versionId,
      componentId: incident.componentId,
      label: 'Kind',
      fieldType: 'SELECT',
      options: ['One'],
    });
    expect(noChoices.statusCode).toBe(400);
    expect(noChoices.json().fields).toHaveProperty('options');
    const noLabel = await call('POST', '/attribute', {
      workflowVersionId: versionId,
      componentId: incident.componentId,
      label: '',
      fieldType: 'TEXT',
    });
    expect(noLabel.json().fields).toHaveProperty('label');
    const badType = await call('POST', '/attribute', {
      workflowVersionId: versionId,
      componentId: incident.componentId,
      label: 'X',
      fieldType: 'HTML',
    });
    expect(badType.json().fields).toHaveProperty('fieldType');
    const other = await draft('Form elsewhere');
    const foreignPart = (await version(other.versionId)).components[0];
    const wrongPart = await call('POST', '/attribute', {
      workflowVersionId: versionId,
      componentId: foreignPart.componentId,
      label: 'X',
      fieldType: 'TEXT',
    });
    expect(wrongPart.statusCode).toBe(400);
    expect(wrongPart.json().fields).toHaveProperty('componentId');
    const noFile = await call('POST', `/attribute/confirm-resource-upload/${name.attributeId}`, {});
    expect(noFile.json().fields).toHaveProperty('fileId');
  });

  it('sets who sees each field, per statutory regime, and always the presiding officer', async () => {
    const { versionId } = await draft('Roles');
    const before = await ok('GET', `/attribute-setting/attribute-roles/${versionId}/IN_POSH`);
    expect(before.attributes).toHaveLength(13);
    expect(before.attributes[0]).toMatchObject({
      componentTitle: 'Complainant',
      label: 'Name',
      roles: ['PRESIDING_OFFICER', 'COMMITTEE_MEMBER', 'COMPLAINANT'],
      customised: false,
    });
    const phone = before.attributes.find(
      (a: { label: string; componentTitle: string }) => a.componentTitle === 'Complainant' && a.label === 'Phone',
    );
    const after = await ok('POST', '/attribute-setting', {
      workflowVersionId: versionId,
      complianceId: 'IN_POSH',
      attributeId: phone.attributeId,
      roles: ['PRESIDING_OFFICER'],
    });
    expect(after.attributes.find((a: { attributeId: string }) => a.attributeId === phone.attributeId)).toMatchObject({
      roles: ['PRESIDING_OFFICER'],
      customised: true,
    });
    const canada = await ok('GET', `/attribute-setting/attribute-roles/${versionId}/CA_FEDERAL`);
    expect(canada.attributes.find((a: { attributeId: string }) => a.attributeId === phone.attributeId).customised).toBe(
      false,
    );

    const blind = await call('POST', '/attribute-setting', {
      workflowVersionId: versionId,
      complianceId: 'IN_POSH',
      attributeId: phone.attributeId,
      roles: ['RESPONDENT'],
    });
    expect(blind.statusCode).toBe(400);
    expect(blind.json().fields.roles).toMatch(/presiding officer/);
    const regime = await call('GET', `/attribute-setting/attribute-roles/${versionId}/US_TITLE_VII`);
    expect(regime.statusCode).toBe(400);
    expect(regime.json().fields).toHaveProperty('complianceId');
  });

  it('adds, edits and removes fields of a meeting form, and lists them all', async () => {
    const { workflowId, versionId, meeting, action } = await draft('Meeting fields');
    const standard = await ok('GET', '/meeting-fields/all');
    expect(standard.meetingFieldList.map((f: { key: string }) => f.key)).toEqual([
      'TITLE',
      'AGENDA',
      'START_TIME',
      'END_TIME',
      'LOCATION',
      'GUESTS',
      'MINUTES',
      'OUTCOME',
    ]);

    const added = await ok('POST', '/meeting-fields', {
      workflowId,
      stepId: meeting.stepId,
      meetingFieldList: [
        { label: 'Attendance', fieldType: 'TEXTAREA', required: true },
        { label: 'Interpreter needed', fieldType: 'CHECKBOX' },
      ],
    });
    expect(added.customFieldList.map((f: { label: string; required: boolean }) => [f.label, f.required])).toEqual([
      ['Attendance', true],
      ['Interpreter needed', false],
    ]);
    const [attendance, interpreter] = added.customFieldList;
    const edited = await ok('PUT', '/meeting-fields', {
      workflowId,
      stepId: meeting.stepId,
      meetingFieldList: [{ meetingFieldId: attendance.meetingFieldId, label: 'Who attended' }],
    });
    expect(edited.customFieldList[0]).toMatchObject({ label: 'Who attended', fieldType: 'TEXTAREA', required: true });
    const removed = await ok('POST', '/meeting-fields/remove', {
      workflowId,
      stepId: meeting.stepId,
      meetingFieldIdList: [interpreter.meetingFieldId],
    });
    expect(removed.customFieldList.map((f: { label: string }) => f.label)).toEqual(['Who attended']);

    const all = await ok('GET', `/meeting-fields/all?stepId=${meeting.stepId}`);
    expect(all).toMatchObject({ workflowId, stepId: meeting.stepId });
    expect(all.meetingFieldList).toHaveLength(6);
    expect(all.customFieldList.map((f: { label: string }) => f.label)).toEqual(['Who attended']);
    // Changing the step keeps the fields the admin added.
    await ok('PUT', `/step/${meeting.stepId}`, { meetingFieldList: ['MINUTES'] });
    expect((await version(versionId)).steps[0]).toMatchObject({ customMeetingFields: [{ label: 'Who attended' }] });

    const duplicate = await call('POST', '/meeting-fields', {
      workflowId,
      stepId: meeting.stepId,
      meetingFieldList: [{ label: 'Agenda' }],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().fields['meetingFieldList.0.label']).toMatch(/already has/);
    const onAction = await call('POST', '/meeting-fields', {
      workflowId,
      stepId: action.stepId,
      meetingFieldList: [{ label: 'X' }],
    });
    expect(onAction.statusCode).toBe(400);
    expect(onAction.json().fields).toHaveProperty('stepId');
    const unknown = await call('PUT', '/meeting-fields', {
      workflowId,
      stepId: meeting.stepId,
      meetingFieldList: [{ meetingFieldId: 'nope', label: 'Y' }],
    });
    expect(unknown.json().fields).toHaveProperty(['meetingFieldList.0.meetingFieldId']);
    const other = await draft('Meeting elsewhere');
    const wrongWorkflow = await call('POST', '/meeting-fields', {
      workflowId: other.workflowId,
      stepId: meeting.stepId,
      meetingFieldList: [{ label: 'X' }],
    });
    expect(wrongWorkflow.statusCode).toBe(404);
  });

  it('sets the mail an action sends, checking its placeholders', async () => {
    const { versionId } = await draft('Mails');
    const saved = await ok('POST', '/workflow-action-setting', {
      workflowVersionId: versionId,
      actionType: 'INFORM_RESPONDENT',
      mailSubject: 'Case {{caseNumber}}: a complaint names you',
      mailBody: 'Please reply by {{dueDate}}.',
      includeComplaintCopy: true,
    });
    expect(saved.find((s: { actionType: string }) => s.actionType === 'INFORM_RESPONDENT')).toMatchObject({
      mailSubject: 'Case {{caseNumber}}: a complaint names you',
      ccEmailList: [],
      includeComplaintCopy: true,
      customised: true,
    });
    expect(saved.find((s: { actionType: string }) => s.actionType === 'NOTIFY').customised).toBe(false);
    const placeholder = await call('POST', '/workflow-action-setting', {
      workflowVersionId: versionId,
      actionType: 'NOTIFY',
      mailSubject: 'Hi {{complainantName}}',
      mailBody: 'x',
    });
    expect(placeholder.statusCode).toBe(400);
    expect(placeholder.json().fields.mailSubject).toMatch(/Unknown placeholder/);
    // A free address is never kept: the case's mail goes to its people, confirmed by the member completing the step.
    const outside = await call('POST', '/workflow-action-setting', {
      workflowVersionId: versionId,
      actionType: 'INFORM_EMPLOYER',
      mailSubject: 'S',
      mailBody: 'B',
      ccEmailList: ['collector@outside.example'],
      includeComplaintCopy: true,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().fields).toHaveProperty('ccEmailList');
  });

  it('stores and serves escalation settings per business unit', async () => {
    const branches = (
      await server.request(ACME, { method: 'GET', url: '/main-api/api/workspace/all-branches1', token: admin })
    ).json();
    const target = employerUser.id;
    const workspaceWide = await ok('POST', '/escalation-setting', {
      escalationType: 'STEP_OVERDUE',
      firstThresholdDate: 2,
      secondThresholdDate: 5,
      targetId: target,
    });
    expect(workspaceWide).toMatchObject({
      branchId: null,
      escalationType: 'STEP_OVERDUE',
      firstThresholdDate: 2,
      secondThresholdDate: 5,
      targetId: target,
      enabled: true,
    });
    const unit = await ok('POST', '/escalation-setting', {
      branchId: branches[0].branchId,
      escalationType: 'STATUTORY_CLOCK',
      firstThresholdDate: 0,
      targetId: target,
      enabled: false,
    });
    expect(unit).toMatchObject({ branchId: branches[0].branchId, enabled: false, secondThresholdDate: null });
    // The same unit and type again changes the one setting.
    const again = await ok('POST', '/escalation-setting', {
      escalationType: 'STEP_OVERDUE',
      firstThresholdDate: 3,
      targetId: target,
    });
    expect(again.id).toBe(workspaceWide.id);
    const byId = await ok('POST', '/escalation-setting', {
      id: unit.id,
      branchId: branches[0].branchId,
      escalationType: 'STATUTORY_CLOCK',
      firstThresholdDate: 1,
      targetId: target,
      enabled: true,
    });
    expect(byId).toMatchObject({ id: unit.id, firstThresholdDate: 1, enabled: true });

    const all = await ok('GET', '/escalation-setting');
    expect(all.map((s: { id: string }) => s.id)).toEqual([workspaceWide.id, unit.id]);
    expect(
      (await ok('GET', `/escalation-setting?branchId=${branches[0].branchId}`)).map((s: { id: string }) => s.id),
    ).toEqual([unit.id]);

    const order = await call('POST', '/escalation-setting', {
      escalationType: 'STEP_OVERDUE',
      firstThresholdDate: 5,
      secondThresholdDate: 5,
      targetId: target,
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().fields).toHaveProperty('secondThresholdDate');
    const stranger = await call('POST', '/escalation-setting', {
      escalationType: 'STEP_OVERDUE',
      firstThresholdDate: 1,
      targetId: globexEmployee.id,
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().fields).toHaveProperty('targetId');
    const badType = await call('POST', '/escalation-setting', {
      escalationType: 'SOMETIMES',
      firstThresholdDate: 1,
      targetId: target,
    });
    expect(badType.json().fields).toHaveProperty('escalationType');
    // Another workspace sees none of them and cannot change them.
    expect(await (await call('GET', '/escalation-setting', undefined, globexAdmin, GLOBEX)).json()).toEqual([]);
    const foreign = await call(
      'POST',
      '/escalation-setting',
      { id: unit.id, escalationType: 'STEP_OVERDUE', firstThresholdDate: 1, targetId: target },
      globexAdmin,
      GLOBEX,
    );
    expect(foreign.statusCode).toBe(404);
    expect((await audits('escalation-setting.save')).length).toBeGreaterThanOrEqual(4);
  });

  it('answers 409 to every change of a published version, and leaves it as it was', async () => {
    const { workflowId, versionId, meeting, action } = await draft('Frozen');
    const stage = await ok('POST', `/stage/${versionId}`, { name: 'Inquiry' });
    const before = await version(versionId);
    const field = before.components[2].attributes[0];
    const pre = (
      await ok('POST', '/workflow-prerequisite', {
        workflowId,
        workflowVersionId: versionId,
        prerequisiteList: [{ kind: 'OTHER', label: 'x' }],
      })
    ).prerequisiteList[0];
    const custom = (
      await ok('POST', '/meeting-fields', {
        workflowId,
        stepId: meeting.stepId,
        meetingFieldList: [{ label: 'Notes' }],
      })
    ).customFieldList[0];
    await publish(workflowId, versionId);
    const frozen = await version(versionId);

    const answers = await Promise.all([
      call('POST', `/step/${action.stepId}/action`, { actionType: 'TRANSFER_COMPLAINT' }),
      call('POST', `/step/${action.stepId}/remove-action`, { actionType: 'INFORM_RESPONDENT' }),
      call('PUT', `/step/${action.stepId}`, { position: 1 }),
      call('POST', `/stage/${versionId}`, { name: 'Late' }),
      call('DELETE', `/stage/${stage.stageId}`),
      call('POST', '/workflow-prerequisite', {
        workflowId,
        workflowVersionId: versionId,
        prerequisiteList: [{ kind: 'OTHER', label: 'y' }],
      }),
      call('PUT', '/workflow-prerequisite', {
        workflowId,
        workflowVersionId: versionId,
        prerequisiteList: [{ prerequisiteId: pre.prerequisiteId, label: 'z' }],
      }),
      call('POST', '/workflow-prerequisite/remove', {
        workflowId,
        workflowVersionId: versionId,
        prerequisiteIdList: [pre.prerequisiteId],
      }),
      call('POST', '/step-setting', { stepId: action.stepId, ownerRole: 'EMPLOYER' }),
      call('POST', '/attribute-setting', {
        workflowVersionId: versionId,
        complianceId: 'IN_POSH',
        attributeId: field.attributeId,
        roles: ['PRESIDING_OFFICER'],
      }),
      call('POST', '/attribute', {
        workflowVersionId: versionId,
        componentId: before.components[2].componentId,
        label: 'Late',
        fieldType: 'TEXT',
      }),
      call('PUT', `/attribute/${field.attributeId}`, { label: 'Late' }),
      call('DELETE', `/attribute/${before.components[2].attributes[3].attributeId}`),
      call('PUT', `/attribute/order/${field.attributeId}`, { position: 2 }),
      call('POST', `/attribute/confirm-resource-upload/${field.attributeId}`, { fileId: 'f' }),
      call('POST', '/component', { workflowVersionId: versionId, title: 'Late' }),
      call('PUT', `/component/${before.components[2].componentId}`, { title: 'Late' }),
      call('DELETE', `/component/${before.components[2].componentId}`),
      call('POST', '/meeting-fields', { workflowId, stepId: meeting.stepId, meetingFieldList: [{ label: 'Late' }] }),
      call('PUT', '/meeting-fields', {
        workflowId,
        stepId: meeting.stepId,
        meetingFieldList: [{ meetingFieldId: custom.meetingFieldId, label: 'Late' }],
      }),
      call('POST', '/meeting-fields/remove', {
        workflowId,
        stepId: meeting.stepId,
        meetingFieldIdList: [custom.meetingFieldId],
      }),
      call('POST', '/workflow-action-setting', {
        workflowVersionId: versionId,
        actionType: 'NOTIFY',
        mailSubject: 'S',
        mailBody: 'B',
      }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 409));
    expect(answers[0].json().message).toMatch(/create a new version/);
    expect(await version(versionId)).toEqual(frozen);
    // Reads still answer.
    expect((await call('GET', `/workflow-prerequisite/workflow-version/${versionId}`)).statusCode).toBe(200);
    expect((await call('GET', `/step-setting/step/${action.stepId}`)).statusCode).toBe(200);
  });

  it("answers 404 for another workspace's versions, steps, stages, fields, parts and prerequisites", async () => {
    const { workflowId, versionId, meeting, action } = await draft('Not yours');
    const stage = await ok('POST', `/stage/${versionId}`, { name: 'Inquiry' });
    const v = await version(versionId);
    const field = v.components[2].attributes[0];
    const g = (method: Method, url: string, payload?: object) => call(method, url, payload, globexAdmin, GLOBEX);
    const answers = await Promise.all([
      g('GET', `/workflow/version/${versionId}/step/${action.stepId}/details`),
      g('POST', `/step/${action.stepId}/action`, { actionType: 'TRANSFER_COMPLAINT' }),
      g('POST', `/step/${action.stepId}/remove-action`, { actionType: 'INFORM_RESPONDENT' }),
      g('POST', `/stage/${versionId}`, { name: 'x' }),
      g('DELETE', `/stage/${stage.stageId}`),
      g('POST', '/workflow-prerequisite', {
        workflowId,
        workflowVersionId: versionId,
        prerequisiteList: [{ kind: 'OTHER', label: 'y' }],
      }),
      g('GET', `/workflow-prerequisite/workflow-version/${versionId}`),
      g('GET', `/step-setting/step/${action.stepId}`),
      g('POST', '/step-setting', { stepId: action.stepId, ownerRole: 'EMPLOYER' }),
      g('GET', `/attribute-setting/attribute-roles/${versionId}/IN_POSH`),
      g('POST', '/attribute-setting', {
        workflowVersionId: versionId,
        complianceId: 'IN_POSH',
        attributeId: field.attributeId,
        roles: ['PRESIDING_OFFICER'],
      }),
      g('POST', '/attribute', {
        workflowVersionId: versionId,
        componentId: v.components[2].componentId,
        label: 'x',
        fieldType: 'TEXT',
      }),
      g('PUT', `/attribute/${field.attributeId}`, { label: 'x' }),
      g('DELETE', `/attribute/${field.attributeId}`),
      g('PUT', `/attribute/order/${field.attributeId}`, { position: 2 }),
      g('POST', `/attribute/confirm-resource-upload/${field.attributeId}`, { fileId: 'f' }),
      g('POST', '/component', { workflowVersionId: versionId, title: 'x' }),
      g('PUT', `/component/${v.components[2].componentId}`, { title: 'x' }),
      g('DELETE', `/component/${v.components[2].componentId}`),
      g('GET', `/meeting-fields/all?stepId=${meeting.stepId}`),
      g('POST', '/meeting-fields', { workflowId, stepId: meeting.stepId, meetingFieldList: [{ label: 'x' }] }),
      g('POST', '/workflow-action-setting', {
        workflowVersionId: versionId,
        actionType: 'NOTIFY',
        mailSubject: 'S',
        mailBody: 'B',
      }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 404));
    expect(await version(versionId)).toEqual(v);
  });

  it('lets employers build, refuses employees and business-unit admins with 403, anonymous callers with 401', async () => {
    const { versionId, action } = await draft('Roles of builders');
    expect((await ok('POST', `/stage/${versionId}`, { name: 'By the employer' }, employer)).name).toBe(
      'By the employer',
    );
    expect((await ok('GET', `/step-setting/step/${action.stepId}`, undefined, employer)).stepId).toBe(action.stepId);
    const unit = await buildBusinessUnit(server, acme);
    for (const { token } of [
      await buildUser(server, acme),
      await buildUnitUser(server, acme, unit.id, { role: 'BRANCH_ADMIN' }),
    ]) {
      const answers = await Promise.all([
        call('GET', `/workflow/version/${versionId}/step/${action.stepId}/details`, undefined, token),
        call('POST', `/stage/${versionId}`, { name: 'x' }, token),
        call('POST', '/step-setting', { stepId: action.stepId, ownerRole: 'EMPLOYER' }, token),
        call('GET', `/attribute-setting/attribute-roles/${versionId}/IN_POSH`, undefined, token),
        call('GET', '/meeting-fields/all', undefined, token),
        call('GET', '/escalation-setting', undefined, token),
        call(
          'POST',
          '/escalation-setting',
          { escalationType: 'STEP_OVERDUE', firstThresholdDate: 1, targetId: action.stepId },
          token,
        ),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 403));
    }
    const anonymous = await server.request(ACME, { method: 'GET', url: `${BASE}/escalation-setting` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an employer whose workflow-design permission is switched off', async () => {
    const { versionId } = await draft('Permission off');
    const permissions = (payload: object) =>
      server.request(ACME, { method: 'POST', url: '/main-api/api/permission/update', token: admin, payload });
    expect((await permissions({ role: 'EMPLOYER', permissions: { 'workflows.design': false } })).statusCode).toBe(200);
    const refused = await call('POST', `/stage/${versionId}`, { name: 'x' }, employer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PERMISSION_OFF');
    expect((await permissions({ role: 'EMPLOYER', permissions: { 'workflows.design': true } })).statusCode).toBe(200);
    expect((await call('POST', `/stage/${versionId}`, { name: 'Back on' }, employer)).statusCode).toBe(200);
  });
});
