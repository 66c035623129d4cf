import type { Investigation } from '../../contracts/case/investigations.contract';
import { attempt, type Refusal } from '../shared/refusal';
import type { InvestigationsApi } from './investigations-api.port';

/** CA-06: the employer records a recommendation chosen (or not) and the day it was implemented. */
export class RecordRecommendation {
  constructor(private readonly api: InvestigationsApi) {}

  async execute(
    complaintId: string,
    position: number,
    decision: { chosen: boolean; implementedOn: string | null },
  ): Promise<{ ok: true; investigation: Investigation } | Refusal> {
    const outcome = await attempt(() =>
      this.api.recordRecommendation(complaintId, position, {
        chosen: decision.chosen,
        implementedOn: decision.chosen ? decision.implementedOn : null,
      }),
    );
    return outcome.ok ? { ok: true, investigation: outcome.value } : outcome;
  }
}
