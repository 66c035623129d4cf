import { z } from 'zod';
import { route } from '../route';

export const SessionsEnded = z.object({ ok: z.literal(true), sessionsEnded: z.number().int().nonnegative() });
export type SessionsEnded = z.infer<typeof SessionsEnded>;

export const signOutEverywhere = route({
  api: 'main',
  method: 'POST',
  path: '/api/admin/user/{userId}/sign-out-everywhere',
  summary: "End every session of one of the workspace's users at once (on a lost device, a leaver, a suspicion)",
  params: z.strictObject({ userId: z.string().uuid() }),
  body: z.strictObject({}),
  response: SessionsEnded,
  access: ['WORKSPACE_ADMIN'],
});

export const AccountUnlocked = z.object({ ok: z.literal(true), wasLocked: z.boolean() });
export type AccountUnlocked = z.infer<typeof AccountUnlocked>;

export const unlockAccount = route({
  api: 'main',
  method: 'POST',
  path: '/api/user/unlock/{userId}',
  summary:
    "Lift the lock on one of the workspace's accounts (taken after too many wrong one-time codes) before it ends by itself",
  params: z.strictObject({ userId: z.string().uuid() }),
  body: z.strictObject({}),
  response: AccountUnlocked,
  access: ['WORKSPACE_ADMIN'],
});

export const ChangePasswordBody = z.strictObject({
  currentPassword: z.string().min(1, 'Enter your current password').max(1024),
  userNewPassword: z.string().min(1, 'Enter a new password').max(1024),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const changePassword = route({
  api: 'main',
  method: 'POST',
  path: '/api/user/change-password',
  summary: "Change one's own password; every other session of the user ends",
  body: ChangePasswordBody,
  response: SessionsEnded,
  access: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'],
  noPermission: "a member's own account: never switched off",
});

export const SessionInfo = z.object({
  sessionId: z.string(),
  /** The session that asked. */
  current: z.boolean(),
  /** `ended` once signed out or revoked; `expired` past its lifetime; the workspace's shorter limits apply on use. */
  status: z.enum(['active', 'ended', 'expired']),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  endedAt: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

export const getSession = route({
  api: 'main',
  method: 'GET',
  path: '/api/session/get/{id}',
  summary:
    "One of the caller's own sessions, by id (for the sessions screen). Another person's session, or one of another workspace, answers 404",
  params: z.strictObject({ id: z.string().uuid() }),
  response: SessionInfo,
  access: 'signed-in',
});
