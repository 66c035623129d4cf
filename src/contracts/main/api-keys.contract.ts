import { z } from 'zod';
import { API_KEY_MAX_DAYS, ApiKeyScope } from '../../domain/integrations/api-keys';
import { IdParams, route } from '../route';

/**
 * Workspace API keys (docs/integrations.md): machines call the APIs with `Authorization: Bearer <key>` on the
 * workspace's host. Not in api/endpoints.tsv; the issue names the path `/api/api-keys`.
 */
export const ApiKey = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(ApiKeyScope),
  /** The key's visible start (`spk_` and 8 characters), to tell keys apart; the rest is never shown again. */
  hint: z.string(),
  status: z.enum(['active', 'expired', 'revoked']),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

export const CreateApiKeyBody = z.strictObject({
  name: z.string().trim().min(1, 'Name the key').max(100, 'At most 100 characters'),
  scopes: z
    .array(ApiKeyScope)
    .min(1, 'Choose at least one scope')
    .max(ApiKeyScope.options.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'A scope is named twice'),
  expiresInDays: z
    .number()
    .int('Whole days')
    .min(1, 'At least 1 day')
    .max(API_KEY_MAX_DAYS, `At most ${API_KEY_MAX_DAYS} days`),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

/** The new key and its secret: the only answer that ever carries the secret. */
export const CreatedApiKey = z.object({ key: ApiKey, secret: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const listApiKeys = route({
  api: 'main',
  method: 'GET',
  path: '/api/api-keys',
  summary: "The workspace's API keys, newest first, with their last use (never their secrets)",
  response: z.object({ items: z.array(ApiKey) }),
  access: ['WORKSPACE_ADMIN'],
});

export const createApiKey = route({
  api: 'main',
  method: 'POST',
  path: '/api/api-keys',
  summary: 'Creates an API key with a name, scopes and an expiry; its secret is in this answer only',
  body: CreateApiKeyBody,
  response: CreatedApiKey,
  access: ['WORKSPACE_ADMIN'],
});

export const revokeApiKey = route({
  api: 'main',
  method: 'DELETE',
  path: '/api/api-keys/{id}',
  summary: 'Revokes an API key at once: every later call with it answers 401',
  params: IdParams,
  response: ApiKey,
  access: ['WORKSPACE_ADMIN'],
});

/** What a SCIM Group is in this workspace (docs/integrations.md, "Groups"). */
export const ScimSettings = z.object({ groups: z.enum(['DEPARTMENT', 'BUSINESS_UNIT']) });
export type ScimSettings = z.infer<typeof ScimSettings>;

export const scimSettings = route({
  api: 'main',
  method: 'GET',
  path: '/api/scim/settings',
  summary: "The workspace's SCIM settings: whether SCIM Groups are its departments or its business units",
  response: ScimSettings,
  access: ['WORKSPACE_ADMIN'],
});

export const updateScimSettings = route({
  api: 'main',
  method: 'PUT',
  path: '/api/scim/settings',
  summary: 'Chooses whether SCIM Groups are the departments or the business units',
  body: z.strictObject({ groups: ScimSettings.shape.groups }),
  response: ScimSettings,
  access: ['WORKSPACE_ADMIN'],
});
