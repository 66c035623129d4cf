import type { InvitationsApi } from '../../src/application/invitations/invitations-api.port';
import { ApiError } from './imports.fakes';

/** Invitations waiting to be sent, as the server keeps them. */
export class FakeInvitationsApi implements InvitationsApi {
  unsent = 0;
  fail = false;
  async unusedCount() {
    return { unused: this.unsent, unsent: this.unsent, expired: 0 };
  }
  async sendUnused() {
    if (this.fail) throw new ApiError('server-error', 'INTERNAL', 'The server could not complete this request');
    const sent = this.unsent;
    this.unsent = 0;
    return { sent };
  }
}
