import { isEmailAddress } from '../people/email-address';

export function looksLikeEmail(value: string): boolean {
  return isEmailAddress(value);
}

/** The spec's rule: an identifier that looks like an email is sent as userEmail, otherwise as username. */
export function signInIdentifier(identifier: string): { userEmail: string } | { username: string } {
  const trimmed = identifier.trim();
  return looksLikeEmail(trimmed) ? { userEmail: trimmed.toLowerCase() } : { username: trimmed };
}
