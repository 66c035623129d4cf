import { z } from 'zod';
import type { Role } from '../auth/roles';

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

/**
 * What a key with `people:write` may not do, though it works as a workspace admin: give or change a role (a key that
 * could invite an admin at an address it controls would make itself a person with every right), change someone who is
 * not an employee, or change a phone number (a sign-in factor: one-time codes go to it). Null when allowed.
 */
export function apiKeyPeopleProblem(change: {
  roles?: readonly Role[];
  targetRole?: Role;
  fields?: readonly string[];
}): string | null {
  if (change.roles?.some((role) => role !== 'EMPLOYEE'))
    return 'An API key creates and invites employees only: other roles are given by a workspace admin';
  if (change.targetRole && change.targetRole !== 'EMPLOYEE')
    return 'An API key changes employees only: people with another role are changed by a workspace admin';
  if (change.fields?.includes('role')) return "An API key may not change a person's role";
  if (change.fields?.includes('phoneNumber'))
    return "An API key may not change a person's phone number: one-time sign-in codes are sent to it";
  return null;
}
