import { ContainerModule } from 'inversify';
import { DeleteByFileViewModel } from './delete-by-file.view-model';
import { DirectoryViewModel } from './directory.view-model';
import { InvitePeopleViewModel } from './invite-people.view-model';
import { PendingInvitationsViewModel } from './pending-invitations.view-model';
import { PeopleStatsViewModel } from './people-stats.view-model';

/** Binds the view-models of the people area (one instance per mounted screen). */
export const peopleViewModels = new ContainerModule(({ bind }) => {
  bind(DirectoryViewModel).toSelf();
  bind(DeleteByFileViewModel).toSelf();
  bind(InvitePeopleViewModel).toSelf();
  bind(PendingInvitationsViewModel).toSelf();
  bind(PeopleStatsViewModel).toSelf();
});
