import type { RouteObject } from 'react-router';

/** Routes of the people area (the directory), inside the signed-in shell. */
export const peopleRoutes: RouteObject[] = [
  { path: '/people', lazy: async () => ({ Component: (await import('./directory.screen')).default }) },
];
