/** A pragmatic email shape: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function looksLikeEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** The spec's rule: an identifier that looks like an email is sent as userEmail, otherwise as username. */
export function signInIdentifier(identifier: string): { userEmail: string } | { username: string } {
  const trimmed = identifier.trim();
  return looksLikeEmail(trimmed) ? { userEmail: trimmed.toLowerCase() } : { username: trimmed };
}
