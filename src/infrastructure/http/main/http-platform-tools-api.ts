import { inject, injectable } from 'inversify';
import {
  ALLOW_LIST_FILE_FIELD,
  ALLOW_LIST_WORKSPACE_FIELD,
  addToAllowList,
  allowListEntries,
  importAllowList,
  removeFromAllowList,
  type AllowListEntry,
  type AllowListImport,
} from '../../../contracts/main/allow-list.contract';
import {
  createFeatureFlag,
  deleteFeatureFlag,
  featureFlags,
  setFlagWorkspaces,
  updateFeatureFlag,
  type FeatureFlag,
} from '../../../contracts/main/flags.contract';
import {
  setWorkspaceIpRanges,
  workspaceIpRanges,
  type IpRangeEntry,
  type SetIpRangesBody,
} from '../../../contracts/main/ip-ranges.contract';
import {
  updateWorkspaceUser,
  userRecord,
  type PlatformUser,
  type UpdateUserBody,
  type UserRecord,
} from '../../../contracts/main/platform-users.contract';
import {
  MANUAL_FILE_FIELD,
  MANUAL_MARKDOWN_FIELD,
  MANUAL_WORKSPACE_FIELD,
  publishedUserManual,
  publishUserManual,
  userManual,
  type UserManual,
} from '../../../contracts/main/user-manual.contract';
import { workspaceOptions, type WorkspaceOption } from '../../../contracts/main/workspace-options.contract';
import type {
  AllowListApi,
  AllowListPage,
  FlagAdminApi,
  IpRangesApi,
  PlatformUsersApi,
  UserManualApi,
  WorkspaceDirectory,
} from '../../../application/platform-tools/platform-tools-api.port';
import { ApiClient, MainHttp } from '../api-client';

@injectable()
export class HttpWorkspaceDirectory implements WorkspaceDirectory {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  search(q?: string): Promise<WorkspaceOption[]> {
    return this.main.call(workspaceOptions, { query: { q: q?.trim() || undefined } });
  }
}

@injectable()
export class HttpFlagAdminApi implements FlagAdminApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  /** Signed in as the platform admin, the flag list shows every workspace of every flag. */
  list(): Promise<FeatureFlag[]> {
    return this.main.call(featureFlags);
  }

  create(key: string, value: string): Promise<FeatureFlag> {
    return this.main.call(createFeatureFlag, { body: { key, value } });
  }

  updateValue(key: string, value: string): Promise<FeatureFlag> {
    return this.main.call(updateFeatureFlag, { body: { key, value } });
  }

  setWorkspaces(key: string, workspaceUrls: string[]): Promise<FeatureFlag> {
    return this.main.call(setFlagWorkspaces, {
      body: { key, enabledWorkspaces: workspaceUrls.map((workspaceUrl) => ({ workspaceUrl })) },
    });
  }

  async delete(key: string): Promise<void> {
    await this.main.call(deleteFeatureFlag, { params: { key } });
  }
}

@injectable()
export class HttpIpRangesApi implements IpRangesApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  get(workspaceId: string): Promise<IpRangeEntry[]> {
    return this.main.call(workspaceIpRanges, { params: { id: workspaceId } });
  }

  set(workspaceId: string, body: SetIpRangesBody): Promise<IpRangeEntry[]> {
    return this.main.call(setWorkspaceIpRanges, { params: { id: workspaceId }, body });
  }
}

@injectable()
export class HttpUserManualApi implements UserManualApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  async current(): Promise<UserManual | null> {
    return this.withHref((await this.main.call(userManual)).manual);
  }

  async published(workspaceId: string | null): Promise<UserManual | null> {
    return this.withHref(
      (await this.main.call(publishedUserManual, { query: { workspaceId: workspaceId ?? undefined } })).manual,
    );
  }

  async publishMarkdown(workspaceId: string | null, markdown: string): Promise<UserManual> {
    const data = scope(workspaceId);
    // As a file part: a form field is limited in size, a manual may be long.
    data.append(MANUAL_MARKDOWN_FIELD, new Blob([markdown], { type: 'text/markdown' }), 'manual.md');
    return this.withHref((await this.main.call(publishUserManual, { form: data })).manual)!;
  }

  async publishPdf(workspaceId: string | null, file: { name: string; content: Blob }): Promise<UserManual> {
    const data = scope(workspaceId);
    data.append(MANUAL_FILE_FIELD, file.content, file.name);
    return this.withHref((await this.main.call(publishUserManual, { form: data })).manual)!;
  }

  /** The server gives the PDF's path under the API; the browser needs it under the API's base URL. */
  private withHref(manual: UserManual | null): UserManual | null {
    return manual?.format === 'PDF' ? { ...manual, fileUrl: this.main.href(manual.fileUrl) } : manual;
  }
}

function scope(workspaceId: string | null): FormData {
  const data = new FormData();
  if (workspaceId) data.append(MANUAL_WORKSPACE_FIELD, workspaceId);
  return data;
}

@injectable()
export class HttpAllowListApi implements AllowListApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  list(workspaceId: string, page: number, pageSize: number, q?: string): Promise<AllowListPage> {
    return this.main.call(allowListEntries, {
      params: { id: workspaceId },
      query: { page, pageSize, q: q?.trim() || undefined },
    });
  }

  add(workspaceId: string, email: string): Promise<AllowListEntry> {
    return this.main.call(addToAllowList, { body: { workspaceId, email } });
  }

  upload(workspaceId: string, file: { name: string; content: Blob }): Promise<AllowListImport> {
    const data = new FormData();
    data.append(ALLOW_LIST_WORKSPACE_FIELD, workspaceId);
    data.append(ALLOW_LIST_FILE_FIELD, file.content, file.name);
    return this.main.call(importAllowList, { form: data });
  }

  async remove(workspaceId: string, entryId: string): Promise<void> {
    await this.main.call(removeFromAllowList, { params: { id: workspaceId, entryId } });
  }
}

@injectable()
export class HttpPlatformUsersApi implements PlatformUsersApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  record(workspaceId: string, by: { userId: string } | { email: string }): Promise<UserRecord> {
    return this.main.call(userRecord, { body: { workspaceId, ...by } });
  }

  update(body: UpdateUserBody): Promise<PlatformUser> {
    return this.main.call(updateWorkspaceUser, { body });
  }
}
