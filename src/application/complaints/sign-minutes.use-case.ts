import type { ComplaintDetail } from '../../contracts/case/complaints.contract';
import { attempt, invalid, type Refusal } from '../shared/refusal';
import type { ComplaintsApi } from './complaints-api.port';

/**
 * The presiding officer signs a meeting's minutes; a POSH hearing's need its quorum of 3 members present including
 * her (IN-06), which the server decides and, refusing, names.
 */
export class SignMinutes {
  constructor(private readonly api: ComplaintsApi) {}

  async execute(
    detail: Pick<ComplaintDetail, 'complaintId' | 'callerPresides'>,
    meetingId: string,
  ): Promise<{ ok: true; detail: ComplaintDetail } | Refusal> {
    if (!detail.callerPresides) return invalid('Only the member presiding over the case signs the minutes');
    const outcome = await attempt(() => this.api.signMinutes(detail.complaintId, meetingId));
    return outcome.ok ? { ok: true, detail: outcome.value } : outcome;
  }
}
