import type { AllowListEntry } from '../../contracts/main/allow-list.contract';
import type { MessageTemplate, SaveTemplateBody, TemplatePreview } from '../../contracts/main/templates.contract';
import type {
  AddManagerBody,
  BusinessUnit,
  BusinessUnitQuery,
  CreateBranchBody,
  CreateDepartmentBody,
  DeleteBranchBody,
  DeleteBranchResult,
  DeleteDepartmentsBody,
  DeleteDepartmentsResult,
  DepartmentManager,
  DepartmentQuery,
  DepartmentRow,
  UpdateBranchBody,
  UpdateSettingsBody,
  UserChoice,
  WorkspaceSettings,
} from '../../contracts/main/organisation.contract';

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** Managing business units. Failures throw ApiError (the use cases turn its refusals into a Refusal). */
export const BusinessUnitsApi = Symbol('BusinessUnitsApi');
export interface BusinessUnitsApi {
  /** @read */
  list(query: BusinessUnitQuery): Promise<Page<BusinessUnit>>;
  create(body: CreateBranchBody): Promise<BusinessUnit>;
  update(branchId: string, body: UpdateBranchBody): Promise<BusinessUnit>;
  remove(body: DeleteBranchBody): Promise<DeleteBranchResult>;
  setColour(branchId: string, hex: string): Promise<BusinessUnit>;
}

/** Managing departments and their managers. */
export const DepartmentsApi = Symbol('DepartmentsApi');
export interface DepartmentsApi {
  /** @read */
  list(query: DepartmentQuery): Promise<Page<DepartmentRow>>;
  create(body: CreateDepartmentBody): Promise<DepartmentRow[]>;
  rename(departmentId: string, departmentName: string): Promise<DepartmentRow>;
  remove(body: DeleteDepartmentsBody): Promise<DeleteDepartmentsResult>;
  /** @read */
  managers(departmentId: string): Promise<DepartmentManager[]>;
  addManager(departmentId: string, body: AddManagerBody): Promise<DepartmentManager>;
  removeManager(departmentId: string, userId: string): Promise<void>;
  /** @read */
  searchUsers(search: string): Promise<UserChoice[]>;
}

/** The workspace's look and its sign-up and sign-in settings. */
export const WorkspaceAdminApi = Symbol('WorkspaceAdminApi');
export interface WorkspaceAdminApi {
  setColour(hex: string): Promise<string>;
  uploadLogo(file: Blob, fileName: string): Promise<string>;
  removeLogo(): Promise<void>;
  /** @read */
  settings(): Promise<WorkspaceSettings>;
  updateSettings(body: UpdateSettingsBody): Promise<WorkspaceSettings>;
}

/** The workspace's own sign-up allow-list (its admins'; the platform admin's is AllowListApi). */
export const SignupAllowListApi = Symbol('SignupAllowListApi');
export interface SignupAllowListApi {
  /** @read */
  list(query: { page: number; pageSize: number; q?: string }): Promise<Page<AllowListEntry>>;
  add(email: string): Promise<AllowListEntry>;
  remove(entryId: string): Promise<void>;
}

/** The workspace's wording of its messages (the invitation so far). */
export const MessageTemplatesApi = Symbol('MessageTemplatesApi');
export interface MessageTemplatesApi {
  /** @read */
  read(kind: 'invitation'): Promise<MessageTemplate>;
  save(body: SaveTemplateBody): Promise<MessageTemplate>;
  preview(body: SaveTemplateBody): Promise<TemplatePreview>;
  reset(kind: 'invitation'): Promise<MessageTemplate>;
}
