import { ContainerModule } from 'inversify';
import { DirectoryApi } from '../../application/people/directory-api.port';
import { BulkEditPeople, DeletePeople, EditPerson } from '../../application/people/edit-people.use-case';
import { FindPeople } from '../../application/people/find-people.use-case';
import { HttpDirectoryApi } from '../http/main/http-directory-api';

/** Bindings of the people area (the directory): its HTTP adapter and use cases. */
export const peopleModule = new ContainerModule(({ bind }) => {
  bind(DirectoryApi).to(HttpDirectoryApi).inSingletonScope();
  bind(FindPeople).toDynamicValue((ctx) => new FindPeople(ctx.get<DirectoryApi>(DirectoryApi)));
  bind(EditPerson).toDynamicValue((ctx) => new EditPerson(ctx.get<DirectoryApi>(DirectoryApi)));
  bind(BulkEditPeople).toDynamicValue((ctx) => new BulkEditPeople(ctx.get<DirectoryApi>(DirectoryApi)));
  bind(DeletePeople).toDynamicValue((ctx) => new DeletePeople(ctx.get<DirectoryApi>(DirectoryApi)));
});
