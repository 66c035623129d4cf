import type { RouteObject } from 'react-router';

/** Routes of the complaints area, inside the signed-in shell. Screens load lazily (code-split by route). */
export const complaintsRoutes: RouteObject[] = [
  { path: '/concerns/new', lazy: async () => ({ Component: (await import('./raise-concern.screen')).default }) },
  { path: '/complaints', lazy: async () => ({ Component: (await import('./complaint-list.screen')).default }) },
  {
    path: '/complaints/retention',
    lazy: async () => ({ Component: (await import('./retention-settings.screen')).default }),
  },
  { path: '/complaints/on-behalf', lazy: async () => ({ Component: (await import('./on-behalf.screen')).default }) },
  { path: '/complaints/holidays', lazy: async () => ({ Component: (await import('./holidays.screen')).default }) },
  {
    path: '/complaints/figures',
    lazy: async () => ({ Component: (await import('./complaint-figures.screen')).default }),
  },
  {
    path: '/complaints/investigators',
    lazy: async () => ({ Component: (await import('./investigators.screen')).default }),
  },
  {
    path: '/complaints/:complaintId/investigation',
    lazy: async () => ({ Component: (await import('./investigation.screen')).default }),
  },
  {
    path: '/complaints/:complaintId',
    lazy: async () => ({ Component: (await import('./complaint-case.screen')).default }),
  },
  { path: '/committees', lazy: async () => ({ Component: (await import('./committees.screen')).default }) },
];

/** Public: the confidential report page of the workspace, reachable without signing in (docs/case.md "Confidential intake"). */
export const reportRoutes: RouteObject[] = [
  { path: '/report', lazy: async () => ({ Component: (await import('./report.screen')).default }) },
];
