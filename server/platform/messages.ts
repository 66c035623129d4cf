import type { Database, Sql } from './db/database';

export interface OutgoingMail {
  workspaceId: string | null;
  to: string;
  subject: string;
  text: string;
}

export interface OutgoingSms {
  workspaceId: string | null;
  to: string;
  text: string;
}

/** Mail leaves through this port. The default adapter is the outbox; SMTP is configuration. */
export interface Mailer {
  send(mail: OutgoingMail, tx?: Sql): Promise<void>;
  /** Many mails at once (invitations): one statement for the outbox, one connection for SMTP. */
  sendMany(mails: OutgoingMail[], tx?: Sql): Promise<void>;
}

/** SMS leaves through this port. The default adapter is the outbox; an HTTP gateway is configuration. */
export interface SmsSender {
  send(sms: OutgoingSms, tx?: Sql): Promise<void>;
}

/**
 * The outbox: every message is stored (in the sender's transaction when given, so a rolled-back change sends
 * nothing) and logged. A development page shows it, so a fresh machine can read its codes.
 */
export class OutboxMessages implements Mailer, SmsSender {
  constructor(
    private readonly db: Database,
    private readonly log: (line: string) => void = () => {},
  ) {}

  async send(message: OutgoingMail | OutgoingSms, tx?: Sql): Promise<void> {
    const isMail = 'subject' in message;
    const insert = (sql: Sql) =>
      sql.query(`INSERT INTO outbox_messages (workspace_id, channel, recipient, subject, body) VALUES ($1, $2, $3, $4, $5)`, [
        message.workspaceId,
        isMail ? 'EMAIL' : 'SMS',
        message.to,
        isMail ? message.subject : null,
        message.text,
      ]);
    if (tx) await insert(tx);
    else await this.db.system(insert);
    this.log(`outbox: ${isMail ? 'mail' : 'SMS'} to ${message.to}${isMail ? `: ${message.subject}` : ''}`);
  }

  async sendMany(mails: OutgoingMail[], tx?: Sql): Promise<void> {
    if (mails.length === 0) return;
    const insert = (sql: Sql) =>
      sql.query(
        `INSERT INTO outbox_messages (workspace_id, channel, recipient, subject, body)
         SELECT (m->>0)::uuid, 'EMAIL', m->>1, m->>2, m->>3 FROM json_array_elements($1::json) AS m`,
        [JSON.stringify(mails.map((m) => [m.workspaceId, m.to, m.subject, m.text]))],
      );
    if (tx) await insert(tx);
    else await this.db.system(insert);
    this.log(`outbox: ${mails.length} mails`);
  }
}
