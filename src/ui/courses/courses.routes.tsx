import type { RouteObject } from 'react-router';

/** Routes of the courses area, inside the signed-in shell. Screens load lazily (code-split by route). */
export const coursesRoutes: RouteObject[] = [];
