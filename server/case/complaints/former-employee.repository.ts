import type { Sql } from '../../platform/db/database';
import type { LateNoticeGround } from '../../../src/domain/complaints/former-employee';
import { caseAudit } from './complaints.repository';

/**
 * CA-01: a former employee's notice given past the 3 months, on trauma or ill health: the extension is kept on the case
 * and written in its log (`notice.late.extended`), so the designated recipients see what the notice relied on.
 */
export async function recordLateNotice(
  tx: Sql,
  e: {
    ws: string;
    complaintId: string;
    actorUserId: string | null;
    ip: string | null;
    leftOn: string;
    extension: { ground: LateNoticeGround; reason: string };
  },
): Promise<void> {
  await tx.query(
    `UPDATE complaints SET former_employee_late_for = $3, former_employee_late_reason = $4 WHERE workspace_id = $1 AND id = $2`,
    [e.ws, e.complaintId, e.extension.ground, e.extension.reason],
  );
  await caseAudit(tx, {
    ws: e.ws,
    complaintId: e.complaintId,
    actorUserId: e.actorUserId,
    action: 'notice.late.extended',
    ip: e.ip,
    details: { rule: 'CA-01', leftOn: e.leftOn, lateFor: e.extension.ground, reason: e.extension.reason },
  });
}

/** The case's former-employee notice as its read shows it (null for a person who was employed). */
export async function formerEmployeeNoticeOf(
  tx: Sql,
  ws: string,
  complaintId: string,
): Promise<{ leftOn: string; lateFor: LateNoticeGround | null; lateReason: string | null } | null> {
  const [row] = await tx.query<{
    left_on: string | null;
    late_for: LateNoticeGround | null;
    late_reason: string | null;
  }>(
    `SELECT former_employee_left_on::text AS left_on, former_employee_late_for AS late_for,
            former_employee_late_reason AS late_reason
       FROM complaints WHERE workspace_id = $1 AND id = $2`,
    [ws, complaintId],
  );
  return row?.left_on ? { leftOn: row.left_on, lateFor: row.late_for, lateReason: row.late_reason } : null;
}
