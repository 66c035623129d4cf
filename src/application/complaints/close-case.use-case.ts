import type { ComplaintDetail, Outcome } from '../../contracts/case/complaints.contract';
import { attempt, invalid, type Refusal } from '../shared/refusal';
import type { ComplaintsApi } from './complaints-api.port';

/**
 * Closes a case with its outcome. With a mandatory step open, only the presiding officer closes it, with written
 * reasons (the server records them and refuses anyone else).
 */
export class CloseCase {
  constructor(private readonly api: ComplaintsApi) {}

  async execute(
    detail: Pick<ComplaintDetail, 'complaintId' | 'dueProcess'>,
    values: { outcome: Outcome; summary: string; reasons?: string },
  ): Promise<{ ok: true; detail: ComplaintDetail } | Refusal> {
    const open = detail.dueProcess?.mandatoryOpen ?? [];
    const reasons = (values.reasons ?? '').trim();
    if (open.length > 0 && !reasons)
      return invalid('Give your reasons for closing with a mandatory step open', 'reasons');
    const outcome = await attempt(() =>
      this.api.close(detail.complaintId, values.outcome, values.summary, open.length > 0 ? { reasons } : undefined),
    );
    return outcome.ok ? { ok: true, detail: outcome.value } : outcome;
  }
}
