import type { CaseMeeting } from '../../contracts/case/complaints.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { ComplaintsApi } from './complaints-api.port';

/** A committee member records a meeting's minutes and outcome. */
export class RecordMinutes {
  constructor(private readonly api: ComplaintsApi) {}

  async execute(
    complaintId: string,
    meetingId: string,
    body: { minutes?: string; outcome?: string },
  ): Promise<Outcome<{ meeting: CaseMeeting }>> {
    const outcome = await attempt(() => this.api.recordMeeting(complaintId, meetingId, body));
    return outcome.ok ? { ok: true, meeting: outcome.value } : outcome;
  }
}
