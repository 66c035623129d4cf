import { PLATFORM_TOOLS_MENU } from '../platform-tools/platform-tools.routes';
/**
 * The platform console's side menu. One entry per screen; colleagues add theirs here (the feature-flag
 * screen adds `{ key: 'feature-flags', label: 'Feature flags', path: '/platform/feature-flags' }` and its
 * route under PlatformShell in platform.routes.tsx).
 */
export interface PlatformMenuItem {
  key: string;
  label: string;
  path: string;
}

export const PLATFORM_MENU: PlatformMenuItem[] = [
  { key: 'workspaces', label: 'Workspaces', path: '/platform/workspaces' },
  { key: 'policies', label: 'Policies', path: '/platform/policies' },
  { key: 'jurisdictions', label: 'Jurisdictions', path: '/platform/jurisdictions' },
  { key: 'compliances', label: 'Compliances', path: '/platform/compliances' },
  { key: 'catalogue-courses', label: 'Catalogue courses', path: '/platform/courses' },
  { key: 'course-credits', label: 'Course credits', path: '/platform/credits' },
  ...PLATFORM_TOOLS_MENU,
  { key: 'leads', label: 'Demo requests', path: '/platform/leads' },
  { key: 'audit', label: 'Audit trail', path: '/platform/audit' },
];

const GROUPS: { key: string; title: string; items: string[] }[] = [
  { key: 'workspaces', title: 'Workspaces', items: ['workspaces', 'course-credits', 'leads', 'allow-list', 'users'] },
  {
    key: 'content',
    title: 'Law and content',
    items: ['jurisdictions', 'compliances', 'policies', 'catalogue-courses', 'manual'],
  },
  { key: 'operations', title: 'Operations', items: ['flags', 'audit'] },
];

/**
 * The platform console's menu in groups, as the workspace menu is. An entry that no group names (one a colleague
 * adds to PLATFORM_MENU) is listed under "More" rather than lost.
 */
export const PLATFORM_MENU_SECTIONS: { key: string; title: string; items: PlatformMenuItem[] }[] = (() => {
  const byKey = new Map(PLATFORM_MENU.map((item) => [item.key, item]));
  const sections = GROUPS.map((group) => ({
    key: group.key,
    title: group.title,
    items: group.items.flatMap((key) => byKey.get(key) ?? []),
  }));
  const grouped = new Set(GROUPS.flatMap((group) => group.items));
  const rest = PLATFORM_MENU.filter((item) => !grouped.has(item.key));
  return rest.length > 0 ? [...sections, { key: 'more', title: 'More', items: rest }] : sections;
})();
