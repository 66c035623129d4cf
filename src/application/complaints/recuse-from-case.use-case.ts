import { attempt, type Outcome } from '../shared/refusal';
import type { ComplaintsApi } from './complaints-api.port';

/** A committee member recuses themself from a case: from then on they have no access to it. */
export class RecuseFromCase {
  constructor(private readonly api: ComplaintsApi) {}

  async execute(complaintId: string): Promise<Outcome> {
    const outcome = await attempt(() => this.api.recuse(complaintId));
    return outcome.ok ? { ok: true } : outcome;
  }
}
