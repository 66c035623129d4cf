import type { RouteObject } from 'react-router';

const screen = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** The workspace's policy pages: the admins' list, and the reader every member opens from home, and "My policies". */
export const policiesRoutes: RouteObject[] = [
  { path: '/policies', lazy: screen(() => import('./workspace-policies.screen')) },
  { path: '/policies/read/:policyId', lazy: screen(() => import('./policy-reader.screen')) },
  { path: '/policies/mine', lazy: screen(() => import('./my-policies.screen')) },
  { path: '/policies/mine/:policyId/:version', lazy: screen(() => import('./accepted-policy.screen')) },
  { path: '/compliance', lazy: screen(() => import('./compliance-status.screen')) },
  { path: '/compliance/training-cadence', lazy: screen(() => import('./training-cadence.screen')) },
];

/** The platform admin's catalogue of policies, in the platform console. */
export const platformPoliciesRoutes: RouteObject[] = [
  { path: '/platform/policies', lazy: screen(() => import('./catalogue-policies.screen')) },
  { path: '/platform/jurisdictions', lazy: screen(() => import('./jurisdictions.screen')) },
  { path: '/platform/compliances', lazy: screen(() => import('./compliances.screen')) },
];
