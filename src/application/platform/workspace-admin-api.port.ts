import type {
  CreateWorkspaceBody,
  WorkspaceDetails,
  WorkspaceModules,
  WorkspacePage,
} from '../../contracts/main/platform-workspaces.contract';

export interface WorkspaceQuery {
  /** Zero-based, as on the wire. */
  page: number;
  pageSize: number;
  search?: string;
}

/** The platform admin's workspace console on the main API. Unexpected failures throw ApiError. */
export const WorkspaceAdminApi = Symbol('WorkspaceAdminApi');
export interface WorkspaceAdminApi {
  /** @read */
  list(query: WorkspaceQuery): Promise<WorkspacePage>;
  /** @read */
  details(workspaceId: string): Promise<WorkspaceDetails>;
  create(body: CreateWorkspaceBody): Promise<WorkspaceDetails>;
  remove(workspaceId: string): Promise<void>;
  changeUrl(workspaceId: string, workspaceUrl: string): Promise<WorkspaceDetails>;
  setUserLimit(workspaceId: string, userLimit: number | null): Promise<WorkspaceDetails>;
  setContractExpiry(workspaceId: string, contractExpiresOn: string | null): Promise<WorkspaceDetails>;
  setModules(workspaceId: string, modules: Partial<WorkspaceModules>): Promise<WorkspaceModules>;
}
