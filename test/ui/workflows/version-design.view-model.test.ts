import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { UploadCourseFile } from '../../../src/application/courses/authoring/upload-course-file.use-case';
import { AttachFieldResource } from '../../../src/application/workflows/attach-field-resource.use-case';
import { workflowDesignWrites } from '../../../src/application/workflows/version-design.use-cases';
import { DEFAULT_UPLOAD_LIMITS } from '../../../src/domain/files/uploads';
import {
  droppedPosition,
  VersionDesignViewModel,
  timeLimitOf,
} from '../../../src/ui/workflows/version-design.view-model';
import { FakeWorkflowApi } from '../../fakes/workflows.fakes';
import { fakeWorkflowBuilderApi } from '../../fakes/workflow-builder.fakes';

async function draftWithSteps() {
  const api = new FakeWorkflowApi();
  const wf = await api.create({ workflowName: 'POSH redressal' });
  const v = await api.createVersion(wf.workflowId, { name: 'Draft' });
  await api.addStep(v.workflowVersionId, { kind: 'MEETING', name: 'Hearing' });
  await api.addStep(v.workflowVersionId, {
    kind: 'ACTION',
    name: 'Copy to respondent',
    actionTypes: ['INFORM_RESPONDENT'],
  });
  // One part of the form with one field the law asks for, as the server adds them.
  api.versions.get(v.workflowVersionId)!.components = [
    {
      componentId: 'c1',
      workflowVersionId: v.workflowVersionId,
      title: 'Incident',
      description: '',
      position: 1,
      systemKey: 'INCIDENT',
      attributes: [
        {
          attributeId: 'a1',
          componentId: 'c1',
          label: 'Details of the incident',
          fieldType: 'TEXTAREA',
          required: true,
          helpText: '',
          options: [],
          position: 1,
          systemKey: 'INCIDENT_DETAILS',
          resourceFileId: null,
          resourceFileName: null,
        },
      ],
    },
  ];
  const builder = fakeWorkflowBuilderApi(api);
  const uploads: string[] = [];
  const upload = new UploadCourseFile(
    {
      requestUpload: async (purpose, fileName) => (
        uploads.push(`${purpose} ${fileName}`),
        { fileId: 'f1', url: 'http://files/f1', method: 'PUT', headers: {}, maxBytes: 1e8 }
      ),
      confirm: async (fileId) => ({
        fileId,
        fileName: 'guidance.pdf',
        size: 10,
        contentType: 'application/pdf',
        downloadUrl: 'http://files/f1',
      }),
      requestReplacement: async () => Promise.reject(new Error('not used here')),
      requestCover: async () => Promise.reject(new Error('not used here')),
      courseLinks: async () => [],
    },
    { put: async (_target, file, onProgress) => onProgress(file.size, file.size) },
    DEFAULT_UPLOAD_LIMITS,
  );
  const vm = new VersionDesignViewModel(
    api,
    builder,
    new AttachFieldResource(upload, builder),
    workflowDesignWrites(builder),
  );
  const heard: string[] = [];
  vm.show(await api.getVersion(v.workflowVersionId), (fresh) => heard.push(fresh.steps.map((s) => s.name).join(' > ')));
  await vm.loadVersionSettings();
  return { api, builder, vm, heard, uploads, versionId: v.workflowVersionId };
}

describe('VersionDesignViewModel', () => {
  it('moves a step up, shows the stored order and tells the workflow screen', async () => {
    const { vm, heard, builder } = await draftWithSteps();
    const action = vm.version!.steps[1];
    await vm.moveStep(action.stepId, -1);
    expect(builder.calls).toContain(`moveStep ${action.stepId} 1`);
    expect(vm.version!.steps.map((s) => s.name)).toEqual(['Copy to respondent', 'Hearing']);
    expect(vm.notice).toEqual({ type: 'success', message: '"Copy to respondent" is now step 1.' });
    expect(heard).toEqual(['Copy to respondent > Hearing']);
  });

  it('puts a refused field on the form it came from, and adds the action once it is right', async () => {
    const { vm } = await draftWithSteps();
    const action = vm.version!.steps[1];
    await vm.addAction(action.stepId, 'NOTIFY');
    expect(vm.form).toBe('action');
    expect(vm.fieldError('action', 'party')).toMatch(/whom to notify/);
    expect(vm.fieldError('settings', 'party')).toBeUndefined();
    await vm.addAction(action.stepId, 'NOTIFY', 'EMPLOYER');
    expect(vm.form).toBeNull();
    expect(vm.version!.steps[1]).toMatchObject({ actionTypes: ['INFORM_RESPONDENT', 'NOTIFY'], party: 'EMPLOYER' });
  });

  it('adds a stage, and says so when the version was published meanwhile', async () => {
    const { api, vm, versionId } = await draftWithSteps();
    await vm.addStage({ name: 'Inquiry' });
    expect(vm.version!.stages.map((s) => s.name)).toEqual(['Inquiry']);
    expect(vm.editable).toBe(true);
    api.versions.get(versionId)!.status = 'PUBLISHED';
    await vm.addStage({ name: 'Late' });
    expect(vm.notice?.type).toBe('error');
    expect(vm.notice?.message).toMatch(/create a new version/);
    expect(vm.version!.stages.map((s) => s.name)).toEqual(['Inquiry']);
  });

  it('turns the settings form into the time limit the server stores', () => {
    expect(timeLimitOf({ limit: 'NONE' })).toBeNull();
    expect(timeLimitOf({ limit: 'DAYS', days: 5, workingDays: true })).toEqual({
      kind: 'DAYS',
      days: 5,
      workingDays: true,
    });
    expect(timeLimitOf({ limit: 'IN_RESPONDENT_COPY' })).toEqual({ kind: 'STATUTORY', clockId: 'IN_RESPONDENT_COPY' });
  });

  it('moves a dragged step onto the place of the step it was dropped on', async () => {
    const { vm, builder, api, versionId } = await draftWithSteps();
    await api.addStep(versionId, { kind: 'MEETING', name: 'Report' });
    vm.show(await api.getVersion(versionId));
    const [hearing, , report] = vm.version!.steps;
    await vm.dropStep(report.stepId, hearing.stepId);
    expect(builder.calls).toContain(`moveStep ${report.stepId} 1`);
    expect(vm.version!.steps.map((s) => s.name)).toEqual(['Report', 'Hearing', 'Copy to respondent']);
    expect(vm.notice?.message).toBe('"Report" is now step 1.');
    // Dropped on itself: nothing is sent.
    const sent = builder.calls.length;
    await vm.dropStep(report.stepId, report.stepId);
    expect(builder.calls.length).toBe(sent);
    expect(droppedPosition(['a', 'b', 'c'], 'a', 'c')).toBe(3);
  });

  it('adds, rewords and removes a prerequisite, and lists what is stored', async () => {
    const { vm } = await draftWithSteps();
    expect(vm.prerequisitesStatus).toBe('ready');
    expect(vm.prerequisites).toEqual([]);
    await vm.addPrerequisite({ kind: 'COMMITTEE_CONSTITUTED', label: 'Internal Committee in place' });
    expect(vm.prerequisites.map((p) => p.label)).toEqual(['Internal Committee in place']);
    expect(vm.notice?.message).toBe('Prerequisite "Internal Committee in place" added.');
    const id = vm.prerequisites[0].prerequisiteId;
    await vm.updatePrerequisite(id, { kind: 'POLICY_PUBLISHED', label: 'Policy published', referenceId: 'POL-1' });
    expect(vm.prerequisites[0]).toMatchObject({
      kind: 'POLICY_PUBLISHED',
      label: 'Policy published',
      referenceId: 'POL-1',
    });
    await vm.removePrerequisite(id);
    expect(vm.prerequisites).toEqual([]);
    expect(vm.notice?.message).toBe('Prerequisite "Policy published" removed.');
  });

  it('sets who sees a field per regime, and refuses to hide a field from the presiding officer without calling the server', async () => {
    const { vm, builder } = await draftWithSteps();
    expect(vm.attributeRoles?.attributes[0]).toMatchObject({ label: 'Details of the incident', customised: false });
    await vm.saveRoles('a1', ['PRESIDING_OFFICER', 'COMMITTEE_MEMBER', 'RESPONDENT']);
    expect(vm.attributeRoles?.attributes[0]).toMatchObject({
      roles: ['PRESIDING_OFFICER', 'COMMITTEE_MEMBER', 'RESPONDENT'],
      customised: true,
    });
    expect(vm.notice?.message).toBe('Who sees "Details of the incident" saved.');
    const sent = builder.calls.length;
    await vm.saveRoles('a1', ['COMMITTEE_MEMBER']);
    expect(builder.calls.length).toBe(sent);
    expect(vm.formError).toBe('The presiding officer sees every field of the complaint');
    // Canada's setting is its own.
    await vm.chooseCompliance('CA_FEDERAL');
    expect(vm.attributeRoles).toMatchObject({ complianceId: 'CA_FEDERAL' });
    expect(vm.attributeRoles?.attributes[0].customised).toBe(false);
  });

  it("saves an action's mail wording for the version, and names an unknown placeholder on its field", async () => {
    const { vm } = await draftWithSteps();
    expect(vm.actionMail('INFORM_RESPONDENT')).toMatchObject({
      customised: false,
      mailSubject: 'A complaint naming you: case {{caseNumber}}',
    });
    await vm.saveActionMail('INFORM_RESPONDENT', { mailSubject: 'Case {{caseNumber}}', mailBody: 'Reply by {{due}}.' });
    expect(vm.fieldError('mail', 'mailBody')).toMatch(/Unknown placeholder \{\{due\}\}/);
    await vm.saveActionMail('INFORM_RESPONDENT', {
      mailSubject: 'Case {{caseNumber}}',
      mailBody: 'Please reply by {{dueDate}}.',
      includeComplaintCopy: true,
    });
    expect(vm.actionMail('INFORM_RESPONDENT')).toMatchObject({
      customised: true,
      mailBody: 'Please reply by {{dueDate}}.',
      ccEmailList: [],
      includeComplaintCopy: true,
    });
    expect(vm.notice).toEqual({ type: 'success', message: 'Mail saved.' });
  });

  it('rewords an existing field and attaches its file through the upload flow', async () => {
    const { vm, uploads, builder } = await draftWithSteps();
    vm.openAttribute('a1');
    expect(vm.editingAttribute?.label).toBe('Details of the incident');
    await vm.updateAttribute('a1', { label: 'What happened', helpText: 'In your own words' });
    expect(vm.version!.components[0].attributes[0]).toMatchObject({
      label: 'What happened',
      helpText: 'In your own words',
    });
    const file = Object.assign(new Blob(['%PDF-1.4']), { name: 'guidance.pdf' });
    await vm.attachFile('a1', file);
    expect(uploads).toEqual(['DOCUMENT guidance.pdf']);
    expect(builder.calls).toContain('confirmAttributeResource a1 f1');
    expect(vm.version!.components[0].attributes[0]).toMatchObject({
      resourceFileId: 'f1',
      resourceFileName: 'guidance.pdf',
    });
    expect(vm.uploadProgress).toBeNull();
    expect(vm.notice?.message).toBe('"guidance.pdf" attached.');
  });

  it('saves escalation per business unit and type, changing the saved one the second time', async () => {
    const { vm, builder } = await draftWithSteps();
    await vm.loadEscalations();
    expect(vm.businessUnits).toEqual([{ id: 'b1', label: 'Pune office' }]);
    await vm.saveEscalation({
      branchId: 'b1',
      escalationType: 'STEP_OVERDUE',
      firstThresholdDate: 2,
      secondThresholdDate: 1,
      targetId: 'u1',
      enabled: true,
    });
    expect(vm.fieldError('escalation', 'secondThresholdDate')).toBe('The second threshold comes after the first');
    await vm.saveEscalation({
      branchId: 'b1',
      escalationType: 'STEP_OVERDUE',
      firstThresholdDate: 2,
      secondThresholdDate: 5,
      targetId: 'u1',
      enabled: true,
    });
    const saved = vm.escalationFor('b1', 'STEP_OVERDUE')!;
    expect(saved).toMatchObject({ firstThresholdDate: 2, secondThresholdDate: 5, targetId: 'u1', enabled: true });
    await vm.saveEscalation({
      branchId: 'b1',
      escalationType: 'STEP_OVERDUE',
      firstThresholdDate: 3,
      secondThresholdDate: null,
      targetId: 'u1',
      enabled: false,
    });
    expect(builder.calls.at(-1)).toBe(`saveEscalation ${saved.id} b1 STEP_OVERDUE 3/- u1 false`);
    expect(vm.escalations).toHaveLength(1);
    expect(vm.escalationFor('', 'STEP_OVERDUE')).toBeUndefined();
    await vm.searchPeople('dev');
    expect(vm.people.map((p) => p.id)).toEqual(['u1', 'u2']);
  });

  it('keeps a published version read-only: a prerequisite added meanwhile is refused with the reason', async () => {
    const { api, vm, versionId } = await draftWithSteps();
    api.versions.get(versionId)!.status = 'PUBLISHED';
    vm.show(await api.getVersion(versionId));
    expect(vm.editable).toBe(false);
    await vm.addPrerequisite({ kind: 'OTHER', label: 'Late' });
    expect(vm.notice?.type).toBe('error');
    expect(vm.notice?.message).toMatch(/create a new version/);
    expect(vm.prerequisites).toEqual([]);
  });
});
