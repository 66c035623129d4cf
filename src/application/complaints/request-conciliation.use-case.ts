import type { CaseEvent } from '../../contracts/case/intake.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { CaseExtrasApi } from './case-extras-api.port';

/** The complainant asks for conciliation before the inquiry (never with a money settlement). */
export class RequestConciliation {
  constructor(private readonly api: CaseExtrasApi) {}

  async execute(complaintId: string, note: string): Promise<Outcome<{ event: CaseEvent }>> {
    const outcome = await attempt(() => this.api.requestConciliation(complaintId, note));
    return outcome.ok ? { ok: true, event: outcome.value } : outcome;
  }
}
