/**
 * CA-10: the categories of a Canadian occurrence the annual report (LAB1206) counts, recorded per case by its
 * committee. Grounds are the Canadian Human Rights Act's prohibited grounds (s.3).
 */
export const NATURES = ['SEXUAL', 'NON_SEXUAL'] as const;
export const PROHIBITED_GROUNDS = [
  'RACE',
  'NATIONAL_OR_ETHNIC_ORIGIN',
  'COLOUR',
  'RELIGION',
  'AGE',
  'SEX',
  'SEXUAL_ORIENTATION',
  'GENDER_IDENTITY_OR_EXPRESSION',
  'MARITAL_STATUS',
  'FAMILY_STATUS',
  'GENETIC_CHARACTERISTICS',
  'DISABILITY',
  'PARDONED_CONVICTION',
] as const;
export const LOCATIONS = ['WORKPLACE', 'WORK_EVENT', 'WORK_TRAVEL', 'ONLINE', 'OTHER'] as const;
export const RELATIONSHIPS = [
  'SUPERVISOR_TO_EMPLOYEE',
  'EMPLOYEE_TO_SUPERVISOR',
  'BETWEEN_COLLEAGUES',
  'THIRD_PARTY',
  'OTHER',
] as const;
export const RESOLUTION_MEANS = [
  'NEGOTIATED_RESOLUTION',
  'CONCILIATION',
  'INVESTIGATION',
  'WITHDRAWN',
  'OTHER',
] as const;

export interface OccurrenceCategories {
  nature: (typeof NATURES)[number] | null;
  grounds: readonly (typeof PROHIBITED_GROUNDS)[number][];
  location: (typeof LOCATIONS)[number] | null;
  relationship: (typeof RELATIONSHIPS)[number] | null;
  /** Recorded by the committee; when null the return derives it from the case's outcome. */
  resolution: (typeof RESOLUTION_MEANS)[number] | null;
}

/** Counts of one category over the occurrences: each value, and those not recorded. */
export type CategoryCounts = { value: string; cases: number }[];

function count(values: readonly (string | null)[], all: readonly string[]): CategoryCounts {
  const counts = all.map((value) => ({ value, cases: values.filter((v) => v === value).length }));
  return [...counts, { value: 'NOT_RECORDED', cases: values.filter((v) => v === null).length }];
}

/** CA-10's category figures over the occurrences of the year (their categories, or null when none recorded). */
export function categoryFigures(occurrences: readonly (OccurrenceCategories | null)[]): {
  nature: CategoryCounts;
  grounds: CategoryCounts;
  locations: CategoryCounts;
  relationships: CategoryCounts;
} {
  return {
    nature: count(
      occurrences.map((o) => o?.nature ?? null),
      NATURES,
    ),
    // An occurrence may rest on several grounds: each is counted; none recorded counts as not recorded.
    grounds: [
      ...PROHIBITED_GROUNDS.map((g) => ({
        value: g as string,
        cases: occurrences.filter((o) => o?.grounds.includes(g)).length,
      })),
      { value: 'NOT_RECORDED', cases: occurrences.filter((o) => !o || o.grounds.length === 0).length },
    ],
    locations: count(
      occurrences.map((o) => o?.location ?? null),
      LOCATIONS,
    ),
    relationships: count(
      occurrences.map((o) => o?.relationship ?? null),
      RELATIONSHIPS,
    ),
  };
}
