import type { CaseEvent } from '../../contracts/case/intake.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { CaseExtrasApi } from './case-extras-api.port';

/** The committee records the settlement reached by conciliation; a copy is mailed to the employer and both parties. */
export class RecordConciliation {
  constructor(private readonly api: CaseExtrasApi) {}

  async execute(complaintId: string, terms: string, respondentAgreed: boolean): Promise<Outcome<{ event: CaseEvent }>> {
    const outcome = await attempt(() => this.api.recordConciliation(complaintId, terms, respondentAgreed));
    return outcome.ok ? { ok: true, event: outcome.value } : outcome;
  }
}
