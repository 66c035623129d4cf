import { z } from 'zod';
import {
  CaseRole,
  Compliance,
  EscalationType,
  FieldType,
  MeetingFieldType,
  PrerequisiteKind,
  StepOwnerRole,
  TimeLimit,
} from '../../domain/workflows/builder-rules';
import { ActionType, MEETING_FIELDS, MeetingFieldKey, Party } from '../../domain/workflows/workflow-rules';
import { Id, IdParams, Ok, route } from '../route';
import {
  ActionSetting,
  AttributeRoles,
  CustomMeetingField,
  EscalationSetting,
  FormAttribute,
  FormComponent,
  PrerequisiteList,
  StepSetting,
  WorkflowStage,
} from './builder-schemas';
import { WorkflowStep } from './workflows.contract';

/**
 * The rest of the workflow builder (api/endpoints.tsv, case API: steps' details and actions, stages, prerequisites,
 * settings, the complaint form, meeting fields, action mails) and escalation settings. Every change is to a DRAFT
 * version: a published or archived one answers 409. Same audience as workflows.contract.ts.
 */
const BUILDERS = ['WORKSPACE_ADMIN', 'EMPLOYER'] as const;
const design = { access: BUILDERS, permission: 'workflows.design' } as const;

const Label = z.string().trim().min(1, 'Enter a label').max(200);
const Text = z.string().trim().max(2000);
const changeSomething = <T extends object>(b: T) => Object.values(b).some((v) => v !== undefined);

// ---------- steps ----------

export const StepDetail = WorkflowStep.extend({
  stage: WorkflowStage.omit({ stepIdList: true }).nullable(),
});
export type StepDetail = z.infer<typeof StepDetail>;

export const getStepDetails = route({
  api: 'case',
  method: 'GET',
  path: '/api/admin/workflow/version/{v}/step/{s}/details',
  summary: 'One step of version {v}: kind, actions, meeting form, owner, time limit and stage',
  params: z.strictObject({ v: Id, s: Id }),
  response: StepDetail,
  ...design,
});

export const AddStepActionBody = z.strictObject({
  actionType: ActionType,
  /** Whom a NOTIFY action notifies: required with NOTIFY, refused otherwise. */
  party: Party.nullable().optional(),
});
export type AddStepActionBody = z.input<typeof AddStepActionBody>;

export const addStepAction = route({
  api: 'case',
  method: 'POST',
  path: '/api/admin/step/{id}/action',
  summary:
    'Add an action (NOTIFY, TRANSFER_COMPLAINT, INFORM_RESPONDENT, INFORM_EMPLOYER) to ACTION step {id} of a draft',
  params: IdParams,
  body: AddStepActionBody,
  response: WorkflowStep,
  ...design,
});

export const RemoveStepActionBody = z.strictObject({ actionType: ActionType });
export type RemoveStepActionBody = z.infer<typeof RemoveStepActionBody>;

export const removeStepAction = route({
  api: 'case',
  method: 'POST',
  path: '/api/admin/step/{id}/remove-action',
  summary: 'Remove an action from ACTION step {id} of a draft (a step keeps at least one)',
  params: IdParams,
  body: RemoveStepActionBody,
  response: WorkflowStep,
  ...design,
});

// ---------- stages ----------

export const AddStageBody = z.strictObject({ name: Label, description: Text.default('') });
export type AddStageBody = z.input<typeof AddStageBody>;

export const addStage = route({
  api: 'case',
  method: 'POST',
  path: '/api/admin/stage/{id}',
  summary: 'Add a stage of redressal at the end of draft workflow VERSION {id}; put steps in it with step settings',
  params: IdParams,
  body: AddStageBody,
  response: WorkflowStage,
  ...design,
});

export const deleteStage = route({
  api: 'case',
  method: 'DELETE',
  path: '/api/admin/stage/{id}',
  summary: 'Remove stage {id} of a draft; its steps stay, in no stage',
  params: IdParams,
  response: Ok,
  ...design,
});

// ---------- prerequisites ----------

const PrerequisiteInput = z.strictObject({
  kind: PrerequisiteKind,
  label: Label,
  description: Text.default(''),
  /** What it refers to (a policy, course or document id), if anything. */
  referenceId: z.string().trim().max(200).nullable().default(null),
});

const VersionRef = { workflowId: Id, workflowVersionId: Id };

export const AddPrerequisitesBody = z.strictObject({
  ...VersionRef,
  prerequisiteList: z.array(PrerequisiteInput).min(1).max(50),
});
export type AddPrerequisitesBody = z.input<typeof AddPrerequisitesBody>;

export const addPrerequisites = route({
  api: 'case',
  method: 'POST',
  path: '/api/admin/workflow-prerequisite',
  summary: 'Add prerequisites (what must be in place before a complaint runs) to a draft version',
  body: AddPrerequisitesBody,
  response: PrerequisiteList,
  ...design,
});

export const UpdatePrerequisitesBody = z.strictObject({
  ...VersionRef,
  prerequisiteList: z
    .array(
      z.strictObject({
        prerequisiteId: Id,
        kind: PrerequisiteKind.optional(),
        label: Label.optional(),
        description: Text.optional(),
        referenceId: z.string().trim().max(200).nullable().optional(),
      }),
    )
    .min(1)
    .max(50),
});
export type UpdatePrerequisitesBody = z.input<typeof UpdatePrerequisitesBody>;

export const updatePrerequisites = route({
  api: 'case',
  method: 'PUT',
  path: '/api/admin/workflow-prerequisite',
  summary: 'Change prerequisites of a draft version',
  body: UpdatePrerequisitesBody,
  response: PrerequisiteList,
  ...design,
});

export const RemovePrerequisitesBody = z.strictObject({
  ...VersionRef,
  prerequisiteIdList: z.array(Id).min(1).max(50),
});
export type RemovePrerequisitesBody = z.infer<typeof RemovePrerequisitesBody>;

export const removePrerequisites = route({
  api: 'case',
  method: 'POST',
  path: '/api/admin/workflow-prerequisite/remove',
  summary: 'Remove prerequisites from a draft version',
  body: RemovePrerequisitesBody,
  response: PrerequisiteList,
  ...design,
});

export const getPrerequisites = route({
  api: 'case',
  method: 'GET',
  path: '/api/admin/workflow-prerequisite/workflow-version/{id}',
  summary: 'The prerequisites of workflow version {id}, in order',
  params: IdParams,
  response: PrerequisiteList,
  ...design,
});

// ---------- step settings ----------

export const getStepSetting = route({
  api: 'case',
  method: 'GET',
  path: '/api/admin/step-setting/step/{id}',
  summary: "Step {id}'s owner role, time limit and stage",
  params: IdParams,
  response: StepSetting,
  ...design,
});

export const SaveStepSettingBody = z
  .strictObject({
    stepId: Id,
    ownerRole: StepOwnerRole.nullable().optional(),
    /** Days (optionally working days), or a statutory clock of the case (STATUTORY + clockId). */
    timeLimit: TimeLimit.nullable().optional(),
    stageId: Id.nullable().optional(),
  })
  .refine(({ stepId: _, ...rest }) => changeSomething(rest), {
    message: 'Change at least one setting',
    path: ['ownerRole'],
  });
export type SaveStepSettingBody = z.input<typeof SaveStepSettingBody>;

export const saveStepSetting = route({
  api: 'case',
  method: 'POST',
  path: '/api/admin/step-setting',
  summary: 'Set the owner role, time limit or stage of a step of a draft (null clears one)',
  body: SaveStepSettingBody,
  response: StepSetting,
  ...design,
});

// ---------- who sees each field ----------

export const getAttributeRoles = route({
  api: 'case',
  method: 'GET',
  path: '/api/admin/attribute-setting/attribute-roles/{workflowVersionId}/{complianceId}',
  summary: 'Who sees each field of the complaint form of a version, under a statutory regime (IN_POSH, CA_FEDERAL)',
  params: z.strictObject({ workflowVersionId: Id, complianceId: Compliance }),
  response: AttributeRoles,
  ...design,
});

export const SaveAttributeSettingBody = z.strictObject({
  workflowVersionId: Id,
  complianceId: Compliance,
  attributeId: Id,
  roles: z.array(CaseRole).min(1).max(5),
});
export type SaveAttributeSettingBody = z.infer<typeof SaveAttributeSettingBody>;

export const saveAttributeSetting = route({
  api: 'case',
  method: 'POST',
  path: '/api/admin/attribute-setting',
  summary: 'Set who sees one field of the complaint form (the presiding officer always does)',
  body: SaveAttributeSettingBody,
  response: AttributeRoles,
  ...design,
});

// ---------- the complaint form ----------

const Options = z.array(z.string().trim().max(200)).max(50);

export const AddAttributeBody = z.strictObject({
  workflowVersionId: Id,
  componentId: Id,
  label: Label,
  fieldType: FieldType,
  required: z.boolean().default(false),
  helpText: Text.default(''),
  options: Options.default([]),
});
export type AddAttributeBody = z.input<typeof AddAttributeBody>;

export const addAttribute = route({
  api: 'case',
  method: 'POST',
  path: '/api/admin/attribute',
  summary: 'Add a field to a part of the complaint form of a draft, at the end of that part',
  body: AddAttributeBody,
  response: FormAttribute,
  ...design,
});

export const UpdateAttributeBody = z
  .strictObject({
    componentId: Id.optional(),
    label: Label.optional(),
    fieldType: FieldType.optional(),
    required: z.boolean().optional(),
    helpText: Text.optional(),
    options: Options.optional(),
  })
  .refine(changeSomething, { message: 'Change at least one field', path: ['label'] });
export type UpdateAttributeBody = z.input<typeof UpdateAttributeBody>;

export const updateAttribute = route({
  api: 'case',
  method: 'PUT',
  path: '/api/admin/attribute/{id}',
  summary: "Change a field of a draft's complaint form (the spec's fields keep their type and requiredness)",
  params: IdParams,
  body: UpdateAttributeBody,
  response: FormAttribute,
  ...design,
});

export const deleteAttribute = route({
  api: 'case',
  method: 'DELETE',
  path: '/api/admin/attribute/{id}',
  summary: "Remove a field an admin added to a draft's complaint form",
  params: IdParams,
  response: Ok,
  ...design,
});

export const OrderAttributeBody = z.strictObject({ position: z.number().int().min(1).max(1000) });
export type OrderAttributeBody = z.infer<typeof OrderAttributeBody>;

export const orderAttribute = route({
  api: 'case',
  method: 'PUT',
  path: '/api/admin/attribute/order/{id}',
  summary: 'Move field {id} to a 1-based place in its part of the form; answers the part in its new order',
  params: IdParams,
  body: OrderAttributeBody,
  response: FormComponent,
  ...design,
});

export const ConfirmResourceUploadBody = z.strictObject({
  /** The id the file store gave the uploaded file. */
  fileId: z.string().trim().min(1).max(200),
  fileName: z.string().trim().min(1).max(255).optional(),
});
export type ConfirmResourceUploadBody = z.infer<typeof ConfirmResourceUploadBody>;

export const confirmAttributeResourceUpload = route({
  api: 'case',
  method: 'POST',
  path: '/api/admin/attribute/confirm-resource-upload/{id}',
  summary: 'Attach an uploaded file (by its file-store id) to field {id} of a draft',
  params: IdParams,
  body: ConfirmResourceUploadBody,
  response: FormAttribute,
  ...design,
});

export const AddComponentBody = z.strictObject({ workflowVersionId: Id, title: Label, description: Text.default('') });
export type AddComponentBody = z.input<typeof AddComponentBody>;

export const addComponent = route({
  api: 'case',
  method: 'POST',
  path: '/api/admin/component',
  summary: "Add a part to a draft's complaint form, at the end",
  body: AddComponentBody,
  response: FormComponent,
  ...design,
});

export const UpdateComponentBody = z
  .strictObject({
    title: Label.optional(),
    description: Text.optional(),
    position: z.number().int().min(1).max(100).optional(),
  })
  .refine(changeSomething, { message: 'Change at least one field', path: ['title'] });
export type UpdateComponentBody = z.input<typeof UpdateComponentBody>;

export const updateComponent = route({
  api: 'case',
  method: 'PUT',
  path: '/api/admin/component/{id}',
  summary: 'Rename or move a part of the complaint form of a draft',
  params: IdParams,
  body: UpdateComponentBody,
  response: FormComponent,
  ...design,
});

export const deleteComponent = route({
  api: 'case',
  method: 'DELETE',
  path: '/api/admin/component/{id}',
  summary: 'Remove a part an admin added to the complaint form of a draft, with its fields',
  params: IdParams,
  response: Ok,
  ...design,
});

// ---------- meeting fields ----------

export const MeetingFields = z.object({
  workflowId: z.string().nullable(),
  stepId: z.string().nullable(),
  /** The meeting form's own fields (required ones always; minutes and outcome where the step chose them). */
  meetingFieldList: z.array(z.object({ key: MeetingFieldKey, label: z.string(), required: z.boolean() })),
  /** Fields the admin added to this step's meeting form. */
  customFieldList: z.array(CustomMeetingField),
});
export type MeetingFields = z.infer<typeof MeetingFields>;

export const allMeetingFields = route({
  api: 'case',
  method: 'GET',
  path: '/api/admin/meeting-fields/all',
  summary: `The meeting form of MEETING step stepId (or, without stepId, the fields every meeting has: ${MEETING_FIELDS.map((f) => f.label).join(', ')})`,
  query: z.strictObject({ stepId: Id.optional() }),
  response: MeetingFields,
  ...design,
});

const StepRef = { workflowId: Id, stepId: Id };

export const AddMeetingFieldsBody = z.strictObject({
  ...StepRef,
  meetingFieldList: z
    .array(
      z.strictObject({
        label: Label,
        fieldType: MeetingFieldType.default('TEXT'),
        required: z.boolean().default(false),
      }),
    )
    .min(1)
    .max(20),
});
export type AddMeetingFieldsBody = z.input<typeof AddMeetingFieldsBody>;

export const addMeetingFields = route({
  api: 'case',
  method: 'POST',
  path: '/api/admin/meeting-fields',
  summary: 'Add fields to the meeting form of a MEETING step of a draft',
  body: AddMeetingFieldsBody,
  response: MeetingFields,
  ...design,
});

export const UpdateMeetingFieldsBody = z.strictObject({
  ...StepRef,
  meetingFieldList: z
    .array(
      z.strictObject({
        meetingFieldId: z.string().min(1).max(100),
        label: Label.optional(),
        fieldType: MeetingFieldType.optional(),
        required: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(20),
});
export type UpdateMeetingFieldsBody = z.input<typeof UpdateMeetingFieldsBody>;

export const updateMeetingFields = route({
  api: 'case',
  method: 'PUT',
  path: '/api/admin/meeting-fields',
  summary: 'Change fields an admin added to the meeting form of a step of a draft',
  body: UpdateMeetingFieldsBody,
  response: MeetingFields,
  ...design,
});

export const RemoveMeetingFieldsBody = z.strictObject({
  ...StepRef,
  meetingFieldIdList: z.array(z.string().min(1).max(100)).min(1).max(20),
});
export type RemoveMeetingFieldsBody = z.infer<typeof RemoveMeetingFieldsBody>;

export const removeMeetingFields = route({
  api: 'case',
  method: 'POST',
  path: '/api/admin/meeting-fields/remove',
  summary: 'Remove fields an admin added to the meeting form of a step of a draft',
  body: RemoveMeetingFieldsBody,
  response: MeetingFields,
  ...design,
});

// ---------- action mails ----------

export const SaveActionSettingBody = z.strictObject({
  workflowVersionId: Id,
  actionType: ActionType,
  mailSubject: z.string().trim().min(1, 'Enter a subject').max(200),
  mailBody: z.string().trim().min(1, 'Enter the message').max(5000),
  /**
   * Kept for older clients, always empty: an address here is refused (400 naming `ccEmailList`). A case's mail goes to
   * its parties, committee or the workspace's employers as the step says, confirmed by the member completing the step.
   */
  ccEmailList: z
    .array(z.string())
    .max(0, 'Copies go only to the people of the case: the member completing the step confirms them')
    .default([]),
  includeComplaintCopy: z.boolean().default(false),
});
export type SaveActionSettingBody = z.input<typeof SaveActionSettingBody>;

export const saveActionSetting = route({
  api: 'case',
  method: 'POST',
  path: '/api/admin/workflow-action-setting',
  summary: 'Set the mail an action type sends on cases of a draft version; answers every action type of the version',
  body: SaveActionSettingBody,
  response: z.array(ActionSetting),
  ...design,
});

// ---------- escalation (not in endpoints.tsv: added, docs/case.md) ----------

export const listEscalationSettings = route({
  api: 'case',
  method: 'GET',
  path: '/api/admin/escalation-setting',
  summary:
    'Escalation settings of the workspace (branchId: only that business unit; the workspace-wide ones have branchId null)',
  query: z.strictObject({ branchId: Id.optional() }),
  response: z.array(EscalationSetting),
  ...design,
});

export const SaveEscalationSettingBody = z.strictObject({
  /** Present: change that setting; absent: the setting of this business unit and type, created if need be. */
  id: Id.optional(),
  branchId: Id.nullable().default(null),
  escalationType: EscalationType,
  firstThresholdDate: z.number().int().min(0).max(365),
  secondThresholdDate: z.number().int().min(1).max(365).nullable().default(null),
  targetId: Id,
  enabled: z.boolean().default(true),
});
export type SaveEscalationSettingBody = z.input<typeof SaveEscalationSettingBody>;

export const saveEscalationSetting = route({
  api: 'case',
  method: 'POST',
  path: '/api/admin/escalation-setting',
  summary: 'Create or change an escalation setting: a case whose step passes a threshold is escalated to targetId',
  body: SaveEscalationSettingBody,
  response: EscalationSetting,
  ...design,
});
