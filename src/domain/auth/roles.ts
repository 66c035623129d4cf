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

/** The roles an acting user may give to others. Business-unit admins get the restricted list. */
export function assignableRoles(actor: Role): readonly Role[] {
  switch (actor) {
    case 'WORKSPACE_ADMIN':
    case 'EMPLOYER':
      return Role.options;
    case 'BRANCH_ADMIN':
      return ['EMPLOYEE'];
    case 'EMPLOYEE':
      return [];
  }
}
