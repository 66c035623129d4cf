import { ContainerModule } from 'inversify';
import { DirectoryViewModel } from './directory.view-model';
import { InvitePeopleViewModel } from './invite-people.view-model';
import { PeopleStatsViewModel } from './people-stats.view-model';

/** View-models of the people area (one instance per mounted screen). */
export const peopleViewModels = new ContainerModule(({ bind }) => {
  bind(DirectoryViewModel).toSelf();
  bind(InvitePeopleViewModel).toSelf();
  bind(PeopleStatsViewModel).toSelf();
});
