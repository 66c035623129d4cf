import type { CaseMeeting, MeetingBody } from '../../contracts/case/complaints.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { ComplaintsApi } from './complaints-api.port';

/** A committee member schedules a meeting of the case (its times are the workspace's); the guests are sent an invitation. */
export class ScheduleMeeting {
  constructor(private readonly api: ComplaintsApi) {}

  async execute(complaintId: string, body: MeetingBody): Promise<Outcome<{ meeting: CaseMeeting }>> {
    const outcome = await attempt(() => this.api.scheduleMeeting(complaintId, body));
    return outcome.ok ? { ok: true, meeting: outcome.value } : outcome;
  }
}
