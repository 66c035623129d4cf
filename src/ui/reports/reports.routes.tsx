import type { RouteObject } from 'react-router';

const screen = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

/** The report builder (admins, employers, business-unit admins). */
export const reportsRoutes: RouteObject[] = [{ path: '/reports', lazy: screen(() => import('./reports.screen')) }];
