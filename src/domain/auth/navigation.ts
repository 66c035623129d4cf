import type { ModuleKey, WorkspaceModules } from '../platform/workspace-modules';
import type { Role } from './roles';

export type NavKey =
  | 'dashboard'
  | 'people'
  | 'courses'
  | 'users-import'
  | 'workflows'
  | 'security-log'
  | 'business-units'
  | 'departments'
  | 'branding'
  | 'workspace-settings'
  | 'manual';

export interface NavItem {
  key: NavKey;
  label: string;
  path: string;
  /** One line saying what the area is for, shown on the dashboard. */
  description: string;
  roles: readonly Role[];
  /** The module this area belongs to: when the platform admin switches it off, the item leaves the menu. */
  module?: ModuleKey;
}

/** The workspace menu, by role. The server enforces the same rules on every call. */
export const NAVIGATION: readonly NavItem[] = [
  { key: 'dashboard', label: 'Dashboard', path: '/dashboard', description: 'Your start page', roles: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'] },
  { key: 'people', label: 'People', path: '/people', description: 'Find, edit, deactivate or delete the people of your workspace', roles: ['WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'] },
  { key: 'courses', label: 'Courses', path: '/courses', description: 'Training courses, their languages, and who must take them', roles: ['WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'], module: 'courses' },
  { key: 'users-import', label: 'Import users', path: '/users/import', description: 'Bring your people in from a CSV or Excel file and invite them', roles: ['WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'] },
  { key: 'security-log', label: 'Security log', path: '/security/log', description: 'Sign-ins, lock-outs and every change admins made: who, what, when and from where', roles: ['WORKSPACE_ADMIN'] },
  { key: 'workflows', label: 'Redressal workflows', path: '/workflows', description: 'Design how the Internal Committee handles a complaint, step by step', roles: ['WORKSPACE_ADMIN', 'EMPLOYER'], module: 'concerned-authority' },
  // Organisation: how the workspace is divided and how it looks.
  { key: 'business-units', label: 'Business units', path: '/organisation/business-units', description: 'The units your people belong to, and which one is the headquarters', roles: ['WORKSPACE_ADMIN', 'EMPLOYER', 'BRANCH_ADMIN'] },
  { key: 'departments', label: 'Departments', path: '/organisation/departments', description: 'Departments of each business unit and their managers', roles: ['WORKSPACE_ADMIN', 'EMPLOYER', 'BRANCH_ADMIN'] },
  { key: 'branding', label: 'Branding', path: '/organisation/branding', description: 'Your logo and colours on the sign-in page and in the app', roles: ['WORKSPACE_ADMIN'] },
  { key: 'workspace-settings', label: 'Workspace settings', path: '/organisation/settings', description: 'Self sign-up and the sign-in methods your workspace offers', roles: ['WORKSPACE_ADMIN'] },
  { key: 'manual', label: 'User manual', path: '/manual', description: 'How to use SafePlace, as published by the SafePlace team', roles: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'] },
];

/** The menu of a role, without the areas of modules switched off for the workspace (absent: all on). */
export function navigationFor(role: Role, modules?: Partial<WorkspaceModules>): NavItem[] {
  return NAVIGATION.filter((item) => item.roles.includes(role) && !(item.module && modules?.[item.module] === false));
}
