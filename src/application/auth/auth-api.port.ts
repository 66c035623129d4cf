import type {
  CodeSent,
  CurrentUser,
  ResetPasswordBody,
  SignInBody,
  UpdateProfileBody,
  SignInResponse,
} from '../../contracts/main/auth.contract';
import type { Outcome } from '../shared/refusal';

export type CodeChannel = 'email' | 'sms';

/**
 * Refused sign-ins: `invalid-credentials` (a wrong password or code), `email-not-confirmed` (right password, but the
 * account signed up and has not confirmed its email yet); too many attempts are `reason: 'rate-limited'`.
 */
export type SignInResult = Outcome<{ session: SignInResponse }, 'invalid-credentials' | 'email-not-confirmed'>;

/** Too many requests are `reason: 'rate-limited'` with `retryAfterSeconds`. */
export type CodeRequestResult = Outcome<{ sent: CodeSent }>;

export type ResetPasswordResult = Outcome<object, 'wrong-code' | 'weak-password'>;

/** Identity calls of the main API. */
export const AuthApi = Symbol('AuthApi');
export interface AuthApi {
  signIn(body: SignInBody): Promise<SignInResult>;
  /** Sends a sign-in code to an email address or a phone number already on a profile. */
  requestSignInCode(channel: CodeChannel, destination: string): Promise<CodeRequestResult>;
  signInWithCode(
    channel: CodeChannel,
    input: { destination: string; code: string; requestId: string },
  ): Promise<SignInResult>;
  requestPasswordReset(userEmail: string): Promise<CodeRequestResult>;
  resetPassword(body: ResetPasswordBody): Promise<ResetPasswordResult>;
  currentUser(): Promise<CurrentUser>;
  updateProfile(body: UpdateProfileBody): Promise<CurrentUser>;
  completeFirstLogin(): Promise<CurrentUser>;
  signOut(): Promise<void>;
}
