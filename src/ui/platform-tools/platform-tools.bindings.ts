import { ContainerModule } from 'inversify';
import { AllowListViewModel } from './allow-list.view-model';
import { FlagsViewModel } from './flags.view-model';
import { IpRangesViewModel } from './ip-ranges.view-model';
import { ManualPublishViewModel } from './manual-publish.view-model';
import { PlatformUsersViewModel } from './users.view-model';

/** Binds the view-models of the platform tools (one instance per mounted screen). */
export const platformToolsViewModels = new ContainerModule(({ bind }) => {
  bind(FlagsViewModel).toSelf();
  bind(IpRangesViewModel).toSelf();
  bind(ManualPublishViewModel).toSelf();
  bind(AllowListViewModel).toSelf();
  bind(PlatformUsersViewModel).toSelf();
});
