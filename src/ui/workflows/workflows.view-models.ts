import { ContainerModule } from 'inversify';

/** View-models of the workflows area (one instance per mounted screen). */
export const workflowsViewModels = new ContainerModule(() => {});
