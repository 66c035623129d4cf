import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { WorkflowSummary } from '../../contracts/case/workflows.contract';
import { describeError } from '../../application/shared/api-error';
import { CreateWorkflow, type CreateWorkflowInput } from '../../application/workflows/create-workflow.use-case';
import { WorkflowApi } from '../../application/workflows/workflow-api.port';
import { PagedList } from '../shared/paged-list';

export const WORKFLOW_PAGE_SIZE = 20;

export interface WorkflowRow {
  key: string;
  workflowId: string;
  workflowName: string;
  workflowDescription: string;
  published: string;
  drafts: number;
}

/** The list of workflows and the "New workflow" form. */
@injectable()
export class WorkflowListViewModel {
  readonly list: PagedList<WorkflowSummary>;

  createOpen = false;
  creating = false;
  createError: string | null = null;
  createFields: Record<string, string> = {};
  createdWorkflowId: string | null = null;

  constructor(
    @inject(WorkflowApi) private readonly workflows: WorkflowApi,
    @inject(CreateWorkflow) private readonly createWorkflow: CreateWorkflow,
  ) {
    this.list = new PagedList<WorkflowSummary>(
      (page, pageSize) => this.workflows.list(page, pageSize),
      WORKFLOW_PAGE_SIZE,
    );
    makeAutoObservable<WorkflowListViewModel, 'workflows' | 'createWorkflow'>(
      this,
      { list: false, workflows: false, createWorkflow: false },
      { autoBind: true },
    );
  }

  /** Plain rows for antd's Table (not an observer). */
  get rows(): WorkflowRow[] {
    return this.list.items.map((w) => ({
      key: w.workflowId,
      workflowId: w.workflowId,
      workflowName: w.workflowName,
      workflowDescription: w.workflowDescription,
      published: w.publishedVersion
        ? `v${w.publishedVersion.versionNumber} · ${w.publishedVersion.name}`
        : 'Not published',
      drafts: w.draftCount,
    }));
  }

  /** Shows a page (one-based); only the latest request's answer is kept. */
  load(page = this.list.page): Promise<void> {
    return this.list.load(page);
  }

  openCreate(): void {
    this.createOpen = true;
    this.createError = null;
    this.createFields = {};
  }

  closeCreate(): void {
    this.createOpen = false;
  }

  async create(values: CreateWorkflowInput): Promise<void> {
    this.creating = true;
    this.createError = null;
    this.createFields = {};
    try {
      const outcome = await this.createWorkflow.execute(values);
      runInAction(() => {
        this.creating = false;
        if (outcome.ok) {
          this.createOpen = false;
          this.createdWorkflowId = outcome.workflow.workflowId;
        } else {
          this.createError = outcome.message;
          this.createFields = outcome.fields;
        }
      });
    } catch (error) {
      runInAction(() => {
        this.creating = false;
        this.createError = describeError(error);
      });
    }
  }
}
