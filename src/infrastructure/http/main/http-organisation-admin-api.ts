import { inject, injectable } from 'inversify';
import {
  addDepartmentManager,
  branchColour,
  bulkSignupSetting,
  businessUnitPage,
  createBranch,
  createDepartment,
  deleteBranch,
  deleteDepartments,
  departmentManagers,
  departmentPage,
  LOGO_FIELD,
  managerCandidates,
  removeDepartmentManager,
  removeLogo,
  updateBranch,
  updateDepartment,
  updateWorkspaceSettings,
  uploadLogo,
  workspaceColour,
  type AddManagerBody,
  type BusinessUnit,
  type BusinessUnitQuery,
  type CreateBranchBody,
  type CreateDepartmentBody,
  type DeleteBranchBody,
  type DeleteBranchResult,
  type DeleteDepartmentsBody,
  type DeleteDepartmentsResult,
  type DepartmentManager,
  type DepartmentQuery,
  type DepartmentRow,
  type UpdateBranchBody,
  type UpdateSettingsBody,
  type UserChoice,
  type WorkspaceSettings,
} from '../../../contracts/main/organisation.contract';
import type {
  BusinessUnitsApi,
  DepartmentsApi,
  MessageTemplatesApi,
  Page,
  SignupAllowListApi,
  WorkspaceAdminApi,
} from '../../../application/organisation/organisation-admin-api.port';
import {
  addToWorkspaceAllowList,
  removeFromWorkspaceAllowList,
  workspaceAllowList,
  type AllowListEntry,
} from '../../../contracts/main/allow-list.contract';
import {
  previewTemplate,
  readTemplate,
  resetTemplate,
  saveTemplate,
  type MessageTemplate,
  type SaveTemplateBody,
  type TemplatePreview,
} from '../../../contracts/main/templates.contract';
import { ApiClient, MainHttp } from '../api-client';

/** Business units on the main API. */
@injectable()
export class HttpBusinessUnitsApi implements BusinessUnitsApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  list(query: BusinessUnitQuery): Promise<Page<BusinessUnit>> {
    return this.main.call(businessUnitPage, { query: { ...query } });
  }

  create(body: CreateBranchBody): Promise<BusinessUnit> {
    return this.main.call(createBranch, { body });
  }

  update(branchId: string, body: UpdateBranchBody): Promise<BusinessUnit> {
    return this.main.call(updateBranch, { params: { id: branchId }, body });
  }

  remove(body: DeleteBranchBody): Promise<DeleteBranchResult> {
    return this.main.call(deleteBranch, { body });
  }

  setColour(branchId: string, hex: string): Promise<BusinessUnit> {
    return this.main.call(branchColour, { params: { id: branchId, hex } });
  }
}

/** Departments and their managers on the main API. */
@injectable()
export class HttpDepartmentsApi implements DepartmentsApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  list(query: DepartmentQuery): Promise<Page<DepartmentRow>> {
    return this.main.call(departmentPage, { query: { ...query } });
  }

  async create(body: CreateDepartmentBody): Promise<DepartmentRow[]> {
    return (await this.main.call(createDepartment, { body })).created;
  }

  rename(departmentId: string, departmentName: string): Promise<DepartmentRow> {
    return this.main.call(updateDepartment, { params: { id: departmentId }, body: { departmentName } });
  }

  remove(body: DeleteDepartmentsBody): Promise<DeleteDepartmentsResult> {
    return this.main.call(deleteDepartments, { body });
  }

  managers(departmentId: string): Promise<DepartmentManager[]> {
    return this.main.call(departmentManagers, { params: { id: departmentId } });
  }

  addManager(departmentId: string, body: AddManagerBody): Promise<DepartmentManager> {
    return this.main.call(addDepartmentManager, { params: { id: departmentId }, body });
  }

  async removeManager(departmentId: string, userId: string): Promise<void> {
    await this.main.call(removeDepartmentManager, { params: { id: departmentId, userId } });
  }

  searchUsers(search: string): Promise<UserChoice[]> {
    return this.main.call(managerCandidates, { query: { search } });
  }
}

/** The workspace's branding and settings on the main API. */
@injectable()
export class HttpWorkspaceAdminApi implements WorkspaceAdminApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  async setColour(hex: string): Promise<string> {
    return (await this.main.call(workspaceColour, { params: { hex } })).backgroundColor;
  }

  async uploadLogo(file: Blob, fileName: string): Promise<string> {
    const form = new FormData();
    form.append(LOGO_FIELD, file, fileName);
    return (await this.main.call(uploadLogo, { form })).companyLogo;
  }

  async removeLogo(): Promise<void> {
    await this.main.call(removeLogo);
  }

  settings(): Promise<WorkspaceSettings> {
    return this.main.call(bulkSignupSetting);
  }

  updateSettings(body: UpdateSettingsBody): Promise<WorkspaceSettings> {
    return this.main.call(updateWorkspaceSettings, { body });
  }
}

/** The workspace's own sign-up allow-list on the main API (the workspace is the host's). */
@injectable()
export class HttpSignupAllowListApi implements SignupAllowListApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  list(query: { page: number; pageSize: number; q?: string }): Promise<Page<AllowListEntry>> {
    return this.main.call(workspaceAllowList, {
      query: { page: query.page, pageSize: query.pageSize, ...(query.q ? { q: query.q } : {}) },
    });
  }

  add(email: string): Promise<AllowListEntry> {
    return this.main.call(addToWorkspaceAllowList, { body: { email } });
  }

  async remove(entryId: string): Promise<void> {
    await this.main.call(removeFromWorkspaceAllowList, { params: { entryId } });
  }
}

/** The workspace's message wording on the main API. */
@injectable()
export class HttpMessageTemplatesApi implements MessageTemplatesApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  read(kind: 'invitation'): Promise<MessageTemplate> {
    return this.main.call(readTemplate, { params: { kind } });
  }

  save(body: SaveTemplateBody): Promise<MessageTemplate> {
    return this.main.call(saveTemplate, { body });
  }

  preview(body: SaveTemplateBody): Promise<TemplatePreview> {
    return this.main.call(previewTemplate, { body });
  }

  reset(kind: 'invitation'): Promise<MessageTemplate> {
    return this.main.call(resetTemplate, { params: { kind } });
  }
}
