import type { RouteObject } from 'react-router';

export interface PlatformMenuEntry {
  key: string;
  label: string;
  path: string;
}

/** The platform tools' entries for the platform console's side menu. */
export const PLATFORM_TOOLS_MENU: readonly PlatformMenuEntry[] = [
  { key: 'flags', label: 'Feature flags', path: '/platform/flags' },
  { key: 'manual', label: 'User manual', path: '/platform/manual' },
  { key: 'allow-list', label: 'Sign-up allow-list', path: '/platform/allow-list' },
  { key: 'users', label: 'Users', path: '/platform/users' },
];

const screen = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** The platform tools' pages on the main site (each screen loads lazily). */
export const platformToolsRoutes: RouteObject[] = [
  { path: '/platform/flags', lazy: screen(() => import('./flags.screen')) },
  { path: '/platform/flags/ip-ranges/:workspaceUrl', lazy: screen(() => import('./ip-ranges.screen')) },
  { path: '/platform/manual', lazy: screen(() => import('./manual-publish.screen')) },
  { path: '/platform/allow-list', lazy: screen(() => import('./allow-list.screen')) },
  { path: '/platform/users', lazy: screen(() => import('./users.screen')) },
];
