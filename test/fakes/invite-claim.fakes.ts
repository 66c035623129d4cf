import { refuse } from '../../src/application/shared/refusal';
import type { ClaimResult, InviteCheck, InviteClaimApi } from '../../src/application/invitations/invite-claim-api.port';
import { ADMIN } from './auth.fakes';

export class FakeInviteClaimApi implements InviteClaimApi {
  claimed: string[] = [];
  constructor(private readonly code = 'good-code-abcdefghijklmnop') {}
  async check(code: string): Promise<InviteCheck> {
    return code === this.code
      ? { ok: true, invite: { email: 'nila@acme.test', firstName: 'Nila', companyName: 'Acme' } }
      : refuse('not-found', 'not valid', { code: 'not-found' });
  }
  async claim(code: string, password: string): Promise<ClaimResult> {
    if (code !== this.code) return refuse('not-found', 'not valid', { code: 'not-found' });
    if (this.claimed.includes(code)) return refuse('gone', 'already used', { code: 'used' });
    this.claimed.push(code);
    void password;
    return { ok: true, session: { token: 'tok-invite', expiresAt: '2027-01-01T00:00:00.000Z', user: ADMIN } };
  }
}
