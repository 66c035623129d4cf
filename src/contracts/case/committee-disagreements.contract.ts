import { z } from 'zod';
import { IdParams, Ok, route } from '../route';
import { IsoDate } from './complaints.contract';

/**
 * CA-09 / CA-12 (docs/law.md): the employer's record of its disagreements with the workplace committee, kept 10 years.
 * Admins and employers only (the permission that gates the compliance page). Our paths (not in endpoints.tsv).
 */
const MANAGERS = ['WORKSPACE_ADMIN', 'EMPLOYER'] as const;
const Position = (what: string) => z.string().trim().min(1, `Enter ${what}`).max(4000);

export const CommitteeDisagreement = z.object({
  id: z.string(),
  subject: z.string(),
  committeePosition: z.string(),
  employerPosition: z.string(),
  occurredOn: IsoDate,
  recordedOn: IsoDate,
  recordedByName: z.string(),
  /** The last day the record is kept (10 years from the day it was recorded); it cannot be deleted before. */
  keptUntil: IsoDate,
});
export type CommitteeDisagreement = z.infer<typeof CommitteeDisagreement>;

export const CommitteeDisagreementBody = z.strictObject({
  subject: z.string().trim().min(1, 'Enter the subject').max(300),
  committeePosition: Position('the committee’s position'),
  employerPosition: Position('the employer’s position'),
  occurredOn: IsoDate,
});
export type CommitteeDisagreementBody = z.infer<typeof CommitteeDisagreementBody>;

export const committeeDisagreements = route({
  api: 'case',
  method: 'GET',
  path: '/api/committee-disagreements',
  summary: 'The disagreements with the workplace committee recorded (CA-09), newest first, each kept 10 years',
  response: z.object({ items: z.array(CommitteeDisagreement) }),
  access: MANAGERS,
  permission: 'workflows.design',
});

export const recordCommitteeDisagreement = route({
  api: 'case',
  method: 'POST',
  path: '/api/committee-disagreements',
  summary:
    'Record a disagreement with the workplace committee: subject, each side’s position, the day (not a future day: 400 naming `occurredOn`); recorded in the workspace’s audit log',
  body: CommitteeDisagreementBody,
  response: CommitteeDisagreement,
  access: MANAGERS,
  permission: 'workflows.design',
});

export const deleteCommitteeDisagreement = route({
  api: 'case',
  method: 'DELETE',
  path: '/api/committee-disagreements/{id}',
  summary:
    'Delete a disagreement record once its 10 years have run; before, 409 `RECORD_KEPT` naming CA-09; another workspace’s is 404',
  params: IdParams,
  response: Ok,
  access: MANAGERS,
  permission: 'workflows.design',
});
