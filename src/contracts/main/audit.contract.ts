import { z } from 'zod';
import { pageOf, route } from '../route';

export const AuditEvent = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  actor: z.string().nullable(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditQuery = z.strictObject({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  action: z.string().trim().min(1).max(64).optional(),
  /** security: sign-ins, codes, resets, lock-outs (UPPER_SNAKE actions); admin: changes made by admins (dotted names, e.g. branch.created). */
  category: z.enum(['security', 'admin']).optional(),
});
export type AuditCategory = 'security' | 'admin';

/** Not in api/endpoints.tsv: the spec has no call for reading the audit trail, which the identity issue asks for. */
export const auditEvents = route({
  api: 'main',
  method: 'GET',
  path: '/api/audit/events',
  summary: "The workspace's security and admin events, newest first (who, what, when, from where)",
  query: AuditQuery,
  response: pageOf(AuditEvent),
  access: ['WORKSPACE_ADMIN'],
  permission: 'audit.read',
});
