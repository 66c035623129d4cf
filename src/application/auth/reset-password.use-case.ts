import { checkPassword, describePasswordProblem } from '../../domain/auth/password-policy';
import { looksLikeEmail } from '../../domain/auth/sign-in-identifier';
import { refuse, type Refusal } from '../shared/refusal';
import type { AuthApi, CodeRequestResult, ResetPasswordResult } from './auth-api.port';

/** Emails a reset code. The answer never tells whether the account exists. */
export class RequestPasswordReset {
  constructor(private readonly auth: AuthApi) {}

  async execute(email: string): Promise<CodeRequestResult | Refusal<'invalid-email'>> {
    const userEmail = email.trim().toLowerCase();
    if (!looksLikeEmail(userEmail)) return refuse('invalid', 'Enter a valid email address.', { code: 'invalid-email' });
    return this.auth.requestPasswordReset(userEmail);
  }
}

/** Sets a new password with the emailed code, checking the password rules first (the server checks them again). */
export class ResetPassword {
  constructor(private readonly auth: AuthApi) {}

  async execute(input: {
    email: string;
    code: string;
    requestId: string;
    newPassword: string;
    contextWords?: string[];
    minimumLength?: number;
  }): Promise<ResetPasswordResult> {
    const problem = checkPassword(input.newPassword, {
      minimumLength: input.minimumLength,
      words: ['safeplace', input.email, ...(input.contextWords ?? [])],
    });
    if (problem) {
      const message = describePasswordProblem(problem);
      return refuse('invalid', message, { code: 'weak-password', fields: { userNewPassword: message } });
    }
    return this.auth.resetPassword({
      userEmail: input.email.trim().toLowerCase(),
      confirmationCode: input.code.trim(),
      otpRequestId: input.requestId,
      userNewPassword: input.newPassword,
    });
  }
}
