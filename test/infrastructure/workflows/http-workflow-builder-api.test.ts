import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockServer, testClient } from '../../support/msw';
import { ApiError } from '../../../src/application/shared/api-error';
import { HttpWorkflowBuilderApi } from '../../../src/infrastructure/http/case/http-workflow-builder-api';

const BASE = 'http://acme.localhost:8080/case-api';
const MAIN = 'http://acme.localhost:8080/main-api';
const server = mockServer();

const V1 = '22222222-2222-4222-8222-222222222222';
const STEP = '33333333-3333-4333-8333-333333333333';
const ATTR = '44444444-4444-4444-8444-444444444444';
const PART = '55555555-5555-4555-8555-555555555555';

const step = {
  stepId: STEP,
  workflowVersionId: V1,
  position: 2,
  kind: 'ACTION',
  name: 'Inform respondent',
  description: '',
  meetingFieldList: [],
  actionTypes: ['INFORM_RESPONDENT', 'NOTIFY'],
  party: 'EMPLOYER',
  ownerRole: 'PRESIDING_OFFICER',
  timeLimit: { kind: 'STATUTORY', clockId: 'IN_RESPONDENT_COPY' },
  stageId: null,
  customMeetingFields: [],
};

function setup() {
  const { client } = testClient(BASE, 'token-1');
  const { client: main } = testClient(MAIN, 'token-1');
  return new HttpWorkflowBuilderApi(client, main);
}

describe('HttpWorkflowBuilderApi', () => {
  it('adds an action at the spec path with its party, and parses the step', async () => {
    let body: unknown;
    server.use(
      http.post(`${BASE}/api/admin/step/${STEP}/action`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(step);
      }),
    );
    const answer = await setup().addStepAction(STEP, { actionType: 'NOTIFY', party: 'EMPLOYER' });
    expect(body).toEqual({ actionType: 'NOTIFY', party: 'EMPLOYER' });
    expect(answer).toMatchObject({
      actionTypes: ['INFORM_RESPONDENT', 'NOTIFY'],
      timeLimit: { kind: 'STATUTORY', clockId: 'IN_RESPONDENT_COPY' },
    });
  });

  it('moves a step with PUT /step/{id} and a position', async () => {
    let body: unknown;
    server.use(
      http.put(`${BASE}/api/admin/step/${STEP}`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...step, position: 1 });
      }),
    );
    expect((await setup().moveStep(STEP, 1)).position).toBe(1);
    expect(body).toEqual({ position: 1 });
  });

  it('orders a field with PUT /attribute/order/{id} and reads the part back', async () => {
    server.use(
      http.put(`${BASE}/api/admin/attribute/order/${ATTR}`, () =>
        HttpResponse.json({
          componentId: PART,
          workflowVersionId: V1,
          title: 'Incident',
          description: '',
          position: 3,
          systemKey: 'INCIDENT',
          attributes: [
            {
              attributeId: ATTR,
              componentId: PART,
              label: 'Where',
              fieldType: 'TEXT',
              required: false,
              helpText: '',
              options: [],
              position: 1,
              systemKey: null,
              resourceFileId: null,
              resourceFileName: null,
            },
          ],
        }),
      ),
    );
    const part = await setup().orderAttribute(ATTR, 1);
    expect(part.attributes.map((a) => a.label)).toEqual(['Where']);
  });

  it('reads who sees each field at /attribute-setting/attribute-roles/{version}/{compliance}', async () => {
    server.use(
      http.get(`${BASE}/api/admin/attribute-setting/attribute-roles/${V1}/IN_POSH`, () =>
        HttpResponse.json({
          workflowVersionId: V1,
          complianceId: 'IN_POSH',
          attributes: [
            {
              attributeId: ATTR,
              componentTitle: 'Incident',
              label: 'Where',
              roles: ['PRESIDING_OFFICER'],
              customised: true,
            },
          ],
        }),
      ),
    );
    expect((await setup().attributeRoles(V1, 'IN_POSH')).attributes[0].roles).toEqual(['PRESIDING_OFFICER']);
  });

  it('turns a 409 on a published version into a conflict and a 400 into the fields it names', async () => {
    server.use(
      http.post(`${BASE}/api/admin/stage/${V1}`, () =>
        HttpResponse.json({ code: 'CONFLICT', message: 'This version is published or archived' }, { status: 409 }),
      ),
      http.post(`${BASE}/api/admin/meeting-fields`, () =>
        HttpResponse.json(
          {
            code: 'VALIDATION',
            message: 'Invalid',
            fields: { 'meetingFieldList.0.label': 'The meeting form already has "Agenda"' },
          },
          { status: 400 },
        ),
      ),
    );
    const conflict = await setup()
      .addStage(V1, 'Late')
      .catch((e: unknown) => e);
    expect(ApiError.is(conflict) && conflict.reason).toBe('conflict');
    const invalid = await setup()
      .addMeetingFields({ workflowId: V1, stepId: STEP, meetingFieldList: [{ label: 'Agenda' }] })
      .catch((e: unknown) => e);
    expect(ApiError.is(invalid) && invalid.fields).toEqual({
      'meetingFieldList.0.label': 'The meeting form already has "Agenda"',
    });
  });

  it('lists escalation settings for one business unit through the query', async () => {
    let asked = '';
    server.use(
      http.get(`${BASE}/api/admin/escalation-setting`, ({ request }) => {
        asked = new URL(request.url).search;
        return HttpResponse.json([]);
      }),
    );
    expect(await setup().escalations(PART)).toEqual([]);
    expect(asked).toBe(`?branchId=${PART}`);
  });

  it("gives the escalation form the workspace's business units and people, named by name and email", async () => {
    const person = {
      userId: ATTR,
      email: 'asha@acme.test',
      firstName: 'Asha',
      lastName: 'Rao',
      employeeId: null,
      designation: null,
      phoneNumber: null,
      role: 'WORKSPACE_ADMIN',
      status: 'ACTIVE',
      branchId: null,
      branchName: null,
      departmentId: null,
      departmentName: null,
      dateOfJoining: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      invite: null,
      emailConfirmed: true,
      lockedUntil: null,
    };
    let searched: unknown;
    server.use(
      http.get(`${MAIN}/api/workspace/branches`, () =>
        HttpResponse.json({
          items: [
            {
              branchId: PART,
              branchName: 'Pune office',
              headquarter: true,
              backgroundColor: null,
              userCount: 3,
              departmentCount: 1,
            },
          ],
          page: 0,
          pageSize: 100,
          total: 1,
        }),
      ),
      http.post(`${MAIN}/api/workspace/users`, () =>
        HttpResponse.json({ items: [person], page: 0, pageSize: 100, total: 1 }),
      ),
      http.post(`${MAIN}/api/user/search`, async ({ request }) => {
        searched = await request.json();
        return HttpResponse.json([{ ...person, firstName: '', lastName: '' }]);
      }),
    );
    expect(await setup().escalationChoices()).toEqual({
      businessUnits: [{ id: PART, label: 'Pune office' }],
      people: [{ id: ATTR, label: 'Asha Rao (asha@acme.test)' }],
    });
    expect(await setup().findPeople('asha')).toEqual([{ id: ATTR, label: 'asha@acme.test (asha@acme.test)' }]);
    expect(searched).toMatchObject({ searchText: 'asha' });
  });
});
