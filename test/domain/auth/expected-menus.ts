/**
 * Each role's default menu, in the menu's order (grouped: training, policies, complaints, people, organisation).
 * One list read by the domain's test (navigationFor) and the server's (GET /api/navigation), so the two cannot drift.
 */
export const EMPLOYEE_MENU = [
  'dashboard',
  'my-training',
  'my-policies',
  'concern',
  'complaints',
  'notice',
  'manual',
] as const;

export const WORKSPACE_ADMIN_MENU = [
  'dashboard',
  'my-training',
  'courses',
  'reports',
  'my-policies',
  'policies',
  'compliance',
  'concern',
  'complaints',
  'notice',
  'committees',
  'workflows',
  'complaint-figures',
  'people',
  'users-import',
  'business-units',
  'departments',
  'branding',
  'workspace-settings',
  'permissions',
  'security-log',
  'manual',
] as const;
