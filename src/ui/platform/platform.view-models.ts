import { ContainerModule } from 'inversify';
import { WorkspaceDetailsViewModel } from './workspace-details.view-model';
import { WorkspaceListViewModel } from './workspace-list.view-model';

/** View-models of the platform console (one instance per mounted screen). */
export const platformViewModels = new ContainerModule(({ bind }) => {
  bind(WorkspaceListViewModel).toSelf();
  bind(WorkspaceDetailsViewModel).toSelf();
});
