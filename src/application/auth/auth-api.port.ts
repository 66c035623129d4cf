import type {
  CodeSent,
  CurrentUser,
  ResetPasswordBody,
  SignInBody,
  SignInResponse,
  VerifyEmailCodeBody,
} from '../../contracts/main/auth.contract';

export type SignInResult =
  | { ok: true; session: SignInResponse }
  | { ok: false; reason: 'invalid-credentials' }
  | { ok: false; reason: 'rate-limited'; retryAfterSeconds: number };

export type CodeRequestResult = { ok: true; sent: CodeSent } | { ok: false; reason: 'rate-limited'; retryAfterSeconds: number };

export type ResetPasswordResult =
  | { ok: true }
  | { ok: false; reason: 'wrong-code' | 'weak-password'; message: string };

/** Identity calls of the main API. */
export const AuthApi = Symbol('AuthApi');
export interface AuthApi {
  signIn(body: SignInBody): Promise<SignInResult>;
  requestEmailCode(userEmail: string): Promise<CodeRequestResult>;
  signInWithEmailCode(body: VerifyEmailCodeBody): Promise<SignInResult>;
  requestPasswordReset(userEmail: string): Promise<CodeRequestResult>;
  resetPassword(body: ResetPasswordBody): Promise<ResetPasswordResult>;
  currentUser(): Promise<CurrentUser>;
  signOut(): Promise<void>;
}
