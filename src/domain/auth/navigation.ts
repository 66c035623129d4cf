import type { Role } from './roles';

export type NavKey = 'dashboard' | 'courses' | 'users-import' | 'workflows';

export interface NavItem {
  key: NavKey;
  label: string;
  path: string;
  roles: readonly Role[];
}

/** The workspace menu, by role. The server enforces the same rules on every call. */
export const NAVIGATION: readonly NavItem[] = [
  { key: 'dashboard', label: 'Dashboard', path: '/dashboard', roles: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'] },
  { key: 'courses', label: 'Courses', path: '/courses', roles: ['WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'] },
  { key: 'users-import', label: 'Import users', path: '/users/import', roles: ['WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'] },
  { key: 'workflows', label: 'Redressal workflows', path: '/workflows', roles: ['WORKSPACE_ADMIN', 'EMPLOYER'] },
];

export function navigationFor(role: Role): NavItem[] {
  return NAVIGATION.filter((item) => item.roles.includes(role));
}
