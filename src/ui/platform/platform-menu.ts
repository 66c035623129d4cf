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
