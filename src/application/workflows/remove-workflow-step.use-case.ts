import { refuse, type Outcome } from '../shared/refusal';
import { canEdit, FROZEN_VERSION_MESSAGE, type VersionStatus } from '../../domain/workflows/workflow-rules';
import { ApiError } from '../shared/api-error';
import type { WorkflowApi } from './workflow-api.port';

export interface RemoveWorkflowStepInput {
  version: { workflowVersionId: string; status: VersionStatus };
  stepId: string;
}

export type RemoveWorkflowStepOutcome = Outcome<object, 'frozen'>;

/** Removes a step from a draft; a published or archived version is frozen. */
export class RemoveWorkflowStep {
  constructor(private readonly workflows: WorkflowApi) {}

  async execute(input: RemoveWorkflowStepInput): Promise<RemoveWorkflowStepOutcome> {
    if (!canEdit(input.version)) return refuse('conflict', FROZEN_VERSION_MESSAGE, { code: 'frozen' });
    try {
      await this.workflows.removeStep(input.stepId, input.version.workflowVersionId);
      return { ok: true };
    } catch (error) {
      if (ApiError.is(error) && error.reason === 'conflict')
        return refuse('conflict', error.message, { code: 'frozen' });
      if (ApiError.is(error) && error.reason === 'not-found')
        return refuse('not-found', 'This step was already removed.');
      throw error;
    }
  }
}
