import { z } from 'zod';
import { Role } from '../../domain/auth/roles';
import { DirectoryFilterFields, DirectorySort, UserStatus } from '../../domain/people/directory';
import { pageOf, route } from '../route';
import { EMAIL_PATTERN } from '../../domain/people/email-address';

const ADMINS = ['WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'] as const;

export const DirectoryUser = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  employeeId: z.string().nullable(),
  designation: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  role: Role,
  status: UserStatus,
  branchId: z.string().nullable(),
  branchName: z.string().nullable(),
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable(),
  dateOfJoining: z.string().nullable(),
  createdAt: z.string(),
  /** For invited people: when their link was last sent (null: never) and when it stops working. */
  invite: z.object({ sentAt: z.string().nullable(), expiresAt: z.string() }).nullable(),
  /** False for someone who signed up and has not yet opened the confirmation link (they cannot sign in yet). */
  emailConfirmed: z.boolean(),
  /** While the account is locked after too many wrong one-time codes: when the lock ends by itself. */
  lockedUntil: z.string().nullable(),
});
export type DirectoryUser = z.infer<typeof DirectoryUser>;

/** One page of the directory: filters, sort and paging (zero-based page on the wire). */
export const DirectoryQuery = z.strictObject({
  page: z.number().int().min(0).max(100_000).default(0),
  pageSize: z.number().int().min(1).max(100).default(20),
  sortBy: DirectorySort.default('name'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  ...DirectoryFilterFields,
});
export type DirectoryQuery = z.input<typeof DirectoryQuery>;

export const workspaceUsers = route({
  api: 'main',
  method: 'POST',
  path: '/api/workspace/users',
  summary:
    'The directory: one page of users, filtered by business unit, department, role, status and joining date, sorted',
  body: DirectoryQuery,
  response: pageOf(DirectoryUser),
  access: ADMINS,
  permission: 'people.manage',
  apiKeyScope: 'people:read',
});

export const DirectorySearchQuery = DirectoryQuery.extend({ searchText: z.string().trim().min(1).max(100) });
export type DirectorySearchQuery = z.input<typeof DirectorySearchQuery>;

export const workspaceUsersSearch = route({
  api: 'main',
  method: 'POST',
  path: '/api/workspace/users/search',
  summary:
    'The directory filtered as /api/workspace/users and narrowed to names, emails or employee ids starting with searchText',
  body: DirectorySearchQuery,
  response: pageOf(DirectoryUser),
  access: ADMINS,
  permission: 'people.manage',
  apiKeyScope: 'people:read',
});

export const UserSearchCategory = z.enum(['ALL', 'NAME', 'EMAIL', 'EMPLOYEE_ID']);

export const userSearch = route({
  api: 'main',
  method: 'POST',
  path: '/api/user/search',
  summary: 'Quick search for pickers: at most 20 users whose name, email or employee id starts with searchText',
  body: z.strictObject({
    category: UserSearchCategory.default('ALL'),
    searchText: z.string().trim().min(1).max(100),
    includeNonActive: z.boolean().default(false),
  }),
  response: z.array(DirectoryUser),
  access: ADMINS,
  permission: 'people.manage',
  apiKeyScope: 'people:read',
});

export const UserStats = z.object({
  total: z.number().int(),
  byStatus: z.record(UserStatus, z.number().int()),
  byRole: z.record(Role, z.number().int()),
  byBranch: z.array(z.object({ branchId: z.string().nullable(), branchName: z.string(), count: z.number().int() })),
});
export type UserStats = z.infer<typeof UserStats>;

export const userStats = route({
  api: 'main',
  method: 'GET',
  path: '/api/workspace/users/stats',
  summary: 'Totals of the users the caller may see, by status, role and business unit',
  response: UserStats,
  access: ADMINS,
  permission: 'people.manage',
  apiKeyScope: 'people:read',
});

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const UserUpdate = z
  .strictObject({
    firstName: z.string().trim().min(1).max(100).optional(),
    lastName: z.string().trim().max(100).optional(),
    employeeId: optionalText(64),
    designation: optionalText(100),
    phoneNumber: optionalText(32),
    dateOfJoining: z.iso.date().nullable().optional(),
    branchId: z.string().uuid().optional(),
    departmentId: z.string().uuid().nullable().optional(),
    role: Role.optional(),
    status: z.enum(['ACTIVE', 'INACTIVE']).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });
export type UserUpdate = z.infer<typeof UserUpdate>;

export const updateUser = route({
  api: 'main',
  method: 'POST',
  path: '/api/user/update/{id}',
  summary: "Edit a user's details, business unit, department, role or status (deactivating ends their sessions)",
  params: z.strictObject({ id: z.string().uuid() }),
  body: UserUpdate,
  response: DirectoryUser,
  access: ADMINS,
  permission: 'people.manage',
  apiKeyScope: 'people:write',
});

export const DeleteResult = z.object({ deleted: z.number().int() });

export const deleteUser = route({
  api: 'main',
  method: 'DELETE',
  path: '/api/user/{id}',
  summary: 'Delete one user, with their sessions, invitation and training assignments',
  params: z.strictObject({ id: z.string().uuid() }),
  response: DeleteResult,
  access: ADMINS,
  permission: 'people.manage',
});

export const deleteUsersBulk = route({
  api: 'main',
  method: 'POST',
  path: '/api/user/delete/bulk',
  summary: 'Delete many users at once: all or none',
  body: z.strictObject({ ids: z.array(z.string().uuid()).min(1).max(1000) }),
  response: DeleteResult,
  access: ADMINS,
  permission: 'people.manage',
});

export const DeleteByFileResult = z.object({
  /** People of this workspace (within the caller's reach) whose email is in the file. */
  matched: z.number().int(),
  deleted: z.number().int(),
  /** Emails of the file nobody here has (the first 50), and how many in all. */
  unknown: z.array(z.string()),
  unknownCount: z.number().int(),
  /** People the caller may not delete, with the reason (yourself, the last admin, a higher role). */
  refused: z.array(z.object({ email: z.string(), reason: z.string() })),
});
export type DeleteByFileResult = z.infer<typeof DeleteByFileResult>;

export const deleteUsersByFile = route({
  api: 'main',
  method: 'POST',
  path: '/api/user/delete/bulk/file',
  summary:
    'Delete the people whose emails a CSV/XLSX file lists: without confirm=true only says who would go; with it, all or none',
  query: z.strictObject({ confirm: z.enum(['true', 'false']).default('false') }),
  multipart: true,
  response: DeleteByFileResult,
  access: ADMINS,
  permission: 'people.manage',
});

export const NewUser = z.strictObject({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ pattern: EMAIL_PATTERN }).max(254)),
  firstName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
  branchId: z.string().uuid(),
  departmentId: z.string().uuid().nullable().optional(),
  role: Role.default('EMPLOYEE'),
});
export type NewUser = z.input<typeof NewUser>;

export const createUsersBulk = route({
  api: 'main',
  method: 'POST',
  path: '/api/user/create/bulk',
  summary: 'Create many people at once, as invited but not yet mailed (send later); all or none when a row is invalid',
  body: z.strictObject({ users: z.array(NewUser).min(1).max(1000) }),
  response: z.object({
    created: z.number().int(),
    skipped: z.array(z.object({ email: z.string(), reason: z.string() })),
  }),
  access: ADMINS,
  permission: 'people.manage',
  apiKeyScope: 'people:write',
});
