import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type {
  ActionSetting,
  AttributeRoles,
  EscalationSetting,
  FormAttribute,
  Prerequisite,
} from '../../contracts/case/builder-schemas';
import type { WorkflowStep, WorkflowVersionDetail } from '../../contracts/case/workflows.contract';
import { describeError } from '../../application/shared/api-error';
import { AttachFieldResource } from '../../application/workflows/attach-field-resource.use-case';
import { WorkflowDesignWrites, type DesignChange } from '../../application/workflows/version-design.use-cases';
import type { Refusal } from '../../application/shared/refusal';
import { WorkflowApi } from '../../application/workflows/workflow-api.port';
import { WorkflowBuilderApi, type EscalationChoice } from '../../application/workflows/workflow-builder-api.port';
import { canEdit, type ActionType, type Party } from '../../domain/workflows/workflow-rules';
import {
  DEFAULT_ACTION_MAILS,
  moveTo,
  type CaseRole,
  type Compliance,
  type EscalationType,
  type FieldType,
  type MeetingFieldType,
  type PrerequisiteKind,
  type StatutoryClockId,
  type StepOwnerRole,
  type TimeLimit,
} from '../../domain/workflows/builder-rules';

/** The forms of the redressal page; server field errors land on the form they came from. */
export type DesignForm =
  | 'settings'
  | 'action'
  | 'meeting-field'
  | 'attribute'
  | 'component'
  | 'stage'
  | 'prerequisite'
  | 'field-edit'
  | 'roles'
  | 'mail'
  | 'escalation';

/** Why a control of a published or archived version is disabled. */
export const READ_ONLY_REASON = 'This version is read-only: create a new version from it to change this.';

export interface PrerequisiteValues {
  kind: PrerequisiteKind;
  label: string;
  description?: string;
  referenceId?: string | null;
}

export interface FieldEditValues {
  label: string;
  helpText?: string;
  required?: boolean;
  options?: string[];
}

export interface MailValues {
  mailSubject: string;
  mailBody: string;
  includeComplaintCopy?: boolean;
}

export interface EscalationValues {
  /** '' for the whole workspace. */
  branchId: string;
  escalationType: EscalationType;
  firstThresholdDate: number;
  secondThresholdDate?: number | null;
  targetId: string;
  enabled: boolean;
}

/** The order after dropping `id` onto `onto`'s place (null when nothing moves). */
export function droppedPosition(order: readonly string[], id: string, onto: string): number | null {
  const from = order.indexOf(id);
  const to = order.indexOf(onto);
  if (from < 0 || to < 0 || from === to) return null;
  return moveTo(order, id, to + 1).indexOf(id) + 1;
}

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
  if (values.limit === 'DAYS')
    return { kind: 'DAYS', days: values.days ?? 0, workingDays: values.workingDays ?? false };
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
  /** The field whose edit drawer is open. */
  editingAttributeId: string | null = null;
  /** The version's prerequisites (read with the version). */
  prerequisites: Prerequisite[] = [];
  prerequisitesStatus: 'loading' | 'ready' | 'error' = 'loading';
  /** Who sees each field, under the regime chosen. */
  compliance: Compliance = 'IN_POSH';
  attributeRoles: AttributeRoles | null = null;
  rolesStatus: 'loading' | 'ready' | 'error' = 'loading';
  /** The workspace's escalation settings (not part of a version: they apply to every workflow of a business unit). */
  escalations: EscalationSetting[] = [];
  escalationStatus: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  businessUnits: EscalationChoice[] = [];
  people: EscalationChoice[] = [];
  /** The progress of a field's file upload, 0..100, or null. */
  uploadProgress: number | null = null;
  private listener: ((version: WorkflowVersionDetail) => void) | null = null;
  private uploadAbort: AbortController | null = null;

  constructor(
    @inject(WorkflowApi) private readonly workflows: WorkflowApi,
    @inject(WorkflowBuilderApi) private readonly builder: WorkflowBuilderApi,
    @inject(AttachFieldResource) private readonly attachResource: AttachFieldResource,
    @inject(WorkflowDesignWrites) private readonly writes: WorkflowDesignWrites,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Shows a version; `onChange` hears every fresh copy after a change (the version list and header keep up). */
  show(version: WorkflowVersionDetail | null, onChange?: (version: WorkflowVersionDetail) => void): void {
    const changed = this.version?.workflowVersionId !== version?.workflowVersionId;
    if (changed) {
      this.notice = null;
      this.editingStepId = null;
      this.editingAttributeId = null;
      this.clearForm();
    }
    this.version = version;
    if (onChange) this.listener = onChange;
    if (changed && version) void this.loadVersionSettings();
  }

  /** The version's prerequisites and who sees each field: read beside the version. */
  async loadVersionSettings(): Promise<void> {
    const version = this.version;
    if (!version) return;
    this.prerequisitesStatus = 'loading';
    this.rolesStatus = 'loading';
    await Promise.all([
      this.builder.prerequisites(version.workflowVersionId).then(
        (list) =>
          runInAction(
            () =>
              this.version?.workflowVersionId === version.workflowVersionId &&
              ((this.prerequisites = list.prerequisiteList), (this.prerequisitesStatus = 'ready')),
          ),
        () => runInAction(() => (this.prerequisitesStatus = 'error')),
      ),
      this.loadRoles(),
    ]);
  }

  async chooseCompliance(compliance: Compliance): Promise<void> {
    this.compliance = compliance;
    await this.loadRoles();
  }

  private async loadRoles(): Promise<void> {
    const version = this.version;
    if (!version) return;
    const compliance = this.compliance;
    // A fresh read after a change to the form keeps the list shown; a new version or regime shows "loading".
    if (
      this.attributeRoles?.workflowVersionId !== version.workflowVersionId ||
      this.attributeRoles.complianceId !== compliance
    )
      this.rolesStatus = 'loading';
    try {
      const roles = await this.builder.attributeRoles(version.workflowVersionId, compliance);
      runInAction(() => {
        if (this.version?.workflowVersionId !== version.workflowVersionId || this.compliance !== compliance) return;
        this.attributeRoles = roles;
        this.rolesStatus = 'ready';
      });
    } catch {
      runInAction(() => (this.rolesStatus = 'error'));
    }
  }

  /** The escalation settings and the choices of their form; read once, when the section is first shown. */
  async loadEscalations(): Promise<void> {
    this.escalationStatus = 'loading';
    try {
      const [settings, choices] = await Promise.all([this.builder.escalations(), this.builder.escalationChoices()]);
      runInAction(() => {
        this.escalations = settings;
        this.businessUnits = choices.businessUnits;
        this.people = choices.people;
        this.escalationStatus = 'ready';
      });
    } catch {
      runInAction(() => (this.escalationStatus = 'error'));
    }
  }

  async searchPeople(text: string): Promise<void> {
    if (!text.trim()) return;
    try {
      const found = await this.builder.findPeople(text.trim());
      runInAction(() => {
        const known = new Set(this.people.map((p) => p.id));
        this.people = [...this.people, ...found.filter((p) => !known.has(p.id))];
      });
    } catch {
      // The list keeps what it had; the search is a convenience.
    }
  }

  /** The saved setting of a business unit ('' the workspace) and type, if any. */
  escalationFor(branchId: string, escalationType: EscalationType): EscalationSetting | undefined {
    return this.escalations.find((e) => (e.branchId ?? '') === branchId && e.escalationType === escalationType);
  }

  /** The mail an action type sends on cases of this version (the default until saved). */
  actionMail(actionType: ActionType): ActionSetting {
    return (
      this.version?.actionSettings.find((a) => a.actionType === actionType) ?? {
        actionType,
        ...DEFAULT_ACTION_MAILS[actionType],
        ccEmailList: [],
        includeComplaintCopy: actionType === 'INFORM_RESPONDENT',
        customised: false,
        removedCcCount: 0,
      }
    );
  }

  get editingAttribute(): FormAttribute | null {
    return (
      this.version?.components.flatMap((c) => c.attributes).find((a) => a.attributeId === this.editingAttributeId) ??
      null
    );
  }

  openAttribute(attributeId: string): void {
    this.editingAttributeId = attributeId;
    this.clearForm();
  }

  closeAttribute(): void {
    this.uploadAbort?.abort();
    this.editingAttributeId = null;
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
    return this.perform(null, `"${step.name}" is now step ${place}.`, () =>
      this.writes.moveStep.execute(stepId, place),
    );
  }

  /** A step dragged onto another's place: it takes that place and the others close up. */
  dropStep(stepId: string, ontoStepId: string): Promise<void> {
    const steps = this.version?.steps ?? [];
    const place = droppedPosition(
      steps.map((s) => s.stepId),
      stepId,
      ontoStepId,
    );
    if (place === null) return Promise.resolve();
    return this.perform(null, `"${this.stepName(stepId)}" is now step ${place}.`, () =>
      this.writes.moveStep.execute(stepId, place),
    );
  }

  saveStepSettings(stepId: string, values: StepSettingValues): Promise<void> {
    return this.perform('settings', `Settings of "${this.stepName(stepId)}" saved.`, () =>
      this.writes.saveStepSetting.execute({
        stepId,
        ownerRole: values.ownerRole ?? null,
        stageId: values.stageId ?? null,
        timeLimit: timeLimitOf(values),
      }),
    );
  }

  addAction(stepId: string, actionType: ActionType, party?: Party | null): Promise<void> {
    return this.perform('action', `Action added to "${this.stepName(stepId)}".`, () =>
      this.writes.addStepAction.execute(stepId, { actionType, ...(party ? { party } : {}) }),
    );
  }

  removeAction(stepId: string, actionType: ActionType): Promise<void> {
    return this.perform('action', `Action removed from "${this.stepName(stepId)}".`, () =>
      this.writes.removeStepAction.execute(stepId, actionType),
    );
  }

  addMeetingField(
    stepId: string,
    values: { label: string; fieldType?: MeetingFieldType; required?: boolean },
  ): Promise<void> {
    const workflowId = this.version?.workflowId ?? '';
    return this.perform('meeting-field', `Meeting field "${values.label}" added.`, () =>
      this.writes.addMeetingFields.execute({
        workflowId,
        stepId,
        meetingFieldList: [
          { label: values.label, fieldType: values.fieldType ?? 'TEXT', required: values.required ?? false },
        ],
      }),
    );
  }

  removeMeetingField(stepId: string, meetingFieldId: string): Promise<void> {
    const workflowId = this.version?.workflowId ?? '';
    return this.perform('meeting-field', 'Meeting field removed.', () =>
      this.writes.removeMeetingFields.execute({ workflowId, stepId, meetingFieldIdList: [meetingFieldId] }),
    );
  }

  /** The wording of an action type's mail, for every step of this version that takes the action. */
  saveActionMail(actionType: ActionType, values: MailValues): Promise<void> {
    const workflowVersionId = this.version?.workflowVersionId ?? '';
    return this.perform('mail', 'Mail saved.', () =>
      this.writes.saveActionSetting.execute({
        workflowVersionId,
        actionType,
        mailSubject: values.mailSubject,
        mailBody: values.mailBody,
        includeComplaintCopy: values.includeComplaintCopy ?? false,
      }),
    );
  }

  // ---------- prerequisites ----------

  addPrerequisite(values: PrerequisiteValues): Promise<void> {
    const version = this.version;
    if (!version) return Promise.resolve();
    return this.perform(
      'prerequisite',
      `Prerequisite "${values.label}" added.`,
      () =>
        this.writes.addPrerequisites.execute({
          workflowId: version.workflowId,
          workflowVersionId: version.workflowVersionId,
          prerequisiteList: [
            {
              kind: values.kind,
              label: values.label,
              description: values.description ?? '',
              referenceId: values.referenceId || null,
            },
          ],
        }),
      (list) => (this.prerequisites = list.prerequisiteList),
    );
  }

  updatePrerequisite(prerequisiteId: string, values: PrerequisiteValues): Promise<void> {
    const version = this.version;
    if (!version) return Promise.resolve();
    return this.perform(
      'prerequisite',
      `Prerequisite "${values.label}" saved.`,
      () =>
        this.writes.updatePrerequisites.execute({
          workflowId: version.workflowId,
          workflowVersionId: version.workflowVersionId,
          prerequisiteList: [
            {
              prerequisiteId,
              kind: values.kind,
              label: values.label,
              description: values.description ?? '',
              referenceId: values.referenceId || null,
            },
          ],
        }),
      (list) => (this.prerequisites = list.prerequisiteList),
    );
  }

  removePrerequisite(prerequisiteId: string): Promise<void> {
    const version = this.version;
    if (!version) return Promise.resolve();
    const label = this.prerequisites.find((p) => p.prerequisiteId === prerequisiteId)?.label ?? 'The prerequisite';
    return this.perform(
      null,
      `Prerequisite "${label}" removed.`,
      () =>
        this.writes.removePrerequisites.execute({
          workflowId: version.workflowId,
          workflowVersionId: version.workflowVersionId,
          prerequisiteIdList: [prerequisiteId],
        }),
      (list) => (this.prerequisites = list.prerequisiteList),
    );
  }

  // ---------- who sees each field ----------

  saveRoles(attributeId: string, roles: CaseRole[]): Promise<void> {
    const workflowVersionId = this.version?.workflowVersionId ?? '';
    const label = this.attributeRoles?.attributes.find((a) => a.attributeId === attributeId)?.label ?? 'the field';
    return this.perform(
      'roles',
      `Who sees "${label}" saved.`,
      () =>
        this.writes.saveAttributeRoles.execute({
          workflowVersionId,
          complianceId: this.compliance,
          attributeId,
          roles,
        }),
      (answer) => (this.attributeRoles = answer),
    );
  }

  // ---------- escalation ----------

  saveEscalation(values: EscalationValues): Promise<void> {
    const second = values.secondThresholdDate ?? null;
    const existing = this.escalationFor(values.branchId, values.escalationType);
    return this.perform(
      'escalation',
      'Escalation saved.',
      () =>
        this.writes.saveEscalation.execute({
          ...(existing ? { id: existing.id } : {}),
          branchId: values.branchId || null,
          escalationType: values.escalationType,
          firstThresholdDate: values.firstThresholdDate,
          secondThresholdDate: second,
          targetId: values.targetId,
          enabled: values.enabled,
        }),
      (saved) => (this.escalations = [...this.escalations.filter((e) => e.id !== saved.id), saved]),
      false,
    );
  }

  // ---------- Complaint Form ----------

  /** An existing field's wording: label, help text, choices, and required for a field an admin added. */
  updateAttribute(attributeId: string, values: FieldEditValues): Promise<void> {
    return this.perform('field-edit', `Field "${values.label}" saved.`, () =>
      this.writes.updateAttribute.execute(attributeId, {
        label: values.label,
        helpText: values.helpText ?? '',
        ...(values.required !== undefined ? { required: values.required } : {}),
        ...(values.options !== undefined ? { options: values.options } : {}),
      }),
    );
  }

  /** Uploads a file (PDF or Office) and attaches it to the field. */
  async attachFile(attributeId: string, file: File | (Blob & { name: string })): Promise<void> {
    this.uploadAbort?.abort();
    const abort = new AbortController();
    this.uploadAbort = abort;
    this.uploadProgress = 0;
    await this.perform('field-edit', `"${file.name}" attached.`, async () => {
      const outcome = await this.attachResource.execute(
        attributeId,
        file,
        (sent, total) => runInAction(() => (this.uploadProgress = total ? Math.round((sent / total) * 100) : 0)),
        abort.signal,
      );
      return outcome.ok
        ? { ok: true as const, answer: outcome.attribute }
        : { ...outcome, reason: 'invalid' as const, fields: { file: outcome.message } };
    });
    runInAction(() => (this.uploadProgress = null));
  }

  addAttribute(values: AttributeValues): Promise<void> {
    const workflowVersionId = this.version?.workflowVersionId ?? '';
    return this.perform('attribute', `Field "${values.label}" added to the complaint form.`, () =>
      this.writes.addAttribute.execute({
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
    return this.perform(null, `"${attribute.label}" moved.`, () =>
      this.writes.orderAttribute.execute(attributeId, attribute.position + by),
    );
  }

  removeAttribute(attributeId: string): Promise<void> {
    const label =
      this.version?.components.flatMap((c) => c.attributes).find((a) => a.attributeId === attributeId)?.label ??
      'The field';
    return this.perform(null, `Field "${label}" removed.`, () => this.writes.deleteAttribute.execute(attributeId));
  }

  addComponent(values: { title: string; description?: string }): Promise<void> {
    const workflowVersionId = this.version?.workflowVersionId ?? '';
    return this.perform('component', `Part "${values.title}" added to the complaint form.`, () =>
      this.writes.addComponent.execute(workflowVersionId, values.title, values.description ?? ''),
    );
  }

  removeComponent(componentId: string): Promise<void> {
    return this.perform(null, 'Part removed from the complaint form.', () =>
      this.writes.deleteComponent.execute(componentId),
    );
  }

  // ---------- Stages of Redressal ----------

  addStage(values: { name: string; description?: string }): Promise<void> {
    const workflowVersionId = this.version?.workflowVersionId ?? '';
    return this.perform('stage', `Stage "${values.name}" added.`, () =>
      this.writes.addStage.execute(workflowVersionId, values.name, values.description ?? ''),
    );
  }

  removeStage(stageId: string): Promise<void> {
    const name = this.version?.stages.find((s) => s.stageId === stageId)?.name ?? 'The stage';
    return this.perform(null, `Stage "${name}" removed; its steps stay.`, () =>
      this.writes.deleteStage.execute(stageId),
    );
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

  /**
   * One change: sent, then (unless `reread` is false) the version read again; `apply` keeps what the answer holds
   * that the version does not (prerequisites, who sees each field, escalations).
   */
  private async perform<T>(
    form: DesignForm | null,
    success: string,
    change: () => Promise<DesignChange<T>>,
    apply?: (answer: T) => void,
    reread = true,
  ): Promise<void> {
    const version = this.version;
    if (!version) return;
    this.busy = form ?? 'change';
    this.notice = null;
    this.clearForm();
    try {
      const outcome = await change();
      if (!outcome.ok) {
        runInAction(() => this.showRefusal(form, outcome));
        return;
      }
      const fresh = reread ? await this.workflows.getVersion(version.workflowVersionId) : null;
      runInAction(() => {
        apply?.(outcome.answer);
        if (fresh) this.version = fresh;
        this.saved += 1;
        this.notice = { type: 'success', message: success };
      });
      if (fresh) this.listener?.(fresh);
      // The form's fields changed: who sees each field lists them by their wording.
      if (form === 'attribute' || form === 'field-edit' || form === 'component' || form === null) void this.loadRoles();
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  /** Refused input lands on the form it came from (each field beside its field); any other refusal is a notice. */
  private showRefusal(form: DesignForm | null, refusal: Refusal): void {
    if (form && refusal.reason === 'invalid') {
      this.form = form;
      this.formError = refusal.message;
      this.formFields = refusal.fields;
    } else {
      this.notice = { type: 'error', message: refusal.message };
    }
  }
}
