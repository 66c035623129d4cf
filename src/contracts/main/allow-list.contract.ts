import { z } from 'zod';
import { ALLOW_LIST_ENTRY_HINT, parseAllowListEntry } from '../../domain/platform/allow-list';
import { Id, pageOf, PageQuery, route } from '../route';

export const AllowListEntry = z.object({
  entryId: z.string(),
  workspaceId: z.string(),
  entry: z.string(),
  kind: z.enum(['EMAIL', 'DOMAIN']),
  createdAt: z.string(),
});
export type AllowListEntry = z.infer<typeof AllowListEntry>;

export const AllowListEntryText = z
  .string()
  .trim()
  .max(254)
  .toLowerCase()
  .refine((value) => parseAllowListEntry(value) !== null, ALLOW_LIST_ENTRY_HINT);

export const AddToAllowListBody = z.strictObject({ workspaceId: Id, email: AllowListEntryText });
export type AddToAllowListBody = z.infer<typeof AddToAllowListBody>;

export const addToAllowList = route({
  api: 'main',
  method: 'POST',
  path: '/api/admin/add-email-to-whitelist',
  summary:
    'Allow an address or a whole domain (@example.com) to sign up to a workspace (platform admin). 409 when listed',
  body: AddToAllowListBody,
  response: AllowListEntry,
  access: 'platform-admin',
});

/** The bulk file: multipart with a `workspaceId` field and a `file` part (.csv or .xlsx, first column, at most 1 MB). */
export const ALLOW_LIST_FILE_FIELD = 'file';
export const ALLOW_LIST_WORKSPACE_FIELD = 'workspaceId';
export const ALLOW_LIST_MAX_FILE_BYTES = 1024 * 1024;
export const ALLOW_LIST_MAX_LINES = 10_000;

export const AllowListImport = z.object({
  lines: z.number().int(),
  added: z.number().int(),
  alreadyListed: z.number().int(),
});
export type AllowListImport = z.infer<typeof AllowListImport>;

export const importAllowList = route({
  api: 'main',
  method: 'POST',
  path: '/api/admin/add-email-to-whitelist/bulk',
  summary:
    'Add every address or domain of a CSV or XLSX file (first column; a header "email" is skipped). All or nothing: a bad line is a 400 naming each bad line',
  multipart: true,
  response: AllowListImport,
  access: 'platform-admin',
});

export const WorkspaceParams = z.strictObject({ id: Id });

/** Not in api/endpoints.tsv: the platform admin's view of a workspace's list, paged, searchable. */
export const allowListEntries = route({
  api: 'main',
  method: 'GET',
  path: '/api/admin/workspace/{id}/email-whitelist',
  summary: "A workspace's sign-up allow-list, newest first; q filters by text (platform admin)",
  params: WorkspaceParams,
  query: PageQuery.extend({ q: z.string().trim().max(254).optional() }).strict(),
  response: pageOf(AllowListEntry),
  access: 'platform-admin',
});

/** Not in api/endpoints.tsv: removing one entry. Another workspace's entry answers 404. */
export const removeFromAllowList = route({
  api: 'main',
  method: 'DELETE',
  path: '/api/admin/workspace/{id}/email-whitelist/{entryId}',
  summary: "Remove one entry from a workspace's sign-up allow-list (platform admin)",
  params: z.strictObject({ id: Id, entryId: Id }),
  response: z.object({ ok: z.literal(true) }),
  access: 'platform-admin',
});

// ---------- The workspace admins' own list (not in api/endpoints.tsv; beside the workspace settings) ----------

export const AddToWorkspaceAllowListBody = z.strictObject({ email: AllowListEntryText });
export type AddToWorkspaceAllowListBody = z.infer<typeof AddToWorkspaceAllowListBody>;

/** The list of the workspace at this host, paged, searchable; its admins see only their own. */
export const workspaceAllowList = route({
  api: 'main',
  method: 'GET',
  path: '/api/workspace/signup-allow-list',
  summary: "This workspace's sign-up allow-list, newest first; q filters by text (workspace admin)",
  query: PageQuery.extend({ q: z.string().trim().max(254).optional() }).strict(),
  response: pageOf(AllowListEntry),
  access: ['WORKSPACE_ADMIN'],
});

export const addToWorkspaceAllowList = route({
  api: 'main',
  method: 'POST',
  path: '/api/workspace/signup-allow-list',
  summary:
    'Allow an address or a whole domain (@example.com) to sign up to this workspace (workspace admin). 409 when listed',
  body: AddToWorkspaceAllowListBody,
  response: AllowListEntry,
  access: ['WORKSPACE_ADMIN'],
});

/** Another workspace's entry answers 404. */
export const removeFromWorkspaceAllowList = route({
  api: 'main',
  method: 'DELETE',
  path: '/api/workspace/signup-allow-list/{entryId}',
  summary: "Remove one entry from this workspace's sign-up allow-list (workspace admin)",
  params: z.strictObject({ entryId: Id }),
  response: z.object({ ok: z.literal(true) }),
  access: ['WORKSPACE_ADMIN'],
});
