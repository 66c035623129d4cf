import type { OnBehalfBody } from '../../contracts/case/intake.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { CaseExtrasApi } from './case-extras-api.port';

/**
 * A committee member records a complaint for a named employee (an oral notice, or help to write it): the case then
 * waits for that employee's confirmation.
 */
export class RecordOnBehalf {
  constructor(private readonly api: CaseExtrasApi) {}

  async execute(body: OnBehalfBody): Promise<Outcome<{ complaintId: string; caseNumber: string }>> {
    const outcome = await attempt(() => this.api.recordOnBehalf(body));
    return outcome.ok ? { ok: true, ...outcome.value } : outcome;
  }
}
