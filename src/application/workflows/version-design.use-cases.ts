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
  UpdateAttributeBody,
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
import { attributeRolesProblems, escalationProblems, mailTemplateProblems } from '../../domain/workflows/builder-rules';
import type { ActionType } from '../../domain/workflows/workflow-rules';
import { ApiError } from '../shared/api-error';
import { refusalFrom, type Outcome, type Refusal } from '../shared/refusal';
import type { WorkflowBuilderApi } from './workflow-builder-api.port';

// The workflow designer's changes to a draft version (the redressal page's three tabs), one use case per change. Each
// answers what the server stored; a frozen version (`conflict`), bad input (`invalid`, with its fields) and the
// server's other refusals are answered as a Refusal, and a failure of the server is thrown on. The rules the domain
// holds (a mail's placeholders, who may see a field, an escalation's thresholds) refuse before the server is asked.

/** What a change answers: the server's copy of what changed. */
export type DesignChange<T> = Outcome<{ answer: T }>;

async function change<T>(call: () => Promise<T>): Promise<DesignChange<T>> {
  try {
    return { ok: true, answer: await call() };
  } catch (error) {
    if (ApiError.isRefusal(error)) return refusalFrom(error);
    throw error;
  }
}

/** Input the domain's rule refuses, each problem beside its field (the first one as the message). */
function refused(problems: Record<string, string>): Refusal<never> {
  return { ok: false, reason: 'invalid', message: Object.values(problems)[0] ?? 'Check the form', fields: problems };
}

/** A step moved to a 1-based place in its version; the others close up. */
export class MoveWorkflowStep {
  constructor(private readonly builder: WorkflowBuilderApi) {}

  execute(stepId: string, position: number): Promise<DesignChange<WorkflowStep>> {
    return change(() => this.builder.moveStep(stepId, position));
  }
}

/** An action (a mail, a meeting, a decision ...) added to a step, for a party where the action names one. */
export class AddStepAction {
  constructor(private readonly builder: WorkflowBuilderApi) {}

  execute(stepId: string, body: AddStepActionBody): Promise<DesignChange<WorkflowStep>> {
    return change(() => this.builder.addStepAction(stepId, body));
  }
}

/** An action taken off a step. */
export class RemoveStepAction {
  constructor(private readonly builder: WorkflowBuilderApi) {}

  execute(stepId: string, actionType: ActionType): Promise<DesignChange<WorkflowStep>> {
    return change(() => this.builder.removeStepAction(stepId, actionType));
  }
}

/** A step's owner, stage and time limit. */
export class SaveStepSetting {
  constructor(private readonly builder: WorkflowBuilderApi) {}

  execute(body: SaveStepSettingBody): Promise<DesignChange<StepSetting>> {
    return change(() => this.builder.saveStepSetting(body));
  }
}

/** A stage of redressal added to the version. */
export class AddWorkflowStage {
  constructor(private readonly builder: WorkflowBuilderApi) {}

  execute(workflowVersionId: string, name: string, description: string): Promise<DesignChange<WorkflowStage>> {
    return change(() => this.builder.addStage(workflowVersionId, name, description));
  }
}

/** A stage removed; its steps stay, without a stage. */
export class DeleteWorkflowStage {
  constructor(private readonly builder: WorkflowBuilderApi) {}

  execute(stageId: string): Promise<DesignChange<void>> {
    return change(() => this.builder.deleteStage(stageId));
  }
}

/** Prerequisites added to the version (what must be in place before a complaint can be filed). */
export class AddPrerequisites {
  constructor(private readonly builder: WorkflowBuilderApi) {}

  execute(body: AddPrerequisitesBody): Promise<DesignChange<PrerequisiteList>> {
    return change(() => this.builder.addPrerequisites(body));
  }
}

/** Prerequisites of the version reworded. */
export class UpdatePrerequisites {
  constructor(private readonly builder: WorkflowBuilderApi) {}

  execute(body: UpdatePrerequisitesBody): Promise<DesignChange<PrerequisiteList>> {
    return change(() => this.builder.updatePrerequisites(body));
  }
}

/** Prerequisites taken off the version. */
export class RemovePrerequisites {
  constructor(private readonly builder: WorkflowBuilderApi) {}

  execute(body: RemovePrerequisitesBody): Promise<DesignChange<PrerequisiteList>> {
    return change(() => this.builder.removePrerequisites(body));
  }
}

/** Who sees a field of the complaint form, under one regime. */
export class SaveAttributeRoles {
  constructor(private readonly builder: WorkflowBuilderApi) {}

  async execute(body: SaveAttributeSettingBody): Promise<DesignChange<AttributeRoles>> {
    const problems = attributeRolesProblems(body.roles);
    if (Object.keys(problems).length) return refused(problems);
    return change(() => this.builder.saveAttributeRoles(body));
  }
}

/** A field added to a part of the complaint form. */
export class AddFormField {
  constructor(private readonly builder: WorkflowBuilderApi) {}

  execute(body: AddAttributeBody): Promise<DesignChange<FormAttribute>> {
    return change(() => this.builder.addAttribute(body));
  }
}

/** A field's wording (label, help text, choices; required for a field an admin added). */
export class UpdateFormField {
  constructor(private readonly builder: WorkflowBuilderApi) {}

  execute(attributeId: string, body: UpdateAttributeBody): Promise<DesignChange<FormAttribute>> {
    return change(() => this.builder.updateAttribute(attributeId, body));
  }
}

/** A field removed from the complaint form. */
export class DeleteFormField {
  constructor(private readonly builder: WorkflowBuilderApi) {}

  execute(attributeId: string): Promise<DesignChange<void>> {
    return change(() => this.builder.deleteAttribute(attributeId));
  }
}

/** A field moved to a 1-based place in its part; answers the part in its new order. */
export class MoveFormField {
  constructor(private readonly builder: WorkflowBuilderApi) {}

  execute(attributeId: string, position: number): Promise<DesignChange<FormComponent>> {
    return change(() => this.builder.orderAttribute(attributeId, position));
  }
}

/** A part added to the complaint form. */
export class AddFormPart {
  constructor(private readonly builder: WorkflowBuilderApi) {}

  execute(workflowVersionId: string, title: string, description: string): Promise<DesignChange<FormComponent>> {
    return change(() => this.builder.addComponent(workflowVersionId, title, description));
  }
}

/** A part removed from the complaint form. */
export class DeleteFormPart {
  constructor(private readonly builder: WorkflowBuilderApi) {}

  execute(componentId: string): Promise<DesignChange<void>> {
    return change(() => this.builder.deleteComponent(componentId));
  }
}

/** Fields added to the minutes of a step's meetings. */
export class AddMeetingFields {
  constructor(private readonly builder: WorkflowBuilderApi) {}

  execute(body: AddMeetingFieldsBody): Promise<DesignChange<MeetingFields>> {
    return change(() => this.builder.addMeetingFields(body));
  }
}

/** Fields taken off the minutes of a step's meetings. */
export class RemoveMeetingFields {
  constructor(private readonly builder: WorkflowBuilderApi) {}

  execute(body: RemoveMeetingFieldsBody): Promise<DesignChange<MeetingFields>> {
    return change(() => this.builder.removeMeetingFields(body));
  }
}

/** The wording of an action type's mail, for every step of the version that takes the action. */
export class SaveActionMail {
  constructor(private readonly builder: WorkflowBuilderApi) {}

  async execute(body: SaveActionSettingBody): Promise<DesignChange<ActionSetting[]>> {
    const problems = {
      ...mailTemplateProblems('mailSubject', body.mailSubject),
      ...mailTemplateProblems('mailBody', body.mailBody),
    };
    if (Object.keys(problems).length) return refused(problems);
    return change(() => this.builder.saveActionSetting(body));
  }
}

/** A business unit's (or the workspace's) escalation: after how many days, to whom. */
export class SaveEscalation {
  constructor(private readonly builder: WorkflowBuilderApi) {}

  async execute(body: SaveEscalationSettingBody): Promise<DesignChange<EscalationSetting>> {
    const problems = escalationProblems({
      firstThresholdDate: body.firstThresholdDate,
      secondThresholdDate: body.secondThresholdDate ?? null,
    });
    if (Object.keys(problems).length) return refused(problems);
    return change(() => this.builder.saveEscalation(body));
  }
}

/** The designer's changes, taken by its view-model as one argument. */
export const WorkflowDesignWrites = Symbol('WorkflowDesignWrites');
export interface WorkflowDesignWrites {
  moveStep: MoveWorkflowStep;
  addStepAction: AddStepAction;
  removeStepAction: RemoveStepAction;
  saveStepSetting: SaveStepSetting;
  addStage: AddWorkflowStage;
  deleteStage: DeleteWorkflowStage;
  addPrerequisites: AddPrerequisites;
  updatePrerequisites: UpdatePrerequisites;
  removePrerequisites: RemovePrerequisites;
  saveAttributeRoles: SaveAttributeRoles;
  addAttribute: AddFormField;
  updateAttribute: UpdateFormField;
  deleteAttribute: DeleteFormField;
  orderAttribute: MoveFormField;
  addComponent: AddFormPart;
  deleteComponent: DeleteFormPart;
  addMeetingFields: AddMeetingFields;
  removeMeetingFields: RemoveMeetingFields;
  saveActionSetting: SaveActionMail;
  saveEscalation: SaveEscalation;
}

export const workflowDesignWrites = (builder: WorkflowBuilderApi): WorkflowDesignWrites => ({
  moveStep: new MoveWorkflowStep(builder),
  addStepAction: new AddStepAction(builder),
  removeStepAction: new RemoveStepAction(builder),
  saveStepSetting: new SaveStepSetting(builder),
  addStage: new AddWorkflowStage(builder),
  deleteStage: new DeleteWorkflowStage(builder),
  addPrerequisites: new AddPrerequisites(builder),
  updatePrerequisites: new UpdatePrerequisites(builder),
  removePrerequisites: new RemovePrerequisites(builder),
  saveAttributeRoles: new SaveAttributeRoles(builder),
  addAttribute: new AddFormField(builder),
  updateAttribute: new UpdateFormField(builder),
  deleteAttribute: new DeleteFormField(builder),
  orderAttribute: new MoveFormField(builder),
  addComponent: new AddFormPart(builder),
  deleteComponent: new DeleteFormPart(builder),
  addMeetingFields: new AddMeetingFields(builder),
  removeMeetingFields: new RemoveMeetingFields(builder),
  saveActionSetting: new SaveActionMail(builder),
  saveEscalation: new SaveEscalation(builder),
});
