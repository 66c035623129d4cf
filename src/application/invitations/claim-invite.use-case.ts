import { refuse } from '../shared/refusal';
import { checkPassword, describePasswordProblem } from '../../domain/auth/password-policy';
import type { SessionStore } from '../shared/session-store.port';
import type { ClaimResult, InviteClaimApi } from './invite-claim-api.port';

/** Sets the invitee's first password with the emailed link and keeps the session: they land signed in. */
export class ClaimInvite {
  constructor(
    private readonly invites: InviteClaimApi,
    private readonly sessions: SessionStore,
  ) {}

  async execute(input: {
    code: string;
    password: string;
    email: string;
    firstName: string;
    companyName: string;
    minPasswordLength?: number;
  }): Promise<ClaimResult> {
    const problem = checkPassword(input.password, {
      minimumLength: input.minPasswordLength,
      words: ['safeplace', input.companyName, input.firstName, input.email],
    });
    if (problem) {
      const message = describePasswordProblem(problem);
      return refuse('invalid', message, { code: 'weak-password', fields: { userNewPassword: message } });
    }
    const result = await this.invites.claim(input.code, input.password);
    if (result.ok) this.sessions.save(result.session.token, result.session.expiresAt);
    return result;
  }
}
