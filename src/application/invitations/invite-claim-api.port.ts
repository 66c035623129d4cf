import type { InviteInfo } from '../../contracts/main/invite-claim.contract';
import type { SignInResponse } from '../../contracts/main/auth.contract';

export type InviteCheck =
  { ok: true; invite: InviteInfo } | { ok: false; reason: 'not-found' | 'used' | 'expired'; message: string };

export type ClaimResult =
  | { ok: true; session: SignInResponse }
  | { ok: false; reason: 'not-found' | 'used' | 'expired' | 'weak-password'; message: string };

/** Claiming an invitation from its emailed link (public; the light sign-in pages' only invitation call). */
export const InviteClaimApi = Symbol('InviteClaimApi');
export interface InviteClaimApi {
  check(code: string): Promise<InviteCheck>;
  claim(code: string, password: string): Promise<ClaimResult>;
}
