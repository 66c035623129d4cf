import type { SignUpBody } from '../../contracts/main/signup.contract';

export type SignUpRefusal = 'closed' | 'not-allowed' | 'user-limit' | 'weak-password' | 'rate-limited';

export type SignUpResult =
  | { ok: true; message: string }
  | { ok: false; reason: SignUpRefusal; message: string; field?: 'userEmail' | 'userPassword' };

export type ConfirmEmailResult =
  { ok: true; email: string } | { ok: false; reason: 'not-found' | 'used' | 'expired'; message: string };

export type ResendResult = { ok: true; message: string } | { ok: false; reason: 'rate-limited'; message: string };

/** Signing up on a workspace, and confirming the email (public calls of the main API). */
export const SignUpApi = Symbol('SignUpApi');
export interface SignUpApi {
  signUp(body: SignUpBody): Promise<SignUpResult>;
  confirmEmail(code: string): Promise<ConfirmEmailResult>;
  resendConfirmation(userEmail: string): Promise<ResendResult>;
}
