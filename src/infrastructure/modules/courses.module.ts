import { ContainerModule } from 'inversify';

/** Bindings of the courses area: its HTTP adapters, use cases (factory bindings) and view-models. */
export const coursesModule = new ContainerModule(() => {});
