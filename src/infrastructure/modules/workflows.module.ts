import { ContainerModule } from 'inversify';

/** Bindings of the workflows area: its HTTP adapters, use cases (factory bindings) and view-models. */
export const workflowsModule = new ContainerModule(() => {});
