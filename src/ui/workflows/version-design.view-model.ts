import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { WorkflowStep, WorkflowVersionDetail } from '../../contracts/case/workflows.contract';
import { ApiError, describeError } from '../../application/shared/api-error';
import { WorkflowApi } from '../../application/workflows/workflow-api.port';
import { WorkflowBuilderApi } from '../../application/workflows/workflow-builder-api.port';
import { canEdit, type ActionType, type Party } from '../../domain/workflows/workflow-rules';
import type { FieldType, MeetingFieldType, StatutoryClockId, StepOwnerRole, TimeLimit } from '../../domain/workflows/builder-rules';

/** The forms of the redressal page; server field errors land on the form they came from. */
export type DesignForm = 'settings' | 'action' | 'meeting-field' | 'attribute' | 'component' | 'stage';

export interface StepSettingValues {
  ownerRole?: StepOwnerRole | null;
  stageId?: string | null;
  /** 'NONE', 'DAYS', or a statutory clock's id. */
  limit?: 'NONE' | 'DAYS' | StatutoryClockId;
  days?: number | null;
  workingDays?: boolean;
}

export interface AttributeValues {
  componentId: string;
  label: string;
  fieldType: FieldType;
  required?: boolean;
  helpText?: string;
  options?: string[];
}

/** Converts the settings form's values to the time limit the server stores. */
export function timeLimitOf(values: StepSettingValues): TimeLimit | null {
  if (!values.limit || values.limit === 'NONE') return null;
  if (values.limit === 'DAYS') return { kind: 'DAYS', days: values.days ?? 0, workingDays: values.workingDays ?? false };
  return { kind: 'STATUTORY', clockId: values.limit };
}

/**
 * The three tabs of the redressal page for one version (Process Details, Complaint Form, Stages of Redressal): step
 * order and settings, actions, meeting fields, the form's parts and fields, stages. Each change goes to the server,
 * then the version is read again, so what is shown is what is stored.
 */
@injectable()
export class VersionDesignViewModel {
  version: WorkflowVersionDetail | null = null;
  busy: string | null = null;
  notice: { type: 'success' | 'error'; message: string } | null = null;
  form: DesignForm | null = null;
  formError: string | null = null;
  formFields: Record<string, string> = {};
  /** The step whose settings drawer is open. */
  editingStepId: string | null = null;
  /** Bumped after each change that succeeded, so forms can reset. */
  saved = 0;
  private listener: ((version: WorkflowVersionDetail) => void) | null = null;

  constructor(
    @inject(WorkflowApi) private readonly workflows: WorkflowApi,
    @inject(WorkflowBuilderApi) private readonly builder: WorkflowBuilderApi,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Shows a version; `onChange` hears every fresh copy after a change (the version list and header keep up). */
  show(version: WorkflowVersionDetail | null, onChange?: (version: WorkflowVersionDetail) => void): void {
    if (this.version?.workflowVersionId !== version?.workflowVersionId) {
      this.notice = null;
      this.editingStepId = null;
      this.clearForm();
    }
    this.version = version;
    if (onChange) this.listener = onChange;
  }

  get editable(): boolean {
    return this.version !== null && canEdit(this.version);
  }

  get editingStep(): WorkflowStep | null {
    return this.version?.steps.find((s) => s.stepId === this.editingStepId) ?? null;
  }

  stepName(stepId: string): string {
    return this.version?.steps.find((s) => s.stepId === stepId)?.name ?? '';
  }

  openStep(stepId: string): void {
    this.editingStepId = stepId;
    this.clearForm();
  }

  closeStep(): void {
    this.editingStepId = null;
  }

  // ---------- Process Details ----------

  moveStep(stepId: string, by: -1 | 1): Promise<void> {
    const step = this.version?.steps.find((s) => s.stepId === stepId);
    if (!step) return Promise.resolve();
    const place = step.position + by;
    return this.perform(null, `"${step.name}" is now step ${place}.`, () => this.builder.moveStep(stepId, place));
  }

  saveStepSettings(stepId: string, values: StepSettingValues): Promise<void> {
    return this.perform('settings', `Settings of "${this.stepName(stepId)}" saved.`, () =>
      this.builder.saveStepSetting({
        stepId,
        ownerRole: values.ownerRole ?? null,
        stageId: values.stageId ?? null,
        timeLimit: timeLimitOf(values),
      }),
    );
  }

  addAction(stepId: string, actionType: ActionType, party?: Party | null): Promise<void> {
    return this.perform('action', `Action added to "${this.stepName(stepId)}".`, () =>
      this.builder.addStepAction(stepId, { actionType, ...(party ? { party } : {}) }),
    );
  }

  removeAction(stepId: string, actionType: ActionType): Promise<void> {
    return this.perform('action', `Action removed from "${this.stepName(stepId)}".`, () => this.builder.removeStepAction(stepId, actionType));
  }

  addMeetingField(stepId: string, values: { label: string; fieldType?: MeetingFieldType; required?: boolean }): Promise<void> {
    const workflowId = this.version?.workflowId ?? '';
    return this.perform('meeting-field', `Meeting field "${values.label}" added.`, () =>
      this.builder.addMeetingFields({
        workflowId,
        stepId,
        meetingFieldList: [{ label: values.label, fieldType: values.fieldType ?? 'TEXT', required: values.required ?? false }],
      }),
    );
  }

  removeMeetingField(stepId: string, meetingFieldId: string): Promise<void> {
    const workflowId = this.version?.workflowId ?? '';
    return this.perform('meeting-field', 'Meeting field removed.', () => this.builder.removeMeetingFields({ workflowId, stepId, meetingFieldIdList: [meetingFieldId] }));
  }

  // ---------- Complaint Form ----------

  addAttribute(values: AttributeValues): Promise<void> {
    const workflowVersionId = this.version?.workflowVersionId ?? '';
    return this.perform('attribute', `Field "${values.label}" added to the complaint form.`, () =>
      this.builder.addAttribute({
        workflowVersionId,
        componentId: values.componentId,
        label: values.label,
        fieldType: values.fieldType,
        required: values.required ?? false,
        helpText: values.helpText ?? '',
        options: values.options ?? [],
      }),
    );
  }

  moveAttribute(attributeId: string, by: -1 | 1): Promise<void> {
    const attribute = this.version?.components.flatMap((c) => c.attributes).find((a) => a.attributeId === attributeId);
    if (!attribute) return Promise.resolve();
    return this.perform(null, `"${attribute.label}" moved.`, () => this.builder.orderAttribute(attributeId, attribute.position + by));
  }

  removeAttribute(attributeId: string): Promise<void> {
    const label = this.version?.components.flatMap((c) => c.attributes).find((a) => a.attributeId === attributeId)?.label ?? 'The field';
    return this.perform(null, `Field "${label}" removed.`, () => this.builder.deleteAttribute(attributeId));
  }

  addComponent(values: { title: string; description?: string }): Promise<void> {
    const workflowVersionId = this.version?.workflowVersionId ?? '';
    return this.perform('component', `Part "${values.title}" added to the complaint form.`, () =>
      this.builder.addComponent(workflowVersionId, values.title, values.description ?? ''),
    );
  }

  removeComponent(componentId: string): Promise<void> {
    return this.perform(null, 'Part removed from the complaint form.', () => this.builder.deleteComponent(componentId));
  }

  // ---------- Stages of Redressal ----------

  addStage(values: { name: string; description?: string }): Promise<void> {
    const workflowVersionId = this.version?.workflowVersionId ?? '';
    return this.perform('stage', `Stage "${values.name}" added.`, () => this.builder.addStage(workflowVersionId, values.name, values.description ?? ''));
  }

  removeStage(stageId: string): Promise<void> {
    const name = this.version?.stages.find((s) => s.stageId === stageId)?.name ?? 'The stage';
    return this.perform(null, `Stage "${name}" removed; its steps stay.`, () => this.builder.deleteStage(stageId));
  }

  // ---------- shared ----------

  fieldError(form: DesignForm, name: string): string | undefined {
    return this.form === form ? this.formFields[name] : undefined;
  }

  private clearForm(): void {
    this.form = null;
    this.formError = null;
    this.formFields = {};
  }

  private async perform(form: DesignForm | null, success: string, change: () => Promise<unknown>): Promise<void> {
    const version = this.version;
    if (!version) return;
    this.busy = form ?? 'change';
    this.notice = null;
    this.clearForm();
    try {
      await change();
      const fresh = await this.workflows.getVersion(version.workflowVersionId);
      runInAction(() => {
        this.version = fresh;
        this.saved += 1;
        this.notice = { type: 'success', message: success };
      });
      this.listener?.(fresh);
    } catch (error) {
      runInAction(() => {
        if (form && ApiError.is(error) && error.reason === 'invalid') {
          this.form = form;
          this.formError = error.message;
          this.formFields = error.fields;
        } else {
          this.notice = { type: 'error', message: describeError(error) };
        }
      });
    } finally {
      runInAction(() => (this.busy = null));
    }
  }
}
