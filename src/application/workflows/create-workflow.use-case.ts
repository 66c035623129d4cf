import type { WorkflowDetail } from '../../contracts/case/workflows.contract';
import { ApiError } from '../shared/api-error';
import type { WorkflowApi } from './workflow-api.port';

export interface CreateWorkflowInput {
  workflowName: string;
  workflowDescription?: string;
  branchIdList?: string[];
  defaultToWorkspace?: boolean;
}

export type CreateWorkflowOutcome =
  | { ok: true; workflow: WorkflowDetail }
  | { ok: false; reason: 'invalid'; message: string; fields: Record<string, string> };

export class CreateWorkflow {
  constructor(private readonly workflows: WorkflowApi) {}

  async execute(input: CreateWorkflowInput): Promise<CreateWorkflowOutcome> {
    const workflowName = input.workflowName.trim();
    if (!workflowName)
      return {
        ok: false,
        reason: 'invalid',
        message: 'Give the workflow a name',
        fields: { workflowName: 'Give the workflow a name' },
      };
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
        return { ok: false, reason: 'invalid', message: error.message, fields: error.fields };
      throw error;
    }
  }
}
