import { ContainerModule } from 'inversify';

/** Bindings of the imports area: its HTTP adapters, use cases (factory bindings) and view-models. */
export const importsModule = new ContainerModule(() => {});
