import type { CaseEvent } from '../../contracts/case/intake.contract';
import type { CaseExtrasApi, InterimReliefRequest } from './case-extras-api.port';
import { attempt, type Outcome } from '../shared/refusal';

/** A party asks the committee for interim relief while the case runs (a transfer, leave). */
export class RequestInterimRelief {
  constructor(private readonly api: CaseExtrasApi) {}

  async execute(complaintId: string, body: InterimReliefRequest): Promise<Outcome<{ event: CaseEvent }>> {
    const outcome = await attempt(() => this.api.requestInterimRelief(complaintId, body));
    return outcome.ok ? { ok: true, event: outcome.value } : outcome;
  }
}
