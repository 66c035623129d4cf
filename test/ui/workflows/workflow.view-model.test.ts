import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { AddWorkflowStep } from '../../../src/application/workflows/add-workflow-step.use-case';
import { CreateWorkflowVersion } from '../../../src/application/workflows/create-workflow-version.use-case';
import { CreateWorkflow } from '../../../src/application/workflows/create-workflow.use-case';
import { PublishWorkflowVersion } from '../../../src/application/workflows/publish-workflow-version.use-case';
import { RemoveWorkflowStep } from '../../../src/application/workflows/remove-workflow-step.use-case';
import { WorkflowListViewModel } from '../../../src/ui/workflows/workflow-list.view-model';
import { WorkflowViewModel } from '../../../src/ui/workflows/workflow.view-model';
import { ApiError } from '../../../src/application/shared/api-error';
import { FakeWorkflowApi } from '../../fakes/workflows.fakes';
import type { WorkflowPage } from '../../../src/application/workflows/workflow-api.port';

function workflowVm(api: FakeWorkflowApi) {
  return new WorkflowViewModel(
    api,
    new CreateWorkflowVersion(api),
    new AddWorkflowStep(api),
    new PublishWorkflowVersion(api),
    new RemoveWorkflowStep(api),
  );
}

describe('WorkflowListViewModel', () => {
  it('shows plain rows with the published version and drafts, and an empty list as ready', async () => {
    const api = new FakeWorkflowApi();
    const vm = new WorkflowListViewModel(api, new CreateWorkflow(api));
    await vm.load(1);
    expect(vm.list.status).toBe('ready');
    expect(vm.rows).toEqual([]);
    const wf = await api.create({ workflowName: 'POSH redressal' });
    await api.createVersion(wf.workflowId, { name: 'v1' });
    await vm.load(1);
    expect(vm.rows).toEqual([
      expect.objectContaining({ workflowName: 'POSH redressal', published: 'Not published', drafts: 1 }),
    ]);
    expect(api.calls).toContain('list 0');
  });

  it('creates a workflow and remembers where to go; shows an error on failure', async () => {
    const api = new FakeWorkflowApi();
    const vm = new WorkflowListViewModel(api, new CreateWorkflow(api));
    vm.openCreate();
    await vm.create({ workflowName: 'Inquiry' });
    expect(vm.createOpen).toBe(false);
    expect(vm.createdWorkflowId).toBeTruthy();
    api.failNext = new ApiError('server-error', 'INTERNAL', 'The server could not complete this request');
    await vm.load(1);
    expect(vm.list.status).toBe('error');
    expect(vm.list.error).toBe('The server could not complete this request');
  });
});

describe('WorkflowViewModel', () => {
  it('walks the headline journey: version, steps, publish, then a copy', async () => {
    const api = new FakeWorkflowApi();
    const wf = await api.create({ workflowName: 'Inquiry' });
    const vm = workflowVm(api);
    await vm.load(wf.workflowId);
    expect(vm.status).toBe('ready');
    expect(vm.versions).toEqual([]);

    await vm.createVersion({ mode: 'empty', name: 'First' });
    expect(vm.version).toMatchObject({ versionNumber: 1, status: 'DRAFT' });
    expect(vm.editable).toBe(true);
    expect(vm.publishable).toBe(false);

    await vm.addStep({ kind: 'MEETING', name: 'Hearing', meetingFieldList: ['MINUTES'] });
    await vm.addStep({ kind: 'ACTION', name: 'Inform', actionTypes: ['INFORM_RESPONDENT'] });
    expect(vm.version!.steps.map((s) => s.name)).toEqual(['Hearing', 'Inform']);
    expect(vm.stepsAdded).toBe(2);
    expect(vm.publishable).toBe(true);

    await vm.addStep({ kind: 'MEETING', name: 'Mistake' });
    await vm.removeStep(vm.version!.steps[2].stepId);
    expect(vm.notice).toEqual({ type: 'success', message: 'Step "Mistake" removed.' });
    expect(vm.version!.steps.map((s) => s.name)).toEqual(['Hearing', 'Inform']);

    await vm.publish();
    expect(vm.notice).toEqual({ type: 'success', message: 'Version 1 is published.' });
    expect(vm.version!.status).toBe('PUBLISHED');
    expect(vm.editable).toBe(false);
    expect(vm.publishedVersion?.versionNumber).toBe(1);

    await vm.copySelected();
    expect(vm.version).toMatchObject({ versionNumber: 2, status: 'DRAFT' });
    expect(vm.version!.steps.map((s) => s.name)).toEqual(['Hearing', 'Inform']);
    expect(vm.versions.map((v) => [v.versionNumber, v.status])).toEqual([
      [2, 'DRAFT'],
      [1, 'PUBLISHED'],
    ]);
  });

  it('shows the rule instead of calling the server when a step is invalid', async () => {
    const api = new FakeWorkflowApi();
    const wf = await api.create({ workflowName: 'Inquiry' });
    const vm = workflowVm(api);
    await vm.load(wf.workflowId);
    await vm.createVersion({ mode: 'empty', name: 'First' });
    await vm.addStep({ kind: 'ACTION', name: 'Tell', actionTypes: ['NOTIFY'] });
    expect(vm.formFields).toHaveProperty('party');
    expect(vm.version!.steps).toEqual([]);
  });

  it('shows a conflict when someone published first, and reloads the truth', async () => {
    const api = new FakeWorkflowApi();
    const wf = await api.create({ workflowName: 'Inquiry' });
    const vm = workflowVm(api);
    await vm.load(wf.workflowId);
    await vm.createVersion({ mode: 'empty', name: 'First' });
    await vm.addStep({ kind: 'MEETING', name: 'Hearing' });
    await api.publish(wf.workflowId, vm.version!.workflowVersionId);
    await vm.publish();
    expect(vm.notice).toEqual({ type: 'error', message: 'This version is already published.' });
    expect(vm.version!.status).toBe('PUBLISHED');
  });

  it('reports a missing workflow as a load error', async () => {
    const vm = workflowVm(new FakeWorkflowApi());
    await vm.load('nope');
    expect(vm.status).toBe('error');
    expect(vm.error).toBe('Workflow not found');
  });
});

describe('WorkflowListViewModel paging', () => {
  it('asks the server for the page shown, and a slow earlier page never overwrites the later one', async () => {
    const pending: { page: number; answer: (page: WorkflowPage) => void }[] = [];
    class SlowWorkflowApi extends FakeWorkflowApi {
      override list(page: number): Promise<WorkflowPage> {
        return new Promise((answer) => pending.push({ page, answer }));
      }
    }
    const api = new SlowWorkflowApi();
    const vm = new WorkflowListViewModel(api, new CreateWorkflow(api));
    const summary = (workflowId: string, workflowName: string) => ({
      workflowId,
      workflowName,
      workflowDescription: '',
      branchIdList: [],
      defaultToWorkspace: true,
      publishedVersion: null,
      draftCount: 0,
      versionCount: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    const first = vm.load(1);
    const second = vm.load(2);
    expect(pending.map((p) => p.page)).toEqual([0, 1]);
    pending[1].answer({ items: [summary('w21', 'Page two')], page: 1, pageSize: 20, total: 21 });
    await second;
    pending[0].answer({ items: [summary('w1', 'Page one')], page: 0, pageSize: 20, total: 21 });
    await first;
    expect(vm.rows.map((r) => r.workflowName)).toEqual(['Page two']);
    expect([vm.list.page, vm.list.total, vm.list.status]).toEqual([2, 21, 'ready']);
  });
});
