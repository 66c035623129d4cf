import type { ComplaintDetail } from '../../contracts/case/complaints.contract';
import { attempt, invalid, type Refusal } from '../shared/refusal';
import type { ComplaintsApi } from './complaints-api.port';

/** The presiding officer records why the case proceeds with a committee not constituted as IN-02 asks. */
export class OverrideComposition {
  constructor(private readonly api: ComplaintsApi) {}

  async execute(
    detail: Pick<ComplaintDetail, 'complaintId'>,
    reasons: string,
  ): Promise<{ ok: true; detail: ComplaintDetail } | Refusal> {
    const text = reasons.trim();
    if (text.length < 10) return invalid('Give the reasons in writing (at least 10 characters)', 'reasons');
    const outcome = await attempt(() => this.api.overrideComposition(detail.complaintId, text));
    return outcome.ok ? { ok: true, detail: outcome.value } : outcome;
  }
}
