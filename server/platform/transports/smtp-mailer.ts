import nodemailer, { type Transporter, type TransportOptions } from 'nodemailer';
import { DeliveryHealth, DeliveryUnavailable, type Mailer, type OutgoingMail } from '../messages';

export interface SmtpSettings {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://...:465`; nodemailer's URL options apply. */
  url: string;
  /** The From address, e.g. `SafePlace <no-reply@example.com>`. */
  from: string;
  /** Connection, greeting and socket timeouts; a stuck server must not hold a request (or its transaction) long. */
  timeoutMs?: number;
}

export type DeliveryLog = (message: string, error?: unknown) => void;

/**
 * Mail over SMTP through nodemailer, on a small connection pool. A failure is logged with the transport's own
 * error and answered as `DeliveryUnavailable` (503), which names no recipient.
 *
 * The message leaves while the caller's transaction is still open (the `tx` argument is not needed): a failed
 * send rolls the change back (no code is stored that nobody received); a send that succeeds before a later
 * rollback leaves a mail whose code does not work, which is harmless.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  readonly health = new DeliveryHealth('EMAIL');

  constructor(
    private readonly settings: SmtpSettings,
    private readonly log: DeliveryLog = () => {},
  ) {
    const timeout = settings.timeoutMs ?? 15_000;
    this.transport = nodemailer.createTransport({
      url: settings.url,
      pool: true,
      maxConnections: 3,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    } as TransportOptions);
  }

  assertAvailable(): void {
    this.health.assertAvailable();
  }

  async send(mail: OutgoingMail): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.settings.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments?.map((a) => ({
          filename: a.fileName,
          contentType: a.contentType,
          content: a.content,
          ...(a.encoding ? { encoding: a.encoding } : {}),
        })),
      });
      this.health.succeeded();
    } catch (error) {
      this.health.failed();
      this.log(`smtp: could not send "${mail.subject}"`, error);
      throw new DeliveryUnavailable('EMAIL');
    }
  }

  /** One pooled connection carries the whole batch; the first failure stops it (the caller's transaction rolls back). */
  async sendMany(mails: OutgoingMail[]): Promise<void> {
    for (const mail of mails) await this.send(mail);
  }

  close(): void {
    this.transport.close();
  }
}
