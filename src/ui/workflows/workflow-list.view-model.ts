import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { WorkflowSummary } from '../../contracts/case/workflows.contract';
import { describeError } from '../../application/shared/api-error';
import { CreateWorkflow, type CreateWorkflowInput } from '../../application/workflows/create-workflow.use-case';
import { WorkflowApi } from '../../application/workflows/workflow-api.port';

type LoadStatus = 'loading' | 'ready' | 'error';

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
  status: LoadStatus = 'loading';
  error: string | null = null;
  items: WorkflowSummary[] = [];
  total = 0;
  page = 1;
  readonly pageSize = 20;

  createOpen = false;
  creating = false;
  createError: string | null = null;
  createFields: Record<string, string> = {};
  createdWorkflowId: string | null = null;

  constructor(
    @inject(WorkflowApi) private readonly workflows: WorkflowApi,
    @inject(CreateWorkflow) private readonly createWorkflow: CreateWorkflow,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Plain rows for antd's Table (not an observer). */
  get rows(): WorkflowRow[] {
    return this.items.map((w) => ({
      key: w.workflowId,
      workflowId: w.workflowId,
      workflowName: w.workflowName,
      workflowDescription: w.workflowDescription,
      published: w.publishedVersion ? `v${w.publishedVersion.versionNumber} · ${w.publishedVersion.name}` : 'Not published',
      drafts: w.draftCount,
    }));
  }

  async load(page = this.page): Promise<void> {
    this.status = 'loading';
    this.error = null;
    try {
      const result = await this.workflows.list(page - 1, this.pageSize);
      runInAction(() => {
        this.items = result.items;
        this.total = result.total;
        this.page = page;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
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
