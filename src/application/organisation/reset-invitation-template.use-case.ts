import type { MessageTemplate } from '../../contracts/main/templates.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { MessageTemplatesApi } from './organisation-admin-api.port';

/** The admin puts the invitation email back to the default words. */
export class ResetInvitationTemplate {
  constructor(private readonly api: MessageTemplatesApi) {}

  async execute(): Promise<Outcome<{ template: MessageTemplate }>> {
    const outcome = await attempt(() => this.api.reset('invitation'));
    return outcome.ok ? { ok: true, template: outcome.value } : outcome;
  }
}
