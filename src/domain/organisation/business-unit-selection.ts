import { seesAllBusinessUnits, type Role } from '../auth/roles';

export const ALL_BUSINESS_UNITS = 'ALL' as const;
export const ALL_BUSINESS_UNITS_LABEL = 'All Business Units';
export const ALL_DEPARTMENTS_LABEL = 'All departments';

export type BusinessUnitChoice = typeof ALL_BUSINESS_UNITS | string;

/** The spec's default: All Business Units for workspace admins and employers, otherwise the user's first unit. */
export function defaultBusinessUnit(role: Role, ownUnitIds: readonly string[]): BusinessUnitChoice | null {
  if (seesAllBusinessUnits(role)) return ALL_BUSINESS_UNITS;
  return ownUnitIds[0] ?? null;
}

export function selectableBusinessUnits<T extends { branchId: string }>(
  role: Role,
  all: readonly T[],
  ownUnitIds: readonly string[],
): T[] {
  if (seesAllBusinessUnits(role)) return [...all];
  return all.filter((unit) => ownUnitIds.includes(unit.branchId));
}
