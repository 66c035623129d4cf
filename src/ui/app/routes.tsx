import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { coursesRoutes } from '../courses/courses.routes';
import { importsRoutes } from '../imports/imports.routes';
import { workflowsRoutes } from '../workflows/workflows.routes';
import { NotFoundPage } from '../shared/page-state';
import { SiteRoot } from '../shell/site-root';

const lazyScreen = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

/** Every page is reachable by URL; each screen's code is loaded only when its route is visited. */
export function routesFor(isMainSite: boolean): RouteObject[] {
  const common: RouteObject[] = [
    { path: '/signin', lazy: lazyScreen(() => import('../auth/sign-in.screen')) },
    { path: '*', Component: NotFoundPage },
  ];
  if (isMainSite) {
    return [
      {
        Component: SiteRoot,
        children: [
          { path: '/', lazy: lazyScreen(() => import('../marketing/home.screen')) },
          { path: '/workspace/signin', lazy: lazyScreen(() => import('../auth/workspace-finder.screen')) },
          ...common,
        ],
      },
    ];
  }
  return [
    {
      Component: SiteRoot,
      children: [
        { path: '/', element: <Navigate to="/dashboard" replace /> },
        {
          lazy: lazyScreen(() => import('../shell/app-shell')),
          children: [
            { path: '/dashboard', lazy: lazyScreen(() => import('../dashboard/dashboard.screen')) },
            ...importsRoutes,
            ...coursesRoutes,
            ...workflowsRoutes,
          ],
        },
        ...common,
      ],
    },
  ];
}
