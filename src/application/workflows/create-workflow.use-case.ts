import { invalid, refuse, type Refusal } from '../shared/refusal';
import type { WorkflowDetail } from '../../contracts/case/workflows.contract';
import { ApiError } from '../shared/api-error';
import type { WorkflowApi } from './workflow-api.port';

export interface CreateWorkflowInput {
  workflowName: string;
  workflowDescription?: string;
  branchIdList?: string[];
  defaultToWorkspace?: boolean;
}

export type CreateWorkflowOutcome = { ok: true; workflow: WorkflowDetail } | Refusal;

export class CreateWorkflow {
  constructor(private readonly workflows: WorkflowApi) {}

  async execute(input: CreateWorkflowInput): Promise<CreateWorkflowOutcome> {
    const workflowName = input.workflowName.trim();
    if (!workflowName) return invalid('Give the workflow a name', 'workflowName');
    try {
      const workflow = await this.workflows.create({
        workflowName,
        workflowDescription: input.workflowDescription?.trim() ?? '',
        branchIdList: input.branchIdList ?? [],
        defaultToWorkspace: input.defaultToWorkspace ?? false,
      });
      return { ok: true, workflow };
    } catch (error) {
      if (ApiError.is(error) && error.reason === 'invalid')
        return refuse('invalid', error.message, { fields: error.fields });
      throw error;
    }
  }
}
