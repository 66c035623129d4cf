import type { Attendance } from '../../../src/domain/complaints/hearings';
import type { Committee } from '../../../src/domain/complaints/committee';
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

/** The case's committee as IN-02 judges it (roles, genders, seniority, term); null when no committee hears the case. */
export async function committeeOfCase(tx: Sql, ws: string, committeeId: string | null): Promise<Committee | null> {
  if (!committeeId) return null;
  const [row] = await tx.query<{
    term_start: string;
    term_end: string;
    members: { id: string; role: string; gender: string; senior: boolean; other: boolean }[] | null;
  }>(
    `SELECT c.term_start::text, c.term_end::text,
            (SELECT json_agg(json_build_object('id', m.id, 'role', m.role, 'gender', m.gender, 'senior', m.senior, 'other', m.from_another_office) ORDER BY m.position)
               FROM committee_members m WHERE m.workspace_id = c.workspace_id AND m.committee_id = c.id AND m.role <> 'DESIGNATED_RECIPIENT') AS members
       FROM committees c WHERE c.workspace_id = $1 AND c.id = $2`,
    [ws, committeeId],
  );
  if (!row) return null;
  return {
    termStart: row.term_start,
    termEnd: row.term_end,
    members: (row.members ?? []).map((m) => ({
      id: m.id,
      name: '',
      role: m.role as Committee['members'][number]['role'],
      gender: m.gender as Committee['members'][number]['gender'],
      senior: m.senior,
      fromAnotherOffice: m.other,
    })),
  };
}

/** Decisions kept in the case's access log under `action`, newest first, with who made them. */
export async function decisions(
  tx: Sql,
  ws: string,
  complaintId: string,
  action: string,
): Promise<{ details: Record<string, unknown>; at: Date | string; name: string | null }[]> {
  return tx.query(
    `SELECT e.details, e.at, nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS name
       FROM complaint_audit_events e LEFT JOIN users u ON u.workspace_id = e.workspace_id AND u.id = e.actor_user_id
      WHERE e.workspace_id = $1 AND e.complaint_id = $2 AND e.action = $3 ORDER BY e.at DESC`,
    [ws, complaintId, action],
  );
}

/** The addresses of the workspace's active people among `ids`: an id of another workspace or of nobody is left out. */
export async function directoryGuests(
  tx: Sql,
  ws: string,
  ids: readonly string[],
): Promise<{ id: string; email: string }[]> {
  if (ids.length === 0) return [];
  return tx.query<{ id: string; email: string }>(
    `SELECT id, lower(email) AS email FROM users
      WHERE workspace_id = $1 AND id = ANY($2::uuid[]) AND status <> 'INACTIVE' AND email IS NOT NULL`,
    [ws, [...ids]],
  );
}
