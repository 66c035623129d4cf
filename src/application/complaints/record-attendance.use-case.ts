import type { AttendanceStatus, ComplaintDetail } from '../../contracts/case/complaints.contract';
import { attempt, invalid, type Refusal } from '../shared/refusal';
import type { ComplaintsApi } from './complaints-api.port';

export interface AttendanceValues {
  /** Each member's attendance, by user id; a member left out is not recorded. */
  members: Record<string, AttendanceStatus | undefined>;
  complainant?: AttendanceStatus | null;
  respondent?: AttendanceStatus | null;
}

/**
 * The committee records who attended a hearing (IN-06, docs/case.md "Hearings: attendance, quorum, ex parte"): each
 * member of the case's committee, the complainant and the respondent, present, absent or excused.
 */
export class RecordAttendance {
  constructor(private readonly api: ComplaintsApi) {}

  async execute(
    detail: Pick<ComplaintDetail, 'complaintId'>,
    meetingId: string,
    values: AttendanceValues,
  ): Promise<{ ok: true; detail: ComplaintDetail } | Refusal> {
    const members = Object.entries(values.members)
      .filter((e): e is [string, AttendanceStatus] => e[1] !== undefined)
      .map(([userId, status]) => ({ userId, status }));
    if (members.length === 0) return invalid('Record at least one member’s attendance', 'members');
    const outcome = await attempt(() =>
      this.api.recordAttendance(detail.complaintId, meetingId, {
        members,
        complainant: values.complainant ?? null,
        respondent: values.respondent ?? null,
      }),
    );
    return outcome.ok ? { ok: true, detail: outcome.value } : outcome;
  }
}
