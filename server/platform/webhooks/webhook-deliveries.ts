import { Webhook } from 'standardwebhooks';
import type { Database } from '../db/database';
import type { Clock } from '../clock';
import type { JobQueue } from '../jobs';
import type { Mailer } from '../messages';
import type { WebhookSender } from './webhook-sender';
import * as repo from './webhooks.repository';
import { templates } from '../message-templates';

export const JOB_WEBHOOK_DELIVERIES = 'webhook-deliveries';

/** Attempts of one delivery before it is marked failed (the first and seven retries, over about a day). */
export const MAX_ATTEMPTS = 8;
/** Failed attempts in a row, over at least a day, that pause an endpoint. */
export const PAUSE_AFTER_FAILURES = 10;
export const PAUSE_AFTER_SECONDS = 24 * 3600;
/** Deliveries claimed per statement; a claimed delivery is left alone by other processes this long. */
const BATCH = 50;
const LEASE_SECONDS = 120;

/** Seconds before the next attempt after `attempts` failed ones: 1 min, 4, 16, 64, 256, then 10 hours. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(60 * 4 ** Math.max(0, attempts - 1), 10 * 3600);
}

/**
 * Sends the outbox's due deliveries (docs/webhooks.md "Delivery"). A pg-boss job every minute, and at once after a
 * test event or a redelivery: it claims due deliveries of every workspace, signs each with its endpoint's secret
 * (Standard Webhooks), posts it, and records the attempt; a failure is retried with exponential backoff, and an
 * endpoint that keeps failing is paused and the workspace's admins mailed.
 */
export class WebhookDeliveries {
  constructor(
    private readonly db: Database,
    readonly sender: WebhookSender,
    private readonly clock: Clock,
    private readonly mail: Mailer,
    private readonly jobs: JobQueue | undefined,
    private readonly log: (line: string, error?: unknown) => void = () => {},
  ) {}

  /** Asks the job to run now (a test event or a redelivery); without a started queue, the minute's run sends it. */
  async nudge(): Promise<void> {
    if (!this.jobs?.started) return;
    await this.jobs.send(JOB_WEBHOOK_DELIVERIES, {}, { singletonKey: 'webhook-deliveries-now' }).catch(() => null);
  }

  /** Sends every due delivery; answers how many were delivered and how many failed this time. */
  async deliverDue(): Promise<{ delivered: number; failed: number }> {
    let delivered = 0;
    let failed = 0;
    for (;;) {
      const now = this.clock.now();
      const due = await this.db.system((tx) => repo.claimDue(tx, now, BATCH, LEASE_SECONDS));
      if (due.length === 0) return { delivered, failed };
      for (const d of due) {
        if (await this.deliverOne(d)) delivered++;
        else failed++;
      }
    }
  }

  private async deliverOne(d: repo.DueDelivery): Promise<boolean> {
    const body = JSON.stringify(d.payload);
    const at = this.clock.now();
    let result;
    try {
      const signature = new Webhook(d.secret).sign(d.event_id, at, body);
      result = await this.sender.send(
        d.url,
        {
          'webhook-id': d.event_id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body,
      );
    } catch (error) {
      result = { delivered: false, status: null, error: error instanceof Error ? error.message : String(error) };
    }
    const attempts = d.attempts + 1;
    const status = result.delivered ? 'DELIVERED' : attempts >= MAX_ATTEMPTS ? 'FAILED' : 'PENDING';
    const nextAt = new Date(at.getTime() + retryDelaySeconds(attempts) * 1000);
    const paused = await this.db.tenant(d.workspace_id, async (tx) => {
      await repo.recordAttempt(
        tx,
        { workspaceId: d.workspace_id, id: d.id },
        { status, at, nextAt, code: result.status, error: result.error },
      );
      if (result.delivered) {
        await repo.endpointSucceeded(tx, d.workspace_id, d.endpoint_id);
        return false;
      }
      return repo.endpointFailed(tx, d.workspace_id, d.endpoint_id, at, {
        pauseAfter: PAUSE_AFTER_FAILURES,
        pauseAfterSeconds: PAUSE_AFTER_SECONDS,
        reason: `Paused after ${PAUSE_AFTER_FAILURES} failed deliveries in a row over a day`,
      });
    });
    if (paused) await this.tellAdmins(d.workspace_id, d.url);
    return result.delivered;
  }

  private async tellAdmins(workspaceId: string, url: string): Promise<void> {
    try {
      const [emails, name] = await this.db.tenant(
        workspaceId,
        async (tx) => [await repo.adminEmails(tx, workspaceId), await repo.workspaceName(tx, workspaceId)] as const,
      );
      const host = URL.canParse(url) ? new URL(url).host : url;
      await this.mail.sendMany(
        emails.map((to) => ({
          workspaceId,
          to,
          ...templates.webhookPaused({ workspaceName: name, host, failures: PAUSE_AFTER_FAILURES }),
        })),
      );
    } catch (error) {
      this.log('mailing the admins of a paused webhook endpoint failed', error);
    }
  }
}
