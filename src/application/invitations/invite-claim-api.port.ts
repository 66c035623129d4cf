import type { Outcome } from '../shared/refusal';
import type { InviteInfo } from '../../contracts/main/invite-claim.contract';
import type { SignInResponse } from '../../contracts/main/auth.contract';

/** Why an invitation link does not work: unknown, already used, or expired. */
export type InviteRefusal = 'not-found' | 'used' | 'expired';

export type InviteCheck = Outcome<{ invite: InviteInfo }, InviteRefusal>;

export type ClaimResult = Outcome<{ session: SignInResponse }, InviteRefusal | 'weak-password'>;

/** Claiming an invitation from its emailed link (public; the light sign-in pages' only invitation call). */
export const InviteClaimApi = Symbol('InviteClaimApi');
export interface InviteClaimApi {
  /** @read */
  check(code: string): Promise<InviteCheck>;
  claim(code: string, password: string): Promise<ClaimResult>;
}
