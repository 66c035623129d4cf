import type { SignUpBody } from '../../contracts/main/signup.contract';
import type { Outcome } from '../shared/refusal';

/** Refused sign-ups; a refusal naming a field carries it in `fields` (userEmail, userPassword). */
export type SignUpRefusal = 'closed' | 'not-allowed' | 'user-limit' | 'weak-password';

export type SignUpResult = Outcome<{ message: string }, SignUpRefusal>;

export type ConfirmEmailResult = Outcome<{ email: string }, 'not-found' | 'used' | 'expired'>;

export type ResendResult = Outcome<{ message: string }>;

/** Signing up on a workspace, and confirming the email (public calls of the main API). */
export const SignUpApi = Symbol('SignUpApi');
export interface SignUpApi {
  signUp(body: SignUpBody): Promise<SignUpResult>;
  confirmEmail(code: string): Promise<ConfirmEmailResult>;
  resendConfirmation(userEmail: string): Promise<ResendResult>;
}
