import { z } from 'zod';
import {
  CaseRole,
  Compliance,
  EscalationType,
  FieldType,
  MeetingFieldType,
  PrerequisiteKind,
  StandardComponentKey,
  StepOwnerRole,
  TimeLimit,
} from '../../domain/workflows/builder-rules';
import { ActionType } from '../../domain/workflows/workflow-rules';

/** The answers of the builder's parts, shared by workflows.contract.ts (a version's whole design) and builder.contract.ts. */

export const CustomMeetingField = z.object({
  meetingFieldId: z.string(),
  label: z.string(),
  fieldType: MeetingFieldType,
  required: z.boolean(),
});
export type CustomMeetingField = z.infer<typeof CustomMeetingField>;

export const StepSetting = z.object({
  stepId: z.string(),
  ownerRole: StepOwnerRole.nullable(),
  timeLimit: TimeLimit.nullable(),
  stageId: z.string().nullable(),
});
export type StepSetting = z.infer<typeof StepSetting>;

export const WorkflowStage = z.object({
  stageId: z.string(),
  workflowVersionId: z.string(),
  name: z.string(),
  description: z.string(),
  /** 1-based place among the version's stages. */
  position: z.number().int(),
  /** The version's steps in this stage, in step order. */
  stepIdList: z.array(z.string()),
});
export type WorkflowStage = z.infer<typeof WorkflowStage>;

export const FormAttribute = z.object({
  attributeId: z.string(),
  componentId: z.string(),
  label: z.string(),
  fieldType: FieldType,
  required: z.boolean(),
  helpText: z.string(),
  options: z.array(z.string()),
  /** 1-based place in its component. */
  position: z.number().int(),
  /** The spec's field this is (COMPLAINANT_NAME ...), or null for a field an admin added. */
  systemKey: z.string().nullable(),
  /** A file attached to the field (guidance, a template): the file store's id. */
  resourceFileId: z.string().nullable(),
  resourceFileName: z.string().nullable(),
});
export type FormAttribute = z.infer<typeof FormAttribute>;

export const FormComponent = z.object({
  componentId: z.string(),
  workflowVersionId: z.string(),
  title: z.string(),
  description: z.string(),
  position: z.number().int(),
  systemKey: StandardComponentKey.nullable(),
  attributes: z.array(FormAttribute),
});
export type FormComponent = z.infer<typeof FormComponent>;

export const ActionSetting = z.object({
  actionType: ActionType,
  mailSubject: z.string(),
  mailBody: z.string(),
  /** Always empty: copies go to the case's people, confirmed by the member completing the step (docs/case.md). */
  ccEmailList: z.array(z.string()).max(0),
  includeComplaintCopy: z.boolean(),
  /** false: nobody saved it yet and this is the default the runtime uses. */
  customised: z.boolean(),
  /** How many cc addresses were removed from this mail when free addresses stopped being kept (migration 0053). */
  removedCcCount: z.number().int().min(0),
});
export type ActionSetting = z.infer<typeof ActionSetting>;

export const Prerequisite = z.object({
  prerequisiteId: z.string(),
  kind: PrerequisiteKind,
  label: z.string(),
  description: z.string(),
  referenceId: z.string().nullable(),
  position: z.number().int(),
});
export type Prerequisite = z.infer<typeof Prerequisite>;

export const PrerequisiteList = z.object({
  workflowId: z.string(),
  workflowVersionId: z.string(),
  prerequisiteList: z.array(Prerequisite),
});
export type PrerequisiteList = z.infer<typeof PrerequisiteList>;

export const AttributeRoles = z.object({
  workflowVersionId: z.string(),
  complianceId: Compliance,
  attributes: z.array(
    z.object({
      attributeId: z.string(),
      componentTitle: z.string(),
      label: z.string(),
      roles: z.array(CaseRole),
      /** false: no setting saved, these are the default roles. */
      customised: z.boolean(),
    }),
  ),
});
export type AttributeRoles = z.infer<typeof AttributeRoles>;

export const EscalationSetting = z.object({
  id: z.string(),
  workspaceId: z.string(),
  /** null: the whole workspace. */
  branchId: z.string().nullable(),
  escalationType: EscalationType,
  /** Days after the step's time limit or the clock's due day (the spec's name for it). */
  firstThresholdDate: z.number().int(),
  secondThresholdDate: z.number().int().nullable(),
  targetId: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EscalationSetting = z.infer<typeof EscalationSetting>;
