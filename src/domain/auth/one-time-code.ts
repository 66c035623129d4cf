/** One-time codes (sign-in by email or SMS, password reset): 6 digits, single use, short-lived. */
export const ONE_TIME_CODE_LENGTH = 6;
export const ONE_TIME_CODE_TTL_MINUTES = 10;
/** Wrong tries one code allows before it is burnt. */
export const MAX_TRIES_PER_CODE = 5;
/** Consecutive wrong codes (across re-sends) after which the account is locked and its admins told. */
export const LOCKOUT_AFTER_FAILURES = 100;
/** How long that lock lasts unless an admin lifts it sooner ("Unlock account" on the person's page). */
export const LOCKOUT_MINUTES = 60;

export function looksLikeOneTimeCode(value: string): boolean {
  return new RegExp(`^\\d{${ONE_TIME_CODE_LENGTH}}$`).test(value.trim());
}
