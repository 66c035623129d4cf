import type {
  CodeSent,
  CurrentUser,
  ResetPasswordBody,
  SignInBody,
  UpdateProfileBody,
  SignInResponse,
} from '../../contracts/main/auth.contract';

export type CodeChannel = 'email' | 'sms';

export type SignInResult =
  | { ok: true; session: SignInResponse }
  | { ok: false; reason: 'invalid-credentials' }
  /** Right password, but the account signed up and has not confirmed its email yet. */
  | { ok: false; reason: 'email-not-confirmed'; message: string }
  | { ok: false; reason: 'rate-limited'; retryAfterSeconds: number };

export type CodeRequestResult =
  { ok: true; sent: CodeSent } | { ok: false; reason: 'rate-limited'; retryAfterSeconds: number };

export type ResetPasswordResult = { ok: true } | { ok: false; reason: 'wrong-code' | 'weak-password'; message: string };

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
