import { attempt, type Outcome } from '../shared/refusal';
import type { InvitationsApi } from './invitations-api.port';

/** The admin sends everyone invited who has not joined a new invitation, each with a new link; answers how many were sent. */
export class SendUnusedInvitations {
  constructor(private readonly api: InvitationsApi) {}

  async execute(): Promise<Outcome<{ sent: number }>> {
    const outcome = await attempt(() => this.api.sendUnused());
    return outcome.ok ? { ok: true, sent: outcome.value.sent } : outcome;
  }
}
