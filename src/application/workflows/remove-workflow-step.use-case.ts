import { canEdit, FROZEN_VERSION_MESSAGE, type VersionStatus } from '../../domain/workflows/workflow-rules';
import { ApiError } from '../shared/api-error';
import type { WorkflowApi } from './workflow-api.port';

export interface RemoveWorkflowStepInput {
  version: { workflowVersionId: string; status: VersionStatus };
  stepId: string;
}

export type RemoveWorkflowStepOutcome = { ok: true } | { ok: false; reason: 'frozen' | 'not-found'; message: string };

/** Removes a step from a draft; a published or archived version is frozen. */
export class RemoveWorkflowStep {
  constructor(private readonly workflows: WorkflowApi) {}

  async execute(input: RemoveWorkflowStepInput): Promise<RemoveWorkflowStepOutcome> {
    if (!canEdit(input.version)) return { ok: false, reason: 'frozen', message: FROZEN_VERSION_MESSAGE };
    try {
      await this.workflows.removeStep(input.stepId, input.version.workflowVersionId);
      return { ok: true };
    } catch (error) {
      if (ApiError.is(error) && error.reason === 'conflict')
        return { ok: false, reason: 'frozen', message: error.message };
      if (ApiError.is(error) && error.reason === 'not-found')
        return { ok: false, reason: 'not-found', message: 'This step was already removed.' };
      throw error;
    }
  }
}
