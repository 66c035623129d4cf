import type { ChangePasswordBody } from '../../contracts/main/sessions.contract';

export type ChangePasswordResult =
  | { ok: true; sessionsEnded: number }
  | { ok: false; field: 'currentPassword' | 'userNewPassword'; message: string };

/** One's own account security: changing the password (which ends one's other sessions). */
export const AccountSecurityApi = Symbol('AccountSecurityApi');
export interface AccountSecurityApi {
  changePassword(body: ChangePasswordBody): Promise<ChangePasswordResult>;
}
