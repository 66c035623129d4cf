import type { Sql } from '../../platform/db/database';
import type { Mailer } from '../../platform/messages';

/**
 * The reporter of an intake case is told only that there is a reply, at the contact address they chose (if any):
 * no case number, no words of the reply (docs/case.md "Confidential intake").
 */
export async function notifyReporter(tx: Sql, mail: Mailer, ws: string, complaintId: string): Promise<void> {
  const [row] = await tx.query<{ contact_email: string | null }>(
    `SELECT contact_email FROM complaint_intakes WHERE workspace_id = $1 AND complaint_id = $2`,
    [ws, complaintId],
  );
  if (!row?.contact_email) return;
  await mail.send(
    {
      workspaceId: ws,
      to: row.contact_email,
      subject: 'There is a reply to your report',
      text: 'There is a reply to the report you made. Open the report page of your workplace and enter your receipt key to read it.\n\nThis mail says nothing more on purpose.',
    },
    tx,
  );
}

/** The receipt settings of the workspace (migration 0029); 180 days when nothing was set. */
export async function receiptExpiryDays(tx: Sql, ws: string): Promise<number> {
  const [row] = await tx.query<{ days: number }>(
    `SELECT receipt_expiry_days AS days FROM complaint_settings WHERE workspace_id = $1`,
    [ws],
  );
  return row?.days ?? 180;
}

export interface IntakeRow {
  id: string;
  complaint_id: string;
  password_hash: string | null;
  contact_email: string | null;
  key_confirmed_at: Date | string | null;
  last_used_at: Date | string;
  pending_file_ids: string[];
}
