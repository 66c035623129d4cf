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

/** Bindings of the people area (the directory): its HTTP adapter and use cases. */
export const peopleModule = new ContainerModule(({ bind }) => {
  bind(DirectoryApi).to(HttpDirectoryApi).inSingletonScope();
  bind(FindPeople).toDynamicValue((ctx) => new FindPeople(ctx.get<DirectoryApi>(DirectoryApi)));
  bind(EditPerson).toDynamicValue((ctx) => new EditPerson(ctx.get<DirectoryApi>(DirectoryApi)));
  bind(BulkEditPeople).toDynamicValue((ctx) => new BulkEditPeople(ctx.get<DirectoryApi>(DirectoryApi)));
  bind(PeopleInvitesApi).to(HttpPeopleInvitesApi).inSingletonScope();
  bind(InvitePeople).toDynamicValue((ctx) => new InvitePeople(ctx.get<PeopleInvitesApi>(PeopleInvitesApi)));
  bind(ManageInvitations).toDynamicValue((ctx) => new ManageInvitations(ctx.get<PeopleInvitesApi>(PeopleInvitesApi)));
  bind(DeletePeople).toDynamicValue((ctx) => new DeletePeople(ctx.get<DirectoryApi>(DirectoryApi)));
  bind(DeletePeopleByFile).toDynamicValue((ctx) => new DeletePeopleByFile(ctx.get<DirectoryApi>(DirectoryApi)));
});
