import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { VersionDesignViewModel, timeLimitOf } from '../../../src/ui/workflows/version-design.view-model';
import { FakeWorkflowApi } from '../../application/workflows/fake-workflow-api';
import { fakeWorkflowBuilderApi } from '../../application/workflows/fake-workflow-builder-api';

async function draftWithSteps() {
  const api = new FakeWorkflowApi();
  const wf = await api.create({ workflowName: 'POSH redressal' });
  const v = await api.createVersion(wf.workflowId, { name: 'Draft' });
  await api.addStep(v.workflowVersionId, { kind: 'MEETING', name: 'Hearing' });
  await api.addStep(v.workflowVersionId, { kind: 'ACTION', name: 'Copy to respondent', actionTypes: ['INFORM_RESPONDENT'] });
  const builder = fakeWorkflowBuilderApi(api);
  const vm = new VersionDesignViewModel(api, builder);
  const heard: string[] = [];
  vm.show(await api.getVersion(v.workflowVersionId), (fresh) => heard.push(fresh.steps.map((s) => s.name).join(' > ')));
  return { api, builder, vm, heard, versionId: v.workflowVersionId };
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
    expect(timeLimitOf({ limit: 'DAYS', days: 5, workingDays: true })).toEqual({ kind: 'DAYS', days: 5, workingDays: true });
    expect(timeLimitOf({ limit: 'IN_RESPONDENT_COPY' })).toEqual({ kind: 'STATUTORY', clockId: 'IN_RESPONDENT_COPY' });
  });
});
