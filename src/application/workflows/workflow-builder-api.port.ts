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
} from '../../contracts/case/builder.contract';
import type {
  ActionSetting,
  AttributeRoles,
  EscalationSetting,
  FormAttribute,
  FormComponent,
  PrerequisiteList,
  StepSetting,
  WorkflowStage,
} from '../../contracts/case/builder-schemas';
import type { WorkflowStep } from '../../contracts/case/workflows.contract';
import type { ActionType } from '../../domain/workflows/workflow-rules';
import type { Compliance } from '../../domain/workflows/builder-rules';

/**
 * The rest of the workflow builder (server/case/builder): a version's parts besides its steps. Every change is to a
 * draft; a frozen version throws ApiError with reason 'conflict', bad input one with reason 'invalid' and its fields.
 */
export const WorkflowBuilderApi = Symbol('WorkflowBuilderApi');
export interface WorkflowBuilderApi {
  stepDetails(workflowVersionId: string, stepId: string): Promise<StepDetail>;
  /** Moves a step to a 1-based place in its version. */
  moveStep(stepId: string, position: number): Promise<WorkflowStep>;
  addStepAction(stepId: string, body: AddStepActionBody): Promise<WorkflowStep>;
  removeStepAction(stepId: string, actionType: ActionType): Promise<WorkflowStep>;
  stepSetting(stepId: string): Promise<StepSetting>;
  saveStepSetting(body: SaveStepSettingBody): Promise<StepSetting>;

  addStage(workflowVersionId: string, name: string, description?: string): Promise<WorkflowStage>;
  deleteStage(stageId: string): Promise<void>;

  /** @read */
  prerequisites(workflowVersionId: string): Promise<PrerequisiteList>;
  addPrerequisites(body: AddPrerequisitesBody): Promise<PrerequisiteList>;
  updatePrerequisites(body: UpdatePrerequisitesBody): Promise<PrerequisiteList>;
  removePrerequisites(body: RemovePrerequisitesBody): Promise<PrerequisiteList>;

  /** @read */
  attributeRoles(workflowVersionId: string, compliance: Compliance): Promise<AttributeRoles>;
  saveAttributeRoles(body: SaveAttributeSettingBody): Promise<AttributeRoles>;

  addAttribute(body: AddAttributeBody): Promise<FormAttribute>;
  updateAttribute(attributeId: string, body: UpdateAttributeBody): Promise<FormAttribute>;
  deleteAttribute(attributeId: string): Promise<void>;
  /** Moves a field to a 1-based place in its part; answers the part in its new order. */
  orderAttribute(attributeId: string, position: number): Promise<FormComponent>;
  /** Attaches a file the file store already holds (its id) to a field. */
  confirmAttributeResource(attributeId: string, fileId: string, fileName?: string): Promise<FormAttribute>;
  addComponent(workflowVersionId: string, title: string, description?: string): Promise<FormComponent>;
  updateComponent(componentId: string, body: UpdateComponentBody): Promise<FormComponent>;
  deleteComponent(componentId: string): Promise<void>;

  meetingFields(stepId?: string): Promise<MeetingFields>;
  addMeetingFields(body: AddMeetingFieldsBody): Promise<MeetingFields>;
  updateMeetingFields(body: UpdateMeetingFieldsBody): Promise<MeetingFields>;
  removeMeetingFields(body: RemoveMeetingFieldsBody): Promise<MeetingFields>;

  saveActionSetting(body: SaveActionSettingBody): Promise<ActionSetting[]>;

  /** @read */
  escalations(branchId?: string): Promise<EscalationSetting[]>;
  saveEscalation(body: SaveEscalationSettingBody): Promise<EscalationSetting>;
  /** @read The choices of the escalation form (main API): the workspace's business units and its first people by name. */
  escalationChoices(): Promise<{ businessUnits: EscalationChoice[]; people: EscalationChoice[] }>;
  /** @read People whose name, email or employee id starts with `text` (at most 20), for the escalation target. */
  findPeople(text: string): Promise<EscalationChoice[]>;
}

export interface EscalationChoice {
  id: string;
  label: string;
}
