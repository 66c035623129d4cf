import type { RouteObject } from 'react-router';

const screen = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** The law's pages: the statutory returns, the employer's duties (IN-12) and the notice every member reads. */
export const lawRoutes: RouteObject[] = [
  { path: '/compliance/returns', lazy: screen(() => import('./returns.screen')) },
  { path: '/compliance/duties', lazy: screen(() => import('./employer-duties.screen')) },
  { path: '/compliance/prevention', lazy: screen(() => import('./prevention-programme.screen')) },
  { path: '/notice', lazy: screen(() => import('./posh-notice.screen')) },
];
