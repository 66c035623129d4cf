import { inject, injectable } from 'inversify';
import {
  deleteUser,
  deleteUsersBulk,
  deleteUsersByFile,
  updateUser,
  userSearch,
  userStats,
  workspaceUsers,
  workspaceUsersSearch,
  type DirectoryQuery,
  type DirectorySearchQuery,
  type DirectoryUser,
  type UserStats,
  type UserUpdate,
  type DeleteByFileResult,
} from '../../../contracts/main/users.contract';
import { signOutEverywhere, unlockAccount } from '../../../contracts/main/sessions.contract';
import type { DirectoryApi, DirectoryPage, PeopleFile } from '../../../application/people/directory-api.port';
import { ApiClient, MainHttp } from '../api-client';

@injectable()
export class HttpDirectoryApi implements DirectoryApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  list(query: DirectoryQuery): Promise<DirectoryPage> {
    return this.main.call(workspaceUsers, { body: query });
  }

  search(query: DirectorySearchQuery): Promise<DirectoryPage> {
    return this.main.call(workspaceUsersSearch, { body: query });
  }

  quickSearch(input: {
    searchText: string;
    category?: 'ALL' | 'NAME' | 'EMAIL' | 'EMPLOYEE_ID';
    includeNonActive?: boolean;
  }): Promise<DirectoryUser[]> {
    return this.main.call(userSearch, { body: input });
  }

  stats(): Promise<UserStats> {
    return this.main.call(userStats, {});
  }

  update(userId: string, change: UserUpdate): Promise<DirectoryUser> {
    return this.main.call(updateUser, { params: { id: userId }, body: change });
  }

  remove(userId: string): Promise<{ deleted: number }> {
    return this.main.call(deleteUser, { params: { id: userId } });
  }

  async signOutEverywhere(userId: string): Promise<{ sessionsEnded: number }> {
    const { sessionsEnded } = await this.main.call(signOutEverywhere, { params: { userId }, body: {} });
    return { sessionsEnded };
  }

  async unlock(userId: string): Promise<void> {
    await this.main.call(unlockAccount, { params: { userId }, body: {} });
  }

  removeMany(userIds: string[]): Promise<{ deleted: number }> {
    return this.main.call(deleteUsersBulk, { body: { ids: userIds } });
  }

  removeByFile(file: PeopleFile, confirm: boolean): Promise<DeleteByFileResult> {
    const form = new FormData();
    form.append('file', file.content, file.name);
    return this.main.call(deleteUsersByFile, { query: { confirm: String(confirm) }, form });
  }
}
