import { attempt, type Outcome } from '../shared/refusal';
import type { SignupAllowListApi } from './organisation-admin-api.port';

/** The admin removes an address or a domain from the list of those who may sign up. */
export class RemoveFromSignupAllowList {
  constructor(private readonly api: SignupAllowListApi) {}

  async execute(entryId: string): Promise<Outcome> {
    const outcome = await attempt(() => this.api.remove(entryId));
    return outcome.ok ? { ok: true } : outcome;
  }
}
