import { attempt, type Outcome } from '../shared/refusal';
import type { DirectoryApi } from './directory-api.port';

/** The workspace admin lifts the lock taken after too many wrong one-time codes; the person can ask for a code again at once. */
export class UnlockAccount {
  constructor(private readonly api: DirectoryApi) {}

  async execute(userId: string): Promise<Outcome> {
    const outcome = await attempt(() => this.api.unlock(userId));
    return outcome.ok ? { ok: true } : outcome;
  }
}
