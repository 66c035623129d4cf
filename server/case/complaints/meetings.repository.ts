import type { Sql } from '../../platform/db/database';

export async function insertMeeting(
  tx: Sql,
  ws: string,
  complaintId: string,
  m: {
    stepId: string | null;
    title: string;
    agenda: string;
    startsAt: string;
    endsAt: string;
    location: string;
    guests: string[];
    createdBy: string;
  },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO complaint_meetings (workspace_id, complaint_id, step_id, title, agenda, starts_at, ends_at, location, guests, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      ws,
      complaintId,
      m.stepId,
      m.title,
      m.agenda,
      m.startsAt,
      m.endsAt,
      m.location,
      JSON.stringify(m.guests),
      m.createdBy,
    ],
  );
  return row.id;
}

/** The meeting's minutes and outcome (each kept when not given); false when the case has no such meeting. */
export async function recordMeetingNotes(
  tx: Sql,
  ws: string,
  complaintId: string,
  meetingId: string,
  notes: { minutes?: string; outcome?: string },
): Promise<boolean> {
  const done = await tx.query(
    `UPDATE complaint_meetings SET minutes = COALESCE($4, minutes), outcome = COALESCE($5, outcome), updated_at = now()
      WHERE workspace_id = $1 AND complaint_id = $2 AND id = $3 RETURNING id`,
    [ws, complaintId, meetingId, notes.minutes ?? null, notes.outcome ?? null],
  );
  return done.length > 0;
}
