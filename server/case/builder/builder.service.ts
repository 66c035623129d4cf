import { randomUUID } from 'node:crypto';
import type {
  AddAttributeBody,
  AddMeetingFieldsBody,
  AddPrerequisitesBody,
  AddStepActionBody,
  MeetingFields,
  RemoveMeetingFieldsBody,
  RemovePrerequisitesBody,
  SaveActionSettingBody,
  SaveAttributeSettingBody,
  SaveEscalationSettingBody,
  SaveStepSettingBody,
  StepDetail,
  UpdateAttributeBody,
  UpdateComponentBody,
  UpdateMeetingFieldsBody,
  UpdatePrerequisitesBody,
} from '../../../src/contracts/case/builder.contract';
import type {
  ActionSetting,
  AttributeRoles,
  CustomMeetingField,
  EscalationSetting,
  FormAttribute,
  FormComponent,
  PrerequisiteList,
  StepSetting,
  WorkflowStage,
} from '../../../src/contracts/case/builder-schemas';
import type { WorkflowStep } from '../../../src/contracts/case/workflows.contract';
import {
  attributeProblems,
  attributeRolesProblems,
  canRemoveAttribute,
  escalationProblems,
  mailTemplateProblems,
  meetingFieldsProblems,
  moveTo,
  type Compliance,
  type Problems,
} from '../../../src/domain/workflows/builder-rules';
import { MEETING_FIELDS, stepProblems, type ActionType } from '../../../src/domain/workflows/workflow-rules';
import type { Database, Sql } from '../../platform/db/database';
import { ok, raise, refuse, type Outcome, type Refusal } from '../../platform/refusal';
import * as workflows from '../workflows/workflows.repository';
import { designAudit, designTransaction, editableVersion, type Actor } from '../workflows/workflows.service';
import * as repo from './builder.repository';

const notFoundRefusal = (message: string): Refusal => refuse('not-found', 'NOT_FOUND', message);
const invalid = (message: string, fields?: Record<string, string>): Refusal =>
  refuse('invalid', 'VALIDATION', message, fields);
const notMeetingStep = (): Refusal =>
  invalid('Only a meeting step has a meeting form', { stepId: 'Choose a meeting step' });

/**
 * The builder's parts. Every change is one tenant transaction that locks the version it changes and refuses a
 * frozen one (409), checks the rules (400 naming the field), writes, and audits in the same transaction.
 */
export class BuilderService {
  constructor(private readonly db: Database) {}

  // ---------- reads ----------

  stepDetails(ws: string, versionId: string, stepId: string): Promise<Outcome<StepDetail>> {
    return this.db.tenant(ws, async (tx) => {
      const step = (await workflows.listSteps(tx, ws, versionId)).find((s) => s.stepId === stepId);
      if (!step) return notFoundRefusal('Step not found in this version');
      const stage = step.stageId
        ? (await repo.listStages(tx, ws, versionId)).find((s) => s.stageId === step.stageId)
        : undefined;
      return ok({
        ...step,
        stage: stage
          ? {
              stageId: stage.stageId,
              workflowVersionId: versionId,
              name: stage.name,
              description: stage.description,
              position: stage.position,
            }
          : null,
      });
    });
  }

  prerequisites(ws: string, versionId: string): Promise<Outcome<PrerequisiteList>> {
    return this.db.tenant(ws, async (tx) => {
      const version = await workflows.findVersion(tx, ws, versionId);
      if (!version) return notFoundRefusal('Workflow version not found');
      return ok(await this.prerequisiteList(tx, ws, version));
    });
  }

  stepSetting(ws: string, stepId: string): Promise<Outcome<StepSetting>> {
    return this.db.tenant(ws, async (tx) => {
      const step = await workflows.findStep(tx, ws, stepId);
      if (!step) return notFoundRefusal('Step not found');
      return ok(settingOf(step));
    });
  }

  attributeRoles(ws: string, versionId: string, compliance: Compliance): Promise<Outcome<AttributeRoles>> {
    return this.db.tenant(ws, async (tx) => {
      if (!(await workflows.findVersion(tx, ws, versionId))) return notFoundRefusal('Workflow version not found');
      await repo.ensureStandardForm(tx, ws, versionId);
      return ok(await repo.attributeRoles(tx, ws, versionId, compliance));
    });
  }

  async meetingFields(ws: string, stepId: string | undefined): Promise<Outcome<MeetingFields>> {
    if (!stepId) {
      return ok({
        workflowId: null,
        stepId: null,
        meetingFieldList: MEETING_FIELDS.map((f) => ({ ...f })),
        customFieldList: [],
      });
    }
    return this.db.tenant(ws, async (tx) => {
      const step = await workflows.findStep(tx, ws, stepId);
      if (!step) return notFoundRefusal('Step not found');
      const version = (await workflows.findVersion(tx, ws, step.version_id))!;
      if (step.kind !== 'MEETING') return notMeetingStep();
      return ok(meetingFieldsOf(version.workflow_id, step));
    });
  }

  escalations(ws: string, branchId: string | undefined): Promise<EscalationSetting[]> {
    return this.db.tenant(ws, (tx) => repo.listEscalations(tx, ws, branchId));
  }

  // ---------- step actions and settings ----------

  addStepAction(actor: Actor, stepId: string, body: AddStepActionBody): Promise<Outcome<WorkflowStep>> {
    return this.onStep(actor, stepId, 'workflow.step.action.add', async (tx, step) => {
      if (step.kind !== 'ACTION')
        return invalid('A meeting step has no actions', {
          actionType: 'A meeting step has no actions: add an action step',
        });
      const current = step.settings.actionTypes ?? [];
      const actionTypes = current.includes(body.actionType) ? current : [...current, body.actionType];
      const party = body.party !== undefined ? body.party : (step.settings.party ?? null);
      const problems = problemsRefusal(stepProblems({ kind: 'ACTION', name: step.name, actionTypes, party }));
      if (problems) return problems;
      await repo.updateStepSettingsJson(tx, actor.workspaceId, stepId, { ...step.settings, actionTypes, party });
      return ok({ actionType: body.actionType, party });
    });
  }

  removeStepAction(actor: Actor, stepId: string, actionType: ActionType): Promise<Outcome<WorkflowStep>> {
    return this.onStep(actor, stepId, 'workflow.step.action.remove', async (tx, step) => {
      const current = step.settings.actionTypes ?? [];
      if (step.kind !== 'ACTION' || !current.includes(actionType)) {
        return invalid('This step does not have that action', { actionType: 'This step does not have that action' });
      }
      const actionTypes = current.filter((t) => t !== actionType);
      const party = actionType === 'NOTIFY' ? null : (step.settings.party ?? null);
      const problems = stepProblems({ kind: 'ACTION', name: step.name, actionTypes, party });
      if (problems.actionTypes)
        return invalid('A step keeps at least one action: remove the step instead', {
          actionType: problems.actionTypes,
        });
      await repo.updateStepSettingsJson(tx, actor.workspaceId, stepId, { ...step.settings, actionTypes, party });
      return ok({ actionType });
    });
  }

  async saveStepSetting(actor: Actor, body: SaveStepSettingBody): Promise<Outcome<StepSetting>> {
    const step = await this.onStep(actor, body.stepId, 'workflow.step.settings', async (tx, found) => {
      const next = {
        ownerRole: body.ownerRole !== undefined ? body.ownerRole : found.owner_role,
        timeLimit: body.timeLimit !== undefined ? body.timeLimit : found.time_limit,
        stageId: body.stageId !== undefined ? body.stageId : found.stage_id,
      };
      if (next.stageId) {
        const stage = await repo.findStage(tx, actor.workspaceId, next.stageId);
        if (!stage || stage.version_id !== found.version_id)
          return invalid('Not a stage of this version', { stageId: 'Choose a stage of this version' });
      }
      await repo.updateStepSetting(tx, actor.workspaceId, found.id, next);
      return ok({ fields: Object.keys(body).filter((k) => k !== 'stepId') });
    });
    if (!step.ok) return step;
    const { stepId, ownerRole, timeLimit, stageId } = step.value;
    return ok({ stepId, ownerRole, timeLimit, stageId });
  }

  // ---------- stages ----------

  addStage(
    actor: Actor,
    versionId: string,
    body: { name: string; description?: string },
  ): Promise<Outcome<WorkflowStage>> {
    return designTransaction(this.db, actor, async (tx) => {
      const ws = actor.workspaceId;
      const version = await editableVersion(tx, ws, versionId);
      if (!version.ok) return version;
      const id = await repo.insertStage(tx, ws, versionId, body.name, body.description ?? '');
      await designAudit(tx, actor, 'workflow.stage.add', id, { workflowVersionId: versionId, name: body.name });
      return ok((await repo.listStages(tx, ws, versionId)).find((s) => s.stageId === id)!);
    });
  }

  deleteStage(actor: Actor, stageId: string): Promise<Outcome<{ ok: true }>> {
    return designTransaction(this.db, actor, async (tx) => {
      const ws = actor.workspaceId;
      const stage = await repo.findStage(tx, ws, stageId);
      if (!stage) return notFoundRefusal('Stage not found');
      const version = await editableVersion(tx, ws, stage.version_id);
      if (!version.ok) return version;
      await repo.deleteStage(tx, ws, stageId);
      await designAudit(tx, actor, 'workflow.stage.delete', stageId, { workflowVersionId: stage.version_id });
      return ok({ ok: true as const });
    });
  }

  // ---------- prerequisites ----------

  addPrerequisites(actor: Actor, body: AddPrerequisitesBody): Promise<Outcome<PrerequisiteList>> {
    return this.onPrerequisites(actor, body, 'workflow.prerequisite.add', async (tx) => {
      const items = body.prerequisiteList.map((p) => ({
        kind: p.kind,
        label: p.label,
        description: p.description ?? '',
        referenceId: p.referenceId ?? null,
      }));
      await repo.insertPrerequisites(tx, actor.workspaceId, body.workflowVersionId, items);
      return ok({ count: items.length });
    });
  }

  updatePrerequisites(actor: Actor, body: UpdatePrerequisitesBody): Promise<Outcome<PrerequisiteList>> {
    return this.onPrerequisites(actor, body, 'workflow.prerequisite.update', async (tx, current) => {
      for (const [i, change] of body.prerequisiteList.entries()) {
        const found = current.find((p) => p.prerequisiteId === change.prerequisiteId);
        // Raised: the changes before it are written, and roll back with it.
        if (!found)
          raise(
            invalid('Not a prerequisite of this version', {
              [`prerequisiteList.${i}.prerequisiteId`]: 'Not a prerequisite of this version',
            }),
          );
        await repo.updatePrerequisite(tx, actor.workspaceId, found.prerequisiteId, {
          kind: change.kind ?? found.kind,
          label: change.label ?? found.label,
          description: change.description ?? found.description,
          referenceId: change.referenceId !== undefined ? change.referenceId : found.referenceId,
        });
      }
      return ok({ prerequisiteIdList: body.prerequisiteList.map((p) => p.prerequisiteId) });
    });
  }

  removePrerequisites(actor: Actor, body: RemovePrerequisitesBody): Promise<Outcome<PrerequisiteList>> {
    return this.onPrerequisites(actor, body, 'workflow.prerequisite.remove', async (tx, current) => {
      const unknown = body.prerequisiteIdList.filter((id) => !current.some((p) => p.prerequisiteId === id));
      if (unknown.length)
        return invalid('Not a prerequisite of this version', {
          prerequisiteIdList: `Not a prerequisite of this version: ${unknown.join(', ')}`,
        });
      await repo.deletePrerequisites(tx, actor.workspaceId, body.workflowVersionId, body.prerequisiteIdList);
      return ok({ prerequisiteIdList: body.prerequisiteIdList });
    });
  }

  // ---------- who sees each field ----------

  saveAttributeSetting(actor: Actor, body: SaveAttributeSettingBody): Promise<Outcome<AttributeRoles>> {
    return designTransaction(this.db, actor, async (tx) => {
      const ws = actor.workspaceId;
      const version = await editableVersion(tx, ws, body.workflowVersionId);
      if (!version.ok) return version;
      const attribute = await repo.findAttribute(tx, ws, body.attributeId);
      if (!attribute || attribute.version_id !== body.workflowVersionId) {
        return invalid('Not a field of this version', {
          attributeId: 'Not a field of the complaint form of this version',
        });
      }
      const problems = problemsRefusal(attributeRolesProblems(body.roles));
      if (problems) return problems;
      await repo.saveAttributeRoles(tx, ws, body.workflowVersionId, body.complianceId, body.attributeId, body.roles);
      await designAudit(tx, actor, 'workflow.attribute.roles', body.attributeId, {
        workflowVersionId: body.workflowVersionId,
        complianceId: body.complianceId,
        roles: body.roles,
      });
      return ok(await repo.attributeRoles(tx, ws, body.workflowVersionId, body.complianceId));
    });
  }

  // ---------- the complaint form ----------

  addAttribute(actor: Actor, body: AddAttributeBody): Promise<Outcome<FormAttribute>> {
    return designTransaction(this.db, actor, async (tx) => {
      const ws = actor.workspaceId;
      const version = await editableVersion(tx, ws, body.workflowVersionId);
      if (!version.ok) return version;
      await repo.ensureStandardForm(tx, ws, body.workflowVersionId);
      // Refusals from here on are raised: the standard form above may just have been written.
      const component = await repo.findComponent(tx, ws, body.componentId);
      if (!component || component.version_id !== body.workflowVersionId) {
        raise(
          invalid('Not a part of this form', {
            componentId: 'Choose a part of the complaint form of this version',
          }),
        );
      }
      const attribute = {
        label: body.label,
        fieldType: body.fieldType,
        required: body.required ?? false,
        helpText: body.helpText ?? '',
        options: body.options ?? [],
      };
      const problems = problemsRefusal(attributeProblems(attribute));
      if (problems) raise(problems);
      const id = await repo.insertAttribute(tx, ws, {
        versionId: body.workflowVersionId,
        componentId: body.componentId,
        ...attribute,
      });
      await designAudit(tx, actor, 'workflow.attribute.add', id, {
        workflowVersionId: body.workflowVersionId,
        label: body.label,
        fieldType: body.fieldType,
      });
      return ok(await repo.attributeOf(tx, ws, body.workflowVersionId, id));
    });
  }

  updateAttribute(actor: Actor, id: string, body: UpdateAttributeBody): Promise<Outcome<FormAttribute>> {
    return this.onAttribute(actor, id, 'workflow.attribute.update', async (tx, found) => {
      const componentId = body.componentId ?? found.component_id;
      if (componentId !== found.component_id) {
        const target = await repo.findComponent(tx, actor.workspaceId, componentId);
        if (!target || target.version_id !== found.version_id)
          return invalid('Not a part of this form', { componentId: 'Choose a part of this form' });
        if (found.system_key)
          return invalid('The law’s fields stay in their part', {
            componentId: 'This field stays in its part of the form',
          });
      }
      const next = {
        label: body.label ?? found.label,
        fieldType: body.fieldType ?? found.field_type,
        required: body.required ?? found.required,
        helpText: body.helpText ?? found.help_text,
        options: body.options ?? found.options,
      };
      const problems = problemsRefusal(attributeProblems({ ...next, systemKey: found.system_key }));
      if (problems) return problems;
      await repo.updateAttribute(tx, actor.workspaceId, id, {
        ...next,
        componentId,
        moved: componentId !== found.component_id,
      });
      return ok({ fields: Object.keys(body) });
    });
  }

  async deleteAttribute(actor: Actor, id: string): Promise<Outcome<{ ok: true }>> {
    const deleted = await this.onAttribute(actor, id, 'workflow.attribute.delete', async (tx, found) => {
      const removable = canRemoveAttribute(found.system_key);
      if (!removable.ok) return invalid(removable.message, { id: removable.message });
      await repo.deleteAttribute(tx, actor.workspaceId, id);
      return ok({ label: found.label });
    });
    return deleted.ok ? ok({ ok: true as const }) : deleted;
  }

  orderAttribute(actor: Actor, id: string, position: number): Promise<Outcome<FormComponent>> {
    return this.onAttribute(
      actor,
      id,
      'workflow.attribute.order',
      async (tx, found) => {
        const component = await repo.componentOf(tx, actor.workspaceId, found.version_id, found.component_id);
        const order = moveTo(
          component.attributes.map((a) => a.attributeId),
          id,
          position,
        );
        await repo.renumber(tx, actor.workspaceId, 'workflow_form_attributes', order);
        return ok({ position });
      },
      (tx, found) => repo.componentOf(tx, actor.workspaceId, found.version_id, found.component_id),
    );
  }

  confirmResourceUpload(
    actor: Actor,
    id: string,
    body: { fileId: string; fileName?: string },
  ): Promise<Outcome<FormAttribute>> {
    return this.onAttribute(actor, id, 'workflow.attribute.resource', async (tx) => {
      const declaredName = await repo.confirmedFileName(tx, actor.workspaceId, body.fileId);
      if (declaredName === null)
        return invalid('Upload the file and confirm it first', {
          fileId: `No uploaded file ${body.fileId} in this workspace`,
        });
      await repo.setAttributeResource(tx, actor.workspaceId, id, body.fileId, body.fileName ?? declaredName);
      return ok({ fileId: body.fileId });
    });
  }

  addComponent(
    actor: Actor,
    body: { workflowVersionId: string; title: string; description?: string },
  ): Promise<Outcome<FormComponent>> {
    return designTransaction(this.db, actor, async (tx) => {
      const ws = actor.workspaceId;
      const version = await editableVersion(tx, ws, body.workflowVersionId);
      if (!version.ok) return version;
      await repo.ensureStandardForm(tx, ws, body.workflowVersionId);
      const id = await repo.insertComponent(tx, ws, body.workflowVersionId, body.title, body.description ?? '');
      await designAudit(tx, actor, 'workflow.component.add', id, {
        workflowVersionId: body.workflowVersionId,
        title: body.title,
      });
      return ok(await repo.componentOf(tx, ws, body.workflowVersionId, id));
    });
  }

  updateComponent(actor: Actor, id: string, body: UpdateComponentBody): Promise<Outcome<FormComponent>> {
    return designTransaction(this.db, actor, async (tx) => {
      const ws = actor.workspaceId;
      const found = await repo.findComponent(tx, ws, id);
      if (!found) return notFoundRefusal('Part of the form not found');
      const version = await editableVersion(tx, ws, found.version_id);
      if (!version.ok) return version;
      await repo.updateComponent(tx, ws, id, {
        title: body.title ?? found.title,
        description: body.description ?? found.description,
      });
      if (body.position !== undefined) {
        const order = (await repo.listComponents(tx, ws, found.version_id)).map((c) => c.componentId);
        await repo.renumber(tx, ws, 'workflow_form_components', moveTo(order, id, body.position));
      }
      await designAudit(tx, actor, 'workflow.component.update', id, {
        workflowVersionId: found.version_id,
        fields: Object.keys(body),
      });
      return ok(await repo.componentOf(tx, ws, found.version_id, id));
    });
  }

  deleteComponent(actor: Actor, id: string): Promise<Outcome<{ ok: true }>> {
    return designTransaction(this.db, actor, async (tx) => {
      const ws = actor.workspaceId;
      const found = await repo.findComponent(tx, ws, id);
      if (!found) return notFoundRefusal('Part of the form not found');
      const version = await editableVersion(tx, ws, found.version_id);
      if (!version.ok) return version;
      if (found.system_key) {
        const message = `"${found.title}" is part of every complaint form and cannot be removed`;
        return invalid(message, { id: message });
      }
      await repo.deleteComponent(tx, ws, id);
      await designAudit(tx, actor, 'workflow.component.delete', id, {
        workflowVersionId: found.version_id,
        title: found.title,
      });
      return ok({ ok: true as const });
    });
  }

  // ---------- meeting fields ----------

  addMeetingFields(actor: Actor, body: AddMeetingFieldsBody): Promise<Outcome<MeetingFields>> {
    return this.onMeetingStep(actor, body, 'workflow.meeting-field.add', (current) => {
      const added: CustomMeetingField[] = body.meetingFieldList.map((f) => ({
        meetingFieldId: randomUUID(),
        label: f.label,
        fieldType: f.fieldType ?? 'TEXT',
        required: f.required ?? false,
      }));
      const problems = meetingFieldsProblems([...current, ...added].map((f) => f.label));
      return problemsRefusal(shiftIndexes(problems, current.length)) ?? ok([...current, ...added]);
    });
  }

  updateMeetingFields(actor: Actor, body: UpdateMeetingFieldsBody): Promise<Outcome<MeetingFields>> {
    return this.onMeetingStep(actor, body, 'workflow.meeting-field.update', (current) => {
      const next = current.map((f) => ({ ...f }));
      for (const [i, change] of body.meetingFieldList.entries()) {
        const field = next.find((f) => f.meetingFieldId === change.meetingFieldId);
        if (!field)
          return invalid('Not a field of this meeting form', {
            [`meetingFieldList.${i}.meetingFieldId`]: 'Not a field of this meeting form',
          });
        Object.assign(field, {
          label: change.label ?? field.label,
          fieldType: change.fieldType ?? field.fieldType,
          required: change.required ?? field.required,
        });
      }
      const problems = meetingFieldsProblems(next.map((f) => f.label));
      // Name the field by its place in the request, not in the stored list.
      const renamed: Problems = {};
      for (const [key, message] of Object.entries(problems)) {
        const index = Number(key.split('.')[1]);
        const at = body.meetingFieldList.findIndex((c) => c.meetingFieldId === next[index]?.meetingFieldId);
        renamed[at >= 0 ? `meetingFieldList.${at}.label` : key] = message;
      }
      return problemsRefusal(renamed) ?? ok(next);
    });
  }

  removeMeetingFields(actor: Actor, body: RemoveMeetingFieldsBody): Promise<Outcome<MeetingFields>> {
    return this.onMeetingStep(actor, body, 'workflow.meeting-field.remove', (current) => {
      const unknown = body.meetingFieldIdList.filter((id) => !current.some((f) => f.meetingFieldId === id));
      if (unknown.length)
        return invalid('Not a field of this meeting form', {
          meetingFieldIdList: `Not a field of this meeting form: ${unknown.join(', ')}`,
        });
      return ok(current.filter((f) => !body.meetingFieldIdList.includes(f.meetingFieldId)));
    });
  }

  // ---------- action mails ----------

  saveActionSetting(actor: Actor, body: SaveActionSettingBody): Promise<Outcome<ActionSetting[]>> {
    return designTransaction(this.db, actor, async (tx) => {
      const ws = actor.workspaceId;
      const version = await editableVersion(tx, ws, body.workflowVersionId);
      if (!version.ok) return version;
      const problems = problemsRefusal({
        ...mailTemplateProblems('mailSubject', body.mailSubject),
        ...mailTemplateProblems('mailBody', body.mailBody),
      });
      if (problems) return problems;
      await repo.saveActionSetting(tx, ws, body.workflowVersionId, {
        actionType: body.actionType,
        mailSubject: body.mailSubject,
        mailBody: body.mailBody,
        includeComplaintCopy: body.includeComplaintCopy ?? false,
      });
      await designAudit(tx, actor, 'workflow.action-setting.save', body.workflowVersionId, {
        actionType: body.actionType,
      });
      return ok(await repo.listActionSettings(tx, ws, body.workflowVersionId));
    });
  }

  // ---------- escalation ----------

  saveEscalation(actor: Actor, body: SaveEscalationSettingBody): Promise<Outcome<EscalationSetting>> {
    return designTransaction(this.db, actor, async (tx) => {
      const ws = actor.workspaceId;
      if (body.id && !(await repo.findEscalation(tx, ws, body.id)))
        return notFoundRefusal('Escalation setting not found');
      const branchId = body.branchId ?? null;
      if (branchId && (await workflows.unknownBranches(tx, ws, [branchId])).length) {
        return invalid('Not a business unit of this workspace', {
          branchId: 'Choose a business unit of this workspace',
        });
      }
      if (!(await repo.userInWorkspace(tx, ws, body.targetId))) {
        return invalid('Not a member of this workspace', { targetId: 'Choose a member of this workspace' });
      }
      const setting = {
        ...body,
        branchId,
        secondThresholdDate: body.secondThresholdDate ?? null,
        enabled: body.enabled ?? true,
      };
      const problems = problemsRefusal(escalationProblems(setting));
      if (problems) return problems;
      const saved = await repo.saveEscalation(tx, ws, setting);
      await designAudit(tx, actor, 'escalation-setting.save', saved.id, {
        branchId,
        escalationType: body.escalationType,
        firstThresholdDate: body.firstThresholdDate,
        secondThresholdDate: setting.secondThresholdDate,
        targetId: body.targetId,
        enabled: setting.enabled,
      });
      return ok(saved);
    });
  }

  // ---------- shared steps ----------

  /** A change to one step of an editable version; answers the step as it now is. */
  private onStep(
    actor: Actor,
    stepId: string,
    action: string,
    change: (tx: Sql, step: workflows.StepRow) => Promise<Outcome<Record<string, unknown>>>,
  ): Promise<Outcome<WorkflowStep>> {
    return designTransaction(this.db, actor, async (tx) => {
      const ws = actor.workspaceId;
      const found = await workflows.findStep(tx, ws, stepId);
      if (!found) return notFoundRefusal('Step not found');
      const version = await editableVersion(tx, ws, found.version_id);
      if (!version.ok) return version;
      const step = (await workflows.findStep(tx, ws, stepId))!;
      const details = await change(tx, { ...step, settings: step.settings ?? {} });
      if (!details.ok) return details;
      await workflows.touchVersion(tx, ws, found.version_id);
      await designAudit(tx, actor, action, stepId, { workflowVersionId: found.version_id, ...details.value });
      return ok((await workflows.listSteps(tx, ws, found.version_id)).find((s) => s.stepId === stepId)!);
    });
  }

  /** A change to one field of the complaint form of an editable version; answers the field (or `answerOf`). */
  private onAttribute<T = FormAttribute>(
    actor: Actor,
    id: string,
    action: string,
    change: (tx: Sql, found: repo.AttributeRow) => Promise<Outcome<Record<string, unknown>>>,
    answerOf?: (tx: Sql, found: repo.AttributeRow) => Promise<T>,
  ): Promise<Outcome<T>> {
    return designTransaction(this.db, actor, async (tx) => {
      const ws = actor.workspaceId;
      const found = await repo.findAttribute(tx, ws, id);
      if (!found) return notFoundRefusal('Field not found');
      const version = await editableVersion(tx, ws, found.version_id);
      if (!version.ok) return version;
      const details = await change(tx, found);
      if (!details.ok) return details;
      await designAudit(tx, actor, action, id, { workflowVersionId: found.version_id, ...details.value });
      if (answerOf) return ok(await answerOf(tx, found));
      return ok(((await repo.attributeOf(tx, ws, found.version_id, id)) ?? null!) as T);
    });
  }

  private onPrerequisites(
    actor: Actor,
    body: { workflowId: string; workflowVersionId: string },
    action: string,
    change: (tx: Sql, current: PrerequisiteList['prerequisiteList']) => Promise<Outcome<Record<string, unknown>>>,
  ): Promise<Outcome<PrerequisiteList>> {
    return designTransaction(this.db, actor, async (tx) => {
      const ws = actor.workspaceId;
      const version = await editableVersion(tx, ws, body.workflowVersionId);
      if (!version.ok) return version;
      if (version.value.workflow_id !== body.workflowId) return notFoundRefusal('Workflow version not found');
      const details = await change(tx, await repo.listPrerequisites(tx, ws, version.value.id));
      if (!details.ok) return details;
      await designAudit(tx, actor, action, version.value.id, { workflowId: body.workflowId, ...details.value });
      return ok(await this.prerequisiteList(tx, ws, version.value));
    });
  }

  private onMeetingStep(
    actor: Actor,
    body: { workflowId: string; stepId: string },
    action: string,
    change: (current: CustomMeetingField[]) => Outcome<CustomMeetingField[]>,
  ): Promise<Outcome<MeetingFields>> {
    return designTransaction(this.db, actor, async (tx) => {
      const ws = actor.workspaceId;
      const found = await workflows.findStep(tx, ws, body.stepId);
      if (!found) return notFoundRefusal('Step not found');
      const editable = await editableVersion(tx, ws, found.version_id);
      if (!editable.ok) return editable;
      const version = editable.value;
      if (version.workflow_id !== body.workflowId) return notFoundRefusal('Step not found in this workflow');
      const step = (await workflows.findStep(tx, ws, body.stepId))!;
      if (step.kind !== 'MEETING') return notMeetingStep();
      const settings = step.settings ?? {};
      const changed = change(settings.customMeetingFields ?? []);
      if (!changed.ok) return changed;
      const customMeetingFields = changed.value;
      await repo.updateStepSettingsJson(tx, ws, step.id, { ...settings, customMeetingFields });
      await workflows.touchVersion(tx, ws, version.id);
      await designAudit(tx, actor, action, step.id, {
        workflowVersionId: version.id,
        labels: customMeetingFields.map((f) => f.label),
      });
      return ok(meetingFieldsOf(version.workflow_id, { ...step, settings: { ...settings, customMeetingFields } }));
    });
  }

  private async prerequisiteList(tx: Sql, ws: string, version: workflows.VersionRow): Promise<PrerequisiteList> {
    return {
      workflowId: version.workflow_id,
      workflowVersionId: version.id,
      prerequisiteList: await repo.listPrerequisites(tx, ws, version.id),
    };
  }
}

/** The rules' problems as the refusal naming each field (null when there are none). */
function problemsRefusal(problems: Problems): Refusal | null {
  const fields = Object.keys(problems);
  return fields.length > 0 ? invalid(`Invalid ${fields.join(', ')}: ${problems[fields[0]]}`, problems) : null;
}

/** Problems found over `existing + added` name the added ones by their place in the request. */
function shiftIndexes(problems: Problems, offset: number): Problems {
  const out: Problems = {};
  for (const [key, message] of Object.entries(problems)) {
    const match = /^meetingFieldList\.(\d+)\.(.*)$/.exec(key);
    out[match && Number(match[1]) >= offset ? `meetingFieldList.${Number(match[1]) - offset}.${match[2]}` : key] =
      message;
  }
  return out;
}

function settingOf(step: workflows.StepRow): StepSetting {
  return {
    stepId: step.id,
    ownerRole: step.owner_role ?? null,
    timeLimit: step.time_limit ?? null,
    stageId: step.stage_id ?? null,
  };
}

function meetingFieldsOf(workflowId: string, step: workflows.StepRow): MeetingFields {
  const s = step.settings ?? {};
  return {
    workflowId,
    stepId: step.id,
    meetingFieldList: s.meetingFields ?? MEETING_FIELDS.filter((f) => f.required).map((f) => ({ ...f })),
    customFieldList: s.customMeetingFields ?? [],
  };
}
