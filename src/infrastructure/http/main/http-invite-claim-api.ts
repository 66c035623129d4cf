import { claimInvite } from '../../../contracts/main/invite-claim.contract';
import type {
  ClaimResult,
  InviteCheck,
  InviteClaimApi,
  InviteRefusal,
} from '../../../application/invitations/invite-claim-api.port';
import { refuse, type Refusal } from '../../../application/shared/refusal';
import { ApiError } from '../../../application/shared/api-error';
import type { ApiClient } from '../api-client';

/** 404 and 410 answers of the claim call, as outcomes the screen explains. */
function refused(error: unknown): Refusal<InviteRefusal> | null {
  if (!ApiError.is(error)) return null;
  if (error.reason === 'not-found') return refuse('not-found', error.message, { code: 'not-found' });
  if (error.reason === 'gone')
    return refuse('gone', error.message, { code: error.code === 'INVITE_USED' ? 'used' : 'expired' });
  return null;
}

/** The invitation link's page (public): undecorated, wired by factory (infrastructure/auth.wiring.ts) for the light sign-in entry. */
export class HttpInviteClaimApi implements InviteClaimApi {
  constructor(private readonly main: ApiClient) {}

  async check(code: string): Promise<InviteCheck> {
    try {
      const { invite } = await this.main.call(claimInvite, { params: { code }, body: {} });
      return { ok: true, invite };
    } catch (error) {
      const outcome = refused(error);
      if (outcome) return outcome;
      throw error;
    }
  }

  async claim(code: string, password: string): Promise<ClaimResult> {
    try {
      const { session } = await this.main.call(claimInvite, { params: { code }, body: { userNewPassword: password } });
      if (!session) throw new Error('The server did not sign the person in');
      return { ok: true, session };
    } catch (error) {
      if (ApiError.is(error) && error.reason === 'invalid' && error.fields.userNewPassword) {
        return refuse('invalid', error.fields.userNewPassword, {
          code: 'weak-password',
          fields: { userNewPassword: error.fields.userNewPassword },
        });
      }
      const outcome = refused(error);
      if (outcome) return outcome;
      throw error;
    }
  }
}
