/** What may be done to a business unit, as the screen explains it before asking the server. */

export interface UnitFacts {
  branchId: string;
  headquarter: boolean;
  userCount: number;
}

export type DeletePlan = { ok: true; needsTarget: boolean } | { ok: false; reason: 'headquarters'; message: string };

/** The headquarters is never deleted; a unit with people needs a unit for them to move to. */
export function deletePlan(unit: UnitFacts): DeletePlan {
  if (unit.headquarter) {
    return {
      ok: false,
      reason: 'headquarters',
      message: 'The headquarters cannot be deleted. Make another unit the headquarters first.',
    };
  }
  return { ok: true, needsTarget: unit.userCount > 0 };
}

/** The units the people of `unit` may move to: every other one. */
export function moveTargets<T extends { branchId: string }>(unit: { branchId: string }, all: readonly T[]): T[] {
  return all.filter((u) => u.branchId !== unit.branchId);
}

export function peopleCount(n: number): string {
  return `${n} ${n === 1 ? 'person' : 'people'}`;
}
