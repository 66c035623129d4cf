/**
 * IN-03 (POSH Act s.9, Rule 6): who may file a complaint for the aggrieved woman when she cannot (physical or mental
 * incapacity, death), and the committee's extension of the 3-month limit by at most 3 more, with reasons in writing.
 * Pure rules; the case runtime records and enforces them.
 */

export const FILED_FOR_CAPACITIES = [
  'LEGAL_HEIR',
  'RELATIVE',
  'FRIEND',
  'CO_WORKER',
  'COMMISSION_OFFICER',
  'PERSON_WITH_KNOWLEDGE',
] as const;
export type FiledForCapacity = (typeof FILED_FOR_CAPACITIES)[number];

export const CAPACITY_WORDS: Record<FiledForCapacity, string> = {
  LEGAL_HEIR: 'Her legal heir',
  RELATIVE: 'A relative',
  FRIEND: 'A friend',
  CO_WORKER: 'A co-worker',
  COMMISSION_OFFICER: 'An officer of the National or State Commission for Women',
  PERSON_WITH_KNOWLEDGE: 'A person who knows of the incident, with her written consent',
};

export interface FiledFor {
  capacity: string;
  reason: string;
  writtenConsent: boolean;
}

const ALLOWED =
  'IN-03: a complaint may be filed for her only by her legal heir, a relative, a friend, a co-worker, an officer of the National or State Commission for Women, or a person who knows of the incident with her written consent (POSH Rule 6)';

export const isCapacity = (c: string): c is FiledForCapacity => (FILED_FOR_CAPACITIES as readonly string[]).includes(c);

/** What is wrong with a filing for her, by field (`filedFor.capacity` ...), each naming IN-03; empty when it may go. */
export function filedForProblems(f: FiledFor): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!isCapacity(f.capacity)) problems['filedFor.capacity'] = ALLOWED;
  if (!f.reason.trim())
    problems['filedFor.reason'] = 'IN-03: say why she cannot file herself (incapacity, or her death)';
  if (f.capacity === 'PERSON_WITH_KNOWLEDGE' && !f.writtenConsent)
    problems['filedFor.writtenConsent'] =
      'IN-03: a person who knows of the incident files for her only with her written consent';
  return problems;
}
