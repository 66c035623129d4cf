/**
 * The sign-up allow-list of a workspace: an entry is one email address ("ana@acme.com") or a whole domain
 * ("@acme.com"). Stored in lower case, so the same address typed twice is kept once.
 */
export interface AllowListEntryValue {
  entry: string;
  kind: 'EMAIL' | 'DOMAIN';
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const LOCAL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}$/;

export function parseAllowListEntry(text: string): AllowListEntryValue | null {
  const value = text.trim().toLowerCase();
  if (value.length === 0 || value.length > 254) return null;
  if (value.startsWith('@')) return DOMAIN.test(value.slice(1)) ? { entry: value, kind: 'DOMAIN' } : null;
  const at = value.lastIndexOf('@');
  if (at <= 0) return null;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!LOCAL.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return null;
  return DOMAIN.test(domain) ? { entry: value, kind: 'EMAIL' } : null;
}

/** Whether an address is covered by the entries: listed itself, or its domain is. */
export function allowedBy(entries: readonly string[], email: string): boolean {
  const value = email.trim().toLowerCase();
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  return entries.includes(value) || entries.includes(value.slice(at));
}

export const ALLOW_LIST_ENTRY_HINT = 'An email address (ana@example.com) or a whole domain (@example.com)';
