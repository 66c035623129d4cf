import type { RouteObject } from 'react-router';

/** The user manual, inside the workspace's signed-in shell (every role). */
export const manualRoutes: RouteObject[] = [
  { path: '/manual', lazy: async () => ({ Component: (await import('./manual.screen')).default }) },
];
