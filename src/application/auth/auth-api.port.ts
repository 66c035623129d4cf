import type { CurrentUser, SignInBody, SignInResponse } from '../../contracts/main/auth.contract';

export type SignInResult =
  | { ok: true; session: SignInResponse }
  | { ok: false; reason: 'invalid-credentials' }
  | { ok: false; reason: 'rate-limited'; retryAfterSeconds: number };

/** Identity calls of the main API. */
export const AuthApi = Symbol('AuthApi');
export interface AuthApi {
  signIn(body: SignInBody): Promise<SignInResult>;
  currentUser(): Promise<CurrentUser>;
  signOut(): Promise<void>;
}
