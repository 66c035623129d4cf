import { ContainerModule } from 'inversify';
import { WorkflowListViewModel } from './workflow-list.view-model';
import { VersionDesignViewModel } from './version-design.view-model';
import { WorkflowViewModel } from './workflow.view-model';

/** Binds the view-models of the workflows area (one instance per mounted screen). */
export const workflowsViewModels = new ContainerModule(({ bind }) => {
  bind(WorkflowListViewModel).toSelf();
  bind(WorkflowViewModel).toSelf();
  bind(VersionDesignViewModel).toSelf();
});
