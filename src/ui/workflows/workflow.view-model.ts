import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type {
  WorkflowDetail,
  WorkflowVersionDetail,
  WorkflowVersionSummary,
} from '../../contracts/case/workflows.contract';
import { describeError } from '../../application/shared/api-error';
import { AddWorkflowStep, type AddWorkflowStepInput } from '../../application/workflows/add-workflow-step.use-case';
import { CreateWorkflowVersion } from '../../application/workflows/create-workflow-version.use-case';
import { PublishWorkflowVersion } from '../../application/workflows/publish-workflow-version.use-case';
import { RemoveWorkflowStep } from '../../application/workflows/remove-workflow-step.use-case';
import { WorkflowApi } from '../../application/workflows/workflow-api.port';
import { canEdit, canPublish } from '../../domain/workflows/workflow-rules';

type LoadStatus = 'loading' | 'ready' | 'error';

export interface NewVersionValues {
  mode: 'empty' | 'copy';
  fromVersionId?: string;
  name?: string;
  description?: string;
}

export type AddStepValues = Omit<AddWorkflowStepInput, 'version'>;

/** One workflow: its versions, the selected version's steps, adding steps, publishing. */
@injectable()
export class WorkflowViewModel {
  workflowId = '';
  status: LoadStatus = 'loading';
  error: string | null = null;
  workflow: WorkflowDetail | null = null;

  selectedVersionId: string | null = null;
  versionStatus: LoadStatus | 'none' = 'none';
  versionError: string | null = null;
  version: WorkflowVersionDetail | null = null;

  newVersionOpen = false;
  newVersionPreset: string | null = null;
  busy: 'version' | 'step' | 'publish' | 'remove' | null = null;
  /** The outcome of the last action, shown above the steps. */
  notice: { type: 'success' | 'error'; message: string } | null = null;
  formError: string | null = null;
  formFields: Record<string, string> = {};
  /** Bumped after a step is added, so the screen can reset its form. */
  stepsAdded = 0;

  constructor(
    @inject(WorkflowApi) private readonly workflows: WorkflowApi,
    @inject(CreateWorkflowVersion) private readonly createWorkflowVersion: CreateWorkflowVersion,
    @inject(AddWorkflowStep) private readonly addWorkflowStep: AddWorkflowStep,
    @inject(PublishWorkflowVersion) private readonly publishWorkflowVersion: PublishWorkflowVersion,
    @inject(RemoveWorkflowStep) private readonly removeWorkflowStep: RemoveWorkflowStep,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get versions(): WorkflowVersionSummary[] {
    return this.workflow ? this.workflow.versions.map((v) => ({ ...v })) : [];
  }

  get editable(): boolean {
    return this.version !== null && canEdit(this.version);
  }

  get publishable(): boolean {
    return this.version !== null && canPublish(this.version).ok;
  }

  get publishedVersion(): WorkflowVersionSummary | null {
    return this.workflow?.versions.find((v) => v.status === 'PUBLISHED') ?? null;
  }

  /** Newest draft, else the published one, else the newest. */
  private defaultVersionId(): string | null {
    const versions = this.workflow?.versions ?? [];
    return (
      (versions.find((v) => v.status === 'DRAFT') ?? versions.find((v) => v.status === 'PUBLISHED') ?? versions[0])
        ?.workflowVersionId ?? null
    );
  }

  async load(workflowId: string, versionId?: string | null): Promise<void> {
    this.workflowId = workflowId;
    this.status = 'loading';
    this.error = null;
    try {
      const workflow = await this.workflows.get(workflowId);
      runInAction(() => {
        this.workflow = workflow;
        this.status = 'ready';
      });
      const wanted =
        versionId && workflow.versions.some((v) => v.workflowVersionId === versionId)
          ? versionId
          : this.defaultVersionId();
      if (wanted) await this.selectVersion(wanted);
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  async selectVersion(versionId: string): Promise<void> {
    this.selectedVersionId = versionId;
    this.versionStatus = 'loading';
    this.versionError = null;
    this.notice = null;
    this.formError = null;
    this.formFields = {};
    try {
      const version = await this.workflows.getVersion(versionId);
      runInAction(() => {
        if (this.selectedVersionId !== versionId) return;
        this.version = version;
        this.versionStatus = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.versionStatus = 'error';
        this.versionError = describeError(error);
      });
    }
  }

  /** A fresh copy of the shown version after a change on the redressal page's tabs (VersionDesignViewModel). */
  replaceVersion(version: WorkflowVersionDetail): void {
    if (this.selectedVersionId !== version.workflowVersionId) return;
    this.version = version;
    void this.refreshWorkflow().catch(() => undefined);
  }

  private async refreshWorkflow(): Promise<void> {
    const workflow = await this.workflows.get(this.workflowId);
    runInAction(() => (this.workflow = workflow));
  }

  openNewVersion(copyOf: string | null = null): void {
    this.newVersionPreset = copyOf;
    this.newVersionOpen = true;
    this.formError = null;
    this.formFields = {};
  }

  closeNewVersion(): void {
    this.newVersionOpen = false;
  }

  async createVersion(values: NewVersionValues): Promise<void> {
    this.busy = 'version';
    this.formError = null;
    this.formFields = {};
    try {
      const outcome = await this.createWorkflowVersion.execute(
        values.mode === 'copy'
          ? { workflowId: this.workflowId, mode: 'copy', fromVersionId: values.fromVersionId ?? '', name: values.name }
          : { workflowId: this.workflowId, mode: 'empty', name: values.name ?? '', description: values.description },
      );
      if (!outcome.ok) {
        runInAction(() => {
          this.formError = outcome.message;
          this.formFields = outcome.fields;
        });
        return;
      }
      await this.refreshWorkflow();
      runInAction(() => {
        this.newVersionOpen = false;
        this.version = outcome.version;
        this.selectedVersionId = outcome.version.workflowVersionId;
        this.versionStatus = 'ready';
        this.notice = { type: 'success', message: `Version ${outcome.version.versionNumber} created as a draft.` };
      });
    } catch (error) {
      runInAction(() => (this.formError = describeError(error)));
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  /** "Create new version from this": a draft copy of the shown (published or archived) version. */
  async copySelected(): Promise<void> {
    if (!this.version) return;
    await this.createVersion({ mode: 'copy', fromVersionId: this.version.workflowVersionId });
  }

  async addStep(values: AddStepValues): Promise<void> {
    const version = this.version;
    if (!version) return;
    this.busy = 'step';
    this.formError = null;
    this.formFields = {};
    this.notice = null;
    try {
      const outcome = await this.addWorkflowStep.execute({ ...values, version });
      if (!outcome.ok) {
        runInAction(() => {
          this.formError = outcome.message;
          this.formFields = outcome.reason === 'invalid' ? outcome.fields : {};
        });
        return;
      }
      const [fresh] = await Promise.all([this.workflows.getVersion(version.workflowVersionId), this.refreshWorkflow()]);
      runInAction(() => {
        this.version = fresh;
        this.stepsAdded += 1;
        this.notice = { type: 'success', message: `Step "${outcome.step.name}" added.` };
      });
    } catch (error) {
      runInAction(() => (this.formError = describeError(error)));
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  async removeStep(stepId: string): Promise<void> {
    const version = this.version;
    if (!version) return;
    const name = version.steps.find((s) => s.stepId === stepId)?.name ?? 'The step';
    this.busy = 'remove';
    this.notice = null;
    try {
      const outcome = await this.removeWorkflowStep.execute({ version, stepId });
      const [fresh] = await Promise.all([this.workflows.getVersion(version.workflowVersionId), this.refreshWorkflow()]);
      runInAction(() => {
        this.version = fresh;
        this.notice = outcome.ok
          ? { type: 'success', message: `Step "${name}" removed.` }
          : { type: 'error', message: outcome.message };
      });
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  async publish(): Promise<void> {
    const version = this.version;
    if (!version) return;
    this.busy = 'publish';
    this.notice = null;
    try {
      const outcome = await this.publishWorkflowVersion.execute({ workflowId: this.workflowId, version });
      if (!outcome.ok) {
        // Someone else may have published meanwhile: show the truth, then say why.
        if (outcome.reason === 'conflict') await this.load(this.workflowId, version.workflowVersionId);
        runInAction(() => (this.notice = { type: 'error', message: outcome.message }));
        return;
      }
      await this.load(this.workflowId, version.workflowVersionId);
      runInAction(() => (this.notice = { type: 'success', message: `Version ${version.versionNumber} is published.` }));
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    } finally {
      runInAction(() => (this.busy = null));
    }
  }
}
