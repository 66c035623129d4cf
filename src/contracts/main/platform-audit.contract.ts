import { z } from 'zod';
import { pageOf, route } from '../route';

export const PlatformAuditEvent = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  /** The platform admin who acted. */
  actor: z.string().nullable(),
  /** The workspace concerned (its name then; a deleted workspace's from the event). */
  workspace: z.string().nullable(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type PlatformAuditEvent = z.infer<typeof PlatformAuditEvent>;

export const PlatformAuditQuery = z.strictObject({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  workspaceId: z.string().uuid().optional(),
});

/** Not in api/endpoints.tsv: the organisation issue asks for the platform admin's own audit trail. */
export const platformAuditEvents = route({
  api: 'main',
  method: 'GET',
  path: '/api/admin/audit/events',
  summary: "The platform admins' actions (workspaces, flags, limits, manuals, allow-lists, user edits), newest first",
  query: PlatformAuditQuery,
  response: pageOf(PlatformAuditEvent),
  access: 'platform-admin',
});
