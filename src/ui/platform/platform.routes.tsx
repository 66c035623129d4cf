import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';

/**
 * The platform console's routes (main site only), inside PlatformShell. Screens load lazily. Another console
 * screen adds its route to the shell's children here and its menu entry in platform-menu.ts.
 */
export const platformRoutes: RouteObject[] = [
  { path: '/platform', element: <Navigate to="/platform/workspaces" replace /> },
  {
    lazy: async () => ({ Component: (await import('./platform-shell')).default }),
    children: [
      {
        path: '/platform/workspaces',
        lazy: async () => ({ Component: (await import('./workspace-list.screen')).default }),
      },
      {
        path: '/platform/workspaces/:workspaceId',
        lazy: async () => ({ Component: (await import('./workspace-details.screen')).default }),
      },
      { path: '/platform/leads', lazy: async () => ({ Component: (await import('./lead-list.screen')).default }) },
      { path: '/platform/audit', lazy: async () => ({ Component: (await import('./platform-audit.screen')).default }) },
    ],
  },
];
