import type { Container, ContainerModule } from 'inversify';
import type { RouteObject } from 'react-router';
import { AREA_MODULES, type Area } from '../../infrastructure/container';

/** Each area's view-model bindings, loaded with its adapters and use cases. */
export const AREA_VIEW_MODELS: Record<Area, () => Promise<ContainerModule>> = {
  imports: async () => (await import('../imports/imports.bindings')).importsViewModels,
  courses: async () => (await import('../courses/courses.bindings')).coursesViewModels,
  training: async () => (await import('../training/training.bindings')).trainingViewModels,
  workflows: async () => (await import('../workflows/workflows.bindings')).workflowsViewModels,
  complaints: async () => (await import('../complaints/complaints.bindings')).complaintsViewModels,
  people: async () => (await import('../people/people.bindings')).peopleViewModels,
  organisation: async () => (await import('../organisation/organisation.bindings')).organisationViewModels,
  platform: async () => (await import('../platform/platform.bindings')).platformViewModels,
  platformTools: async () => (await import('../platform-tools/platform-tools.bindings')).platformToolsViewModels,
  manual: async () => (await import('../manual/manual.bindings')).manualViewModels,
  policies: async () => (await import('../policies/policies.bindings')).policiesViewModels,
  reports: async () => (await import('../reports/reports.bindings')).reportsViewModels,
};

const loaded = new WeakMap<Container, Map<Area, Promise<void>>>();

/** Binds an area's adapters, use cases and view-models once per container. */
export function loadArea(container: Container, area: Area): Promise<void> {
  let areas = loaded.get(container);
  if (!areas) loaded.set(container, (areas = new Map()));
  let pending = areas.get(area);
  if (!pending) {
    pending = Promise.all([AREA_MODULES[area](), AREA_VIEW_MODELS[area]()]).then((modules) =>
      container.load(...modules),
    );
    areas.set(area, pending);
  }
  return pending;
}

/** The area's routes, each loading the area's bindings before its screen. */
export function withArea(container: Container, area: Area, routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const lazy = route.lazy;
    const wrapped =
      typeof lazy === 'function'
        ? async () => {
            await loadArea(container, area);
            return lazy();
          }
        : lazy;
    return {
      ...route,
      ...(wrapped ? { lazy: wrapped } : {}),
      ...(route.children ? { children: withArea(container, area, route.children) } : {}),
    } as RouteObject;
  });
}
