import { checkPassword, describePasswordProblem } from '../../domain/auth/password-policy';
import type { AccountSecurityApi, ChangePasswordResult } from './account-security.port';

/**
 * Changes one's own password. The password rules are checked here first, for an answer without a round trip
 * (the server checks them again); every other session of the user ends.
 */
export class ChangePassword {
  constructor(private readonly api: AccountSecurityApi) {}

  async execute(input: {
    currentPassword: string;
    newPassword: string;
    contextWords: string[];
    minimumLength?: number;
  }): Promise<ChangePasswordResult> {
    if (!input.currentPassword) return { ok: false, field: 'currentPassword', message: 'Enter your current password' };
    const problem = checkPassword(input.newPassword, {
      minimumLength: input.minimumLength,
      words: ['safeplace', ...input.contextWords],
    });
    if (problem) return { ok: false, field: 'userNewPassword', message: describePasswordProblem(problem) };
    if (input.newPassword === input.currentPassword)
      return { ok: false, field: 'userNewPassword', message: 'This is your current password' };
    return this.api.changePassword({ currentPassword: input.currentPassword, userNewPassword: input.newPassword });
  }
}
