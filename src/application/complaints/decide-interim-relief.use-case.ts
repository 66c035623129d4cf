import type { CaseEvent } from '../../contracts/case/intake.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { CaseExtrasApi } from './case-extras-api.port';

/** The committee recommends or refuses a requested interim relief, with its note. */
export class DecideInterimRelief {
  constructor(private readonly api: CaseExtrasApi) {}

  async execute(
    complaintId: string,
    eventId: string,
    decision: 'RECOMMENDED' | 'REFUSED',
    note: string,
  ): Promise<Outcome<{ event: CaseEvent }>> {
    const outcome = await attempt(() => this.api.decideInterimRelief(complaintId, eventId, decision, note));
    return outcome.ok ? { ok: true, event: outcome.value } : outcome;
  }
}
