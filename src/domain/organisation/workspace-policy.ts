import { z } from 'zod';
import { DEFAULT_MIN_PASSWORD_LENGTH, LOWEST_MIN_PASSWORD_LENGTH } from '../auth/password-policy';

/**
 * What a workspace may set about sign-in, sessions and invitations. Every setting may only make the platform's
 * default stricter (a shorter time, a longer password), never looser: the bounds below are the defaults' limits.
 * One set of schemas: the settings screen checks with it before sending, the server validates the call with it.
 */
export const SESSION_POLICY_LIMITS = {
  minPasswordLength: { min: LOWEST_MIN_PASSWORD_LENGTH, max: 64, default: DEFAULT_MIN_PASSWORD_LENGTH },
  /** Privileged roles (admins, employers): idle minutes before the session ends. */
  privilegedIdleMinutes: { min: 5, max: 60, default: 60 },
  /** Privileged roles: hours from sign-in before the session ends, however active. */
  privilegedSessionHours: { min: 1, max: 24, default: 24 },
  /** Everyone: days from sign-in before the session ends (the web app keeps its cookie 120 days). */
  sessionLifetimeDays: { min: 1, max: 120, default: 120 },
  /** Days an invitation link works. */
  inviteValidDays: { min: 1, max: 90, default: 14 },
} as const;

export type SessionPolicyKey = keyof typeof SESSION_POLICY_LIMITS;

function bounded(key: SessionPolicyKey, unit: string) {
  const { min, max } = SESSION_POLICY_LIMITS[key];
  return z
    .number({ error: 'Give a whole number' })
    .int('Give a whole number')
    .min(min, `At least ${min} ${unit}`)
    .max(max, `At most ${max} ${unit}`);
}

export const MinPasswordLength = bounded('minPasswordLength', 'characters');
export const PrivilegedIdleMinutes = bounded('privilegedIdleMinutes', 'minutes');
export const PrivilegedSessionHours = bounded('privilegedSessionHours', 'hours');
export const SessionLifetimeDays = bounded('sessionLifetimeDays', 'days');
export const InviteValidDays = bounded('inviteValidDays', 'days');

/** The fields of the settings call that this policy adds, each optional (a call changes what it names). */
export const SessionPolicyFields = {
  minPasswordLength: MinPasswordLength.optional(),
  privilegedIdleMinutes: PrivilegedIdleMinutes.optional(),
  privilegedSessionHours: PrivilegedSessionHours.optional(),
  sessionLifetimeDays: SessionLifetimeDays.optional(),
  inviteValidDays: InviteValidDays.optional(),
};

export interface SessionPolicy {
  minPasswordLength: number;
  privilegedIdleMinutes: number;
  privilegedSessionHours: number;
  sessionLifetimeDays: number;
  inviteValidDays: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  minPasswordLength: SESSION_POLICY_LIMITS.minPasswordLength.default,
  privilegedIdleMinutes: SESSION_POLICY_LIMITS.privilegedIdleMinutes.default,
  privilegedSessionHours: SESSION_POLICY_LIMITS.privilegedSessionHours.default,
  sessionLifetimeDays: SESSION_POLICY_LIMITS.sessionLifetimeDays.default,
  inviteValidDays: SESSION_POLICY_LIMITS.inviteValidDays.default,
};
