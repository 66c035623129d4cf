import type { RouteObject } from 'react-router';

/** Routes of the imports area, inside the signed-in shell. Screens load lazily (code-split by route). */
export const importsRoutes: RouteObject[] = [
  { path: '/users/import', lazy: async () => ({ Component: (await import('./import-users.screen')).default }) },
];
