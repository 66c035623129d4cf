import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/application/shared/api-error';
import { AddWorkflowStep } from '../../../src/application/workflows/add-workflow-step.use-case';
import { CreateWorkflowVersion } from '../../../src/application/workflows/create-workflow-version.use-case';
import { CreateWorkflow } from '../../../src/application/workflows/create-workflow.use-case';
import { PublishWorkflowVersion } from '../../../src/application/workflows/publish-workflow-version.use-case';
import { RemoveWorkflowStep } from '../../../src/application/workflows/remove-workflow-step.use-case';
import { FakeWorkflowApi } from '../../fakes/workflows.fakes';

describe('workflow use cases', () => {
  let api: FakeWorkflowApi;
  beforeEach(() => {
    api = new FakeWorkflowApi();
  });

  async function draftWithSteps() {
    const wf = await api.create({ workflowName: 'POSH' });
    const v = await api.createVersion(wf.workflowId, { name: 'First' });
    await api.addStep(v.workflowVersionId, { kind: 'MEETING', name: 'Hearing' });
    return { wf, version: await api.getVersion(v.workflowVersionId) };
  }

  describe('CreateWorkflow', () => {
    it('creates a workflow with a trimmed name and defaults', async () => {
      const outcome = await new CreateWorkflow(api).execute({
        workflowName: '  POSH redressal ',
        workflowDescription: ' Inquiry ',
      });
      expect(outcome).toMatchObject({
        ok: true,
        workflow: { workflowName: 'POSH redressal', workflowDescription: 'Inquiry', branchIdList: [] },
      });
    });

    it('refuses a blank name without calling the server', async () => {
      const outcome = await new CreateWorkflow(api).execute({ workflowName: '   ' });
      expect(outcome).toMatchObject({ ok: false, reason: 'invalid', fields: { workflowName: expect.any(String) } });
      expect(api.calls).toEqual([]);
    });

    it("hands back the server's field errors", async () => {
      api.failNext = new ApiError('invalid', 'VALIDATION', 'Bad business units', {
        branchIdList: 'Unknown business unit',
      });
      const outcome = await new CreateWorkflow(api).execute({ workflowName: 'X', branchIdList: ['b'] });
      expect(outcome).toEqual({
        ok: false,
        reason: 'invalid',
        message: 'Bad business units',
        fields: { branchIdList: 'Unknown business unit' },
      });
    });
  });

  describe('CreateWorkflowVersion', () => {
    it('creates an empty version by name', async () => {
      const wf = await api.create({ workflowName: 'W' });
      const outcome = await new CreateWorkflowVersion(api).execute({
        workflowId: wf.workflowId,
        mode: 'empty',
        name: ' Draft ',
      });
      expect(outcome).toMatchObject({ ok: true, version: { name: 'Draft', versionNumber: 1, steps: [] } });
    });

    it('copies a version, steps included, and asks the server with workflowVersionId only', async () => {
      const { wf, version } = await draftWithSteps();
      const outcome = await new CreateWorkflowVersion(api).execute({
        workflowId: wf.workflowId,
        mode: 'copy',
        fromVersionId: version.workflowVersionId,
      });
      expect(outcome.ok && outcome.version.steps.map((s) => s.name)).toEqual(['Hearing']);
      expect(api.calls.at(-1)).toBe(
        `createVersion ${wf.workflowId} {"workflowVersionId":"${version.workflowVersionId}"}`,
      );
    });

    it('needs a name for an empty version', async () => {
      const outcome = await new CreateWorkflowVersion(api).execute({ workflowId: 'wf', mode: 'empty', name: '' });
      expect(outcome).toMatchObject({ ok: false, fields: { name: expect.any(String) } });
    });
  });

  describe('AddWorkflowStep', () => {
    it('adds a meeting and an action step to a draft', async () => {
      const { version } = await draftWithSteps();
      const add = new AddWorkflowStep(api);
      const action = await add.execute({ version, kind: 'ACTION', name: 'Inform', actionTypes: ['INFORM_RESPONDENT'] });
      expect(action).toMatchObject({
        ok: true,
        step: { kind: 'ACTION', actionTypes: ['INFORM_RESPONDENT'], position: 2 },
      });
    });

    it('refuses to edit a published version before calling the server', async () => {
      const { version } = await draftWithSteps();
      const outcome = await new AddWorkflowStep(api).execute({
        version: { ...version, status: 'PUBLISHED' },
        kind: 'MEETING',
        name: 'Late',
      });
      expect(outcome).toMatchObject({ ok: false, code: 'frozen', message: expect.stringMatching(/new version/) });
      expect(api.calls.some((c) => c.startsWith('addStep') && c.includes('Late'))).toBe(false);
    });

    it('checks the step rules first (a notify action needs a party)', async () => {
      const { version } = await draftWithSteps();
      const outcome = await new AddWorkflowStep(api).execute({
        version,
        kind: 'ACTION',
        name: 'Tell',
        actionTypes: ['NOTIFY'],
      });
      expect(outcome).toMatchObject({ ok: false, reason: 'invalid', fields: { party: expect.any(String) } });
    });

    it('maps a 409 from the server (published meanwhile) to frozen', async () => {
      const { wf, version } = await draftWithSteps();
      await api.publish(wf.workflowId, version.workflowVersionId);
      const outcome = await new AddWorkflowStep(api).execute({ version, kind: 'MEETING', name: 'Late' });
      expect(outcome).toMatchObject({ ok: false, reason: 'conflict', code: 'frozen' });
    });
  });

  describe('RemoveWorkflowStep', () => {
    it('removes a step from a draft', async () => {
      const { version } = await draftWithSteps();
      const outcome = await new RemoveWorkflowStep(api).execute({ version, stepId: version.steps[0].stepId });
      expect(outcome).toEqual({ ok: true });
      expect((await api.getVersion(version.workflowVersionId)).steps).toEqual([]);
    });

    it('refuses a frozen version first, and maps 409 and 404 from the server', async () => {
      const { wf, version } = await draftWithSteps();
      const remove = new RemoveWorkflowStep(api);
      expect(await remove.execute({ version: { ...version, status: 'ARCHIVED' }, stepId: 'x' })).toMatchObject({
        ok: false,
        code: 'frozen',
      });
      expect(api.calls.some((c) => c.startsWith('removeStep'))).toBe(false);
      expect(await remove.execute({ version, stepId: 'missing' })).toMatchObject({ ok: false, reason: 'not-found' });
      await api.publish(wf.workflowId, version.workflowVersionId);
      expect(await remove.execute({ version, stepId: version.steps[0].stepId })).toMatchObject({
        ok: false,
        code: 'frozen',
      });
    });
  });

  describe('PublishWorkflowVersion', () => {
    it('publishes a draft with steps', async () => {
      const { wf, version } = await draftWithSteps();
      const outcome = await new PublishWorkflowVersion(api).execute({ workflowId: wf.workflowId, version });
      expect(outcome).toMatchObject({
        ok: true,
        result: { published: { status: 'PUBLISHED' }, archivedVersionId: null },
      });
    });

    it('refuses an already published version and a version without steps, without calling the server', async () => {
      const publish = new PublishWorkflowVersion(api);
      const published = await publish.execute({
        workflowId: 'wf',
        version: { workflowVersionId: 'v', status: 'PUBLISHED', stepCount: 3 },
      });
      expect(published).toMatchObject({ ok: false, code: 'already-published' });
      const empty = await publish.execute({
        workflowId: 'wf',
        version: { workflowVersionId: 'v', status: 'DRAFT', stepCount: 0 },
      });
      expect(empty).toMatchObject({
        ok: false,
        code: 'no-steps',
        message: expect.stringMatching(/at least one step/),
      });
      expect(api.calls).toEqual([]);
    });

    it('maps a 409 (someone published first) to a conflict with the message', async () => {
      const { wf, version } = await draftWithSteps();
      await api.publish(wf.workflowId, version.workflowVersionId);
      // The screen still shows it as a draft: the server has the last word.
      const outcome = await new PublishWorkflowVersion(api).execute({ workflowId: wf.workflowId, version });
      expect(outcome).toMatchObject({ ok: false, reason: 'conflict', message: 'This version is already published.' });
    });

    it('lets unexpected failures throw', async () => {
      const { wf, version } = await draftWithSteps();
      api.failNext = new ApiError('server-error', 'INTERNAL', 'boom');
      await expect(new PublishWorkflowVersion(api).execute({ workflowId: wf.workflowId, version })).rejects.toThrow(
        'boom',
      );
    });
  });
});
