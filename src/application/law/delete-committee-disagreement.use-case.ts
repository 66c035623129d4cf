import { attempt, type Refusal } from '../shared/refusal';
import type { CommitteeDisagreementsApi } from './committee-disagreements-api.port';

/** CA-09: a disagreement record is deleted only once its 10 years have run (the server refuses before, naming CA-09). */
export class DeleteCommitteeDisagreement {
  constructor(private readonly api: CommitteeDisagreementsApi) {}

  async execute(id: string): Promise<{ ok: true } | Refusal> {
    const outcome = await attempt(() => this.api.remove(id));
    return outcome.ok ? { ok: true } : outcome;
  }
}
