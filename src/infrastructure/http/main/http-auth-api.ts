import {
  forgotPassword,
  resetPassword,
  signIn,
  signInCreateOtp,
  signInCreateSmsOtp,
  signInVerifyOtp,
  signInVerifySmsOtp,
  changeFirstLogin,
  signOut,
  updateProfile,
  userDetails,
  type CurrentUser,
  type ResetPasswordBody,
  type SignInBody,
  type UpdateProfileBody,
} from '../../../contracts/main/auth.contract';
import type {
  AuthApi,
  CodeChannel,
  CodeRequestResult,
  ResetPasswordResult,
  SignInResult,
} from '../../../application/auth/auth-api.port';
import { ApiError } from '../../../application/shared/api-error';
import { refuse, type Refusal } from '../../../application/shared/refusal';
import type { ApiClient } from '../api-client';

function rateLimited(error: unknown): Refusal<never> | null {
  return ApiError.is(error) && error.reason === 'rate-limited'
    ? refuse('rate-limited', error.message, { retryAfterSeconds: error.retryAfterSeconds ?? 60 })
    : null;
}

export class HttpAuthApi implements AuthApi {
  constructor(private readonly main: ApiClient) {}

  async signIn(body: SignInBody): Promise<SignInResult> {
    try {
      return { ok: true, session: await this.main.call(signIn, { body }) };
    } catch (error) {
      if (ApiError.is(error) && error.reason === 'signed-out')
        return refuse('signed-out', error.message, { code: 'invalid-credentials' });
      if (ApiError.is(error) && error.reason === 'forbidden' && error.code === 'EMAIL_NOT_CONFIRMED')
        return refuse('forbidden', error.message, { code: 'email-not-confirmed' });
      const limited = rateLimited(error);
      if (limited) return limited;
      throw error;
    }
  }

  async requestSignInCode(channel: CodeChannel, destination: string): Promise<CodeRequestResult> {
    try {
      const sent =
        channel === 'email'
          ? await this.main.call(signInCreateOtp, { body: { userEmail: destination } })
          : await this.main.call(signInCreateSmsOtp, { body: { contactNumber: destination } });
      return { ok: true, sent };
    } catch (error) {
      const limited = rateLimited(error);
      if (limited) return limited;
      throw error;
    }
  }

  async signInWithCode(
    channel: CodeChannel,
    input: { destination: string; code: string; requestId: string },
  ): Promise<SignInResult> {
    try {
      const session =
        channel === 'email'
          ? await this.main.call(signInVerifyOtp, {
              body: { userEmail: input.destination, userOtp: input.code, otpRequestId: input.requestId },
            })
          : await this.main.call(signInVerifySmsOtp, {
              body: { contactNumber: input.destination, userOtp: input.code, otpRequestId: input.requestId },
            });
      return { ok: true, session };
    } catch (error) {
      if (ApiError.is(error) && error.reason === 'signed-out')
        return refuse('signed-out', error.message, { code: 'invalid-credentials' });
      const limited = rateLimited(error);
      if (limited) return limited;
      throw error;
    }
  }

  async requestPasswordReset(userEmail: string): Promise<CodeRequestResult> {
    try {
      return { ok: true, sent: await this.main.call(forgotPassword, { body: { userEmail } }) };
    } catch (error) {
      const limited = rateLimited(error);
      if (limited) return limited;
      throw error;
    }
  }

  async resetPassword(body: ResetPasswordBody): Promise<ResetPasswordResult> {
    try {
      await this.main.call(resetPassword, { body });
      return { ok: true };
    } catch (error) {
      if (ApiError.is(error) && error.reason === 'invalid' && error.fields.userNewPassword) {
        return refuse('invalid', error.fields.userNewPassword, { code: 'weak-password', fields: error.fields });
      }
      if (ApiError.is(error) && error.reason === 'invalid' && error.fields.confirmationCode) {
        return refuse('invalid', error.fields.confirmationCode, { code: 'wrong-code', fields: error.fields });
      }
      throw error;
    }
  }

  currentUser(): Promise<CurrentUser> {
    return this.main.call(userDetails);
  }

  updateProfile(body: UpdateProfileBody): Promise<CurrentUser> {
    return this.main.call(updateProfile, { body });
  }

  completeFirstLogin(): Promise<CurrentUser> {
    return this.main.call(changeFirstLogin, { body: {} });
  }

  async signOut(): Promise<void> {
    await this.main.call(signOut);
  }
}
