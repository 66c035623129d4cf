import type { Attendance } from '../../../src/domain/complaints/hearings';
import type { Sql } from '../../platform/db/database';

/** The SQL of hearings (docs/case.md "Hearings: attendance, quorum, ex parte"): attendance, signed minutes. */

export interface MeetingRow {
  id: string;
  step_id: string | null;
  title: string;
  agenda: string;
  starts_at: Date | string;
  ends_at: Date | string;
  location: string;
  guests: string[];
  minutes: string | null;
  outcome: string | null;
  created_at: Date | string;
  attendance: Attendance | null;
  attendance_recorded_at: Date | string | null;
  minutes_signed_at: Date | string | null;
  minutes_signed_by_name: string | null;
}

/** The case's meetings, in time order, with their attendance and signature. */
export async function meetingRows(tx: Sql, ws: string, complaintId: string): Promise<MeetingRow[]> {
  return tx.query<MeetingRow>(
    `SELECT m.id, m.step_id, m.title, m.agenda, m.starts_at, m.ends_at, m.location, m.guests, m.minutes, m.outcome,
            m.created_at, m.attendance, m.attendance_recorded_at, m.minutes_signed_at,
            nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS minutes_signed_by_name
       FROM complaint_meetings m
       LEFT JOIN users u ON u.workspace_id = m.workspace_id AND u.id = m.minutes_signed_by
      WHERE m.workspace_id = $1 AND m.complaint_id = $2 ORDER BY m.starts_at, m.id`,
    [ws, complaintId],
  );
}

/** One meeting of the case, locked for the change that follows; undefined when the case has no such meeting. */
export async function lockMeeting(
  tx: Sql,
  ws: string,
  complaintId: string,
  meetingId: string,
): Promise<MeetingRow | undefined> {
  const [row] = await tx.query<MeetingRow>(
    `SELECT id, step_id, title, agenda, starts_at, ends_at, location, guests, minutes, outcome, created_at, attendance,
            attendance_recorded_at, minutes_signed_at, NULL AS minutes_signed_by_name
       FROM complaint_meetings WHERE workspace_id = $1 AND complaint_id = $2 AND id = $3 FOR UPDATE`,
    [ws, complaintId, meetingId],
  );
  return row;
}

export async function saveAttendance(
  tx: Sql,
  ws: string,
  meetingId: string,
  attendance: Attendance,
  userId: string,
): Promise<void> {
  await tx.query(
    `UPDATE complaint_meetings SET attendance = $3::jsonb, attendance_recorded_at = now(), attendance_recorded_by = $4, updated_at = now()
      WHERE workspace_id = $1 AND id = $2`,
    [ws, meetingId, JSON.stringify(attendance), userId],
  );
}

export async function signMinutes(tx: Sql, ws: string, meetingId: string, userId: string): Promise<void> {
  await tx.query(
    `UPDATE complaint_meetings SET minutes_signed_at = now(), minutes_signed_by = $3, updated_at = now()
      WHERE workspace_id = $1 AND id = $2`,
    [ws, meetingId, userId],
  );
}
