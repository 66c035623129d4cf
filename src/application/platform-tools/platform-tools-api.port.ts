import type { AllowListEntry, AllowListImport } from '../../contracts/main/allow-list.contract';
import type { FeatureFlag } from '../../contracts/main/flags.contract';
import type { IpRangeEntry, SetIpRangesBody } from '../../contracts/main/ip-ranges.contract';
import type { PlatformUser, UpdateUserBody, UserRecord } from '../../contracts/main/platform-users.contract';
import type { UserManual } from '../../contracts/main/user-manual.contract';
import type { WorkspaceOption } from '../../contracts/main/workspace-options.contract';

/** The platform tools' capabilities, one port each. Unexpected failures throw ApiError. */

/** Workspaces for pickers: a small search by name or address. */
export const WorkspaceDirectory = Symbol('WorkspaceDirectory');
export interface WorkspaceDirectory {
  /** @read */
  search(q?: string): Promise<WorkspaceOption[]>;
}

/** Feature flags as the platform admin sees them (every flag, every workspace) and changes them. */
export const FlagAdminApi = Symbol('FlagAdminApi');
export interface FlagAdminApi {
  /** @read */
  list(): Promise<FeatureFlag[]>;
  create(key: string, value: string): Promise<FeatureFlag>;
  updateValue(key: string, value: string): Promise<FeatureFlag>;
  setWorkspaces(key: string, workspaceUrls: string[]): Promise<FeatureFlag>;
  /** Deletes the flag and its workspace list; the built-in flags answer 409. */
  delete(key: string): Promise<void>;
}

/** A workspace's allowed address ranges for the elevated-IP mode. */
export const IpRangesApi = Symbol('IpRangesApi');
export interface IpRangesApi {
  /** @read */
  get(workspaceId: string): Promise<IpRangeEntry[]>;
  set(workspaceId: string, body: SetIpRangesBody): Promise<IpRangeEntry[]>;
}

/** The user manual: read in a workspace, published by the platform admin. PDF addresses come back absolute-path. */
export const UserManualApi = Symbol('UserManualApi');
export interface UserManualApi {
  /** @read The manual of the signed-in user's workspace (its own, else the one for all), or null. */
  current(): Promise<UserManual | null>;
  /** @read Exactly the manual of one scope (null: the one for every workspace). */
  published(workspaceId: string | null): Promise<UserManual | null>;
  publishMarkdown(workspaceId: string | null, markdown: string): Promise<UserManual>;
  publishPdf(workspaceId: string | null, file: { name: string; content: Blob }): Promise<UserManual>;
}

export interface AllowListPage {
  items: AllowListEntry[];
  page: number;
  pageSize: number;
  total: number;
}

/** A workspace's sign-up allow-list. */
export const AllowListApi = Symbol('AllowListApi');
export interface AllowListApi {
  /** @read */
  list(workspaceId: string, page: number, pageSize: number, q?: string): Promise<AllowListPage>;
  add(workspaceId: string, email: string): Promise<AllowListEntry>;
  upload(workspaceId: string, file: { name: string; content: Blob }): Promise<AllowListImport>;
  remove(workspaceId: string, entryId: string): Promise<void>;
}

/** Looking up and fixing a workspace's users. */
export const PlatformUsersApi = Symbol('PlatformUsersApi');
export interface PlatformUsersApi {
  record(workspaceId: string, by: { userId: string } | { email: string }): Promise<UserRecord>;
  update(body: UpdateUserBody): Promise<PlatformUser>;
}
