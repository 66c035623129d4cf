import type { ComplaintDetail } from '../../contracts/case/complaints.contract';
import { attempt, invalid, type Refusal } from '../shared/refusal';
import type { ComplaintsApi } from './complaints-api.port';

/**
 * The respondent sends their own written reply to the complaint from their case page (IN-05, POSH Rule 7(3)): it goes
 * to the committee and stops the reply clock on the workspace's day. The server decides who may (the case's respondent
 * only) and refuses a second reply, naming IN-05.
 */
export class SendOwnReply {
  constructor(private readonly api: ComplaintsApi) {}

  async execute(
    detail: Pick<ComplaintDetail, 'complaintId' | 'status'>,
    reply: string,
    messages: { empty: string; closed: string },
  ): Promise<{ ok: true; detail: ComplaintDetail } | Refusal> {
    if (detail.status === 'CLOSED') return invalid(messages.closed);
    const text = reply.trim();
    if (!text) return invalid(messages.empty, 'reply');
    const outcome = await attempt(() => this.api.sendOwnReply(detail.complaintId, { reply: text }));
    return outcome.ok ? { ok: true, detail: outcome.value } : outcome;
  }
}
