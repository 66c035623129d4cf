import type { RouteObject } from 'react-router';

/** Routes of the organisation area, inside the signed-in shell. Screens load lazily (code-split by route). */
export const organisationRoutes: RouteObject[] = [
  {
    path: '/organisation/business-units',
    lazy: async () => ({ Component: (await import('./business-units.screen')).default }),
  },
  {
    path: '/organisation/departments',
    lazy: async () => ({ Component: (await import('./departments.screen')).default }),
  },
  { path: '/organisation/branding', lazy: async () => ({ Component: (await import('./branding.screen')).default }) },
  {
    path: '/organisation/permissions',
    lazy: async () => ({ Component: (await import('./permissions.screen')).default }),
  },
  {
    path: '/organisation/settings',
    lazy: async () => ({ Component: (await import('./workspace-settings.screen')).default }),
  },
];
