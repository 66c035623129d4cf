import type { RouteObject } from 'react-router';

/** Routes of the workflows area, inside the signed-in shell. Screens load lazily (code-split by route). */
export const workflowsRoutes: RouteObject[] = [
  { path: '/workflows', lazy: async () => ({ Component: (await import('./workflow-list.screen')).default }) },
  { path: '/workflows/:workflowId', lazy: async () => ({ Component: (await import('./workflow.screen')).default }) },
];
