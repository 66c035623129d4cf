/** How many days before the contract's last day workspace admins are warned. */
export const EXPIRY_WARNING_DAYS = 30;

export type ContractState =
  | { kind: 'open-ended' }
  | { kind: 'active'; daysLeft: number }
  | { kind: 'expiring'; daysLeft: number }
  | { kind: 'expired' };

/**
 * `expiresOn` is the contract's last day (YYYY-MM-DD, UTC); the workspace closes the day after.
 * `today` is YYYY-MM-DD too, so the rule has no clock or time zone inside it.
 */
export function contractState(expiresOn: string | null | undefined, today: string): ContractState {
  if (!expiresOn) return { kind: 'open-ended' };
  const daysLeft = Math.round((Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  if (Number.isNaN(daysLeft)) return { kind: 'open-ended' };
  if (daysLeft < 0) return { kind: 'expired' };
  return daysLeft <= EXPIRY_WARNING_DAYS ? { kind: 'expiring', daysLeft } : { kind: 'active', daysLeft };
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
