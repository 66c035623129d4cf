import { z } from 'zod';

export const Role = z.enum(['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER']);
export type Role = z.infer<typeof Role>;

export const ROLE_LABELS: Record<Role, string> = {
  EMPLOYEE: 'Employee',
  WORKSPACE_ADMIN: 'Workspace Admin',
  BRANCH_ADMIN: 'Business Unit Admin',
  EMPLOYER: 'Employer',
};

/** Workspace admins and employers see every business unit; everyone else only their own. */
export function seesAllBusinessUnits(role: Role): boolean {
  return role === 'WORKSPACE_ADMIN' || role === 'EMPLOYER';
}

/** Rank of authority: EMPLOYEE < BRANCH_ADMIN < EMPLOYER < WORKSPACE_ADMIN. */
export const ROLE_RANK: Record<Role, number> = { EMPLOYEE: 0, BRANCH_ADMIN: 1, EMPLOYER: 2, WORKSPACE_ADMIN: 3 };

/**
 * Whether the actor may give this role to someone, or take it away: change, deactivate, remove or withdraw the
 * invitation of someone who holds it. Nobody reaches above their own rank; equal rank is allowed (an employer may
 * make and manage employers, a workspace admin other workspace admins), except for business-unit admins, who
 * manage employees only (they would otherwise manage their own peers across units). Employees manage nobody.
 */
export function mayManageRole(actor: Role, role: Role): boolean {
  if (actor === 'EMPLOYEE') return false;
  if (actor === 'BRANCH_ADMIN') return role === 'EMPLOYEE';
  return ROLE_RANK[role] <= ROLE_RANK[actor];
}

/** The roles an acting user may give to others (and manage), lowest first. */
export function assignableRoles(actor: Role): readonly Role[] {
  return [...Role.options].sort((a, b) => ROLE_RANK[a] - ROLE_RANK[b]).filter((role) => mayManageRole(actor, role));
}
