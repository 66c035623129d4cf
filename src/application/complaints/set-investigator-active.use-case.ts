import { attempt, type Outcome } from '../shared/refusal';
import type { Investigator } from '../../contracts/case/investigations.contract';
import type { InvestigationsApi } from './investigations-api.port';

/** The admin takes an investigator off the round robin, or puts them back on it. */
export class SetInvestigatorActive {
  constructor(private readonly api: InvestigationsApi) {}

  async execute(investigatorId: string, active: boolean): Promise<Outcome<{ investigator: Investigator }>> {
    const outcome = await attempt(() => this.api.setInvestigatorActive(investigatorId, active));
    return outcome.ok ? { ok: true, investigator: outcome.value } : outcome;
  }
}
