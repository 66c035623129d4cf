import { DeliveryHealth, DeliveryUnavailable, type OutgoingSms, type SmsSender } from '../messages';
import type { DeliveryLog } from './smtp-mailer';

export interface SmsGatewaySettings {
  /** The gateway's endpoint; each SMS is one JSON POST `{ to, text, reference }`. */
  url: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Attempts in all (the first plus retries); retried on 5xx, timeouts and network errors, never on 4xx. */
  attempts?: number;
  /** Pause before the n-th retry: backoffMs * 2^(n-1). */
  backoffMs?: number;
}

class Permanent extends Error {}

/**
 * SMS through an HTTP gateway: a JSON POST with a bearer token, a timeout per attempt, and retries with
 * backoff on 5xx, timeouts and network errors. A 4xx is the gateway refusing this message (a bad number,
 * a wrong token): retrying would not help, so it fails at once. Every failure is logged and answered as
 * `DeliveryUnavailable` (503).
 */
export class HttpSmsGateway implements SmsSender {
  readonly health = new DeliveryHealth('SMS');

  constructor(
    private readonly settings: SmsGatewaySettings,
    private readonly log: DeliveryLog = () => {},
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  assertAvailable(): void {
    this.health.assertAvailable();
  }

  async send(sms: OutgoingSms): Promise<void> {
    const attempts = Math.max(1, this.settings.attempts ?? 3);
    const backoff = this.settings.backoffMs ?? 500;
    const reference = crypto.randomUUID();
    let lastError: unknown;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, backoff * 2 ** (attempt - 2)));
      try {
        await this.post(sms, reference);
        this.health.succeeded();
        return;
      } catch (error) {
        lastError = error;
        if (error instanceof Permanent) break;
      }
    }
    this.health.failed();
    this.log(`sms gateway: could not send a message (reference ${reference})`, lastError);
    throw new DeliveryUnavailable('SMS');
  }

  private async post(sms: OutgoingSms, reference: string): Promise<void> {
    const response = await this.fetchImpl(this.settings.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        // The same reference on every attempt lets a gateway drop a duplicate of a message it did receive.
        'idempotency-key': reference,
        ...(this.settings.token ? { authorization: `Bearer ${this.settings.token}` } : {}),
      },
      body: JSON.stringify({ to: sms.to, text: sms.text, reference }),
      signal: AbortSignal.timeout(this.settings.timeoutMs ?? 5_000),
    });
    // Drain the body so the connection can be reused.
    const detail = await response.text().catch(() => '');
    if (response.ok) return;
    const message = `HTTP ${response.status}: ${detail.slice(0, 200)}`;
    if (response.status >= 500) throw new Error(message);
    throw new Permanent(message);
  }
}
