import type { WorkflowBuilderApi } from '../../src/application/workflows/workflow-builder-api.port';
import { ApiError } from '../../src/application/shared/api-error';
import type {
  AttributeRoles,
  EscalationSetting,
  FormAttribute,
  Prerequisite,
} from '../../src/contracts/case/builder-schemas';
import {
  attributeRolesProblems,
  DEFAULT_ATTRIBUTE_ROLES,
  escalationProblems,
  moveTo,
  type CaseRole,
} from '../../src/domain/workflows/builder-rules';
import { actionNeedsParty, canEdit } from '../../src/domain/workflows/workflow-rules';
import type { FakeWorkflowApi } from './workflows.fakes';

/**
 * The builder's calls over the versions of a FakeWorkflowApi, in memory: step order, actions and stages, with the
 * server's answers to a frozen version (conflict) and a NOTIFY without a party (invalid, naming the field).
 * Calls the tests do not use answer as a server without them would.
 */
export function fakeWorkflowBuilderApi(workflows: FakeWorkflowApi): WorkflowBuilderApi & { calls: string[] } {
  const calls: string[] = [];
  let seq = 0;
  const versionOfStep = (stepId: string) => {
    const version = [...workflows.versions.values()].find((v) => v.steps.some((s) => s.stepId === stepId));
    if (!version) throw new ApiError('not-found', 'NOT_FOUND', 'Step not found');
    if (!canEdit(version))
      throw new ApiError(
        'conflict',
        'CONFLICT',
        'This version is published or archived and cannot be changed: create a new version from it.',
      );
    return version;
  };
  const frozen = (workflowVersionId: string) => {
    const version = workflows.versions.get(workflowVersionId);
    if (!version) throw new ApiError('not-found', 'NOT_FOUND', 'Version not found');
    if (!canEdit(version))
      throw new ApiError(
        'conflict',
        'CONFLICT',
        'This version is published or archived and cannot be changed: create a new version from it.',
      );
    return version;
  };
  const prerequisites = new Map<string, Prerequisite[]>();
  const roles = new Map<string, CaseRole[]>();
  const escalations: EscalationSetting[] = [];
  const listOf = (workflowId: string, workflowVersionId: string) => ({
    workflowId,
    workflowVersionId,
    prerequisiteList: structuredClone(prerequisites.get(workflowVersionId) ?? []),
  });
  const attributesOf = (workflowVersionId: string): FormAttribute[] =>
    workflows.versions.get(workflowVersionId)?.components.flatMap((c) => c.attributes) ?? [];
  const rolesOf = (workflowVersionId: string, complianceId: 'IN_POSH' | 'CA_FEDERAL'): AttributeRoles => ({
    workflowVersionId,
    complianceId,
    attributes: attributesOf(workflowVersionId).map((a) => {
      const saved = roles.get(`${workflowVersionId}/${complianceId}/${a.attributeId}`);
      return {
        attributeId: a.attributeId,
        componentTitle: 'Incident',
        label: a.label,
        roles: saved ?? [...DEFAULT_ATTRIBUTE_ROLES],
        customised: saved !== undefined,
      };
    }),
  });
  const missing = (): never => {
    throw new ApiError('other', 'NOT_IMPLEMENTED', 'Not in this fake');
  };
  return {
    calls,
    async moveStep(stepId, position) {
      calls.push(`moveStep ${stepId} ${position}`);
      const version = versionOfStep(stepId);
      const order = moveTo(
        version.steps.map((s) => s.stepId),
        stepId,
        position,
      );
      version.steps = order.map((id, i) => ({ ...version.steps.find((s) => s.stepId === id)!, position: i + 1 }));
      return structuredClone(version.steps.find((s) => s.stepId === stepId)!);
    },
    async addStepAction(stepId, body) {
      calls.push(`addStepAction ${stepId} ${body.actionType}`);
      const version = versionOfStep(stepId);
      const step = version.steps.find((s) => s.stepId === stepId)!;
      if (actionNeedsParty([body.actionType]) && !body.party) {
        throw new ApiError('invalid', 'VALIDATION', 'Invalid party', {
          party: 'Choose whom to notify: respondent or employer',
        });
      }
      step.actionTypes = [...step.actionTypes, body.actionType];
      step.party = body.party ?? step.party;
      return structuredClone(step);
    },
    async addStage(workflowVersionId, name, description = '') {
      calls.push(`addStage ${workflowVersionId} ${name}`);
      const version = workflows.versions.get(workflowVersionId)!;
      if (!canEdit(version))
        throw new ApiError(
          'conflict',
          'CONFLICT',
          'This version is published or archived and cannot be changed: create a new version from it.',
        );
      const stage = {
        stageId: `g${++seq}`,
        workflowVersionId,
        name,
        description,
        position: version.stages.length + 1,
        stepIdList: [],
      };
      version.stages = [...version.stages, stage];
      return structuredClone(stage);
    },
    async prerequisites(workflowVersionId) {
      return listOf(workflows.versions.get(workflowVersionId)?.workflowId ?? '', workflowVersionId);
    },
    async addPrerequisites(body) {
      calls.push(`addPrerequisites ${body.workflowVersionId} ${body.prerequisiteList.map((p) => p.label).join(',')}`);
      frozen(body.workflowVersionId);
      const list = prerequisites.get(body.workflowVersionId) ?? [];
      for (const p of body.prerequisiteList) {
        list.push({
          prerequisiteId: `p${++seq}`,
          kind: p.kind,
          label: p.label,
          description: p.description ?? '',
          referenceId: p.referenceId ?? null,
          position: list.length + 1,
        });
      }
      prerequisites.set(body.workflowVersionId, list);
      return listOf(body.workflowId, body.workflowVersionId);
    },
    async updatePrerequisites(body) {
      calls.push(`updatePrerequisites ${body.prerequisiteList.map((p) => p.prerequisiteId).join(',')}`);
      frozen(body.workflowVersionId);
      const list = prerequisites.get(body.workflowVersionId) ?? [];
      for (const change of body.prerequisiteList) {
        const p = list.find((x) => x.prerequisiteId === change.prerequisiteId);
        if (!p) throw new ApiError('not-found', 'NOT_FOUND', 'Prerequisite not found');
        Object.assign(p, Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)));
      }
      return listOf(body.workflowId, body.workflowVersionId);
    },
    async removePrerequisites(body) {
      calls.push(`removePrerequisites ${body.prerequisiteIdList.join(',')}`);
      frozen(body.workflowVersionId);
      prerequisites.set(
        body.workflowVersionId,
        (prerequisites.get(body.workflowVersionId) ?? []).filter(
          (p) => !body.prerequisiteIdList.includes(p.prerequisiteId),
        ),
      );
      return listOf(body.workflowId, body.workflowVersionId);
    },
    async attributeRoles(workflowVersionId, complianceId) {
      calls.push(`attributeRoles ${complianceId}`);
      return rolesOf(workflowVersionId, complianceId);
    },
    async saveAttributeRoles(body) {
      calls.push(`saveAttributeRoles ${body.complianceId} ${body.attributeId} ${body.roles.join(',')}`);
      frozen(body.workflowVersionId);
      const problems = attributeRolesProblems(body.roles);
      if (Object.keys(problems).length)
        throw new ApiError('invalid', 'VALIDATION', Object.values(problems)[0], problems);
      roles.set(`${body.workflowVersionId}/${body.complianceId}/${body.attributeId}`, [...body.roles]);
      return rolesOf(body.workflowVersionId, body.complianceId);
    },
    async updateAttribute(attributeId, body) {
      calls.push(`updateAttribute ${attributeId} ${body.label ?? ''}`);
      const version = [...workflows.versions.values()].find((v) =>
        v.components.some((c) => c.attributes.some((a) => a.attributeId === attributeId)),
      );
      if (!version) throw new ApiError('not-found', 'NOT_FOUND', 'Field not found');
      frozen(version.workflowVersionId);
      const attribute = version.components.flatMap((c) => c.attributes).find((a) => a.attributeId === attributeId)!;
      Object.assign(attribute, Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)));
      return structuredClone(attribute);
    },
    async confirmAttributeResource(attributeId, fileId, fileName) {
      calls.push(`confirmAttributeResource ${attributeId} ${fileId}`);
      const version = [...workflows.versions.values()].find((v) =>
        v.components.some((c) => c.attributes.some((a) => a.attributeId === attributeId)),
      );
      if (!version) throw new ApiError('not-found', 'NOT_FOUND', 'Field not found');
      frozen(version.workflowVersionId);
      const attribute = version.components.flatMap((c) => c.attributes).find((a) => a.attributeId === attributeId)!;
      attribute.resourceFileId = fileId;
      attribute.resourceFileName = fileName ?? null;
      return structuredClone(attribute);
    },
    async saveActionSetting(body) {
      calls.push(`saveActionSetting ${body.actionType}`);
      const version = frozen(body.workflowVersionId);
      const setting = {
        actionType: body.actionType,
        mailSubject: body.mailSubject,
        mailBody: body.mailBody,
        ccEmailList: [],
        includeComplaintCopy: body.includeComplaintCopy ?? false,
        customised: true,
        removedCcCount: 0,
      };
      version.actionSettings = [...version.actionSettings.filter((a) => a.actionType !== body.actionType), setting];
      return structuredClone(version.actionSettings);
    },
    async escalations(branchId) {
      return structuredClone(escalations.filter((e) => branchId === undefined || e.branchId === branchId));
    },
    async saveEscalation(body) {
      calls.push(
        `saveEscalation ${body.id ?? 'new'} ${body.branchId ?? 'workspace'} ${body.escalationType} ${body.firstThresholdDate}/${body.secondThresholdDate ?? '-'} ${body.targetId} ${body.enabled}`,
      );
      const second = body.secondThresholdDate ?? null;
      const problems = escalationProblems({ firstThresholdDate: body.firstThresholdDate, secondThresholdDate: second });
      if (Object.keys(problems).length)
        throw new ApiError('invalid', 'VALIDATION', Object.values(problems)[0], problems);
      const existing = body.id ? escalations.find((e) => e.id === body.id) : undefined;
      const now = new Date().toISOString();
      const setting: EscalationSetting = {
        id: existing?.id ?? `e${++seq}`,
        workspaceId: 'w1',
        branchId: body.branchId ?? null,
        escalationType: body.escalationType,
        firstThresholdDate: body.firstThresholdDate,
        secondThresholdDate: second,
        targetId: body.targetId,
        enabled: body.enabled ?? true,
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
      };
      if (existing) escalations.splice(escalations.indexOf(existing), 1, setting);
      else escalations.push(setting);
      return structuredClone(setting);
    },
    async escalationChoices() {
      return {
        businessUnits: [{ id: 'b1', label: 'Pune office' }],
        people: [{ id: 'u1', label: 'Asha Rao (asha@acme.test)' }],
      };
    },
    async findPeople(text) {
      calls.push(`findPeople ${text}`);
      return [{ id: 'u2', label: 'Dev Patel (dev@acme.test)' }];
    },
    stepDetails: missing,
    removeStepAction: missing,
    stepSetting: missing,
    saveStepSetting: missing,
    deleteStage: missing,
    addAttribute: missing,
    deleteAttribute: missing,
    orderAttribute: missing,
    addComponent: missing,
    updateComponent: missing,
    deleteComponent: missing,
    meetingFields: missing,
    addMeetingFields: missing,
    updateMeetingFields: missing,
    removeMeetingFields: missing,
  };
}
