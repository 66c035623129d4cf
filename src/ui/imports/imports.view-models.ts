import { ContainerModule } from 'inversify';

/** View-models of the imports area (one instance per mounted screen). */
export const importsViewModels = new ContainerModule(() => {});
