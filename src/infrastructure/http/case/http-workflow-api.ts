import { refuse } from '../../../application/shared/refusal';
import { inject, injectable } from 'inversify';
import {
  addWorkflowStep,
  createWorkflow,
  createWorkflowVersion,
  deleteWorkflowStep,
  getWorkflow,
  getWorkflowVersion,
  listWorkflows,
  publishWorkflowVersion,
  type AddWorkflowStepBody,
  type CreateWorkflowBody,
  type CreateWorkflowVersionBody,
  type WorkflowDetail,
  type WorkflowStep,
  type WorkflowVersionDetail,
} from '../../../contracts/case/workflows.contract';
import type { PublishResult, WorkflowApi, WorkflowPage } from '../../../application/workflows/workflow-api.port';
import { ApiError } from '../../../application/shared/api-error';
import { ApiClient, CaseHttp } from '../api-client';

@injectable()
export class HttpWorkflowApi implements WorkflowApi {
  constructor(@inject(CaseHttp) private readonly caseApi: ApiClient) {}

  list(page: number, pageSize = 20): Promise<WorkflowPage> {
    return this.caseApi.call(listWorkflows, { query: { page, pageSize } });
  }

  get(workflowId: string): Promise<WorkflowDetail> {
    return this.caseApi.call(getWorkflow, { params: { id: workflowId } });
  }

  getVersion(workflowVersionId: string): Promise<WorkflowVersionDetail> {
    return this.caseApi.call(getWorkflowVersion, { params: { id: workflowVersionId } });
  }

  create(body: CreateWorkflowBody): Promise<WorkflowDetail> {
    return this.caseApi.call(createWorkflow, { body });
  }

  createVersion(workflowId: string, body: CreateWorkflowVersionBody): Promise<WorkflowVersionDetail> {
    return this.caseApi.call(createWorkflowVersion, { params: { id: workflowId }, body });
  }

  /** The path's id is the version's: steps belong to a version. */
  addStep(workflowVersionId: string, body: AddWorkflowStepBody): Promise<WorkflowStep> {
    return this.caseApi.call(addWorkflowStep, { params: { id: workflowVersionId }, body });
  }

  async removeStep(stepId: string, workflowVersionId: string): Promise<void> {
    await this.caseApi.call(deleteWorkflowStep, { params: { s: stepId, w: workflowVersionId } });
  }

  async publish(workflowId: string, workflowVersionId: string): Promise<PublishResult> {
    try {
      return {
        ok: true,
        result: await this.caseApi.call(publishWorkflowVersion, { body: { workflowId, workflowVersionId } }),
      };
    } catch (error) {
      if (ApiError.is(error) && error.reason === 'conflict') return refuse('conflict', error.message);
      throw error;
    }
  }
}
