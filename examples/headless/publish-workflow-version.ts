import { PublishWorkflowVersion } from '../../src/application/workflows/publish-workflow-version.use-case';
import { FakeWorkflowApi } from '../../test/fakes/workflows.fakes';

/**
 * Publishing a complaint workflow's version: a draft with one hearing step is published; a draft without steps is
 * refused by the use case itself, before any call.
 */
export async function publishWorkflowVersionExample() {
  const workflows = new FakeWorkflowApi();
  const { workflowId } = await workflows.create({ workflowName: 'POSH inquiry' });
  const { workflowVersionId } = await workflows.createVersion(workflowId, { name: 'First' });
  await workflows.addStep(workflowVersionId, { kind: 'MEETING', name: 'Preliminary hearing' });
  const publish = new PublishWorkflowVersion(workflows);
  const published = await publish.execute({ workflowId, version: await workflows.getVersion(workflowVersionId) });
  const empty = await publish.execute({
    workflowId,
    version: { workflowVersionId: 'draft-without-steps', status: 'DRAFT', stepCount: 0 },
  });
  return { published, empty };
}
