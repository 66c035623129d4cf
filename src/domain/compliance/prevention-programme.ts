import { addCalendarDays, addYears, type IsoDate } from '../shared/calendar';

/**
 * Canada's prevention programme (SOR/2020-130): the elements the workplace harassment and violence prevention policy
 * must contain (s.10(2)), which the employer confirms one by one, and the joint workplace assessment and policy review
 * that come round at least every 3 years (ss.5, 10, 12; CA-12). CA-02 and CA-03's first contacts point the parties to
 * the policy and its resolution process, so a policy without them fails those contacts too.
 */
export const POLICY_ELEMENTS = [
  'COMMITMENT',
  'ROLES',
  'RISK_FACTORS',
  'TRAINING',
  'DESIGNATED_RECIPIENT',
  'RESOLUTION_PROCESS',
  'EMERGENCY_PROCEDURES',
  'PRIVACY',
  'OTHER_RECOURSE',
  'SUPPORT_MEASURES',
] as const;
export type PolicyElement = (typeof POLICY_ELEMENTS)[number];

export const POLICY_ELEMENT_WORDS: Record<PolicyElement, string> = {
  COMMITMENT: 'The employer’s commitment to prevent and protect against harassment and violence',
  ROLES: 'The roles of the employer, the designated recipient, the committee and the employees',
  RISK_FACTORS: 'The risk factors the workplace assessment identified',
  TRAINING: 'A summary of the training',
  DESIGNATED_RECIPIENT: 'The designated recipient named, and how to reach them',
  RESOLUTION_PROCESS: 'How to give a notice of occurrence, and each step of the resolution process',
  EMERGENCY_PROCEDURES: 'The emergency procedures',
  PRIVACY: 'How the parties’ and witnesses’ privacy is protected',
  OTHER_RECOURSE: 'Other recourse open to a person (a grievance, a human rights complaint, the police)',
  SUPPORT_MEASURES: 'The support measures open to employees',
};

/** What the first contacts of CA-02 and CA-03 point to: the policy, each step of the process, the support. */
export const FIRST_CONTACT_ELEMENTS: readonly PolicyElement[] = ['RESOLUTION_PROCESS', 'SUPPORT_MEASURES'];

export interface PreventionProgramme {
  /** The elements the employer confirmed its policy contains. */
  elements: readonly PolicyElement[];
  /** The last joint review of the policy (with the policy committee, workplace committee or representative). */
  policyReviewedOn: IsoDate | null;
  /** The last joint workplace assessment, or its review. */
  assessmentReviewedOn: IsoDate | null;
}

/** The day a joint review comes due: 3 years on (CA-12), or null when none was recorded. */
export function reviewDueOn(reviewedOn: IsoDate | null): IsoDate | null {
  return reviewedOn ? addYears(reviewedOn, 3) : null;
}

/** OVERDUE past the 3 years (or never), DUE_SOON within 90 days of them, else CURRENT. */
export function reviewState(reviewedOn: IsoDate | null, today: IsoDate): 'CURRENT' | 'DUE_SOON' | 'OVERDUE' {
  const due = reviewDueOn(reviewedOn);
  if (!due || due <= today) return 'OVERDUE';
  return addCalendarDays(today, 90) >= due ? 'DUE_SOON' : 'CURRENT';
}

export const missingElements = (p: PreventionProgramme): PolicyElement[] =>
  POLICY_ELEMENTS.filter((e) => !p.elements.includes(e));

/**
 * CA-09 (SOR/2020-130 s.35(1)(a) to (c)): the policy, the workplace assessments and their reviews are records the
 * employer keeps for 10 years. A review recorded less than 10 years ago stays on record: a later review may follow it,
 * but it is not cleared, nor moved to an earlier day (the history keeps every review day).
 */
export const PROGRAMME_RECORD_YEARS = 10;

export function programmeRecordKeptUntil(reviewedOn: IsoDate): IsoDate {
  return addYears(reviewedOn, PROGRAMME_RECORD_YEARS);
}

/** Why `next` may not replace the recorded review `recorded` on `today` (null when it may). */
export function reviewRemovalProblem(recorded: IsoDate | null, next: IsoDate | null, today: IsoDate): string | null {
  if (!recorded || (next !== null && next >= recorded)) return null;
  const until = programmeRecordKeptUntil(recorded);
  if (until <= today) return null;
  return `CA-09: the review of ${recorded} is a record kept 10 years (until ${until}): record a later review, not an earlier day or none`;
}
