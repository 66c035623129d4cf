import { z } from 'zod';
import { ActionType, MeetingFieldKey, Party, StepKind, VersionStatus } from '../../domain/workflows/workflow-rules';
import { StepOwnerRole, TimeLimit } from '../../domain/workflows/builder-rules';
import { Id, IdParams, Ok, PageQuery, pageOf, route } from '../route';
import { ActionSetting, CustomMeetingField, FormComponent, WorkflowStage } from './builder-schemas';

/** Who builds redressal workflows (spec 6: admins and employers see the whole workspace). */
const BUILDERS = ['WORKSPACE_ADMIN', 'EMPLOYER'] as const;

const Name = z.string().trim().min(1, 'Enter a name').max(200);
const Description = z.string().trim().max(2000);
const BranchIdList = z.array(Id).max(500);

// ---------- answers ----------

export const WorkflowVersionSummary = z.object({
  workflowVersionId: z.string(),
  workflowId: z.string(),
  versionNumber: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: VersionStatus,
  branchIdList: z.array(z.string()),
  defaultToWorkspace: z.boolean(),
  copiedFromVersionId: z.string().nullable(),
  stepCount: z.number().int(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
});
export type WorkflowVersionSummary = z.infer<typeof WorkflowVersionSummary>;

export const MeetingFieldSetting = z.object({ key: MeetingFieldKey, label: z.string(), required: z.boolean() });
export type MeetingFieldSetting = z.infer<typeof MeetingFieldSetting>;

export const WorkflowStep = z.object({
  stepId: z.string(),
  workflowVersionId: z.string(),
  /** 1-based place in the version's order. */
  position: z.number().int(),
  kind: StepKind,
  name: z.string(),
  description: z.string(),
  /** MEETING: the meeting form the step records (required fields always present). Empty for ACTION. */
  meetingFieldList: z.array(MeetingFieldSetting),
  /** ACTION: what the step does. Empty for MEETING. */
  actionTypes: z.array(ActionType),
  /** ACTION with NOTIFY: whom to notify. */
  party: Party.nullable(),
  /** Who carries the step out on a case (step settings). */
  ownerRole: StepOwnerRole.nullable().default(null),
  /** How long the step may take: days, or a statutory clock (step settings). */
  timeLimit: TimeLimit.nullable().default(null),
  stageId: z.string().nullable().default(null),
  /** MEETING: fields the admin added to the meeting form (/api/admin/meeting-fields). */
  customMeetingFields: z.array(CustomMeetingField).default([]),
});
export type WorkflowStep = z.infer<typeof WorkflowStep>;

export const WorkflowVersionDetail = WorkflowVersionSummary.extend({
  workflowName: z.string(),
  steps: z.array(WorkflowStep),
  /** Stages of Redressal: named groups of steps, in order. */
  stages: z.array(WorkflowStage).default([]),
  /** The complaint form: its parts in order, each with its fields in order. */
  components: z.array(FormComponent).default([]),
  /** The mail of each action type (saved, or the default). */
  actionSettings: z.array(ActionSetting).default([]),
});
export type WorkflowVersionDetail = z.infer<typeof WorkflowVersionDetail>;

export const WorkflowSummary = z.object({
  workflowId: z.string(),
  workflowName: z.string(),
  workflowDescription: z.string(),
  branchIdList: z.array(z.string()),
  defaultToWorkspace: z.boolean(),
  publishedVersion: z
    .object({ workflowVersionId: z.string(), versionNumber: z.number().int(), name: z.string() })
    .nullable(),
  draftCount: z.number().int(),
  versionCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WorkflowSummary = z.infer<typeof WorkflowSummary>;

export const WorkflowDetail = WorkflowSummary.extend({
  /** Newest first. */
  versions: z.array(WorkflowVersionSummary),
});
export type WorkflowDetail = z.infer<typeof WorkflowDetail>;

// ---------- calls ----------

export const CreateWorkflowBody = z.strictObject({
  workflowName: Name,
  workflowDescription: Description.default(''),
  branchIdList: BranchIdList.default([]),
  defaultToWorkspace: z.boolean().default(false),
});
export type CreateWorkflowBody = z.input<typeof CreateWorkflowBody>;

export const createWorkflow = route({
  api: 'case',
  method: 'POST',
  path: '/api/admin/workflow',
  summary: 'Create a workflow (no versions yet: create one with /api/admin/workflow/{id}/version)',
  body: CreateWorkflowBody,
  response: WorkflowDetail,
  access: BUILDERS,
  permission: 'workflows.design',
});

/** Not in endpoints.tsv (the original product lists workflows through a call it does not name): added here. */
export const listWorkflows = route({
  api: 'case',
  method: 'GET',
  path: '/api/admin/workflow',
  summary: 'Workflows of the workspace, by name, paged (zero-based)',
  query: PageQuery.strict(),
  response: pageOf(WorkflowSummary),
  access: BUILDERS,
  permission: 'workflows.design',
});

export const UpdateWorkflowBody = z
  .strictObject({
    workflowName: Name.optional(),
    workflowDescription: Description.optional(),
    branchIdList: BranchIdList.optional(),
    defaultToWorkspace: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Change at least one field',
    path: ['workflowName'],
  });
export type UpdateWorkflowBody = z.input<typeof UpdateWorkflowBody>;

export const updateWorkflow = route({
  api: 'case',
  method: 'PUT',
  path: '/api/admin/workflow/{id}',
  summary: "Change a workflow's name, description or the business units it applies to",
  params: IdParams,
  body: UpdateWorkflowBody,
  response: WorkflowDetail,
  access: BUILDERS,
  permission: 'workflows.design',
});

export const getWorkflow = route({
  api: 'case',
  method: 'GET',
  path: '/api/admin/workflow/{id}',
  summary: 'A workflow with its versions, newest first',
  params: IdParams,
  response: WorkflowDetail,
  access: BUILDERS,
  permission: 'workflows.design',
});

/**
 * Either `workflowVersionId` (copy that version of this workflow, with its steps in order, under new ids;
 * name and description may be overridden), or `name` (+ description, branchIdList, defaultToWorkspace)
 * for a new empty version.
 */
export const CreateWorkflowVersionBody = z
  .strictObject({
    workflowVersionId: Id.optional(),
    name: Name.optional(),
    description: Description.optional(),
    branchIdList: BranchIdList.optional(),
    defaultToWorkspace: z.boolean().optional(),
  })
  .refine((b) => b.workflowVersionId !== undefined || b.name !== undefined, {
    message: 'Give workflowVersionId to copy a version, or name for a new one',
    path: ['name'],
  });
export type CreateWorkflowVersionBody = z.input<typeof CreateWorkflowVersionBody>;

export const createWorkflowVersion = route({
  api: 'case',
  method: 'POST',
  path: '/api/admin/workflow/{id}/version',
  summary: 'Create a draft version of workflow {id}: empty, or a copy of one of its versions',
  params: IdParams,
  body: CreateWorkflowVersionBody,
  response: WorkflowVersionDetail,
  access: BUILDERS,
  permission: 'workflows.design',
});

export const PublishWorkflowBody = z.strictObject({ workflowId: Id, workflowVersionId: Id });
export type PublishWorkflowBody = z.infer<typeof PublishWorkflowBody>;

export const PublishWorkflowResponse = z.object({
  published: WorkflowVersionSummary,
  /** The version that was published before and is now archived. */
  archivedVersionId: z.string().nullable(),
});
export type PublishWorkflowResponse = z.infer<typeof PublishWorkflowResponse>;

export const publishWorkflowVersion = route({
  api: 'case',
  method: 'POST',
  path: '/api/admin/workflow/publish',
  summary:
    'Publish a draft version; the previously published version is archived. 409 if already published or archived.',
  body: PublishWorkflowBody,
  response: PublishWorkflowResponse,
  access: BUILDERS,
  permission: 'workflows.design',
});

export const getWorkflowVersion = route({
  api: 'case',
  method: 'GET',
  path: '/api/admin/workflow/version/{id}',
  summary: 'A workflow version with its steps in order',
  params: IdParams,
  response: WorkflowVersionDetail,
  access: BUILDERS,
  permission: 'workflows.design',
});

const StepText = { name: Name, description: Description.default('') };

export const AddWorkflowStepBody = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('MEETING'),
    ...StepText,
    /** Optional meeting fields to record besides the required ones (MINUTES, OUTCOME). */
    meetingFieldList: z.array(MeetingFieldKey).max(8).default([]),
  }),
  z.strictObject({
    kind: z.literal('ACTION'),
    ...StepText,
    actionTypes: z.array(ActionType).min(1, 'Choose at least one action type').max(4),
    party: Party.nullable().optional(),
  }),
]);
export type AddWorkflowStepBody = z.input<typeof AddWorkflowStepBody>;

export const addWorkflowStep = route({
  api: 'case',
  method: 'POST',
  path: '/api/admin/step/workflow/{id}',
  summary: "Add a step at the end of workflow VERSION {id} (the id is the version's, not the workflow's); drafts only",
  params: IdParams,
  body: AddWorkflowStepBody,
  response: WorkflowStep,
  access: BUILDERS,
  permission: 'workflows.design',
});

export const UpdateWorkflowStepBody = z
  .strictObject({
    /** Move the step to this 1-based place; the others close up around it. */
    position: z.number().int().min(1).max(1000).optional(),
    name: Name.optional(),
    description: Description.optional(),
    meetingFieldList: z.array(MeetingFieldKey).max(8).optional(),
    actionTypes: z.array(ActionType).min(1, 'Choose at least one action type').max(4).optional(),
    party: Party.nullable().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Change at least one field',
    path: ['name'],
  });
export type UpdateWorkflowStepBody = z.input<typeof UpdateWorkflowStepBody>;

export const updateWorkflowStep = route({
  api: 'case',
  method: 'PUT',
  path: '/api/admin/step/{id}',
  summary: 'Change a step of a draft version (its kind stays), or move it to another place with position',
  params: IdParams,
  body: UpdateWorkflowStepBody,
  response: WorkflowStep,
  access: BUILDERS,
  permission: 'workflows.design',
});

export const deleteWorkflowStep = route({
  api: 'case',
  method: 'DELETE',
  path: '/api/admin/step/{s}/workflow/{w}',
  summary: 'Remove step {s} from draft workflow VERSION {w} (w is the version id)',
  params: z.strictObject({ s: Id, w: Id }),
  response: Ok,
  access: BUILDERS,
  permission: 'workflows.design',
});
