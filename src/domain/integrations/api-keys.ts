import { z } from 'zod';

/**
 * What a workspace API key may reach (docs/integrations.md). A route names at most one scope in its contract
 * (`apiKeyScope`); a key reaches a route only when it holds that scope, and no route without one.
 */
export const ApiKeyScope = z.enum(['scim', 'reports:read', 'people:read', 'people:write', 'training:read']);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

/** Scopes whose every use is written to the workspace's security log as made by the key. */
export const WRITE_SCOPES: readonly ApiKeyScope[] = ['scim', 'people:write'];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  scim: 'Provision people (SCIM)',
  'reports:read': 'Read reports',
  'people:read': 'Read people',
  'people:write': 'Change people',
  'training:read': 'Read training',
};

/**
 * Every key starts with this, so a secret pasted where it should not be is recognisable (secret scanners, logs), and
 * the server tells a key from a session token before any lookup.
 */
export const API_KEY_PREFIX = 'spk_';

/** A key's visible start, kept in clear to tell keys apart in the list: the prefix and 8 characters. */
export const API_KEY_HINT_LENGTH = API_KEY_PREFIX.length + 8;

export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** The longest a key may live: a year; the admin picks an expiry up to that. */
export const API_KEY_MAX_DAYS = 366;
