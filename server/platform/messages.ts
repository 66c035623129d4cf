import { MAIN_SITE_WORKSPACE_ID, type Database, type Sql } from './db/database';
import { HttpError } from './errors';

export interface OutgoingMail {
  workspaceId: string | null;
  to: string;
  subject: string;
  text: string;
  /** The HTML part (from `message-templates.ts`); the outbox keeps the text part only. */
  html?: string;
  /** Files sent with the mail (a meeting's .ics invitation); the outbox keeps them beside the text. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: string;
  /** `base64` for a binary file (a scheduled report's XLSX); text otherwise. */
  encoding?: 'base64';
}

export interface OutgoingSms {
  workspaceId: string | null;
  to: string;
  text: string;
}

/** Mail leaves through this port. The default adapter is the outbox; SMTP is configuration. */
export interface Mailer {
  /** Throws `DeliveryUnavailable` while the transport is known to be failing (see `DeliveryHealth`). */
  assertAvailable(): void;
  /** Throws `DeliveryUnavailable` when the message could not be handed over. */
  send(mail: OutgoingMail, tx?: Sql): Promise<void>;
  /** Many mails at once (invitations): one statement for the outbox, one connection for SMTP. */
  sendMany(mails: OutgoingMail[], tx?: Sql): Promise<void>;
}

/** SMS leaves through this port. The default adapter is the outbox; an HTTP gateway is configuration. */
export interface SmsSender {
  assertAvailable(): void;
  send(sms: OutgoingSms, tx?: Sql): Promise<void>;
}

export type Channel = 'EMAIL' | 'SMS';

/**
 * A message could not be handed to its transport: 503 with Retry-After to whoever asked for it. The message
 * names neither the recipient nor the account, and the transport's own error stays in the log.
 */
export class DeliveryUnavailable extends HttpError {
  constructor(channel: Channel, retryAfterSeconds = DELIVERY_COOL_DOWN_SECONDS) {
    super(
      503,
      'DELIVERY_UNAVAILABLE',
      `We could not send the ${channel === 'EMAIL' ? 'email' : 'text message'} just now. Please try again in a few minutes.`,
      undefined,
      { 'retry-after': String(retryAfterSeconds) },
    );
  }
}

export const DELIVERY_COOL_DOWN_SECONDS = 60;

/**
 * Sends a notice that must not undo the change it reports (a lockout, a password change): a transport failure is
 * already logged by the adapter and is swallowed here, so the lock or the new password stands. Returns whether it left.
 * Codes, on the contrary, are sent with a plain `send`: a code nobody received must not be stored.
 */
export async function sendNotice(send: () => Promise<void>): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (error) {
    if (error instanceof DeliveryUnavailable) return false;
    throw error;
  }
}

/**
 * Remembers a transport's last failure. Routes that send codes ask it before looking the account up, so while
 * a transport is down every caller gets the same 503, whether or not the account exists (only the request that
 * meets the failure first learns it from the send itself).
 */
export class DeliveryHealth {
  private failedAt = 0;
  constructor(
    private readonly channel: Channel,
    private readonly coolDownMs = DELIVERY_COOL_DOWN_SECONDS * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  failed(): void {
    this.failedAt = this.now();
  }

  succeeded(): void {
    this.failedAt = 0;
  }

  assertAvailable(): void {
    const left = this.failedAt + this.coolDownMs - this.now();
    if (this.failedAt && left > 0) throw new DeliveryUnavailable(this.channel, Math.ceil(left / 1000));
  }
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

  /** The outbox is the database: it is available whenever the request itself can be served. */
  assertAvailable(): void {}

  async send(message: OutgoingMail | OutgoingSms, tx?: Sql): Promise<void> {
    const isMail = 'subject' in message;
    const insert = (sql: Sql) =>
      sql.query(
        `INSERT INTO outbox_messages (workspace_id, channel, recipient, subject, body, attachments) VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          message.workspaceId ?? MAIN_SITE_WORKSPACE_ID,
          isMail ? 'EMAIL' : 'SMS',
          message.to,
          isMail ? message.subject : null,
          message.text,
          JSON.stringify(isMail ? (message.attachments ?? []) : []),
        ],
      );
    if (tx) await insert(tx);
    else await this.db.system(insert);
    this.log(`outbox: ${isMail ? 'mail' : 'SMS'} to ${message.to}${isMail ? `: ${message.subject}` : ''}`);
  }

  async sendMany(mails: OutgoingMail[], tx?: Sql): Promise<void> {
    if (mails.length === 0) return;
    const insert = (sql: Sql) =>
      sql.query(
        `INSERT INTO outbox_messages (workspace_id, channel, recipient, subject, body, attachments)
         SELECT (m->>0)::uuid, 'EMAIL', m->>1, m->>2, m->>3, (m->4)::jsonb FROM json_array_elements($1::json) AS m`,
        [
          JSON.stringify(
            mails.map((m) => [m.workspaceId ?? MAIN_SITE_WORKSPACE_ID, m.to, m.subject, m.text, m.attachments ?? []]),
          ),
        ],
      );
    if (tx) await insert(tx);
    else await this.db.system(insert);
    this.log(`outbox: ${mails.length} mails`);
  }
}
