import { z } from 'zod';
import { route } from '../route';

/**
 * The user manual. Publishing is multipart: an optional `workspaceId` field (absent: for every workspace) and
 * either a `markdown` part (the text, as a field or a file part) or a `file` part (a PDF of at most 10 MB).
 */
export const MANUAL_WORKSPACE_FIELD = 'workspaceId';
export const MANUAL_MARKDOWN_FIELD = 'markdown';
export const MANUAL_FILE_FIELD = 'file';

const ManualCommon = {
  /** null: published for every workspace. */
  workspaceId: z.string().nullable(),
  publishedAt: z.string(),
};

export const UserManual = z.discriminatedUnion('format', [
  z.object({ format: z.literal('MARKDOWN'), markdown: z.string(), ...ManualCommon }),
  z.object({
    format: z.literal('PDF'),
    fileName: z.string(),
    byteSize: z.number().int(),
    /** Same-origin address of the PDF (relative to the main API's base URL); works as a link or a frame source. */
    fileUrl: z.string(),
    ...ManualCommon,
  }),
]);
export type UserManual = z.infer<typeof UserManual>;

export const UserManualAnswer = z.object({ manual: UserManual.nullable() });
export type UserManualAnswer = z.infer<typeof UserManualAnswer>;

export const userManual = route({
  api: 'main',
  method: 'GET',
  path: '/api/user-manual',
  summary: "The user manual of the caller's workspace: its own, else the one for every workspace, else none",
  response: UserManualAnswer,
  access: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'],
  permission: 'manual.read',
});

export const publishUserManual = route({
  api: 'main',
  method: 'POST',
  path: '/api/user-manual',
  summary: 'Publish (replace) the user manual of one workspace or of all, as Markdown or a PDF (platform admin)',
  multipart: true,
  response: UserManualAnswer,
  access: 'platform-admin',
});

export const ManualFileParams = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a manual file address'),
});

/** Not in api/endpoints.tsv: the PDF itself. The random token in the path is the capability (see docs/platform-tools.md). */
export const userManualFile = route({
  api: 'main',
  method: 'GET',
  path: '/api/user-manual/file/{token}',
  summary: 'The PDF of a published user manual, by the address GET /api/user-manual gives',
  params: ManualFileParams,
  response: null,
  access: 'public',
});

/** Not in api/endpoints.tsv: the platform admin's view of one scope's manual, without the fallback. */
export const publishedUserManual = route({
  api: 'main',
  method: 'GET',
  path: '/api/admin/user-manual',
  summary: 'The manual published for exactly this scope (workspaceId, or none for every workspace), platform admin',
  query: z.strictObject({ workspaceId: z.string().uuid().optional() }),
  response: UserManualAnswer,
  access: 'platform-admin',
});
