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
import {
  canEdit,
  FROZEN_VERSION_MESSAGE,
  MEETING_FIELDS,
  stepProblems,
  type ActionType,
} from '../../../src/domain/workflows/workflow-rules';
import { audit } from '../../platform/audit';
import type { Database, Sql } from '../../platform/db/database';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors';
import * as workflows from '../workflows/workflows.repository';
import type { Actor } from '../workflows/workflows.service';
import * as repo from './builder.repository';

const RETRYABLE = new Set(['23505', '40001', '40P01']);

/**
 * The builder's parts. Every change is one tenant transaction that locks the version it changes and refuses a
 * frozen one (409), checks the rules (400 naming the field), writes, and audits in the same transaction.
 */
export class BuilderService {
  constructor(private readonly db: Database) {}

  // ---------- reads ----------

  stepDetails(ws: string, versionId: string, stepId: string): Promise<StepDetail> {
    return this.db.tenant(ws, async (tx) => {
      const step = (await workflows.listSteps(tx, ws, versionId)).find((s) => s.stepId === stepId);
      if (!step) throw notFound('Step not found in this version');
      const stage = step.stageId
        ? (await repo.listStages(tx, ws, versionId)).find((s) => s.stageId === step.stageId)
        : undefined;
      return {
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
      };
    });
  }

  prerequisites(ws: string, versionId: string): Promise<PrerequisiteList> {
    return this.db.tenant(ws, async (tx) => {
      const version = await workflows.findVersion(tx, ws, versionId);
      if (!version) throw notFound('Workflow version not found');
      return this.prerequisiteList(tx, ws, version);
    });
  }

  stepSetting(ws: string, stepId: string): Promise<StepSetting> {
    return this.db.tenant(ws, async (tx) => {
      const step = await workflows.findStep(tx, ws, stepId);
      if (!step) throw notFound('Step not found');
      return settingOf(step);
    });
  }

  attributeRoles(ws: string, versionId: string, compliance: Compliance): Promise<AttributeRoles> {
    return this.db.tenant(ws, async (tx) => {
      if (!(await workflows.findVersion(tx, ws, versionId))) throw notFound('Workflow version not found');
      await repo.ensureStandardForm(tx, ws, versionId);
      return repo.attributeRoles(tx, ws, versionId, compliance);
    });
  }

  meetingFields(ws: string, stepId: string | undefined): Promise<MeetingFields> {
    if (!stepId) {
      return Promise.resolve({
        workflowId: null,
        stepId: null,
        meetingFieldList: MEETING_FIELDS.map((f) => ({ ...f })),
        customFieldList: [],
      });
    }
    return this.db.tenant(ws, async (tx) => {
      const step = await workflows.findStep(tx, ws, stepId);
      if (!step) throw notFound('Step not found');
      const version = (await workflows.findVersion(tx, ws, step.version_id))!;
      if (step.kind !== 'MEETING')
        throw badRequest('Only a meeting step has a meeting form', { stepId: 'Choose a meeting step' });
      return meetingFieldsOf(version.workflow_id, step);
    });
  }

  escalations(ws: string, branchId: string | undefined): Promise<EscalationSetting[]> {
    return this.db.tenant(ws, (tx) => repo.listEscalations(tx, ws, branchId));
  }

  // ---------- step actions and settings ----------

  addStepAction(actor: Actor, stepId: string, body: AddStepActionBody): Promise<WorkflowStep> {
    return this.onStep(actor, stepId, 'workflow.step.action.add', async (tx, step) => {
      if (step.kind !== 'ACTION')
        throw badRequest('A meeting step has no actions', {
          actionType: 'A meeting step has no actions: add an action step',
        });
      const current = step.settings.actionTypes ?? [];
      const actionTypes = current.includes(body.actionType) ? current : [...current, body.actionType];
      const party = body.party !== undefined ? body.party : (step.settings.party ?? null);
      check(stepProblems({ kind: 'ACTION', name: step.name, actionTypes, party }));
      await repo.updateStepSettingsJson(tx, actor.workspaceId, stepId, { ...step.settings, actionTypes, party });
      return { details: { actionType: body.actionType, party } };
    });
  }

  removeStepAction(actor: Actor, stepId: string, actionType: ActionType): Promise<WorkflowStep> {
    return this.onStep(actor, stepId, 'workflow.step.action.remove', async (tx, step) => {
      const current = step.settings.actionTypes ?? [];
      if (step.kind !== 'ACTION' || !current.includes(actionType)) {
        throw badRequest('This step does not have that action', { actionType: 'This step does not have that action' });
      }
      const actionTypes = current.filter((t) => t !== actionType);
      const party = actionType === 'NOTIFY' ? null : (step.settings.party ?? null);
      const problems = stepProblems({ kind: 'ACTION', name: step.name, actionTypes, party });
      if (problems.actionTypes)
        throw badRequest('A step keeps at least one action: remove the step instead', {
          actionType: problems.actionTypes,
        });
      await repo.updateStepSettingsJson(tx, actor.workspaceId, stepId, { ...step.settings, actionTypes, party });
      return { details: { actionType } };
    });
  }

  async saveStepSetting(actor: Actor, body: SaveStepSettingBody): Promise<StepSetting> {
    const step = await this.onStep(actor, body.stepId, 'workflow.step.settings', async (tx, found) => {
      const next = {
        ownerRole: body.ownerRole !== undefined ? body.ownerRole : found.owner_role,
        timeLimit: body.timeLimit !== undefined ? body.timeLimit : found.time_limit,
        stageId: body.stageId !== undefined ? body.stageId : found.stage_id,
      };
      if (next.stageId) {
        const stage = await repo.findStage(tx, actor.workspaceId, next.stageId);
        if (!stage || stage.version_id !== found.version_id)
          throw badRequest('Not a stage of this version', { stageId: 'Choose a stage of this version' });
      }
      await repo.updateStepSetting(tx, actor.workspaceId, found.id, next);
      return { details: { fields: Object.keys(body).filter((k) => k !== 'stepId') } };
    });
    return { stepId: step.stepId, ownerRole: step.ownerRole, timeLimit: step.timeLimit, stageId: step.stageId };
  }

  // ---------- stages ----------

  addStage(actor: Actor, versionId: string, body: { name: string; description?: string }): Promise<WorkflowStage> {
    return this.run(actor, async (tx) => {
      const ws = actor.workspaceId;
      await this.editableVersion(tx, ws, versionId);
      const id = await repo.insertStage(tx, ws, versionId, body.name, body.description ?? '');
      await this.audit(tx, actor, 'workflow.stage.add', id, { workflowVersionId: versionId, name: body.name });
      return (await repo.listStages(tx, ws, versionId)).find((s) => s.stageId === id)!;
    });
  }

  deleteStage(actor: Actor, stageId: string): Promise<void> {
    return this.run(actor, async (tx) => {
      const ws = actor.workspaceId;
      const stage = await repo.findStage(tx, ws, stageId);
      if (!stage) throw notFound('Stage not found');
      await this.editableVersion(tx, ws, stage.version_id);
      await repo.deleteStage(tx, ws, stageId);
      await this.audit(tx, actor, 'workflow.stage.delete', stageId, { workflowVersionId: stage.version_id });
    });
  }

  // ---------- prerequisites ----------

  addPrerequisites(actor: Actor, body: AddPrerequisitesBody): Promise<PrerequisiteList> {
    return this.onPrerequisites(actor, body, 'workflow.prerequisite.add', async (tx) => {
      const items = body.prerequisiteList.map((p) => ({
        kind: p.kind,
        label: p.label,
        description: p.description ?? '',
        referenceId: p.referenceId ?? null,
      }));
      await repo.insertPrerequisites(tx, actor.workspaceId, body.workflowVersionId, items);
      return { count: items.length };
    });
  }

  updatePrerequisites(actor: Actor, body: UpdatePrerequisitesBody): Promise<PrerequisiteList> {
    return this.onPrerequisites(actor, body, 'workflow.prerequisite.update', async (tx, current) => {
      for (const [i, change] of body.prerequisiteList.entries()) {
        const found = current.find((p) => p.prerequisiteId === change.prerequisiteId);
        if (!found)
          throw badRequest('Not a prerequisite of this version', {
            [`prerequisiteList.${i}.prerequisiteId`]: 'Not a prerequisite of this version',
          });
        await repo.updatePrerequisite(tx, actor.workspaceId, found.prerequisiteId, {
          kind: change.kind ?? found.kind,
          label: change.label ?? found.label,
          description: change.description ?? found.description,
          referenceId: change.referenceId !== undefined ? change.referenceId : found.referenceId,
        });
      }
      return { prerequisiteIdList: body.prerequisiteList.map((p) => p.prerequisiteId) };
    });
  }

  removePrerequisites(actor: Actor, body: RemovePrerequisitesBody): Promise<PrerequisiteList> {
    return this.onPrerequisites(actor, body, 'workflow.prerequisite.remove', async (tx, current) => {
      const unknown = body.prerequisiteIdList.filter((id) => !current.some((p) => p.prerequisiteId === id));
      if (unknown.length)
        throw badRequest('Not a prerequisite of this version', {
          prerequisiteIdList: `Not a prerequisite of this version: ${unknown.join(', ')}`,
        });
      await repo.deletePrerequisites(tx, actor.workspaceId, body.workflowVersionId, body.prerequisiteIdList);
      return { prerequisiteIdList: body.prerequisiteIdList };
    });
  }

  // ---------- who sees each field ----------

  saveAttributeSetting(actor: Actor, body: SaveAttributeSettingBody): Promise<AttributeRoles> {
    return this.run(actor, async (tx) => {
      const ws = actor.workspaceId;
      await this.editableVersion(tx, ws, body.workflowVersionId);
      const attribute = await repo.findAttribute(tx, ws, body.attributeId);
      if (!attribute || attribute.version_id !== body.workflowVersionId) {
        throw badRequest('Not a field of this version', {
          attributeId: 'Not a field of the complaint form of this version',
        });
      }
      check(attributeRolesProblems(body.roles));
      await repo.saveAttributeRoles(tx, ws, body.workflowVersionId, body.complianceId, body.attributeId, body.roles);
      await this.audit(tx, actor, 'workflow.attribute.roles', body.attributeId, {
        workflowVersionId: body.workflowVersionId,
        complianceId: body.complianceId,
        roles: body.roles,
      });
      return repo.attributeRoles(tx, ws, body.workflowVersionId, body.complianceId);
    });
  }

  // ---------- the complaint form ----------

  addAttribute(actor: Actor, body: AddAttributeBody): Promise<FormAttribute> {
    return this.run(actor, async (tx) => {
      const ws = actor.workspaceId;
      await this.editableVersion(tx, ws, body.workflowVersionId);
      await repo.ensureStandardForm(tx, ws, body.workflowVersionId);
      const component = await repo.findComponent(tx, ws, body.componentId);
      if (!component || component.version_id !== body.workflowVersionId) {
        throw badRequest('Not a part of this form', {
          componentId: 'Choose a part of the complaint form of this version',
        });
      }
      const attribute = {
        label: body.label,
        fieldType: body.fieldType,
        required: body.required ?? false,
        helpText: body.helpText ?? '',
        options: body.options ?? [],
      };
      check(attributeProblems(attribute));
      const id = await repo.insertAttribute(tx, ws, {
        versionId: body.workflowVersionId,
        componentId: body.componentId,
        ...attribute,
      });
      await this.audit(tx, actor, 'workflow.attribute.add', id, {
        workflowVersionId: body.workflowVersionId,
        label: body.label,
        fieldType: body.fieldType,
      });
      return repo.attributeOf(tx, ws, body.workflowVersionId, id);
    });
  }

  updateAttribute(actor: Actor, id: string, body: UpdateAttributeBody): Promise<FormAttribute> {
    return this.onAttribute(actor, id, 'workflow.attribute.update', async (tx, found) => {
      const componentId = body.componentId ?? found.component_id;
      if (componentId !== found.component_id) {
        const target = await repo.findComponent(tx, actor.workspaceId, componentId);
        if (!target || target.version_id !== found.version_id)
          throw badRequest('Not a part of this form', { componentId: 'Choose a part of this form' });
        if (found.system_key)
          throw badRequest('The law’s fields stay in their part', {
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
      check(attributeProblems({ ...next, systemKey: found.system_key }));
      await repo.updateAttribute(tx, actor.workspaceId, id, {
        ...next,
        componentId,
        moved: componentId !== found.component_id,
      });
      return { fields: Object.keys(body) };
    });
  }

  deleteAttribute(actor: Actor, id: string): Promise<void> {
    return this.onAttribute(actor, id, 'workflow.attribute.delete', async (tx, found) => {
      const removable = canRemoveAttribute(found.system_key);
      if (!removable.ok) throw badRequest(removable.message, { id: removable.message });
      await repo.deleteAttribute(tx, actor.workspaceId, id);
      return { label: found.label };
    }).then(() => undefined);
  }

  async orderAttribute(actor: Actor, id: string, position: number): Promise<FormComponent> {
    let componentId = '';
    let versionId = '';
    await this.onAttribute(actor, id, 'workflow.attribute.order', async (tx, found) => {
      componentId = found.component_id;
      versionId = found.version_id;
      const component = await repo.componentOf(tx, actor.workspaceId, found.version_id, found.component_id);
      const order = moveTo(
        component.attributes.map((a) => a.attributeId),
        id,
        position,
      );
      await repo.renumber(tx, actor.workspaceId, 'workflow_form_attributes', order);
      return { position };
    });
    return this.db.tenant(actor.workspaceId, (tx) => repo.componentOf(tx, actor.workspaceId, versionId, componentId));
  }

  confirmResourceUpload(actor: Actor, id: string, body: { fileId: string; fileName?: string }): Promise<FormAttribute> {
    return this.onAttribute(actor, id, 'workflow.attribute.resource', async (tx) => {
      // Only a file this workspace uploaded and the store confirmed (the uploads calls of the learning API, over the
      // same database): another workspace's id, or one never confirmed, is no file.
      const [file] = await tx.query<{ declared_name: string }>(
        `SELECT declared_name FROM files WHERE workspace_id = $1 AND id::text = $2 AND status = 'CONFIRMED'`,
        [actor.workspaceId, body.fileId],
      );
      if (!file)
        throw badRequest('Upload the file and confirm it first', {
          fileId: `No uploaded file ${body.fileId} in this workspace`,
        });
      await repo.setAttributeResource(tx, actor.workspaceId, id, body.fileId, body.fileName ?? file.declared_name);
      return { fileId: body.fileId };
    });
  }

  addComponent(
    actor: Actor,
    body: { workflowVersionId: string; title: string; description?: string },
  ): Promise<FormComponent> {
    return this.run(actor, async (tx) => {
      const ws = actor.workspaceId;
      await this.editableVersion(tx, ws, body.workflowVersionId);
      await repo.ensureStandardForm(tx, ws, body.workflowVersionId);
      const id = await repo.insertComponent(tx, ws, body.workflowVersionId, body.title, body.description ?? '');
      await this.audit(tx, actor, 'workflow.component.add', id, {
        workflowVersionId: body.workflowVersionId,
        title: body.title,
      });
      return repo.componentOf(tx, ws, body.workflowVersionId, id);
    });
  }

  updateComponent(actor: Actor, id: string, body: UpdateComponentBody): Promise<FormComponent> {
    return this.run(actor, async (tx) => {
      const ws = actor.workspaceId;
      const found = await repo.findComponent(tx, ws, id);
      if (!found) throw notFound('Part of the form not found');
      await this.editableVersion(tx, ws, found.version_id);
      await repo.updateComponent(tx, ws, id, {
        title: body.title ?? found.title,
        description: body.description ?? found.description,
      });
      if (body.position !== undefined) {
        const order = (await repo.listComponents(tx, ws, found.version_id)).map((c) => c.componentId);
        await repo.renumber(tx, ws, 'workflow_form_components', moveTo(order, id, body.position));
      }
      await this.audit(tx, actor, 'workflow.component.update', id, {
        workflowVersionId: found.version_id,
        fields: Object.keys(body),
      });
      return repo.componentOf(tx, ws, found.version_id, id);
    });
  }

  deleteComponent(actor: Actor, id: string): Promise<void> {
    return this.run(actor, async (tx) => {
      const ws = actor.workspaceId;
      const found = await repo.findComponent(tx, ws, id);
      if (!found) throw notFound('Part of the form not found');
      await this.editableVersion(tx, ws, found.version_id);
      if (found.system_key) {
        const message = `"${found.title}" is part of every complaint form and cannot be removed`;
        throw badRequest(message, { id: message });
      }
      await repo.deleteComponent(tx, ws, id);
      await this.audit(tx, actor, 'workflow.component.delete', id, {
        workflowVersionId: found.version_id,
        title: found.title,
      });
    });
  }

  // ---------- meeting fields ----------

  addMeetingFields(actor: Actor, body: AddMeetingFieldsBody): Promise<MeetingFields> {
    return this.onMeetingStep(actor, body, 'workflow.meeting-field.add', (current) => {
      const added: CustomMeetingField[] = body.meetingFieldList.map((f) => ({
        meetingFieldId: randomUUID(),
        label: f.label,
        fieldType: f.fieldType ?? 'TEXT',
        required: f.required ?? false,
      }));
      const problems = meetingFieldsProblems([...current, ...added].map((f) => f.label));
      check(shiftIndexes(problems, current.length));
      return [...current, ...added];
    });
  }

  updateMeetingFields(actor: Actor, body: UpdateMeetingFieldsBody): Promise<MeetingFields> {
    return this.onMeetingStep(actor, body, 'workflow.meeting-field.update', (current) => {
      const next = current.map((f) => ({ ...f }));
      for (const [i, change] of body.meetingFieldList.entries()) {
        const field = next.find((f) => f.meetingFieldId === change.meetingFieldId);
        if (!field)
          throw badRequest('Not a field of this meeting form', {
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
      check(renamed);
      return next;
    });
  }

  removeMeetingFields(actor: Actor, body: RemoveMeetingFieldsBody): Promise<MeetingFields> {
    return this.onMeetingStep(actor, body, 'workflow.meeting-field.remove', (current) => {
      const unknown = body.meetingFieldIdList.filter((id) => !current.some((f) => f.meetingFieldId === id));
      if (unknown.length)
        throw badRequest('Not a field of this meeting form', {
          meetingFieldIdList: `Not a field of this meeting form: ${unknown.join(', ')}`,
        });
      return current.filter((f) => !body.meetingFieldIdList.includes(f.meetingFieldId));
    });
  }

  // ---------- action mails ----------

  saveActionSetting(actor: Actor, body: SaveActionSettingBody): Promise<ActionSetting[]> {
    return this.run(actor, async (tx) => {
      const ws = actor.workspaceId;
      await this.editableVersion(tx, ws, body.workflowVersionId);
      check({
        ...mailTemplateProblems('mailSubject', body.mailSubject),
        ...mailTemplateProblems('mailBody', body.mailBody),
      });
      await repo.saveActionSetting(tx, ws, body.workflowVersionId, {
        actionType: body.actionType,
        mailSubject: body.mailSubject,
        mailBody: body.mailBody,
        includeComplaintCopy: body.includeComplaintCopy ?? false,
      });
      await this.audit(tx, actor, 'workflow.action-setting.save', body.workflowVersionId, {
        actionType: body.actionType,
      });
      return repo.listActionSettings(tx, ws, body.workflowVersionId);
    });
  }

  // ---------- escalation ----------

  saveEscalation(actor: Actor, body: SaveEscalationSettingBody): Promise<EscalationSetting> {
    return this.run(actor, async (tx) => {
      const ws = actor.workspaceId;
      if (body.id && !(await repo.findEscalation(tx, ws, body.id))) throw notFound('Escalation setting not found');
      const branchId = body.branchId ?? null;
      if (branchId && (await workflows.unknownBranches(tx, ws, [branchId])).length) {
        throw badRequest('Not a business unit of this workspace', {
          branchId: 'Choose a business unit of this workspace',
        });
      }
      if (!(await repo.userInWorkspace(tx, ws, body.targetId))) {
        throw badRequest('Not a member of this workspace', { targetId: 'Choose a member of this workspace' });
      }
      const setting = {
        ...body,
        branchId,
        secondThresholdDate: body.secondThresholdDate ?? null,
        enabled: body.enabled ?? true,
      };
      check(escalationProblems(setting));
      const saved = await repo.saveEscalation(tx, ws, setting);
      await this.audit(tx, actor, 'escalation-setting.save', saved.id, {
        branchId,
        escalationType: body.escalationType,
        firstThresholdDate: body.firstThresholdDate,
        secondThresholdDate: setting.secondThresholdDate,
        targetId: body.targetId,
        enabled: setting.enabled,
      });
      return saved;
    });
  }

  // ---------- shared steps ----------

  /** A change to one step of an editable version; answers the step as it now is. */
  private onStep(
    actor: Actor,
    stepId: string,
    action: string,
    fn: (tx: Sql, step: workflows.StepRow) => Promise<{ details: Record<string, unknown> }>,
  ): Promise<WorkflowStep> {
    return this.run(actor, async (tx) => {
      const ws = actor.workspaceId;
      const found = await workflows.findStep(tx, ws, stepId);
      if (!found) throw notFound('Step not found');
      await this.editableVersion(tx, ws, found.version_id);
      const step = (await workflows.findStep(tx, ws, stepId))!;
      const { details } = await fn(tx, { ...step, settings: step.settings ?? {} });
      await workflows.touchVersion(tx, ws, found.version_id);
      await this.audit(tx, actor, action, stepId, { workflowVersionId: found.version_id, ...details });
      return (await workflows.listSteps(tx, ws, found.version_id)).find((s) => s.stepId === stepId)!;
    });
  }

  private onAttribute(
    actor: Actor,
    id: string,
    action: string,
    fn: (tx: Sql, found: repo.AttributeRow) => Promise<Record<string, unknown>>,
  ): Promise<FormAttribute> {
    return this.run(actor, async (tx) => {
      const ws = actor.workspaceId;
      const found = await repo.findAttribute(tx, ws, id);
      if (!found) throw notFound('Field not found');
      await this.editableVersion(tx, ws, found.version_id);
      const details = await fn(tx, found);
      await this.audit(tx, actor, action, id, { workflowVersionId: found.version_id, ...details });
      return (await repo.attributeOf(tx, ws, found.version_id, id)) ?? null!;
    });
  }

  private onPrerequisites(
    actor: Actor,
    body: { workflowId: string; workflowVersionId: string },
    action: string,
    fn: (tx: Sql, current: PrerequisiteList['prerequisiteList']) => Promise<Record<string, unknown>>,
  ): Promise<PrerequisiteList> {
    return this.run(actor, async (tx) => {
      const ws = actor.workspaceId;
      const version = await this.editableVersion(tx, ws, body.workflowVersionId);
      if (version.workflow_id !== body.workflowId) throw notFound('Workflow version not found');
      const details = await fn(tx, await repo.listPrerequisites(tx, ws, version.id));
      await this.audit(tx, actor, action, version.id, { workflowId: body.workflowId, ...details });
      return this.prerequisiteList(tx, ws, version);
    });
  }

  private onMeetingStep(
    actor: Actor,
    body: { workflowId: string; stepId: string },
    action: string,
    change: (current: CustomMeetingField[]) => CustomMeetingField[],
  ): Promise<MeetingFields> {
    return this.run(actor, async (tx) => {
      const ws = actor.workspaceId;
      const found = await workflows.findStep(tx, ws, body.stepId);
      if (!found) throw notFound('Step not found');
      const version = await this.editableVersion(tx, ws, found.version_id);
      if (version.workflow_id !== body.workflowId) throw notFound('Step not found in this workflow');
      const step = (await workflows.findStep(tx, ws, body.stepId))!;
      if (step.kind !== 'MEETING')
        throw badRequest('Only a meeting step has a meeting form', { stepId: 'Choose a meeting step' });
      const settings = step.settings ?? {};
      const customMeetingFields = change(settings.customMeetingFields ?? []);
      await repo.updateStepSettingsJson(tx, ws, step.id, { ...settings, customMeetingFields });
      await workflows.touchVersion(tx, ws, version.id);
      await this.audit(tx, actor, action, step.id, {
        workflowVersionId: version.id,
        labels: customMeetingFields.map((f) => f.label),
      });
      return meetingFieldsOf(version.workflow_id, { ...step, settings: { ...settings, customMeetingFields } });
    });
  }

  private async prerequisiteList(tx: Sql, ws: string, version: workflows.VersionRow): Promise<PrerequisiteList> {
    return {
      workflowId: version.workflow_id,
      workflowVersionId: version.id,
      prerequisiteList: await repo.listPrerequisites(tx, ws, version.id),
    };
  }

  /** Locks the version and refuses a frozen one: published and archived versions change only by a new version. */
  private async editableVersion(tx: Sql, ws: string, versionId: string): Promise<workflows.VersionRow> {
    const version = await workflows.findVersion(tx, ws, versionId, { lock: true });
    if (!version) throw notFound('Workflow version not found');
    if (!canEdit(version)) throw conflict(FROZEN_VERSION_MESSAGE);
    return version;
  }

  private audit(
    tx: Sql,
    actor: Actor,
    action: string,
    target: string,
    details: Record<string, unknown>,
  ): Promise<void> {
    return audit(tx, {
      workspaceId: actor.workspaceId,
      actorUserId: actor.userId,
      action,
      target,
      ip: actor.ip,
      details,
    });
  }

  private async run<T>(actor: Actor, fn: (tx: Sql) => Promise<T>): Promise<T> {
    try {
      return await this.db.tenant(actor.workspaceId, fn);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (RETRYABLE.has((error as { code?: string }).code ?? '')) {
        throw conflict('Someone else changed this workflow at the same time. Reload and try again.');
      }
      throw error;
    }
  }
}

function check(problems: Problems): void {
  const fields = Object.keys(problems);
  if (fields.length > 0) throw badRequest(`Invalid ${fields.join(', ')}: ${problems[fields[0]]}`, problems);
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
