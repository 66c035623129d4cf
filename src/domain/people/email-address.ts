/**
 * The one email address rule of the product, on every screen, in every use case, contract and server route:
 * local@domain.tld with a top-level domain of two or more characters, no spaces, and none of the characters
 * that mail headers reserve (so an address never smuggles a second recipient or a display name into a message).
 */
export const EMAIL_PATTERN = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]{2,}$/;

/** The longest address SMTP carries (RFC 5321's path limit less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

/** Whether the text, trimmed, is an email address by the product's rule. */
export function isEmailAddress(text: string): boolean {
  const value = text.trim();
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}
