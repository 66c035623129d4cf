import { z } from 'zod';
import { route } from '../route';

export const WorkspaceOption = z.object({
  workspaceId: z.string(),
  workspaceUrl: z.string(),
  companyName: z.string(),
  active: z.boolean(),
});
export type WorkspaceOption = z.infer<typeof WorkspaceOption>;

export const WORKSPACE_OPTIONS_LIMIT = 50;

/**
 * Not in api/endpoints.tsv: the platform tools' workspace pickers. A small search (name or address contains q),
 * at most WORKSPACE_OPTIONS_LIMIT answers; the workspaces list of the platform console is a separate, paged call.
 */
export const workspaceOptions = route({
  api: 'main',
  method: 'GET',
  path: '/api/admin/workspace-options',
  summary: 'Workspaces whose name or address contains q, for pickers (platform admin; at most 50)',
  query: z.strictObject({ q: z.string().trim().max(253).optional() }),
  response: z.array(WorkspaceOption),
  access: 'platform-admin',
});
