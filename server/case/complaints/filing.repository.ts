import type { Sql } from '../../platform/db/database';
import { NEXT_CASE_NUMBER } from './complaints.repository';

/** A complaint as filed: the values of its row, in the order of INSERT_COMPLAINT's columns. */
export interface NewComplaint {
  caseNumber: number;
  compliance: string;
  committeeId: string | null;
  workflowId: string;
  versionId: string;
  filedBy: string;
  filedAs: string;
  complainant: { name: string; email: string; gender: string | null; phone: string | null };
  respondent: {
    name: string | null;
    gender: string | null;
    phone: string | null;
    email: string | null;
    description: string | null;
    userId: string | null;
  };
  againstEmployer: boolean;
  incidentDetails: string;
  incidentOn: string;
  witnesses: unknown;
  answers: unknown;
  receivedOn: string;
  timeliness: string;
  presidingMemberId: string | null;
  witnessEmails: string[];
  filedFor: { capacity: string | null; reason: string | null; consent: boolean | null };
  formerEmployeeLeftOn: string | null;
}

/** Of `fileIds`, the confirmed evidence uploads of `ownerId` not yet on any case. */
export async function unattachedEvidence(
  tx: Sql,
  ws: string,
  fileIds: readonly string[],
  ownerId: string,
): Promise<Set<string>> {
  const rows = await tx.query<{ id: string }>(
    `SELECT f.id FROM files f
      WHERE f.workspace_id = $1 AND f.id = ANY($2::uuid[]) AND f.purpose = 'EVIDENCE' AND f.status = 'CONFIRMED' AND f.owner_id = $3
        AND NOT EXISTS (SELECT 1 FROM complaint_evidence e WHERE e.workspace_id = f.workspace_id AND e.file_id = f.id)`,
    [ws, [...fileIds], ownerId],
  );
  return new Set(rows.map((r) => r.id));
}

/** Numbers the workspace's cases one at a time, until the transaction ends. */
export async function lockCaseNumbers(tx: Sql, ws: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('complaint-number:' || $1::text))`, [ws]);
}

/** How many complaints the member filed themselves (none recorded for them) on a day. */
export async function filedOn(tx: Sql, ws: string, userId: string, day: string): Promise<number> {
  const [{ filed }] = await tx.query<{ filed: number }>(
    `SELECT count(*)::int AS filed FROM complaints WHERE workspace_id = $1 AND filed_by = $2 AND recorded_by IS NULL AND received_on = $3::date`,
    [ws, userId, day],
  );
  return filed;
}

export async function nextCaseNumber(tx: Sql, ws: string): Promise<number> {
  const [{ next }] = await tx.query<{ next: number }>(NEXT_CASE_NUMBER, [ws]);
  return next;
}

export async function insertComplaint(tx: Sql, ws: string, c: NewComplaint): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO complaints (workspace_id, case_number, compliance, committee_id, workflow_id, version_id, filed_by, filed_as,
        complainant_name, complainant_email, complainant_gender, complainant_phone,
        respondent_name, respondent_gender, respondent_phone, respondent_email, respondent_description, respondent_user_id,
        against_employer, incident_details, incident_on, witnesses, answers, received_on, timeliness, presiding_member_id, witness_emails,
        filed_for_capacity, filed_for_reason, filed_for_consent, former_employee_left_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27::text[], $28, $29, $30, $31::date)
     RETURNING id`,
    [
      ws,
      c.caseNumber,
      c.compliance,
      c.committeeId,
      c.workflowId,
      c.versionId,
      c.filedBy,
      c.filedAs,
      c.complainant.name,
      c.complainant.email,
      c.complainant.gender,
      c.complainant.phone,
      c.respondent.name,
      c.respondent.gender,
      c.respondent.phone,
      c.respondent.email,
      c.respondent.description,
      c.respondent.userId,
      c.againstEmployer,
      c.incidentDetails,
      c.incidentOn,
      JSON.stringify(c.witnesses),
      JSON.stringify(c.answers),
      c.receivedOn,
      c.timeliness,
      c.presidingMemberId,
      c.witnessEmails,
      c.filedFor.capacity,
      c.filedFor.reason,
      c.filedFor.consent,
      c.formerEmployeeLeftOn,
    ],
  );
  return row.id;
}

export async function attachEvidence(
  tx: Sql,
  ws: string,
  complaintId: string,
  fileId: string,
  addedBy: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO complaint_evidence (workspace_id, complaint_id, file_id, added_by) VALUES ($1, $2, $3, $4)`,
    [ws, complaintId, fileId, addedBy],
  );
}

/** A case recorded by a member on the complainant's behalf waits for the complainant's confirmation. */
export async function markRecordedForConfirmation(
  tx: Sql,
  ws: string,
  id: string,
  recordedBy: string,
  channel: string,
): Promise<void> {
  await tx.query(
    `UPDATE complaints SET confirmation_pending = true, recorded_by = $3, recorded_channel = $4 WHERE workspace_id = $1 AND id = $2`,
    [ws, id, recordedBy, channel],
  );
}
