import { z } from 'zod';
import { Role } from './roles';

/**
 * The fixed catalogue of permissions: one per area of the app a workspace admin may switch on or off for a
 * role. A permission only ever narrows what the role's contract access allows: `roles` are the roles that
 * hold it by default (today's behaviour) and the only ones it can be given to. WORKSPACE_ADMIN's are fixed,
 * so an admin cannot lock everyone out.
 */
export const PermissionKey = z.enum([
  'people.manage',
  'invites.manage',
  'courses.assign',
  'courses.author',
  'courses.learn',
  'policies.manage',
  'workflows.design',
  'organisation.read',
  'organisation.manage',
  'audit.read',
  'branding.manage',
  'settings.manage',
  'manual.read',
  'reports.read',
]);
export type PermissionKey = z.infer<typeof PermissionKey>;

export interface Permission {
  key: PermissionKey;
  label: string;
  description: string;
  /** The roles that hold it by default and may hold it at all. */
  roles: readonly Role[];
}

const ADMINS: readonly Role[] = ['WORKSPACE_ADMIN', 'EMPLOYER', 'BRANCH_ADMIN'];

export const PERMISSIONS: readonly Permission[] = [
  {
    key: 'people.manage',
    label: 'Manage people',
    description: 'Find, edit, deactivate and delete people (People)',
    roles: ADMINS,
  },
  {
    key: 'invites.manage',
    label: 'Invite people',
    description: 'Import people from a file, invite them and manage invitations (Import users)',
    roles: ADMINS,
  },
  {
    key: 'courses.assign',
    label: 'Assign courses',
    description: 'See the courses and assign them to people (Courses)',
    roles: ADMINS,
  },
  {
    key: 'courses.author',
    label: 'Write courses',
    description: 'Create, translate, publish and clone courses: lessons, blocks, quizzes (Courses)',
    roles: ['WORKSPACE_ADMIN', 'EMPLOYER'],
  },
  {
    key: 'courses.learn',
    label: 'Take assigned courses',
    description: 'My training: the courses assigned to them, the player, quizzes and certificates (their own only)',
    roles: Role.options,
  },
  {
    key: 'policies.manage',
    label: 'Manage policies',
    description: 'Publish policies, see and export who accepted them, record an acceptance for someone (Policies)',
    roles: ['WORKSPACE_ADMIN', 'EMPLOYER'],
  },
  {
    key: 'workflows.design',
    label: 'Design redressal workflows',
    description: "Build and publish the Internal Committee's workflows (Redressal workflows)",
    roles: ['WORKSPACE_ADMIN', 'EMPLOYER'],
  },
  {
    key: 'organisation.read',
    label: 'See the organisation',
    description: 'See business units, departments and their managers',
    roles: ADMINS,
  },
  {
    key: 'organisation.manage',
    label: 'Manage the organisation',
    description: 'Create, rename and delete business units and departments; appoint managers',
    roles: ['WORKSPACE_ADMIN', 'EMPLOYER'],
  },
  {
    key: 'audit.read',
    label: 'Read the security log',
    description: 'Sign-ins, lock-outs and admin changes (Security log)',
    roles: ['WORKSPACE_ADMIN'],
  },
  {
    key: 'branding.manage',
    label: 'Manage branding',
    description: 'The workspace logo and colour (Branding)',
    roles: ['WORKSPACE_ADMIN'],
  },
  {
    key: 'settings.manage',
    label: 'Manage workspace settings',
    description: 'Sign-in methods, self sign-up and these permissions',
    roles: ['WORKSPACE_ADMIN'],
  },
  {
    key: 'manual.read',
    label: 'Read the user manual',
    description: 'The user manual published by the SafePlace team (User manual)',
    roles: Role.options,
  },
  {
    key: 'reports.read',
    label: 'Build and export reports',
    description:
      'Reports of who completed which course and accepted which policy, exported as CSV or XLSX (Reports); a business-unit admin sees their unit only',
    roles: ADMINS,
  },
];

/** The roles whose permissions a workspace admin may change. */
export const EditableRole = z.enum(['EMPLOYER', 'BRANCH_ADMIN', 'EMPLOYEE']);
export type EditableRole = z.infer<typeof EditableRole>;

export function isEditableRole(role: Role): role is EditableRole {
  return (EditableRole.options as readonly string[]).includes(role);
}

export function permission(key: PermissionKey): Permission {
  return PERMISSIONS.find((p) => p.key === key)!;
}

/** Whether the role may hold the permission at all (its contract access allows the calls). */
export function eligible(role: Role, key: PermissionKey): boolean {
  return permission(key).roles.includes(role);
}

/** A workspace's changes to the defaults, by role (only editable roles; absent: the default). */
export type PermissionOverrides = Partial<Record<EditableRole, Partial<Record<PermissionKey, boolean>>>>;

/** Whether a role holds a permission in a workspace: eligible, and not switched off there. */
export function holds(role: Role, key: PermissionKey, overrides: PermissionOverrides = {}): boolean {
  if (!eligible(role, key)) return false;
  if (!isEditableRole(role)) return true;
  return overrides[role]?.[key] ?? true;
}

/** Every permission the role holds in the workspace, in catalogue order. */
export function grantsOf(role: Role, overrides: PermissionOverrides = {}): PermissionKey[] {
  return PERMISSIONS.filter((p) => holds(role, p.key, overrides)).map((p) => p.key);
}
