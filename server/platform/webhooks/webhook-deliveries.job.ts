import type { JobQueue } from '../jobs';
import { JOB_WEBHOOK_DELIVERIES, type WebhookDeliveries } from './webhook-deliveries';

/** The deliveries' job: every minute, and at once when nudged (a test event or a redelivery). */
export function defineWebhookJobs(queue: JobQueue, deliveries: WebhookDeliveries): void {
  queue.define(JOB_WEBHOOK_DELIVERIES, {
    cron: '* * * * *',
    retryLimit: 0,
    expireInSeconds: 600,
    handler: async () => {
      await deliveries.deliverDue();
    },
  });
}
