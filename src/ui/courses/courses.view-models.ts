import { ContainerModule } from 'inversify';

/** View-models of the courses area (one instance per mounted screen). */
export const coursesViewModels = new ContainerModule(() => {});
