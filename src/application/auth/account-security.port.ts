import type { Outcome } from '../shared/refusal';
import type { ChangePasswordBody, SessionInfo } from '../../contracts/main/sessions.contract';

/** Refused with the message beside its field: `currentPassword` or `userNewPassword`. */
export type ChangePasswordResult = Outcome<{ sessionsEnded: number }>;

/** One's own account security: changing the password (which ends one's other sessions), reading one's sessions. */
export const AccountSecurityApi = Symbol('AccountSecurityApi');
export interface AccountSecurityApi {
  changePassword(body: ChangePasswordBody): Promise<ChangePasswordResult>;
  /** One of one's own sessions by id; null when there is no such session of the caller's. */
  session(sessionId: string): Promise<SessionInfo | null>;
}
