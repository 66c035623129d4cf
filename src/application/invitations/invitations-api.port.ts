import type { InviteInfo, UnusedInvites } from '../../contracts/main/invites.contract';
import type { SignInResponse } from '../../contracts/main/auth.contract';

/** Sending the invitations of people who have not yet joined (main API). */
export const InvitationsApi = Symbol('InvitationsApi');
export interface InvitationsApi {
  unusedCount(): Promise<UnusedInvites>;
  sendUnused(): Promise<{ sent: number }>;
}

export type InviteCheck =
  | { ok: true; invite: InviteInfo }
  | { ok: false; reason: 'not-found' | 'used' | 'expired'; message: string };

export type ClaimResult =
  | { ok: true; session: SignInResponse }
  | { ok: false; reason: 'not-found' | 'used' | 'expired' | 'weak-password'; message: string };

/** Claiming an invitation from its emailed link (public). */
export const InviteClaimApi = Symbol('InviteClaimApi');
export interface InviteClaimApi {
  check(code: string): Promise<InviteCheck>;
  claim(code: string, password: string): Promise<ClaimResult>;
}
