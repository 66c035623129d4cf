import { inject, injectable } from 'inversify';
import type { WorkflowBuilderApi } from '../../../application/workflows/workflow-builder-api.port';
import {
  addAttribute,
  addComponent,
  addMeetingFields,
  addPrerequisites,
  addStage,
  addStepAction,
  allMeetingFields,
  confirmAttributeResourceUpload,
  deleteAttribute,
  deleteComponent,
  deleteStage,
  getAttributeRoles,
  getPrerequisites,
  getStepDetails,
  getStepSetting,
  listEscalationSettings,
  orderAttribute,
  removeMeetingFields,
  removePrerequisites,
  removeStepAction,
  saveActionSetting,
  saveAttributeSetting,
  saveEscalationSetting,
  saveStepSetting,
  updateAttribute,
  updateComponent,
  updateMeetingFields,
  updatePrerequisites,
  type AddAttributeBody,
  type AddMeetingFieldsBody,
  type AddPrerequisitesBody,
  type AddStepActionBody,
  type RemoveMeetingFieldsBody,
  type RemovePrerequisitesBody,
  type SaveActionSettingBody,
  type SaveAttributeSettingBody,
  type SaveEscalationSettingBody,
  type SaveStepSettingBody,
  type UpdateAttributeBody,
  type UpdateComponentBody,
  type UpdateMeetingFieldsBody,
  type UpdatePrerequisitesBody,
} from '../../../contracts/case/builder.contract';
import { updateWorkflowStep } from '../../../contracts/case/workflows.contract';
import type { Compliance } from '../../../domain/workflows/builder-rules';
import type { ActionType } from '../../../domain/workflows/workflow-rules';
import { businessUnitPage } from '../../../contracts/main/organisation.contract';
import { userSearch, workspaceUsers, type DirectoryUser } from '../../../contracts/main/users.contract';
import { ApiClient, CaseHttp, MainHttp } from '../api-client';

const personChoice = (p: DirectoryUser) => ({
  id: p.userId,
  label: `${`${p.firstName} ${p.lastName}`.trim() || p.email} (${p.email})`,
});

@injectable()
export class HttpWorkflowBuilderApi implements WorkflowBuilderApi {
  constructor(
    @inject(CaseHttp) private readonly caseApi: ApiClient,
    @inject(MainHttp) private readonly main: ApiClient,
  ) {}

  stepDetails(workflowVersionId: string, stepId: string) {
    return this.caseApi.call(getStepDetails, { params: { v: workflowVersionId, s: stepId } });
  }

  moveStep(stepId: string, position: number) {
    return this.caseApi.call(updateWorkflowStep, { params: { id: stepId }, body: { position } });
  }

  addStepAction(stepId: string, body: AddStepActionBody) {
    return this.caseApi.call(addStepAction, { params: { id: stepId }, body });
  }

  removeStepAction(stepId: string, actionType: ActionType) {
    return this.caseApi.call(removeStepAction, { params: { id: stepId }, body: { actionType } });
  }

  stepSetting(stepId: string) {
    return this.caseApi.call(getStepSetting, { params: { id: stepId } });
  }

  saveStepSetting(body: SaveStepSettingBody) {
    return this.caseApi.call(saveStepSetting, { body });
  }

  /** The path's id is the version's: a stage belongs to a version. */
  addStage(workflowVersionId: string, name: string, description = '') {
    return this.caseApi.call(addStage, { params: { id: workflowVersionId }, body: { name, description } });
  }

  async deleteStage(stageId: string) {
    await this.caseApi.call(deleteStage, { params: { id: stageId } });
  }

  prerequisites(workflowVersionId: string) {
    return this.caseApi.call(getPrerequisites, { params: { id: workflowVersionId } });
  }

  addPrerequisites(body: AddPrerequisitesBody) {
    return this.caseApi.call(addPrerequisites, { body });
  }

  updatePrerequisites(body: UpdatePrerequisitesBody) {
    return this.caseApi.call(updatePrerequisites, { body });
  }

  removePrerequisites(body: RemovePrerequisitesBody) {
    return this.caseApi.call(removePrerequisites, { body });
  }

  attributeRoles(workflowVersionId: string, complianceId: Compliance) {
    return this.caseApi.call(getAttributeRoles, { params: { workflowVersionId, complianceId } });
  }

  saveAttributeRoles(body: SaveAttributeSettingBody) {
    return this.caseApi.call(saveAttributeSetting, { body });
  }

  addAttribute(body: AddAttributeBody) {
    return this.caseApi.call(addAttribute, { body });
  }

  updateAttribute(attributeId: string, body: UpdateAttributeBody) {
    return this.caseApi.call(updateAttribute, { params: { id: attributeId }, body });
  }

  async deleteAttribute(attributeId: string) {
    await this.caseApi.call(deleteAttribute, { params: { id: attributeId } });
  }

  orderAttribute(attributeId: string, position: number) {
    return this.caseApi.call(orderAttribute, { params: { id: attributeId }, body: { position } });
  }

  confirmAttributeResource(attributeId: string, fileId: string, fileName?: string) {
    return this.caseApi.call(confirmAttributeResourceUpload, {
      params: { id: attributeId },
      body: { fileId, ...(fileName ? { fileName } : {}) },
    });
  }

  addComponent(workflowVersionId: string, title: string, description = '') {
    return this.caseApi.call(addComponent, { body: { workflowVersionId, title, description } });
  }

  updateComponent(componentId: string, body: UpdateComponentBody) {
    return this.caseApi.call(updateComponent, { params: { id: componentId }, body });
  }

  async deleteComponent(componentId: string) {
    await this.caseApi.call(deleteComponent, { params: { id: componentId } });
  }

  meetingFields(stepId?: string) {
    return this.caseApi.call(allMeetingFields, { query: stepId ? { stepId } : {} });
  }

  addMeetingFields(body: AddMeetingFieldsBody) {
    return this.caseApi.call(addMeetingFields, { body });
  }

  updateMeetingFields(body: UpdateMeetingFieldsBody) {
    return this.caseApi.call(updateMeetingFields, { body });
  }

  removeMeetingFields(body: RemoveMeetingFieldsBody) {
    return this.caseApi.call(removeMeetingFields, { body });
  }

  saveActionSetting(body: SaveActionSettingBody) {
    return this.caseApi.call(saveActionSetting, { body });
  }

  escalations(branchId?: string) {
    return this.caseApi.call(listEscalationSettings, { query: branchId ? { branchId } : {} });
  }

  saveEscalation(body: SaveEscalationSettingBody) {
    return this.caseApi.call(saveEscalationSetting, { body });
  }

  async escalationChoices() {
    const [units, people] = await Promise.all([
      this.main.call(businessUnitPage, { query: { page: 0, pageSize: 100 } }),
      this.main.call(workspaceUsers, { body: { page: 0, pageSize: 100 } }),
    ]);
    return {
      businessUnits: units.items.map((u) => ({ id: u.branchId, label: u.branchName })),
      people: people.items.map(personChoice),
    };
  }

  async findPeople(text: string) {
    return (await this.main.call(userSearch, { body: { searchText: text } })).map(personChoice);
  }
}
