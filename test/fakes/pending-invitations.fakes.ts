import type { InvitationsApi } from '../../src/application/invitations/invitations-api.port';
import { ApiError } from '../../src/application/shared/api-error';
import type { UnusedInvites } from '../../src/contracts/main/invites.contract';

/** Invitations as the server counts them: sending all makes every waiting one valid and sent again. */
export class FakeInvitations implements InvitationsApi {
  failSend: ApiError | null = null;
  constructor(public counts: UnusedInvites) {}
  async unusedCount() {
    return { ...this.counts };
  }
  async sendUnused() {
    if (this.failSend) throw this.failSend;
    const sent = this.counts.unused + this.counts.expired;
    this.counts = { unused: sent, unsent: 0, expired: 0 };
    return { sent };
  }
}
