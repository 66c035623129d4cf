import type { Database } from '../platform/db/database';

export interface OutboxEntry {
  id: number;
  channel: string;
  to: string;
  subject: string | null;
  body: string;
  attachments: { fileName: string; contentType: string; content: string }[];
  at: string;
}

/** The last hundred messages of the outbox, newest first, to one recipient (lower-cased) or to anyone (null). */
export async function recentOutbox(db: Pick<Database, 'query'>, to: string | null): Promise<OutboxEntry[]> {
  const rows = await db.query<{
    id: number;
    channel: string;
    recipient: string;
    subject: string | null;
    body: string;
    attachments: OutboxEntry['attachments'] | null;
    created_at: Date;
  }>(
    `SELECT id, channel, recipient, subject, body, attachments, created_at FROM outbox_messages
      WHERE $1::text IS NULL OR lower(recipient) = $1 ORDER BY id DESC LIMIT 100`,
    [to],
  );
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    to: r.recipient,
    subject: r.subject,
    body: r.body,
    attachments: r.attachments ?? [],
    at: new Date(r.created_at).toISOString(),
  }));
}
