import type { Role } from './roles';

export type NavKey = 'dashboard' | 'courses' | 'users-import' | 'workflows' | 'security-log' | 'manual';

export interface NavItem {
  key: NavKey;
  label: string;
  path: string;
  /** One line saying what the area is for, shown on the dashboard. */
  description: string;
  roles: readonly Role[];
}

/** The workspace menu, by role. The server enforces the same rules on every call. */
export const NAVIGATION: readonly NavItem[] = [
  { key: 'dashboard', label: 'Dashboard', path: '/dashboard', description: 'Your start page', roles: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'] },
  { key: 'courses', label: 'Courses', path: '/courses', description: 'Training courses, their languages, and who must take them', roles: ['WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'] },
  { key: 'users-import', label: 'Import users', path: '/users/import', description: 'Bring your people in from a CSV or Excel file and invite them', roles: ['WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'] },
  { key: 'security-log', label: 'Security log', path: '/security/log', description: 'Who signed in, failed, reset a password or was locked out, and from where', roles: ['WORKSPACE_ADMIN'] },
  { key: 'workflows', label: 'Redressal workflows', path: '/workflows', description: 'Design how the Internal Committee handles a complaint, step by step', roles: ['WORKSPACE_ADMIN', 'EMPLOYER'] },
  { key: 'manual', label: 'User manual', path: '/manual', description: 'How to use SafePlace, as published by the SafePlace team', roles: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'] },
];

export function navigationFor(role: Role): NavItem[] {
  return NAVIGATION.filter((item) => item.roles.includes(role));
}
