import type { Container } from 'inversify';
import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { withArea } from './areas';
import { coursesRoutes } from '../courses/courses.routes';
import { importsRoutes } from '../imports/imports.routes';
import { workflowsRoutes } from '../workflows/workflows.routes';
import { peopleRoutes } from '../people/people.routes';
import { organisationRoutes } from '../organisation/organisation.routes';
import { manualRoutes } from '../manual/manual.routes';
import { platformToolsRoutes } from '../platform-tools/platform-tools.routes';
import { SiteRoot } from '../shell/site-root';

const lazyScreen = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

/** Every page is reachable by URL; each screen's code is loaded only when its route is visited. */
export function routesFor(isMainSite: boolean, container: Container): RouteObject[] {
  // /signin and /forgot-password are the light entry's (signin.html); the app reaches them by a full page load.
  const common: RouteObject[] = [{ path: '*', lazy: lazyScreen(() => import('../shared/not-found.screen')) }];
  if (isMainSite) {
    return [
      {
        Component: SiteRoot,
        children: [
          { path: '/', lazy: lazyScreen(() => import('../marketing/home.screen')) },
          { path: '/workspace/signin', lazy: lazyScreen(() => import('../auth/workspace-finder.screen')) },
          // The platform tools in a minimal frame of their own until the platform console's shell replaces it.
          {
            lazy: lazyScreen(() => import('../platform-tools/platform-tools-frame')),
            children: withArea(container, 'platformTools', platformToolsRoutes),
          },
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
            { path: '/security/log', lazy: lazyScreen(() => import('../security/security-log.screen')) },
            { path: '/profile', lazy: lazyScreen(() => import('../shell/profile.screen')) },
            ...withArea(container, 'imports', importsRoutes),
            ...withArea(container, 'courses', coursesRoutes),
            ...withArea(container, 'workflows', workflowsRoutes),
            ...withArea(container, 'people', peopleRoutes),
            ...withArea(container, 'organisation', organisationRoutes),
            ...withArea(container, 'manual', manualRoutes),
          ],
        },
        ...common,
      ],
    },
  ];
}
