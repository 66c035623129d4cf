import { ContainerModule } from 'inversify';
import { WorkspaceDetailsViewModel } from './workspace-details.view-model';
import { WorkspaceListViewModel } from './workspace-list.view-model';
import { PlatformAuditViewModel } from './platform-audit.view-model';
import { LeadListViewModel } from './lead-list.view-model';

/** Binds the view-models of the platform console (one instance per mounted screen). */
export const platformViewModels = new ContainerModule(({ bind }) => {
  bind(WorkspaceListViewModel).toSelf();
  bind(WorkspaceDetailsViewModel).toSelf();
  bind(PlatformAuditViewModel).toSelf();
  bind(LeadListViewModel).toSelf();
});
