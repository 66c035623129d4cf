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
  summary: "Allow an address or a whole domain (@example.com) to sign up to a workspace (platform admin). 409 when listed",
  body: AddToAllowListBody,
  response: AllowListEntry,
  access: 'platform-admin',
});

/** The bulk file: multipart with a `workspaceId` field and a `file` part (.csv or .xlsx, first column, at most 1 MB). */
export const ALLOW_LIST_FILE_FIELD = 'file';
export const ALLOW_LIST_WORKSPACE_FIELD = 'workspaceId';
export const ALLOW_LIST_MAX_FILE_BYTES = 1024 * 1024;
export const ALLOW_LIST_MAX_LINES = 10_000;

export const AllowListImport = z.object({ lines: z.number().int(), added: z.number().int(), alreadyListed: z.number().int() });
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
