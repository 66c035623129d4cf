import type { Container } from 'inversify';
import type { RouteObject } from 'react-router';
import { Navigate } from 'react-router';
import { withArea } from './areas';
import { coursesRoutes, platformCoursesRoutes } from '../courses/courses.routes';
import { trainingRoutes, verifyRoutes } from '../training/training.routes';
import { importsRoutes } from '../imports/imports.routes';
import { workflowsRoutes } from '../workflows/workflows.routes';
import { complaintsRoutes, reportRoutes } from '../complaints/complaints.routes';
import { peopleRoutes } from '../people/people.routes';
import { organisationRoutes } from '../organisation/organisation.routes';
import { platformRoutes } from '../platform/platform.routes';
import { platformToolsRoutes } from '../platform-tools/platform-tools.routes';
import { manualRoutes } from '../manual/manual.routes';
import { lawRoutes } from '../law/law.routes';
import { platformPoliciesRoutes, policiesRoutes } from '../policies/policies.routes';
import { reportsRoutes } from '../reports/reports.routes';
import { SiteRoot } from '../shell/site-root';

const lazyScreen = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** Adds routes to the children of the platform console's shell (the route with children). */
function withinPlatformShell(routes: RouteObject[], extra: RouteObject[]): RouteObject[] {
  return routes.map((route) =>
    route.children ? ({ ...route, children: [...route.children, ...extra] } as RouteObject) : route,
  );
}

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
          // The platform tools' screens live in the platform console's shell, with their own area's bindings.
          ...withArea(
            container,
            'platform',
            withinPlatformShell(platformRoutes, [
              ...withArea(container, 'platformTools', platformToolsRoutes),
              ...withArea(container, 'policies', platformPoliciesRoutes),
              ...withArea(container, 'courses', platformCoursesRoutes),
            ]),
          ),
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
        // Public: anyone holding a certificate's code checks it here, signed in or not.
        ...withArea(container, 'training', verifyRoutes),
        // Public: a confidential report without an account, and its follow-up with the receipt key.
        ...withArea(container, 'complaints', reportRoutes),
        {
          lazy: lazyScreen(() => import('../shell/app-shell')),
          children: [
            { path: '/dashboard', lazy: lazyScreen(() => import('../dashboard/dashboard.screen')) },
            { path: '/security/log', lazy: lazyScreen(() => import('../security/security-log.screen')) },
            { path: '/profile', lazy: lazyScreen(() => import('../shell/profile.screen')) },
            ...withArea(container, 'imports', importsRoutes),
            ...withArea(container, 'training', trainingRoutes),
            ...withArea(container, 'courses', coursesRoutes),
            ...withArea(container, 'workflows', workflowsRoutes),
            ...withArea(container, 'complaints', complaintsRoutes),
            ...withArea(container, 'people', peopleRoutes),
            ...withArea(container, 'organisation', organisationRoutes),
            ...withArea(container, 'manual', manualRoutes),
            ...withArea(container, 'policies', policiesRoutes),
            // The law's view-models are bound with the policies area's (policies.bindings.ts).
            ...withArea(container, 'policies', lawRoutes),
            ...withArea(container, 'reports', reportsRoutes),
          ],
        },
        ...common,
      ],
    },
  ];
}
