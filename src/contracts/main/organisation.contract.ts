import { z } from 'zod';
import { SessionPolicyFields } from '../../domain/organisation/workspace-policy';
import { pageOf, route } from '../route';
import { CourseLanguage } from '../../domain/courses/course';

/**
 * Workspace administration: business units, departments and their managers, branding, workspace settings.
 * Paths as in api/endpoints.tsv; the calls it lacks (paged, searchable reads; logo; settings update) are named here
 * and listed in docs/organisation.md.
 */

const MANAGE = ['WORKSPACE_ADMIN', 'EMPLOYER'] as const;
const READ = ['WORKSPACE_ADMIN', 'EMPLOYER', 'BRANCH_ADMIN'] as const;

const Id = z.string().uuid();
const Name = z.string().trim().min(1, 'Give a name').max(120, 'At most 120 characters');
/** A colour in a path: six hex digits, no `#` (it would start a URL fragment). */
export const HexColour = z.string().regex(/^[0-9a-fA-F]{6}$/, 'Six hexadecimal digits, like 1f6feb');
const Search = z.string().trim().max(100).optional();
const Paging = {
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

// ---------- Business units ----------

export const BusinessUnit = z.object({
  branchId: z.string(),
  branchName: z.string(),
  headquarter: z.boolean(),
  backgroundColor: z.string().nullable(),
  userCount: z.number().int(),
  departmentCount: z.number().int(),
});
export type BusinessUnit = z.infer<typeof BusinessUnit>;

export const BusinessUnitQuery = z.strictObject({ search: Search, ...Paging });
export type BusinessUnitQuery = { search?: string; page?: number; pageSize?: number };

/** Not in api/endpoints.tsv: the paged, searchable list behind the business-units screen. */
export const businessUnitPage = route({
  api: 'main',
  method: 'GET',
  path: '/api/workspace/branches',
  summary:
    'Business units with user and department counts, paged and searchable (a business-unit admin sees only their own)',
  query: BusinessUnitQuery,
  response: pageOf(BusinessUnit),
  access: READ,
  permission: 'organisation.read',
  apiKeyScope: 'people:read',
});

export const CreateBranchBody = z.strictObject({
  branchName: Name,
  headquarter: z.boolean().optional(),
});
export type CreateBranchBody = z.infer<typeof CreateBranchBody>;

export const createBranch = route({
  api: 'main',
  method: 'POST',
  path: '/api/workspace/create-branch',
  summary: 'Creates a business unit (headquarter: true moves the headquarters to it)',
  body: CreateBranchBody,
  response: BusinessUnit,
  access: MANAGE,
  permission: 'organisation.manage',
});

export const UpdateBranchBody = z.strictObject({
  branchName: Name.optional(),
  /** true makes this unit the headquarters (the old one stops being it); false on the headquarters is refused. */
  headquarter: z.boolean().optional(),
});
export type UpdateBranchBody = z.infer<typeof UpdateBranchBody>;

export const updateBranch = route({
  api: 'main',
  method: 'POST',
  path: '/api/workspace/update-branch/{id}',
  summary: 'Renames a business unit, or makes it the headquarters',
  params: z.strictObject({ id: Id }),
  body: UpdateBranchBody,
  response: BusinessUnit,
  access: MANAGE,
  permission: 'organisation.manage',
});

export const DeleteBranchBody = z.strictObject({
  branchIds: z.array(Id).min(1, 'Choose at least one business unit').max(50),
  /** Where the deleted units' people go. Required when any of them has people. */
  moveUsersToBranchId: Id.optional(),
});
export type DeleteBranchBody = z.infer<typeof DeleteBranchBody>;

export const DeleteBranchResult = z.object({
  deletedBranchIds: z.array(z.string()),
  movedUsers: z.number().int(),
  deletedDepartments: z.number().int(),
});
export type DeleteBranchResult = z.infer<typeof DeleteBranchResult>;

export const deleteBranch = route({
  api: 'main',
  method: 'POST',
  path: '/api/workspace/delete-branch',
  summary: 'Deletes business units with their departments; their people move to moveUsersToBranchId with no department',
  body: DeleteBranchBody,
  response: DeleteBranchResult,
  access: MANAGE,
  permission: 'organisation.manage',
});

// ---------- Departments ----------

export const DepartmentRow = z.object({
  departmentId: z.string(),
  departmentName: z.string(),
  branchId: z.string(),
  branchName: z.string(),
  userCount: z.number().int(),
  managerCount: z.number().int(),
  createdAt: z.string(),
});
export type DepartmentRow = z.infer<typeof DepartmentRow>;

export const DepartmentQuery = z.strictObject({ branchId: Id.optional(), search: Search, ...Paging });
export type DepartmentQuery = { branchId?: string; search?: string; page?: number; pageSize?: number };

/** Not in api/endpoints.tsv: the paged, searchable list behind the departments screen. */
export const departmentPage = route({
  api: 'main',
  method: 'GET',
  path: '/api/department/search',
  summary: 'Departments with their unit, user and manager counts, paged and searchable; branchId filters by unit',
  query: DepartmentQuery,
  response: pageOf(DepartmentRow),
  access: READ,
  permission: 'organisation.read',
  apiKeyScope: 'people:read',
});

export const CreateDepartmentBody = z
  .strictObject({
    departmentName: Name,
    branchId: Id.optional(),
    /** Creates the department in every business unit (those that already have it are left alone). */
    allBranch: z.boolean().optional(),
  })
  .refine((b) => b.allBranch === true || b.branchId !== undefined, {
    message: 'Choose a business unit, or all',
    path: ['branchId'],
  });
export type CreateDepartmentBody = z.infer<typeof CreateDepartmentBody>;

export const createDepartment = route({
  api: 'main',
  method: 'POST',
  path: '/api/department',
  summary: 'Creates a department in one business unit or in all of them',
  body: CreateDepartmentBody,
  response: z.object({ created: z.array(DepartmentRow) }),
  access: MANAGE,
  permission: 'organisation.manage',
});

export const UpdateDepartmentBody = z.strictObject({ departmentName: Name });
export type UpdateDepartmentBody = z.infer<typeof UpdateDepartmentBody>;

export const updateDepartment = route({
  api: 'main',
  method: 'POST',
  path: '/api/department/update/{id}',
  summary: 'Renames a department',
  params: z.strictObject({ id: Id }),
  body: UpdateDepartmentBody,
  response: DepartmentRow,
  access: MANAGE,
  permission: 'organisation.manage',
});

export const DepartmentBranch = z.strictObject({ departmentId: Id, branchId: Id });
export const DeleteDepartmentsBody = z.strictObject({
  departmentBranches: z.array(DepartmentBranch).min(1, 'Choose at least one department').max(100),
});
export type DeleteDepartmentsBody = z.infer<typeof DeleteDepartmentsBody>;

export const DeleteDepartmentsResult = z.object({
  deleted: z.number().int(),
  usersWithoutDepartment: z.number().int(),
});
export type DeleteDepartmentsResult = z.infer<typeof DeleteDepartmentsResult>;

export const deleteDepartments = route({
  api: 'main',
  method: 'POST',
  path: '/api/department/delete',
  summary: 'Deletes departments (each named with its business unit); their people keep their unit, with no department',
  body: DeleteDepartmentsBody,
  response: DeleteDepartmentsResult,
  access: MANAGE,
  permission: 'organisation.manage',
});

// ---------- Department managers ----------

export const ManagerRole = z.enum(['HEAD', 'MANAGER']);
export type ManagerRole = z.infer<typeof ManagerRole>;
export const MANAGER_ROLE_LABELS: Record<ManagerRole, string> = { HEAD: 'Head of department', MANAGER: 'Manager' };

export const DepartmentManager = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: ManagerRole,
  appointedAt: z.string(),
});
export type DepartmentManager = z.infer<typeof DepartmentManager>;

export const AddManagerBody = z.strictObject({ userId: Id, role: ManagerRole });
export type AddManagerBody = z.infer<typeof AddManagerBody>;

export const addDepartmentManager = route({
  api: 'main',
  method: 'POST',
  path: '/api/department/{id}/manager',
  summary: 'Appoints a user of the workspace as a manager of the department (again: changes the role)',
  params: z.strictObject({ id: Id }),
  body: AddManagerBody,
  response: DepartmentManager,
  access: MANAGE,
  permission: 'organisation.manage',
});

export const departmentManagers = route({
  api: 'main',
  method: 'GET',
  path: '/api/department/{id}/managers',
  summary: "The department's managers",
  params: z.strictObject({ id: Id }),
  response: z.array(DepartmentManager),
  access: READ,
  permission: 'organisation.read',
});

export const removeDepartmentManager = route({
  api: 'main',
  method: 'DELETE',
  path: '/api/department/{id}/manager/{userId}',
  summary: 'Removes a manager from the department',
  params: z.strictObject({ id: Id, userId: Id }),
  response: z.object({ removed: z.boolean() }),
  access: MANAGE,
  permission: 'organisation.manage',
});

export const UserChoice = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  branchName: z.string().nullable(),
});
export type UserChoice = z.infer<typeof UserChoice>;

/** Not in api/endpoints.tsv: the user picker of the managers drawer (at most 20 matches). */
export const managerCandidates = route({
  api: 'main',
  method: 'GET',
  path: '/api/department/manager-candidates',
  summary: "Searches the workspace's active and invited users by name or email, for the manager picker",
  query: z.strictObject({ search: z.string().trim().max(100).default('') }),
  response: z.array(UserChoice),
  access: MANAGE,
  permission: 'organisation.manage',
});

// ---------- Branding ----------

export const workspaceColour = route({
  api: 'main',
  method: 'PUT',
  path: '/api/workspace/bg-color/{hex}',
  summary: "Sets the workspace's colour (tints the app's header and the sign-in page)",
  params: z.strictObject({ hex: HexColour }),
  response: z.object({ backgroundColor: z.string() }),
  access: ['WORKSPACE_ADMIN'],
  permission: 'branding.manage',
});

export const branchColour = route({
  api: 'main',
  method: 'PUT',
  path: '/api/workspace/branch/{id}/bg-color/{hex}',
  summary: "Sets a business unit's colour",
  params: z.strictObject({ id: Id, hex: HexColour }),
  response: BusinessUnit,
  access: MANAGE,
  permission: 'organisation.manage',
});

export const LOGO_FIELD = 'logo';
export const LOGO_MAX_BYTES = 512 * 1024;

/** Not in api/endpoints.tsv: the logo upload (multipart, field `logo`; PNG, JPEG or WebP, at most 512 KB). */
export const uploadLogo = route({
  api: 'main',
  method: 'POST',
  path: '/api/workspace/logo',
  summary: 'Uploads the workspace logo: PNG, JPEG or WebP (checked by content), at most 512 KB; never SVG',
  multipart: true,
  response: z.object({ companyLogo: z.string() }),
  access: ['WORKSPACE_ADMIN'],
  permission: 'branding.manage',
});

export const removeLogo = route({
  api: 'main',
  method: 'DELETE',
  path: '/api/workspace/logo',
  summary: 'Removes the workspace logo',
  response: z.object({ companyLogo: z.null() }),
  access: ['WORKSPACE_ADMIN'],
  permission: 'branding.manage',
});

/** The logo of the workspace at this host; `version` (its hash) makes the address change with the picture. */
export const workspaceLogo = route({
  api: 'main',
  method: 'GET',
  path: '/api/workspace/logo/{version}',
  summary: 'The logo image of the workspace served at this host (public: the sign-in page shows it)',
  params: z.strictObject({ version: z.string().regex(/^[0-9a-f]{8,64}$/) }),
  response: null,
  access: 'public',
});

// ---------- Workspace settings ----------

export const SignInMethod = z.enum(['GOOGLE', 'MICROSOFT']);
export type SignInMethod = z.infer<typeof SignInMethod>;

export const WorkspaceSettings = z.object({
  bulkSignUpEnabled: z.boolean(),
  /** The methods the workspace offers and the server can serve (a method the server is not configured for is left out). */
  socialPlatformSet: z.array(SignInMethod),
  /** The methods this server is configured for (OIDC_GOOGLE_*, OIDC_MICROSOFT_*): only these may be switched on. */
  availableSocialPlatforms: z.array(SignInMethod),
  /** Sign-in and sessions (docs/organisation.md): each may only be stricter than the platform's default. */
  minPasswordLength: z.number().int(),
  privilegedIdleMinutes: z.number().int(),
  privilegedSessionHours: z.number().int(),
  sessionLifetimeDays: z.number().int(),
  inviteValidDays: z.number().int(),
  /** The app's and the mails' language for members who chose none (docs/i18n.md). */
  defaultLanguage: CourseLanguage.optional(),
});
export type WorkspaceSettings = z.infer<typeof WorkspaceSettings>;

export const bulkSignupSetting = route({
  api: 'main',
  method: 'GET',
  path: '/api/workspace/bulk-signup-setting',
  summary: 'Whether people may sign themselves up, and which other sign-in methods the workspace offers',
  response: WorkspaceSettings,
  access: 'signed-in',
});

export const UpdateSettingsBody = z.strictObject({
  bulkSignUpEnabled: z.boolean().optional(),
  socialPlatformSet: z.array(SignInMethod).max(10).optional(),
  ...SessionPolicyFields,
  /** French only in a Canadian workspace (checked by the server). */
  defaultLanguage: CourseLanguage.optional(),
});
export type UpdateSettingsBody = z.infer<typeof UpdateSettingsBody>;

/** Not in api/endpoints.tsv: the settings update. */
export const updateWorkspaceSettings = route({
  api: 'main',
  method: 'PUT',
  path: '/api/workspace/settings',
  summary:
    'Turns bulk sign-up on or off, chooses the sign-in methods offered (Google, Microsoft), and sets the password minimum, session time-outs and invitation lifetime (each only stricter than the default)',
  body: UpdateSettingsBody,
  response: WorkspaceSettings,
  access: ['WORKSPACE_ADMIN'],
  permission: 'settings.manage',
});
