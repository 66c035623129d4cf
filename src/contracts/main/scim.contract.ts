import { z } from 'zod';

/**
 * SCIM's Bulk messages (RFC 7644 section 3.7), checked by the server's `POST /scim/v2/Bulk`. Not a route contract: SCIM
 * has its own media type, error schema and discovery documents (docs/integrations.md), so its routes are declared in
 * server/main/scim. Wire shapes only.
 */
export const SCIM_BULK_REQUEST = 'urn:ietf:params:scim:api:messages:2.0:BulkRequest';
export const SCIM_BULK_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:BulkResponse';

/** At most this many operations in one request, and this many bytes (advertised in `/ServiceProviderConfig`). */
export const SCIM_BULK_MAX_OPERATIONS = 1000;
export const SCIM_BULK_MAX_PAYLOAD = 1024 * 1024;

export const ScimBulkMethod = z.enum(['POST', 'PUT', 'PATCH', 'DELETE']);
export type ScimBulkMethod = z.infer<typeof ScimBulkMethod>;

export const ScimBulkOperation = z
  .object({
    method: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), ScimBulkMethod),
    bulkId: z.string().min(1).max(100).optional(),
    version: z.string().max(100).optional(),
    path: z
      .string()
      .max(300)
      .regex(/^\/(Users|Groups)(\/[^/?#]+)?$/, 'path must be /Users, /Groups or one of theirs'),
    data: z.record(z.string(), z.unknown()).optional(),
  })
  .superRefine((op, ctx) => {
    const onOne = /^\/(Users|Groups)\/[^/]+$/.test(op.path);
    if (op.method === 'POST' && !op.bulkId)
      ctx.addIssue({ code: 'custom', path: ['bulkId'], message: 'POST needs a bulkId' });
    if (op.method === 'POST' && onOne)
      ctx.addIssue({ code: 'custom', path: ['path'], message: 'POST goes to /Users or /Groups' });
    if (op.method !== 'POST' && !onOne)
      ctx.addIssue({ code: 'custom', path: ['path'], message: `${op.method} needs the resource's path` });
    if (op.method !== 'DELETE' && !op.data)
      ctx.addIssue({ code: 'custom', path: ['data'], message: `${op.method} needs data` });
  });
export type ScimBulkOperation = z.infer<typeof ScimBulkOperation>;

export const ScimBulkRequest = z
  .object({
    schemas: z
      .array(z.string())
      .refine((s) => s.includes(SCIM_BULK_REQUEST), `schemas must include ${SCIM_BULK_REQUEST}`),
    failOnErrors: z.number().int().min(1).optional(),
    Operations: z.array(ScimBulkOperation).min(1).max(SCIM_BULK_MAX_OPERATIONS),
  })
  .superRefine((request, ctx) => {
    const seen = new Set<string>();
    request.Operations.forEach((op, i) => {
      if (!op.bulkId) return;
      if (seen.has(op.bulkId))
        ctx.addIssue({ code: 'custom', path: ['Operations', i, 'bulkId'], message: 'bulkId must be unique' });
      seen.add(op.bulkId);
    });
  });
export type ScimBulkRequest = z.infer<typeof ScimBulkRequest>;

export const ScimBulkOperationResult = z.object({
  method: ScimBulkMethod,
  bulkId: z.string().optional(),
  version: z.string().optional(),
  /** The resource's URL, when there is one (a create that succeeded, or the operation's own target). */
  location: z.string().optional(),
  /** The HTTP status the same single call would answer, as a string (RFC 7644 3.7.3). */
  status: z.string(),
  /** On an error: SCIM's error body. */
  response: z.record(z.string(), z.unknown()).optional(),
});
export type ScimBulkOperationResult = z.infer<typeof ScimBulkOperationResult>;

export const ScimBulkResponse = z.object({
  schemas: z.array(z.literal(SCIM_BULK_RESPONSE)),
  Operations: z.array(ScimBulkOperationResult),
});
export type ScimBulkResponse = z.infer<typeof ScimBulkResponse>;
