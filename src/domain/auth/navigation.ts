import type { ModuleKey, WorkspaceModules } from '../platform/workspace-modules';
import { holds, type PermissionKey, type PermissionOverrides } from './permissions';
import type { Role } from './roles';

export type NavKey =
  | 'dashboard'
  | 'my-training'
  | 'my-policies'
  | 'people'
  | 'courses'
  | 'policies'
  | 'compliance'
  | 'reports'
  | 'users-import'
  | 'workflows'
  | 'concern'
  | 'complaints'
  | 'notice'
  | 'committees'
  | 'complaint-figures'
  | 'security-log'
  | 'business-units'
  | 'departments'
  | 'branding'
  | 'workspace-settings'
  | 'permissions'
  | 'manual';

/** The areas the menu is grouped under; the start page and the manual stand alone. */
export type NavGroup = 'training' | 'policies' | 'complaints' | 'people' | 'organisation';

/** Each group's heading in the menu, in the menu's order. */
export const NAV_GROUPS: readonly { key: NavGroup; title: string }[] = [
  { key: 'training', title: 'Training' },
  { key: 'policies', title: 'Policies' },
  { key: 'complaints', title: 'Complaints' },
  { key: 'people', title: 'People' },
  { key: 'organisation', title: 'Organisation' },
];

export interface NavItem {
  key: NavKey;
  label: string;
  path: string;
  /** The area it is grouped under in the menu; none for the start page and the manual. */
  group?: NavGroup;
  /** One line saying what the area is for, shown on the dashboard. */
  description: string;
  roles: readonly Role[];
  /** The module this area belongs to: when the platform admin switches it off, the item leaves the menu. */
  module?: ModuleKey;
  /** The permission a role needs for this area (docs/permissions.md); switched off for a role, the item leaves its menu. */
  permission?: PermissionKey;
  /** The icon's key (an Ant Design icon name), for clients that draw one. */
  icon: string;
}

/**
 * The workspace menu, by role, in the menu's order: each group's items together. The server enforces the same rules
 * on every call.
 */
export const NAVIGATION: readonly NavItem[] = [
  {
    key: 'dashboard',
    label: 'Dashboard',
    path: '/dashboard',
    icon: 'DashboardOutlined',
    description: 'Your start page',
    roles: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'],
  },
  {
    key: 'my-training',
    group: 'training',
    label: 'My training',
    path: '/training',
    icon: 'SolutionOutlined',
    permission: 'courses.learn',
    description: 'The courses assigned to you: what is due and what to do next',
    roles: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'],
    module: 'courses',
  },
  {
    key: 'courses',
    group: 'training',
    label: 'Courses',
    path: '/courses',
    icon: 'ReadOutlined',
    permission: 'courses.assign',
    description: 'Training courses, their languages, and who must take them',
    roles: ['WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'],
    module: 'courses',
  },
  {
    key: 'reports',
    group: 'training',
    label: 'Reports',
    path: '/reports',
    icon: 'BarChartOutlined',
    permission: 'reports.read',
    description: 'Who completed which course and accepted which policy, and when: preview, save and export',
    roles: ['WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'],
    module: 'courses',
  },
  // Every member's own record of what they accepted (docs/policies.md): no permission, like reading and accepting.
  {
    key: 'my-policies',
    group: 'policies',
    label: 'My policies',
    path: '/policies/mine',
    icon: 'FileDoneOutlined',
    description: 'The policies you accepted, to read again',
    roles: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'],
    module: 'courses',
  },
  {
    key: 'policies',
    group: 'policies',
    label: 'Policies',
    path: '/policies',
    icon: 'FileProtectOutlined',
    permission: 'policies.manage',
    description: 'Publish policies for your people to accept, and see who has',
    roles: ['WORKSPACE_ADMIN', 'EMPLOYER'],
    module: 'courses',
  },
  {
    key: 'compliance',
    group: 'policies',
    label: 'Compliance',
    path: '/compliance',
    icon: 'AuditOutlined',
    permission: 'policies.manage',
    description: 'What the law asks of you in each jurisdiction, and what is still missing',
    roles: ['WORKSPACE_ADMIN', 'EMPLOYER'],
    module: 'compliance',
  },
  // Complaints (docs/case.md): every member may raise a concern and follow their own; the committee's cases are there too.
  {
    key: 'concern',
    group: 'complaints',
    label: 'Raise a concern',
    path: '/concerns/new',
    icon: 'AlertOutlined',
    description: 'Tell the Internal Committee what happened, confidentially',
    roles: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'],
    module: 'concerned-authority',
  },
  {
    key: 'complaints',
    group: 'complaints',
    label: 'Complaints',
    path: '/complaints',
    icon: 'FileProtectOutlined',
    description: 'Your complaints and, if you sit on the Internal Committee, its cases',
    roles: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'],
    module: 'concerned-authority',
  },
  {
    key: 'notice',
    group: 'complaints',
    label: 'Your rights at work',
    path: '/notice',
    icon: 'NotificationOutlined',
    description:
      'The Internal Committee, what happens to someone who harasses, and where to get help (once your employer publishes it)',
    roles: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'],
    module: 'concerned-authority',
  },
  {
    key: 'committees',
    group: 'complaints',
    label: 'Internal Committee',
    path: '/committees',
    icon: 'SolutionOutlined',
    permission: 'workflows.design',
    description: 'Who hears complaints, and whether the committee meets the law',
    roles: ['WORKSPACE_ADMIN', 'EMPLOYER'],
    module: 'concerned-authority',
  },
  {
    key: 'workflows',
    group: 'complaints',
    label: 'Redressal workflows',
    path: '/workflows',
    icon: 'ApartmentOutlined',
    permission: 'workflows.design',
    description: 'Design how the Internal Committee handles a complaint, step by step',
    roles: ['WORKSPACE_ADMIN', 'EMPLOYER'],
    module: 'concerned-authority',
  },
  {
    key: 'complaint-figures',
    group: 'complaints',
    label: 'Complaint figures',
    path: '/complaints/figures',
    icon: 'BarChartOutlined',
    permission: 'workflows.design',
    description: 'How many complaints, and their clocks: counts only, never names',
    roles: ['WORKSPACE_ADMIN', 'EMPLOYER'],
    module: 'concerned-authority',
  },
  {
    key: 'people',
    group: 'people',
    label: 'People',
    path: '/people',
    icon: 'TeamOutlined',
    permission: 'people.manage',
    description: 'Find, edit, deactivate or delete the people of your workspace',
    roles: ['WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'],
  },
  {
    key: 'users-import',
    group: 'people',
    label: 'Import users',
    path: '/users/import',
    icon: 'UserAddOutlined',
    permission: 'invites.manage',
    description: 'Bring your people in from a CSV or Excel file and invite them',
    roles: ['WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'],
  },
  // Organisation: how the workspace is divided and how it looks.
  {
    key: 'business-units',
    group: 'organisation',
    label: 'Business units',
    path: '/organisation/business-units',
    icon: 'BankOutlined',
    permission: 'organisation.read',
    description: 'The units your people belong to, and which one is the headquarters',
    roles: ['WORKSPACE_ADMIN', 'EMPLOYER', 'BRANCH_ADMIN'],
  },
  {
    key: 'departments',
    group: 'organisation',
    label: 'Departments',
    path: '/organisation/departments',
    icon: 'ClusterOutlined',
    permission: 'organisation.read',
    description: 'Departments of each business unit and their managers',
    roles: ['WORKSPACE_ADMIN', 'EMPLOYER', 'BRANCH_ADMIN'],
  },
  {
    key: 'branding',
    group: 'organisation',
    label: 'Branding',
    path: '/organisation/branding',
    icon: 'BgColorsOutlined',
    permission: 'branding.manage',
    description: 'Your logo and colours on the sign-in page and in the app',
    roles: ['WORKSPACE_ADMIN'],
  },
  {
    key: 'workspace-settings',
    group: 'organisation',
    label: 'Workspace settings',
    path: '/organisation/settings',
    icon: 'SettingOutlined',
    permission: 'settings.manage',
    description: 'Self sign-up and the sign-in methods your workspace offers',
    roles: ['WORKSPACE_ADMIN'],
  },
  {
    key: 'permissions',
    group: 'organisation',
    label: 'Permissions',
    path: '/organisation/permissions',
    icon: 'LockOutlined',
    permission: 'settings.manage',
    description: 'Which areas employers, business-unit admins and employees may use',
    roles: ['WORKSPACE_ADMIN'],
  },
  {
    key: 'security-log',
    group: 'organisation',
    label: 'Security log',
    path: '/security/log',
    icon: 'SafetyOutlined',
    permission: 'audit.read',
    description: 'Sign-ins, lock-outs and every change admins made: who, what, when and from where',
    roles: ['WORKSPACE_ADMIN'],
  },
  {
    key: 'manual',
    label: 'User manual',
    path: '/manual',
    icon: 'BookOutlined',
    permission: 'manual.read',
    description: 'How to use SafePlace, as published by the SafePlace team',
    roles: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'],
  },
];

/**
 * The menu of a role: without the areas of modules switched off for the workspace (absent: all on), nor those
 * whose permission the workspace switched off for the role (absent: the defaults).
 */
export function navigationFor(
  role: Role,
  modules?: Partial<WorkspaceModules>,
  permissions?: PermissionOverrides,
): NavItem[] {
  return NAVIGATION.filter((item) => menuState(item, role, modules, permissions) === 'on');
}

/**
 * Why an item is or is not in a role's menu: `on`; `module-off` (the platform admin switched its module off);
 * `permission-off` (the workspace switched the role's permission off); `not-for-role` (never in this role's menu).
 */
export function menuState(
  item: NavItem,
  role: Role,
  modules?: Partial<WorkspaceModules>,
  permissions?: PermissionOverrides,
): 'on' | 'module-off' | 'permission-off' | 'not-for-role' {
  if (!item.roles.includes(role)) return 'not-for-role';
  if (item.module && modules?.[item.module] === false) return 'module-off';
  if (item.permission && !holds(role, item.permission, permissions)) return 'permission-off';
  return 'on';
}

/** One block of the menu: a group's heading and its items, or (title null) items that stand alone. */
export interface MenuSection<T> {
  key: string;
  title: string | null;
  items: T[];
}

/**
 * A menu (in NAVIGATION's order) cut into its sections: each group under its heading, the items of no group on
 * their own. Items are matched to their group by key, so a menu that came over the wire (keys, labels, paths) is
 * grouped the same way; an unknown key stands alone.
 */
export function menuSections<T extends { key: string }>(items: readonly T[]): MenuSection<T>[] {
  const sections: MenuSection<T>[] = [];
  for (const item of items) {
    const group = NAVIGATION.find((n) => n.key === item.key)?.group;
    const last = sections[sections.length - 1];
    const key = group ?? `item-${item.key}`;
    if (group && last?.key === group) last.items.push(item);
    else sections.push({ key, title: group ? NAV_GROUPS.find((g) => g.key === group)!.title : null, items: [item] });
  }
  return sections;
}

/** Pages under a menu area's address that every member may open: an employee reads a policy to accept it here. */
const OPEN_PAGES = ['/policies/read/'];
/**
 * Pages opened by address alone, whose screen decides, because a presiding officer who is an employee works there
 * though neither is in her menu: the committee page (she approves changes of the members, reached from Complaints) and
 * the statutory returns (she makes her committees' POSH annual return).
 */
const OPEN_ADDRESSES = ['/committees', '/compliance/returns'];

/**
 * The menu area an address belongs to (the longest menu path it starts with, segment by segment), or undefined for
 * pages outside every area (the profile) and pages every member may open. A person whose menu lacks the area has
 * no access to the page.
 */
export function navigationAreaOf(pathname: string): NavItem | undefined {
  if (OPEN_PAGES.some((open) => pathname.startsWith(open)) || OPEN_ADDRESSES.includes(pathname)) return undefined;
  let found: NavItem | undefined;
  for (const item of NAVIGATION) {
    const within = pathname === item.path || pathname.startsWith(`${item.path}/`);
    if (within && (!found || item.path.length > found.path.length)) found = item;
  }
  return found;
}
