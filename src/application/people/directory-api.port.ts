import type { DirectoryQuery, DirectorySearchQuery, DirectoryUser, UserStats, UserUpdate } from '../../contracts/main/users.contract';

export interface DirectoryPage {
  items: DirectoryUser[];
  page: number;
  pageSize: number;
  total: number;
}

/** The workspace's people (main API, directory calls). */
export const DirectoryApi = Symbol('DirectoryApi');
export interface DirectoryApi {
  list(query: DirectoryQuery): Promise<DirectoryPage>;
  search(query: DirectorySearchQuery): Promise<DirectoryPage>;
  quickSearch(input: { searchText: string; category?: 'ALL' | 'NAME' | 'EMAIL' | 'EMPLOYEE_ID'; includeNonActive?: boolean }): Promise<DirectoryUser[]>;
  stats(): Promise<UserStats>;
  update(userId: string, change: UserUpdate): Promise<DirectoryUser>;
  remove(userId: string): Promise<{ deleted: number }>;
  removeMany(userIds: string[]): Promise<{ deleted: number }>;
  /** Ends every session of the person at once (workspace admins). */
  signOutEverywhere(userId: string): Promise<{ sessionsEnded: number }>;
}
