import type { ComplaintDetail } from '../../contracts/case/complaints.contract';
import { attempt, invalid, type Refusal } from '../shared/refusal';
import type { ComplaintsApi } from './complaints-api.port';

export interface ReplyValues {
  receivedOn?: string | null;
  note?: string | null;
}

/**
 * The committee records the respondent's written reply and the day it came (IN-05, POSH Rule 7(3)): it stops the
 * reply clock, met or late. The server decides the rest (a copy sent, not before it, not a future day) and names IN-05.
 */
export class RecordRespondentReply {
  constructor(private readonly api: ComplaintsApi) {}

  async execute(
    detail: Pick<ComplaintDetail, 'complaintId' | 'status'>,
    values: ReplyValues,
  ): Promise<{ ok: true; detail: ComplaintDetail } | Refusal> {
    if (detail.status === 'CLOSED') return invalid('The case is closed');
    const receivedOn = (values.receivedOn ?? '').trim();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(receivedOn)) return invalid('Enter the day the reply was received', 'receivedOn');
    const note = (values.note ?? '').trim();
    const outcome = await attempt(() => this.api.recordRespondentReply(detail.complaintId, { receivedOn, note }));
    return outcome.ok ? { ok: true, detail: outcome.value } : outcome;
  }
}
