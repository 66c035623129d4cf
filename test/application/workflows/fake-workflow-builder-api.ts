import type { WorkflowBuilderApi } from '../../../src/application/workflows/workflow-builder-api.port';
import { ApiError } from '../../../src/application/shared/api-error';
import { moveTo } from '../../../src/domain/workflows/builder-rules';
import { actionNeedsParty, canEdit } from '../../../src/domain/workflows/workflow-rules';
import type { FakeWorkflowApi } from './fake-workflow-api';

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
    if (!canEdit(version)) throw new ApiError('conflict', 'CONFLICT', 'This version is published or archived and cannot be changed: create a new version from it.');
    return version;
  };
  const missing = (): never => {
    throw new ApiError('other', 'NOT_IMPLEMENTED', 'Not in this fake');
  };
  return {
    calls,
    async moveStep(stepId, position) {
      calls.push(`moveStep ${stepId} ${position}`);
      const version = versionOfStep(stepId);
      const order = moveTo(version.steps.map((s) => s.stepId), stepId, position);
      version.steps = order.map((id, i) => ({ ...version.steps.find((s) => s.stepId === id)!, position: i + 1 }));
      return structuredClone(version.steps.find((s) => s.stepId === stepId)!);
    },
    async addStepAction(stepId, body) {
      calls.push(`addStepAction ${stepId} ${body.actionType}`);
      const version = versionOfStep(stepId);
      const step = version.steps.find((s) => s.stepId === stepId)!;
      if (actionNeedsParty([body.actionType]) && !body.party) {
        throw new ApiError('invalid', 'VALIDATION', 'Invalid party', { party: 'Choose whom to notify: respondent or employer' });
      }
      step.actionTypes = [...step.actionTypes, body.actionType];
      step.party = body.party ?? step.party;
      return structuredClone(step);
    },
    async addStage(workflowVersionId, name, description = '') {
      calls.push(`addStage ${workflowVersionId} ${name}`);
      const version = workflows.versions.get(workflowVersionId)!;
      if (!canEdit(version)) throw new ApiError('conflict', 'CONFLICT', 'This version is published or archived and cannot be changed: create a new version from it.');
      const stage = { stageId: `g${++seq}`, workflowVersionId, name, description, position: version.stages.length + 1, stepIdList: [] };
      version.stages = [...version.stages, stage];
      return structuredClone(stage);
    },
    stepDetails: missing,
    removeStepAction: missing,
    stepSetting: missing,
    saveStepSetting: missing,
    deleteStage: missing,
    prerequisites: missing,
    addPrerequisites: missing,
    updatePrerequisites: missing,
    removePrerequisites: missing,
    attributeRoles: missing,
    saveAttributeRoles: missing,
    addAttribute: missing,
    updateAttribute: missing,
    deleteAttribute: missing,
    orderAttribute: missing,
    confirmAttributeResource: missing,
    addComponent: missing,
    updateComponent: missing,
    deleteComponent: missing,
    meetingFields: missing,
    addMeetingFields: missing,
    updateMeetingFields: missing,
    removeMeetingFields: missing,
    saveActionSetting: missing,
    escalations: missing,
    saveEscalation: missing,
  };
}
