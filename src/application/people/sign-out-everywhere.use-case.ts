import { attempt, type Outcome } from '../shared/refusal';
import type { DirectoryApi } from './directory-api.port';

/** The admin ends every session of a person; answers how many were ended. */
export class SignOutEverywhere {
  constructor(private readonly api: DirectoryApi) {}

  async execute(userId: string): Promise<Outcome<{ sessionsEnded: number }>> {
    const outcome = await attempt(() => this.api.signOutEverywhere(userId));
    return outcome.ok ? { ok: true, sessionsEnded: outcome.value.sessionsEnded } : outcome;
  }
}
