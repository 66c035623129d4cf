import type { UnusedInvites } from '../../contracts/main/invites.contract';

/** Sending the invitations of people who have not yet joined (main API). Claiming one: ./invite-claim-api.port.ts. */
export const InvitationsApi = Symbol('InvitationsApi');
export interface InvitationsApi {
  /** @read */
  unusedCount(): Promise<UnusedInvites>;
  sendUnused(): Promise<{ sent: number }>;
}
