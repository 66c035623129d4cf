import { createHmac, randomBytes } from 'node:crypto';
import type { Sql } from '../../platform/db/database';
import type { Mailer } from '../../platform/messages';

/**
 * The reporter of an intake case is told only that there is a reply, at the contact address they chose (if any):
 * no case number, no words of the reply (docs/case.md "Confidential intake").
 */
export async function notifyReporter(tx: Sql, mail: Mailer, ws: string, complaintId: string): Promise<void> {
  const [row] = await tx.query<{ contact_email: string | null }>(`SELECT contact_email FROM complaint_intakes WHERE workspace_id = $1 AND complaint_id = $2`, [
    ws,
    complaintId,
  ]);
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
  const [row] = await tx.query<{ days: number }>(`SELECT receipt_expiry_days AS days FROM complaint_settings WHERE workspace_id = $1`, [ws]);
  return row?.days ?? 180;
}

/**
 * The rate-limit key of an address: an HMAC with the workspace's secret of the day. The limiter stores only a hash of
 * this, and yesterday's secret is deleted, so no stored value leads back to an address (a plain hash of an IPv4 address
 * is reversed by trying all 2^32 of them).
 */
export async function addressKey(tx: Sql, ws: string, address: string): Promise<string> {
  await tx.query(`DELETE FROM intake_rate_secrets WHERE workspace_id = $1 AND day < (now() AT TIME ZONE 'UTC')::date`, [ws]);
  await tx.query(
    `INSERT INTO intake_rate_secrets (workspace_id, day, secret) VALUES ($1, (now() AT TIME ZONE 'UTC')::date, $2) ON CONFLICT DO NOTHING`,
    [ws, randomBytes(32).toString('base64')],
  );
  const [row] = await tx.query<{ secret: string }>(`SELECT secret FROM intake_rate_secrets WHERE workspace_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date`, [ws]);
  return createHmac('sha256', row.secret).update(address).digest('hex');
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
