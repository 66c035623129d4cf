import type { CaseExtrasApi, DeniedPersonItem } from './case-extras-api.port';
import { attempt, type Outcome } from '../shared/refusal';

/** The one presiding gives a denied person their access to the case back. */
export class RestoreCaseAccess {
  constructor(private readonly api: CaseExtrasApi) {}

  async execute(complaintId: string, userId: string): Promise<Outcome<{ denied: DeniedPersonItem[] }>> {
    const outcome = await attempt(() => this.api.restoreAccess(complaintId, userId));
    return outcome.ok ? { ok: true, denied: outcome.value } : outcome;
  }
}
