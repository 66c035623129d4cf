import { z } from 'zod';
import { ModuleKey } from '../../domain/platform/workspace-modules';
import { parseWorkspaceUrl } from '../../domain/platform/workspace-url';
import { Id, IdParams, Ok, pageOf, route } from '../route';
import { EMAIL_PATTERN } from '../../domain/people/email-address';

/**
 * The platform admin's workspace console (main site only). The workspace is named by id in the path or body:
 * these calls act on customers' workspaces from the main site, never from a workspace's own host.
 */

/** A host name (checked by the domain rule; the server stores its normalised form). */
const WorkspaceUrl = z
  .string()
  .trim()
  .toLowerCase()
  .max(260)
  .superRefine((value, ctx) => {
    const parsed = parseWorkspaceUrl(value);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.reason });
  });

/** A calendar day, YYYY-MM-DD. */
export const IsoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give a date as YYYY-MM-DD')
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'Not a date',
  );

export const UserLimit = z.number().int('Give a whole number').min(1, 'At least 1 (the first admin)').max(1_000_000);

export const WorkspaceModules = z.object({
  courses: z.boolean(),
  'concerned-authority': z.boolean(),
  compliance: z.boolean(),
});
export type WorkspaceModules = z.infer<typeof WorkspaceModules>;

export const WorkspaceListItem = z.object({
  workspaceId: z.string(),
  companyName: z.string(),
  workspaceUrl: z.string(),
  userCount: z.number().int(),
  userLimit: z.number().int().nullable(),
  contractExpiresOn: z.string().nullable(),
  createdAt: z.string(),
});
export type WorkspaceListItem = z.infer<typeof WorkspaceListItem>;

export const WorkspaceDetails = WorkspaceListItem.extend({
  modules: WorkspaceModules,
  /** Invited but not yet signed in. */
  invitedCount: z.number().int(),
  headquarterName: z.string().nullable(),
});
export type WorkspaceDetails = z.infer<typeof WorkspaceDetails>;

export const ListWorkspacesBody = z.strictObject({
  page: z.number().int().min(0).default(0),
  pageSize: z.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(200).optional(),
});
export type ListWorkspacesBody = z.input<typeof ListWorkspacesBody>;

export const WorkspacePage = pageOf(WorkspaceListItem);
export type WorkspacePage = z.infer<typeof WorkspacePage>;

export const listWorkspaces = route({
  api: 'main',
  method: 'POST',
  path: '/api/admin/workspace',
  summary: 'Workspaces, a page at a time (zero-based), optionally those whose name or host contains `search`',
  body: ListWorkspacesBody,
  response: WorkspacePage,
  access: 'platform-admin',
});

const SearchParams = z.strictObject({ q: z.string().trim().min(1).max(200) });

export const searchWorkspaces = route({
  api: 'main',
  method: 'GET',
  path: '/api/workspace/search/{q}',
  summary: 'Up to 20 workspaces whose company name contains q',
  params: SearchParams,
  response: z.array(WorkspaceListItem),
  access: 'platform-admin',
});

export const searchWorkspacesByNameOrUrl = route({
  api: 'main',
  method: 'GET',
  path: '/api/workspace/search/name-url/{q}',
  summary: 'Up to 20 workspaces whose company name or host contains q',
  params: SearchParams,
  response: z.array(WorkspaceListItem),
  access: 'platform-admin',
});

export const workspaceDetails = route({
  api: 'main',
  method: 'GET',
  path: '/api/admin/workspace/{id}',
  summary: 'One workspace: users, limit, contract expiry, modules, creation date',
  params: IdParams,
  response: WorkspaceDetails,
  access: 'platform-admin',
});

export const CreateWorkspaceBody = z.strictObject({
  companyName: z.string().trim().min(1, 'Give the company name').max(200),
  workspaceUrl: WorkspaceUrl,
  adminEmail: z
    .string()
    .trim()
    .toLowerCase()
    .email({ pattern: EMAIL_PATTERN, message: 'Not an email address' })
    .max(254),
  adminFirstName: z.string().trim().min(1, "Give the admin's first name").max(100),
  adminLastName: z.string().trim().max(100).default(''),
  userLimit: UserLimit.nullable().optional(),
  contractExpiresOn: IsoDay.nullable().optional(),
  /**
   * The jurisdiction the workspace operates in, a code of the catalogue (IN, IN-KA, CA-FED, ...): declared as its
   * compliance page does, and choosing the statutory complaint process it starts with (docs/case.md). None: the
   * general process.
   */
  jurisdictionCode: z.string().trim().toUpperCase().max(10).nullable().optional(),
});
export type CreateWorkspaceBody = z.input<typeof CreateWorkspaceBody>;

/** Not in api/endpoints.tsv (which lists no create call): the console needs one. */
export const createWorkspace = route({
  api: 'main',
  method: 'POST',
  path: '/api/admin/workspace/create',
  summary: 'Creates a workspace, its headquarters business unit, and its first admin, who is sent an invitation',
  body: CreateWorkspaceBody,
  response: WorkspaceDetails,
  access: 'platform-admin',
});

export const deleteWorkspace = route({
  api: 'main',
  method: 'DELETE',
  path: '/api/workspace/{id}',
  summary: 'Deletes a workspace and everything in it: users, sessions, courses, workflows, files records',
  params: IdParams,
  response: Ok,
  access: 'platform-admin',
});

export const UpdateWorkspaceUrlBody = z.strictObject({ workspaceId: Id, workspaceUrl: WorkspaceUrl });
export type UpdateWorkspaceUrlBody = z.input<typeof UpdateWorkspaceUrlBody>;

export const updateWorkspaceUrl = route({
  api: 'main',
  method: 'PUT',
  path: '/api/workspace/update-workspace-url',
  summary: 'Moves a workspace to another host: the old host stops serving it at once and its sessions end',
  body: UpdateWorkspaceUrlBody,
  response: WorkspaceDetails,
  access: 'platform-admin',
});

export const SetUserLimitBody = z.strictObject({ workspaceId: Id, userLimit: UserLimit.nullable() });
export type SetUserLimitBody = z.input<typeof SetUserLimitBody>;

export const setUserLimit = route({
  api: 'main',
  method: 'PUT',
  path: '/api/admin/workspace-user-limit',
  summary: 'The most users a workspace may have (null: no limit); invites and imports past it are refused',
  body: SetUserLimitBody,
  response: WorkspaceDetails,
  access: 'platform-admin',
});

export const SetContractExpiryBody = z.strictObject({ workspaceId: Id, contractExpiresOn: IsoDay.nullable() });
export type SetContractExpiryBody = z.input<typeof SetContractExpiryBody>;

export const setContractExpiry = route({
  api: 'main',
  method: 'PUT',
  path: '/api/admin/workspace/contract/expiry-date',
  summary: "The contract's last day (null: open-ended); after it the workspace is closed, its data kept",
  body: SetContractExpiryBody,
  response: WorkspaceDetails,
  access: 'platform-admin',
});

export const WorkspaceNav = z.object({ workspaceId: z.string(), modules: WorkspaceModules });
export type WorkspaceNav = z.infer<typeof WorkspaceNav>;

export const workspaceModules = route({
  api: 'main',
  method: 'GET',
  path: '/api/admin/workspace-nav/{id}',
  summary: "A workspace's module switches (all allowed by default)",
  params: IdParams,
  response: WorkspaceNav,
  access: 'platform-admin',
});

export const SetWorkspaceModulesBody = z.strictObject({
  workspaceId: Id,
  modules: z
    .partialRecord(ModuleKey, z.boolean())
    .refine((m) => Object.keys(m).length > 0, 'Switch at least one module'),
});
export type SetWorkspaceModulesBody = z.input<typeof SetWorkspaceModulesBody>;

export const setWorkspaceModules = route({
  api: 'main',
  method: 'POST',
  path: '/api/admin/workspace-nav',
  summary: 'Switches modules on or off for a workspace: a switched-off module leaves its menu and its API answers 403',
  body: SetWorkspaceModulesBody,
  response: WorkspaceNav,
  access: 'platform-admin',
});
