import { refuse, type Refusal } from '../shared/refusal';
import type { WorkflowStep } from '../../contracts/case/workflows.contract';
import {
  canEdit,
  FROZEN_VERSION_MESSAGE,
  stepProblems,
  type ActionType,
  type MeetingFieldKey,
  type Party,
  type StepKind,
  type VersionStatus,
} from '../../domain/workflows/workflow-rules';
import { ApiError } from '../shared/api-error';
import type { WorkflowApi } from './workflow-api.port';

export interface AddWorkflowStepInput {
  version: { workflowVersionId: string; status: VersionStatus };
  kind: StepKind;
  name: string;
  description?: string;
  meetingFieldList?: MeetingFieldKey[];
  actionTypes?: ActionType[];
  party?: Party | null;
}

export type AddWorkflowStepOutcome = { ok: true; step: WorkflowStep } | Refusal<'frozen'>;

export class AddWorkflowStep {
  constructor(private readonly workflows: WorkflowApi) {}

  async execute(input: AddWorkflowStepInput): Promise<AddWorkflowStepOutcome> {
    if (!canEdit(input.version)) return refuse('conflict', FROZEN_VERSION_MESSAGE, { code: 'frozen' });
    const name = input.name.trim();
    const description = input.description?.trim() ?? '';
    const step = { ...input, name, description, party: input.party ?? null };
    const problems = stepProblems(step);
    if (Object.keys(problems).length > 0) {
      return refuse('invalid', Object.values(problems)[0], { fields: problems });
    }
    try {
      const added = await this.workflows.addStep(
        input.version.workflowVersionId,
        input.kind === 'MEETING'
          ? { kind: 'MEETING', name, description, meetingFieldList: input.meetingFieldList ?? [] }
          : { kind: 'ACTION', name, description, actionTypes: input.actionTypes ?? [], party: step.party },
      );
      return { ok: true, step: added };
    } catch (error) {
      if (ApiError.is(error) && error.reason === 'conflict')
        return refuse('conflict', error.message, { code: 'frozen' });
      if (ApiError.is(error) && error.reason === 'invalid')
        return refuse('invalid', error.message, { fields: error.fields });
      throw error;
    }
  }
}
