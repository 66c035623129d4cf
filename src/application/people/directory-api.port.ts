import type {
  DeleteByFileResult,
  DirectoryQuery,
  DirectorySearchQuery,
  DirectoryUser,
  UserStats,
  UserUpdate,
} from '../../contracts/main/users.contract';

/** A file the admin picked (CSV or XLSX of emails). */
export interface PeopleFile {
  name: string;
  content: Blob;
}

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
  quickSearch(input: {
    searchText: string;
    category?: 'ALL' | 'NAME' | 'EMAIL' | 'EMPLOYEE_ID';
    includeNonActive?: boolean;
  }): Promise<DirectoryUser[]>;
  /** @read */
  stats(): Promise<UserStats>;
  update(userId: string, change: UserUpdate): Promise<DirectoryUser>;
  remove(userId: string): Promise<{ deleted: number }>;
  removeMany(userIds: string[]): Promise<{ deleted: number }>;
  /** The people a file of emails names: without `confirm` only who would go; with it, all of them or none. */
  removeByFile(file: PeopleFile, confirm: boolean): Promise<DeleteByFileResult>;
  /** Ends every session of the person at once (workspace admins). */
  signOutEverywhere(userId: string): Promise<{ sessionsEnded: number }>;
  /** Lifts the lock taken after too many wrong one-time codes (workspace admins). */
  unlock(userId: string): Promise<void>;
}
