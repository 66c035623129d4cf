import type { ComplaintDetail } from '../../contracts/case/complaints.contract';
import { attempt, invalid, type Refusal } from '../shared/refusal';
import type { ComplaintsApi } from './complaints-api.port';

/**
 * The presiding officer records the committee's decision to proceed ex parte against a party, with its reasons
 * (IN-06, IN-17); the server allows it only after 3 consecutive recorded absences and 15 days' notice, and says what
 * is missing otherwise.
 */
export class ProceedExParte {
  constructor(private readonly api: ComplaintsApi) {}

  async execute(
    detail: Pick<ComplaintDetail, 'complaintId'>,
    values: { party?: 'COMPLAINANT' | 'RESPONDENT'; reasons?: string },
  ): Promise<{ ok: true; detail: ComplaintDetail } | Refusal> {
    if (!values.party) return invalid('Choose the party who did not attend', 'party');
    const reasons = (values.reasons ?? '').trim();
    if (reasons.length < 10) return invalid('Give the reasons in writing (at least 10 characters)', 'reasons');
    const outcome = await attempt(() => this.api.proceedExParte(detail.complaintId, { party: values.party!, reasons }));
    return outcome.ok ? { ok: true, detail: outcome.value } : outcome;
  }
}
