import type { RouteObject } from 'react-router';

/** Routes of the courses area, inside the signed-in shell. Screens load lazily (code-split by route). */
export const coursesRoutes: RouteObject[] = [
  { path: '/courses', lazy: async () => ({ Component: (await import('./course-list.screen')).default }) },
  { path: '/courses/settings', lazy: async () => ({ Component: (await import('./assignment-settings.screen')).default }) },
  { path: '/courses/:courseId/build', lazy: async () => ({ Component: (await import('./course-builder.screen')).default }) },
  { path: '/courses/:courseId', lazy: async () => ({ Component: (await import('./course.screen')).default }) },
];
