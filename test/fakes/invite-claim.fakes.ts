import type { ClaimResult, InviteCheck, InviteClaimApi } from '../../src/application/invitations/invite-claim-api.port';
import { ADMIN } from './auth.fakes';

export class FakeInviteClaimApi implements InviteClaimApi {
  claimed: string[] = [];
  constructor(private readonly code = 'good-code-abcdefghijklmnop') {}
  async check(code: string): Promise<InviteCheck> {
    return code === this.code
      ? { ok: true, invite: { email: 'nila@acme.test', firstName: 'Nila', companyName: 'Acme' } }
      : { ok: false, reason: 'not-found', message: 'not valid' };
  }
  async claim(code: string, password: string): Promise<ClaimResult> {
    if (code !== this.code) return { ok: false, reason: 'not-found', message: 'not valid' };
    if (this.claimed.includes(code)) return { ok: false, reason: 'used', message: 'already used' };
    this.claimed.push(code);
    void password;
    return { ok: true, session: { token: 'tok-invite', expiresAt: '2027-01-01T00:00:00.000Z', user: ADMIN } };
  }
}
