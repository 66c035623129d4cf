import { inject, injectable } from 'inversify';
import {
  createWorkspace,
  deleteWorkspace,
  listWorkspaces,
  setContractExpiry,
  setUserLimit,
  setWorkspaceModules,
  updateWorkspaceUrl,
  workspaceDetails,
  type CreateWorkspaceBody,
  type WorkspaceDetails,
  type WorkspaceModules,
  type WorkspacePage,
} from '../../../contracts/main/platform-workspaces.contract';
import type { WorkspaceAdminApi, WorkspaceQuery } from '../../../application/platform/workspace-admin-api.port';
import { ApiClient, MainHttp } from '../api-client';

@injectable()
export class HttpWorkspaceAdminApi implements WorkspaceAdminApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  list(query: WorkspaceQuery): Promise<WorkspacePage> {
    const search = query.search?.trim();
    return this.main.call(listWorkspaces, {
      body: { page: query.page, pageSize: query.pageSize, ...(search ? { search } : {}) },
    });
  }

  details(workspaceId: string): Promise<WorkspaceDetails> {
    return this.main.call(workspaceDetails, { params: { id: workspaceId } });
  }

  create(body: CreateWorkspaceBody): Promise<WorkspaceDetails> {
    return this.main.call(createWorkspace, { body });
  }

  async remove(workspaceId: string): Promise<void> {
    await this.main.call(deleteWorkspace, { params: { id: workspaceId } });
  }

  changeUrl(workspaceId: string, workspaceUrl: string): Promise<WorkspaceDetails> {
    return this.main.call(updateWorkspaceUrl, { body: { workspaceId, workspaceUrl } });
  }

  setUserLimit(workspaceId: string, userLimit: number | null): Promise<WorkspaceDetails> {
    return this.main.call(setUserLimit, { body: { workspaceId, userLimit } });
  }

  setContractExpiry(workspaceId: string, contractExpiresOn: string | null): Promise<WorkspaceDetails> {
    return this.main.call(setContractExpiry, { body: { workspaceId, contractExpiresOn } });
  }

  async setModules(workspaceId: string, modules: Partial<WorkspaceModules>): Promise<WorkspaceModules> {
    return (await this.main.call(setWorkspaceModules, { body: { workspaceId, modules } })).modules;
  }
}
