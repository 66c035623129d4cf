import type { DirectoryQuery } from '../../contracts/main/users.contract';
import type { DirectoryApi, DirectoryPage } from './directory-api.port';

export interface FindPeopleInput extends DirectoryQuery {
  /** Free text; blank means no search. */
  searchText?: string;
}

/** One page of the directory: the plain list, or the search when there is text to search for. */
export class FindPeople {
  constructor(private readonly directory: DirectoryApi) {}

  execute(input: FindPeopleInput): Promise<DirectoryPage> {
    const { searchText, ...query } = input;
    const text = searchText?.trim();
    return text ? this.directory.search({ ...query, searchText: text }) : this.directory.list(query);
  }
}
