import { ContainerModule } from 'inversify';
import { DirectoryApi } from '../../application/people/directory-api.port';
import {
  BulkEditPeople,
  DeletePeople,
  DeletePeopleByFile,
  EditPerson,
} from '../../application/people/edit-people.use-case';
import { FindPeople } from '../../application/people/find-people.use-case';
import { InvitePeople, ManageInvitations } from '../../application/people/invite-people.use-case';
import { PeopleInvitesApi } from '../../application/people/invites-api.port';
import { HttpPeopleInvitesApi } from '../http/main/http-people-invites-api';
import { HttpDirectoryApi } from '../http/main/http-directory-api';
import { SignOutEverywhere } from '../../application/people/sign-out-everywhere.use-case';
import { UnlockAccount } from '../../application/people/unlock-account.use-case';
import { SendUnusedInvitations } from '../../application/invitations/send-unused-invitations.use-case';
import { InvitationsApi } from '../../application/invitations/invitations-api.port';

/** Bindings of the people area (the directory): its HTTP adapter and use cases. */
export const peopleModule = new ContainerModule(({ bind, isBound }) => {
  bind(DirectoryApi).to(HttpDirectoryApi).inSingletonScope();
  bind(FindPeople).toDynamicValue((ctx) => new FindPeople(ctx.get<DirectoryApi>(DirectoryApi)));
  bind(EditPerson).toDynamicValue((ctx) => new EditPerson(ctx.get<DirectoryApi>(DirectoryApi)));
  bind(BulkEditPeople).toDynamicValue((ctx) => new BulkEditPeople(ctx.get<DirectoryApi>(DirectoryApi)));
  bind(PeopleInvitesApi).to(HttpPeopleInvitesApi).inSingletonScope();
  bind(InvitePeople).toDynamicValue((ctx) => new InvitePeople(ctx.get<PeopleInvitesApi>(PeopleInvitesApi)));
  bind(ManageInvitations).toDynamicValue((ctx) => new ManageInvitations(ctx.get<PeopleInvitesApi>(PeopleInvitesApi)));
  bind(DeletePeople).toDynamicValue((ctx) => new DeletePeople(ctx.get<DirectoryApi>(DirectoryApi)));
  bind(SignOutEverywhere).toDynamicValue((ctx) => new SignOutEverywhere(ctx.get<DirectoryApi>(DirectoryApi)));
  bind(UnlockAccount).toDynamicValue((ctx) => new UnlockAccount(ctx.get<DirectoryApi>(DirectoryApi)));
  // The people and imports areas both send the invitations still waiting; whichever loads first binds it.
  if (!isBound(SendUnusedInvitations))
    bind(SendUnusedInvitations).toDynamicValue(
      (ctx) => new SendUnusedInvitations(ctx.get<InvitationsApi>(InvitationsApi)),
    );
  bind(DeletePeopleByFile).toDynamicValue((ctx) => new DeletePeopleByFile(ctx.get<DirectoryApi>(DirectoryApi)));
});
