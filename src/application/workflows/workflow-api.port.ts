import type { Outcome } from '../shared/refusal';
import type {
  AddWorkflowStepBody,
  CreateWorkflowBody,
  CreateWorkflowVersionBody,
  PublishWorkflowResponse,
  WorkflowDetail,
  WorkflowStep,
  WorkflowSummary,
  WorkflowVersionDetail,
} from '../../contracts/case/workflows.contract';

export interface WorkflowPage {
  items: WorkflowSummary[];
  page: number;
  pageSize: number;
  total: number;
}

/** Refused as `conflict` when the version changed meanwhile. */
export type PublishResult = Outcome<{ result: PublishWorkflowResponse }, never>;

/** The workflow builder of the case-management API. Unexpected failures throw ApiError. */
export const WorkflowApi = Symbol('WorkflowApi');
export interface WorkflowApi {
  /** @read */
  list(page: number, pageSize?: number): Promise<WorkflowPage>;
  /** @read */
  get(workflowId: string): Promise<WorkflowDetail>;
  /** @read */
  getVersion(workflowVersionId: string): Promise<WorkflowVersionDetail>;
  create(body: CreateWorkflowBody): Promise<WorkflowDetail>;
  createVersion(workflowId: string, body: CreateWorkflowVersionBody): Promise<WorkflowVersionDetail>;
  addStep(workflowVersionId: string, body: AddWorkflowStepBody): Promise<WorkflowStep>;
  /** Removes a step of a draft version. */
  removeStep(stepId: string, workflowVersionId: string): Promise<void>;
  /** A conflict (already published, archived, or a concurrent publish) comes back as `{ ok: false, reason: 'conflict' }`. */
  publish(workflowId: string, workflowVersionId: string): Promise<PublishResult>;
}
