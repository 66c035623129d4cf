import type { RouteObject } from 'react-router';

/** The learner's routes, inside the signed-in shell. Screens load lazily (code-split by route). */
export const trainingRoutes: RouteObject[] = [
  { path: '/training', lazy: async () => ({ Component: (await import('./my-training.screen')).default }) },
  { path: '/training/:courseId', lazy: async () => ({ Component: (await import('./player.screen')).default }) },
];

/** The public certificate check, on the workspace's host, outside the signed-in shell (no sign-in). */
export const verifyRoutes: RouteObject[] = [
  { path: '/verify/:code', lazy: async () => ({ Component: (await import('./verify.screen')).default }) },
];
