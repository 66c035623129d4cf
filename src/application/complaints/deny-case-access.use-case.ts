import type { CaseExtrasApi, DeniedPersonItem } from './case-extras-api.port';
import { attempt, type Outcome } from '../shared/refusal';

/** The one presiding denies a person access to the case, from now on (they are not told). */
export class DenyCaseAccess {
  constructor(private readonly api: CaseExtrasApi) {}

  async execute(complaintId: string, userId: string, note: string): Promise<Outcome<{ denied: DeniedPersonItem[] }>> {
    const outcome = await attempt(() => this.api.denyAccess(complaintId, userId, note));
    return outcome.ok ? { ok: true, denied: outcome.value } : outcome;
  }
}
