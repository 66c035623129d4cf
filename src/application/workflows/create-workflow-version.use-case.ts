import { invalid, refuse, type Refusal } from '../shared/refusal';
import type { WorkflowVersionDetail } from '../../contracts/case/workflows.contract';
import { ApiError } from '../shared/api-error';
import type { WorkflowApi } from './workflow-api.port';

/** A new empty version, or a copy of one of the workflow's versions (its steps come along, under new ids). */
export type CreateWorkflowVersionInput =
  | { workflowId: string; mode: 'empty'; name: string; description?: string }
  | { workflowId: string; mode: 'copy'; fromVersionId: string; name?: string };

export type CreateWorkflowVersionOutcome = { ok: true; version: WorkflowVersionDetail } | Refusal;

export class CreateWorkflowVersion {
  constructor(private readonly workflows: WorkflowApi) {}

  async execute(input: CreateWorkflowVersionInput): Promise<CreateWorkflowVersionOutcome> {
    const name = input.name?.trim() || undefined;
    if (input.mode === 'empty' && !name) {
      return invalid('Give the version a name', 'name');
    }
    try {
      const version = await this.workflows.createVersion(
        input.workflowId,
        input.mode === 'copy'
          ? { workflowVersionId: input.fromVersionId, ...(name ? { name } : {}) }
          : { name, description: input.description?.trim() ?? '' },
      );
      return { ok: true, version };
    } catch (error) {
      if (ApiError.is(error) && (error.reason === 'invalid' || error.reason === 'conflict')) {
        return refuse('invalid', error.message, { fields: error.fields });
      }
      throw error;
    }
  }
}
