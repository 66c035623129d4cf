import { z } from 'zod';

/**
 * The events a workspace's webhook endpoints may subscribe to (docs/webhooks.md). Case events carry no personal data
 * and no case content: the case number, the stage or the clock, and whether it was met or missed.
 */
export const WEBHOOK_EVENT_TYPES = [
  'course.assigned',
  'course.completed',
  'certificate.issued',
  'certificate.expiring',
  'policy.published',
  'policy.accepted',
  'person.provisioned',
  'person.deprovisioned',
  'case.stage_changed',
  'case.clock_met',
  'case.clock_missed',
] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** The event a "send test event" call sends; no endpoint subscribes to it, it goes to the one endpoint asked. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Plain words for each event, for the screen. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'course.assigned': 'Course assigned',
  'course.completed': 'Course completed',
  'certificate.issued': 'Certificate issued',
  'certificate.expiring': 'Certificate expiring',
  'policy.published': 'Policy published',
  'policy.accepted': 'Policy accepted',
  'person.provisioned': 'Person provisioned',
  'person.deprovisioned': 'Person deprovisioned',
  'case.stage_changed': 'Case stage changed',
  'case.clock_met': 'Case clock met',
  'case.clock_missed': 'Case clock missed',
};

/** Longest endpoint address accepted. */
export const WEBHOOK_URL_MAX = 2000;
