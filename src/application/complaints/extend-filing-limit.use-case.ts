import type { ComplaintDetail } from '../../contracts/case/complaints.contract';
import { attempt, invalid, type Refusal } from '../shared/refusal';
import type { ComplaintsApi } from './complaints-api.port';

/**
 * The committee extends the filing limit of a complaint filed late (IN-03: by at most 3 months) with its reasons in
 * writing; the server decides whether it may and names IN-03 when not.
 */
export class ExtendFilingLimit {
  constructor(private readonly api: ComplaintsApi) {}

  async execute(
    detail: Pick<ComplaintDetail, 'complaintId' | 'lateFiling'>,
    reasons: string,
  ): Promise<{ ok: true; detail: ComplaintDetail } | Refusal> {
    if (!detail.lateFiling) return invalid('This complaint was filed in time');
    if (!reasons.trim()) return invalid('IN-03: write the committee’s reasons for extending the limit', 'reasons');
    const outcome = await attempt(() => this.api.extendFilingLimit(detail.complaintId, reasons.trim()));
    return outcome.ok ? { ok: true, detail: outcome.value } : outcome;
  }
}
