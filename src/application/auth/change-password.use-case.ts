import { invalid } from '../shared/refusal';
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
    if (!input.currentPassword) return invalid('Enter your current password', 'currentPassword');
    const problem = checkPassword(input.newPassword, {
      minimumLength: input.minimumLength,
      words: ['safeplace', ...input.contextWords],
    });
    if (problem) return invalid(describePasswordProblem(problem), 'userNewPassword');
    if (input.newPassword === input.currentPassword) return invalid('This is your current password', 'userNewPassword');
    return this.api.changePassword({ currentPassword: input.currentPassword, userNewPassword: input.newPassword });
  }
}
