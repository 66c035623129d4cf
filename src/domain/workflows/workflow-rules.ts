import { z } from 'zod';

/** Spec 4: a redressal workflow is a sequence of steps, each a meeting or an action. */
export const StepKind = z.enum(['MEETING', 'ACTION']);
export type StepKind = z.infer<typeof StepKind>;

/** Spec 9: notify, transfer complaint, inform respondent, inform employer. */
export const ActionType = z.enum(['NOTIFY', 'TRANSFER_COMPLAINT', 'INFORM_RESPONDENT', 'INFORM_EMPLOYER']);
export type ActionType = z.infer<typeof ActionType>;

/** Spec 9: party options. */
export const Party = z.enum(['RESPONDENT', 'EMPLOYER']);
export type Party = z.infer<typeof Party>;

export const VersionStatus = z.enum(['DRAFT', 'PUBLISHED', 'ARCHIVED']);
export type VersionStatus = z.infer<typeof VersionStatus>;

export const STEP_KIND_LABELS: Record<StepKind, string> = { MEETING: 'Meeting', ACTION: 'Action' };
export const ACTION_TYPE_LABELS: Record<ActionType, string> = {
  NOTIFY: 'Notify',
  TRANSFER_COMPLAINT: 'Transfer complaint',
  INFORM_RESPONDENT: 'Inform respondent',
  INFORM_EMPLOYER: 'Inform employer',
};
export const PARTY_LABELS: Record<Party, string> = { RESPONDENT: 'Respondent', EMPLOYER: 'Employer' };
export const VERSION_STATUS_LABELS: Record<VersionStatus, string> = {
  DRAFT: 'Draft',
  PUBLISHED: 'Published',
  ARCHIVED: 'Archived',
};

/**
 * Spec 3, meeting form: title, agenda, start time, end time, location (or online meeting link) and guests
 * are required; minutes of the meeting and outcome are optional.
 */
export const MeetingFieldKey = z.enum([
  'TITLE',
  'AGENDA',
  'START_TIME',
  'END_TIME',
  'LOCATION',
  'GUESTS',
  'MINUTES',
  'OUTCOME',
]);
export type MeetingFieldKey = z.infer<typeof MeetingFieldKey>;

export interface MeetingFieldRule {
  key: MeetingFieldKey;
  label: string;
  required: boolean;
}

export const MEETING_FIELDS: readonly MeetingFieldRule[] = [
  { key: 'TITLE', label: 'Title', required: true },
  { key: 'AGENDA', label: 'Agenda', required: true },
  { key: 'START_TIME', label: 'Start time', required: true },
  { key: 'END_TIME', label: 'End time', required: true },
  { key: 'LOCATION', label: 'Location or online meeting link', required: true },
  { key: 'GUESTS', label: 'Guests', required: true },
  { key: 'MINUTES', label: 'Minutes of the meeting', required: false },
  { key: 'OUTCOME', label: 'Outcome', required: false },
];

export const OPTIONAL_MEETING_FIELDS: readonly MeetingFieldKey[] = MEETING_FIELDS.filter((f) => !f.required).map(
  (f) => f.key,
);

/**
 * The meeting form a MEETING step records: every required field always, plus the optional ones chosen,
 * in the form's own order. Unknown or repeated choices are ignored.
 */
export function meetingForm(chosen: readonly MeetingFieldKey[] = []): MeetingFieldRule[] {
  return MEETING_FIELDS.filter((f) => f.required || chosen.includes(f.key)).map((f) => ({ ...f }));
}

/** A NOTIFY action needs to know whom to notify; the other actions name their party themselves. */
export function actionNeedsParty(actionTypes: readonly ActionType[]): boolean {
  return actionTypes.includes('NOTIFY');
}

export interface StepInput {
  kind: StepKind;
  name: string;
  description?: string;
  meetingFieldList?: readonly MeetingFieldKey[];
  actionTypes?: readonly ActionType[];
  party?: Party | null;
}

/**
 * The rules of a step beyond its field types, as `{ field: message }` (empty when valid).
 * The server answers them as a 400 naming the field; the add-step form shows them beside the field.
 */
export function stepProblems(step: StepInput): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!step.name.trim()) problems.name = 'Give the step a name';
  if (step.kind === 'MEETING') {
    if (step.actionTypes?.length) problems.actionTypes = 'A meeting step has no action types';
    if (step.party) problems.party = 'A meeting step has no party';
  } else {
    const types = step.actionTypes ?? [];
    if (types.length === 0) problems.actionTypes = 'Choose at least one action type';
    else if (new Set(types).size !== types.length) problems.actionTypes = 'Each action type may be chosen once';
    if (step.meetingFieldList?.length) problems.meetingFieldList = 'An action step has no meeting form';
    if (actionNeedsParty(types) && !step.party) problems.party = 'Choose whom to notify: respondent or employer';
    if (!actionNeedsParty(types) && step.party) problems.party = 'Only a notify action takes a party';
  }
  return problems;
}

export interface VersionState {
  status: VersionStatus;
  stepCount: number;
}

/** A published or archived version is frozen: its changes go into a new version. */
export function canEdit(version: Pick<VersionState, 'status'>): boolean {
  return version.status === 'DRAFT';
}

export type PublishCheck =
  { ok: true } | { ok: false; reason: 'already-published' | 'archived' | 'no-steps'; message: string };

/** Only a draft with at least one step can be published. */
export function canPublish(version: VersionState): PublishCheck {
  if (version.status === 'PUBLISHED')
    return { ok: false, reason: 'already-published', message: 'This version is already published.' };
  if (version.status === 'ARCHIVED') {
    return {
      ok: false,
      reason: 'archived',
      message: 'This version is archived. Create a new version from it to publish its steps again.',
    };
  }
  if (version.stepCount < 1)
    return { ok: false, reason: 'no-steps', message: 'Add at least one step before publishing this version.' };
  return { ok: true };
}

export const FROZEN_VERSION_MESSAGE =
  'This version is published or archived and cannot be changed: create a new version from it.';
