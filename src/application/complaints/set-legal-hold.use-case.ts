import type { LegalHoldBody, RetentionState } from '../../contracts/case/retention.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { RetentionApi } from './retention-api.port';

/** The presiding officer places or lifts a legal hold on a closed case (a held case is never purged), with a reason. */
export class SetLegalHold {
  constructor(private readonly api: RetentionApi) {}

  async execute(complaintId: string, body: LegalHoldBody): Promise<Outcome<{ state: RetentionState }>> {
    const outcome = await attempt(() => this.api.setLegalHold(complaintId, body));
    return outcome.ok ? { ok: true, state: outcome.value } : outcome;
  }
}
