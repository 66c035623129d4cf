import { z } from 'zod';
import type { ClockId } from '../complaints/statutory-clocks';
import { MEETING_FIELDS, type ActionType } from './workflow-rules';

/**
 * The rules of the redressal-workflow builder beyond steps and versions (workflow-rules.ts): who owns a step and how
 * long it may take, the complaint form (spec 3) with its parts and fields, who sees each field, prerequisites,
 * custom meeting fields, action mails and escalation. Pure: the server answers a broken rule as a 400 naming the field,
 * and the builder's forms show the same message beside the field.
 */

export type Problems = Record<string, string>;

// ---------- steps: owner and time limit ----------

/** Who carries a step out on a case. */
export const StepOwnerRole = z.enum(['PRESIDING_OFFICER', 'COMMITTEE_MEMBER', 'EMPLOYER', 'WORKSPACE_ADMIN']);
export type StepOwnerRole = z.infer<typeof StepOwnerRole>;
export const STEP_OWNER_LABELS: Record<StepOwnerRole, string> = {
  PRESIDING_OFFICER: 'Presiding officer',
  COMMITTEE_MEMBER: 'Committee member',
  EMPLOYER: 'Employer',
  WORKSPACE_ADMIN: 'Workspace admin',
};

/** The statutory regimes a workflow is run under (legal-rules.md): the POSH Act in India, Canada's federal rules. */
export const Compliance = z.enum(['IN_POSH', 'CA_FEDERAL']);
export type Compliance = z.infer<typeof Compliance>;
export const COMPLIANCE_LABELS: Record<Compliance, string> = {
  IN_POSH: 'India: POSH Act 2013',
  CA_FEDERAL: 'Canada: federal workplace harassment rules',
};

export interface StatutoryTimeLimit {
  compliance: Compliance;
  rule: string;
  label: string;
  days: number;
  workingDays: boolean;
}

/**
 * The clocks of src/domain/complaints/statutory-clocks.ts that a step can take as its time limit: the step is then due
 * when the law says, computed by the case's clock, not by a number typed into the builder.
 */
export const STATUTORY_TIME_LIMITS = {
  IN_RESPONDENT_COPY: {
    compliance: 'IN_POSH',
    rule: 'IN-05',
    label: 'POSH Rule 7: copy to respondent within 7 working days',
    days: 7,
    workingDays: true,
  },
  IN_RESPONDENT_REPLY: {
    compliance: 'IN_POSH',
    rule: 'IN-05',
    label: 'POSH Rule 7: respondent replies within 10 working days',
    days: 10,
    workingDays: true,
  },
  IN_INQUIRY: {
    compliance: 'IN_POSH',
    rule: 'IN-07',
    label: 'POSH s.11(4): inquiry completed within 90 days',
    days: 90,
    workingDays: false,
  },
  IN_REPORT: {
    compliance: 'IN_POSH',
    rule: 'IN-09',
    label: 'POSH s.13: report within 10 days of the inquiry',
    days: 10,
    workingDays: false,
  },
  IN_EMPLOYER_ACTION: {
    compliance: 'IN_POSH',
    rule: 'IN-09',
    label: 'POSH s.13(4): employer acts within 60 days',
    days: 60,
    workingDays: false,
  },
  IN_APPEAL_WINDOW: {
    compliance: 'IN_POSH',
    rule: 'IN-10',
    label: 'POSH s.18: appeal window of 90 days',
    days: 90,
    workingDays: false,
  },
  CA_FIRST_CONTACT: {
    compliance: 'CA_FEDERAL',
    rule: 'CA-02',
    label: 'Canada: contact the principal party within 7 days',
    days: 7,
    workingDays: false,
  },
  CA_NEGOTIATED_MEETING: {
    compliance: 'CA_FEDERAL',
    rule: 'CA-04',
    label: 'Canada: negotiated-resolution meeting within 45 days',
    days: 45,
    workingDays: false,
  },
  CA_RESOLUTION: {
    compliance: 'CA_FEDERAL',
    rule: 'CA-07',
    label: 'Canada: resolution completed within 1 year',
    days: 365,
    workingDays: false,
  },
} as const satisfies Record<ClockId, StatutoryTimeLimit>;

export const StatutoryClockId = z.enum(Object.keys(STATUTORY_TIME_LIMITS) as [ClockId, ...ClockId[]]);
export type StatutoryClockId = z.infer<typeof StatutoryClockId>;

export const TimeLimit = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('DAYS'),
    days: z.number().int().min(1, 'At least 1 day').max(365, 'At most 365 days'),
    workingDays: z.boolean().default(false),
  }),
  z.strictObject({ kind: z.literal('STATUTORY'), clockId: StatutoryClockId }),
]);
export type TimeLimit = z.infer<typeof TimeLimit>;

/** "7 working days (POSH Rule 7 ...)" or "5 days". */
export function describeTimeLimit(limit: TimeLimit | null): string {
  if (!limit) return 'No time limit';
  if (limit.kind === 'STATUTORY') return STATUTORY_TIME_LIMITS[limit.clockId].label;
  return `${limit.days} ${limit.workingDays ? 'working ' : ''}day${limit.days === 1 ? '' : 's'}`;
}

// ---------- step order ----------

/** The order after moving `id` to 1-based `position` (clamped to the list). Unknown ids leave the order as it is. */
export function moveTo<T extends string>(order: readonly T[], id: T, position: number): T[] {
  const from = order.indexOf(id);
  if (from < 0) return [...order];
  const rest = order.filter((x) => x !== id);
  const to = Math.min(Math.max(Math.trunc(position), 1), order.length) - 1;
  rest.splice(to, 0, id);
  return rest;
}

// ---------- the complaint form ----------

/** Spec 3: the complaint form has three parts by party. */
export const StandardComponentKey = z.enum(['COMPLAINANT', 'RESPONDENT', 'INCIDENT']);
export type StandardComponentKey = z.infer<typeof StandardComponentKey>;

export const FieldType = z.enum([
  'TEXT',
  'TEXTAREA',
  'EMAIL',
  'PHONE',
  'DATE',
  'NUMBER',
  'GENDER',
  'SELECT',
  'MULTI_SELECT',
  'CHECKBOX',
  'FILE',
]);
export type FieldType = z.infer<typeof FieldType>;
export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  TEXT: 'Short text',
  TEXTAREA: 'Long text',
  EMAIL: 'Email address',
  PHONE: 'Phone number',
  DATE: 'Date',
  NUMBER: 'Number',
  GENDER: 'Gender',
  SELECT: 'One choice from a list',
  MULTI_SELECT: 'Several choices from a list',
  CHECKBOX: 'Tick box',
  FILE: 'File upload',
};

export interface StandardAttribute {
  key: string;
  component: StandardComponentKey;
  label: string;
  fieldType: FieldType;
  /** Required by the spec: it stays required, whatever the builder says. */
  required: boolean;
}

export const STANDARD_COMPONENTS: readonly { key: StandardComponentKey; title: string; description: string }[] = [
  { key: 'COMPLAINANT', title: 'Complainant', description: 'Who is raising the complaint' },
  { key: 'RESPONDENT', title: 'Respondent', description: 'Who the complaint is about' },
  { key: 'INCIDENT', title: 'Incident', description: 'What happened, when, and who saw it' },
];

/** Spec 3, complaint form by party. Name and email of the complainant, details and date of the incident are required. */
export const STANDARD_ATTRIBUTES: readonly StandardAttribute[] = [
  { key: 'COMPLAINANT_NAME', component: 'COMPLAINANT', label: 'Name', fieldType: 'TEXT', required: true },
  { key: 'COMPLAINANT_GENDER', component: 'COMPLAINANT', label: 'Gender', fieldType: 'GENDER', required: false },
  { key: 'COMPLAINANT_PHONE', component: 'COMPLAINANT', label: 'Phone', fieldType: 'PHONE', required: false },
  { key: 'COMPLAINANT_EMAIL', component: 'COMPLAINANT', label: 'Email', fieldType: 'EMAIL', required: true },
  { key: 'RESPONDENT_NAME', component: 'RESPONDENT', label: 'Name', fieldType: 'TEXT', required: false },
  { key: 'RESPONDENT_GENDER', component: 'RESPONDENT', label: 'Gender', fieldType: 'GENDER', required: false },
  { key: 'RESPONDENT_PHONE', component: 'RESPONDENT', label: 'Phone', fieldType: 'PHONE', required: false },
  { key: 'RESPONDENT_EMAIL', component: 'RESPONDENT', label: 'Email', fieldType: 'EMAIL', required: false },
  {
    key: 'RESPONDENT_DESCRIPTION',
    component: 'RESPONDENT',
    label: 'Description',
    fieldType: 'TEXTAREA',
    required: false,
  },
  {
    key: 'INCIDENT_DETAILS',
    component: 'INCIDENT',
    label: 'Details of the incident',
    fieldType: 'TEXTAREA',
    required: true,
  },
  { key: 'INCIDENT_DATE', component: 'INCIDENT', label: 'Date of the incident', fieldType: 'DATE', required: true },
  { key: 'INCIDENT_EVIDENCE', component: 'INCIDENT', label: 'Evidence', fieldType: 'FILE', required: false },
  { key: 'INCIDENT_WITNESSES', component: 'INCIDENT', label: 'Witnesses', fieldType: 'TEXTAREA', required: false },
];

export const standardAttribute = (key: string | null): StandardAttribute | undefined =>
  key ? STANDARD_ATTRIBUTES.find((a) => a.key === key) : undefined;

const CHOICE_TYPES: readonly FieldType[] = ['SELECT', 'MULTI_SELECT'];

export interface AttributeInput {
  label: string;
  fieldType: FieldType;
  required: boolean;
  options: readonly string[];
  /** The spec's field this is, if it is one. */
  systemKey?: string | null;
}

/** A form field's rules: a label, choices exactly for the list types, and the spec's fields keep their type and requiredness. */
export function attributeProblems(a: AttributeInput): Problems {
  const problems: Problems = {};
  if (!a.label.trim()) problems.label = 'Give the field a label';
  if (CHOICE_TYPES.includes(a.fieldType)) {
    const options = a.options.map((o) => o.trim());
    if (options.length < 2) problems.options = 'Give at least two choices';
    else if (options.some((o) => !o)) problems.options = 'A choice cannot be empty';
    else if (new Set(options.map((o) => o.toLowerCase())).size !== options.length)
      problems.options = 'Each choice may appear once';
  } else if (a.options.length > 0) {
    problems.options = 'Only a list field has choices';
  }
  const standard = standardAttribute(a.systemKey ?? null);
  if (standard) {
    if (a.fieldType !== standard.fieldType)
      problems.fieldType = `"${standard.label}" is a field of the complaint form the law asks for: its type stays`;
    if (standard.required && !a.required) problems.required = `"${standard.label}" is required on every complaint form`;
  }
  return problems;
}

/** The spec's fields and parts stay on every form; only the ones an admin added can be removed. */
export function canRemoveAttribute(systemKey: string | null): { ok: true } | { ok: false; message: string } {
  const standard = standardAttribute(systemKey);
  return standard
    ? { ok: false, message: `"${standard.label}" is part of every complaint form and cannot be removed` }
    : { ok: true };
}

// ---------- who sees each field of a complaint ----------

/** The people of a case (IN-11: access limited to the committee and, for what is shared with them, the parties). */
export const CaseRole = z.enum(['PRESIDING_OFFICER', 'COMMITTEE_MEMBER', 'COMPLAINANT', 'RESPONDENT', 'EMPLOYER']);
export type CaseRole = z.infer<typeof CaseRole>;
export const CASE_ROLE_LABELS: Record<CaseRole, string> = {
  PRESIDING_OFFICER: 'Presiding officer',
  COMMITTEE_MEMBER: 'Committee members',
  COMPLAINANT: 'Complainant',
  RESPONDENT: 'Respondent',
  EMPLOYER: 'Employer',
};

/** Without a setting, a field is seen by the committee and the complainant (IN-11). */
export const DEFAULT_ATTRIBUTE_ROLES: readonly CaseRole[] = ['PRESIDING_OFFICER', 'COMMITTEE_MEMBER', 'COMPLAINANT'];

/** The committee decides on what it cannot see otherwise, so the presiding officer always sees every field. */
export function attributeRolesProblems(roles: readonly CaseRole[]): Problems {
  if (!roles.includes('PRESIDING_OFFICER')) return { roles: 'The presiding officer sees every field of the complaint' };
  if (new Set(roles).size !== roles.length) return { roles: 'Each role may be named once' };
  return {};
}

// ---------- prerequisites ----------

/** What must be in place before a workflow runs a complaint. */
export const PrerequisiteKind = z.enum([
  'COMMITTEE_CONSTITUTED',
  'POLICY_PUBLISHED',
  'TRAINING_COMPLETED',
  'DOCUMENT',
  'OTHER',
]);
export type PrerequisiteKind = z.infer<typeof PrerequisiteKind>;
export const PREREQUISITE_KIND_LABELS: Record<PrerequisiteKind, string> = {
  COMMITTEE_CONSTITUTED: 'Internal Committee constituted',
  POLICY_PUBLISHED: 'Policy published',
  TRAINING_COMPLETED: 'Training completed',
  DOCUMENT: 'Document on file',
  OTHER: 'Other',
};

// ---------- custom meeting fields ----------

export const MeetingFieldType = z.enum(['TEXT', 'TEXTAREA', 'DATE', 'NUMBER', 'CHECKBOX', 'FILE']);
export type MeetingFieldType = z.infer<typeof MeetingFieldType>;
export const MAX_CUSTOM_MEETING_FIELDS = 20;

/** Custom meeting fields: labelled, no two alike, none named like a field every meeting already has. */
export function meetingFieldsProblems(labels: readonly string[]): Problems {
  if (labels.length > MAX_CUSTOM_MEETING_FIELDS)
    return { meetingFieldList: `At most ${MAX_CUSTOM_MEETING_FIELDS} extra fields per meeting` };
  const seen = new Set(MEETING_FIELDS.map((f) => f.label.toLowerCase()));
  for (const [i, raw] of labels.entries()) {
    const label = raw.trim().toLowerCase();
    if (!label) return { [`meetingFieldList.${i}.label`]: 'Give the field a label' };
    if (seen.has(label)) return { [`meetingFieldList.${i}.label`]: `The meeting form already has "${raw.trim()}"` };
    seen.add(label);
  }
  return {};
}

// ---------- action mails ----------

/** The placeholders an action's mail may use; the runtime fills them. */
export const MAIL_PLACEHOLDERS = ['caseNumber', 'stepName', 'workspaceName', 'dueDate'] as const;

export function mailTemplateProblems(field: string, text: string): Problems {
  const unknown = [...text.matchAll(/\{\{\s*([^}\s]*)\s*\}\}/g)]
    .map((m) => m[1])
    .filter((name) => !(MAIL_PLACEHOLDERS as readonly string[]).includes(name));
  return unknown.length
    ? { [field]: `Unknown placeholder {{${unknown[0]}}}: use ${MAIL_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}` }
    : {};
}

export const DEFAULT_ACTION_MAILS: Record<ActionType, { mailSubject: string; mailBody: string }> = {
  NOTIFY: {
    mailSubject: 'Case {{caseNumber}}: {{stepName}}',
    mailBody: 'There is an update on case {{caseNumber}}: {{stepName}}.',
  },
  TRANSFER_COMPLAINT: {
    mailSubject: 'Case {{caseNumber}} transferred',
    mailBody: 'Case {{caseNumber}} has been transferred to you.',
  },
  INFORM_RESPONDENT: {
    mailSubject: 'A complaint naming you: case {{caseNumber}}',
    mailBody:
      'A complaint naming you has been received. A copy is attached; you may reply with documents and witnesses by {{dueDate}}.',
  },
  INFORM_EMPLOYER: {
    mailSubject: 'Case {{caseNumber}}: {{stepName}}',
    mailBody: 'The Internal Committee informs you about case {{caseNumber}}: {{stepName}}.',
  },
};

// ---------- escalation ----------

/** What makes a case escalate: a step past its time limit, or a statutory clock past its due day. */
export const EscalationType = z.enum(['STEP_OVERDUE', 'STATUTORY_CLOCK']);
export type EscalationType = z.infer<typeof EscalationType>;
export const ESCALATION_TYPE_LABELS: Record<EscalationType, string> = {
  STEP_OVERDUE: 'A step passes its time limit',
  STATUTORY_CLOCK: 'A statutory clock is missed',
};

/**
 * The spec names the thresholds firstThresholdDate and secondThresholdDate; they are counts of days after the step's
 * time limit or the clock's due day (0: on the day). The second escalation, if any, comes later than the first.
 */
export function escalationProblems(s: { firstThresholdDate: number; secondThresholdDate: number | null }): Problems {
  if (s.secondThresholdDate !== null && s.secondThresholdDate <= s.firstThresholdDate) {
    return { secondThresholdDate: 'The second threshold comes after the first' };
  }
  return {};
}
