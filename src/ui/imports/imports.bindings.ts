import { ContainerModule } from 'inversify';
import { ImportUsersViewModel } from './import-users.view-model';

/** Binds the view-models of the imports area (one instance per mounted screen). */
export const importsViewModels = new ContainerModule(({ bind }) => {
  bind(ImportUsersViewModel).toSelf();
});
