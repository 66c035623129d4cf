import { z } from 'zod';
import { IdParams, route } from '../route';
import { IsoDate } from './complaints.contract';

/**
 * Retention of closed cases (issue 13 "Records and retention", docs/case.md "Retention"): the workspace's period per
 * outcome, and per case the legal hold, the postponement and what the daily job will do. Not in endpoints.tsv:
 * documented here, in the case API's OpenAPI document and in docs/case.md.
 */

const MEMBERS = ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'] as const;
const PRESIDING_ONLY =
  'checked per case on the server: the member presiding over the case (or who presides in their place) holds or postpones; other members of its committee get 403, anyone else 404';

export const RetentionOutcome = z.enum(['UPHELD', 'NOT_UPHELD', 'SETTLED_BY_CONCILIATION', 'WITHDRAWN', 'REFERRED']);
export type RetentionOutcome = z.infer<typeof RetentionOutcome>;

/** Days after closure, 0 to 36,500; null: cases closed with this outcome are kept. */
const Period = z.number().int().min(0).max(36_500).nullable();

export const RetentionPeriods = z.strictObject({
  UPHELD: Period,
  NOT_UPHELD: Period,
  SETTLED_BY_CONCILIATION: Period,
  WITHDRAWN: Period,
  REFERRED: Period,
});

export const RetentionSettings = z.object({
  periods: z.object({
    UPHELD: z.number().int().nullable(),
    NOT_UPHELD: z.number().int().nullable(),
    SETTLED_BY_CONCILIATION: z.number().int().nullable(),
    WITHDRAWN: z.number().int().nullable(),
    REFERRED: z.number().int().nullable(),
  }),
  /** Days before the purge the committee is warned. */
  warnDays: z.number().int(),
  /** The jurisdiction the workspace follows: a Canada workspace keeps records 10 years whatever the period (CA-09). */
  compliance: z.enum(['IN_POSH', 'CA_FEDERAL']),
  /** Whether the caller may change them (workspace admins). */
  mayEdit: z.boolean(),
});
export type RetentionSettings = z.infer<typeof RetentionSettings>;

export const RetentionSettingsBody = z.strictObject({
  periods: RetentionPeriods,
  warnDays: z.number().int().min(1).max(365),
});
export type RetentionSettingsBody = z.input<typeof RetentionSettingsBody>;

export const getRetentionSettings = route({
  api: 'case',
  method: 'GET',
  path: '/api/retention-settings',
  summary:
    'The workspace’s retention period per outcome of a closed case and the warning’s lead: anyone in the workspace reads them (mayEdit: workspace admins)',
  response: RetentionSettings,
  access: MEMBERS,
  noPermission:
    'checked on the server: workspace admins, employers and members of a committee read them; others get 403',
});

export const saveRetentionSettings = route({
  api: 'case',
  method: 'PUT',
  path: '/api/retention-settings',
  summary:
    'Sets the retention period per outcome (days after closure, null to keep) and the days of warning before a purge; workspace admins only; audited',
  body: RetentionSettingsBody,
  response: RetentionSettings,
  access: ['WORKSPACE_ADMIN'],
  noPermission: 'purging records is the workspace admin’s decision alone, not switched per role',
});

export const RetentionState = z.object({
  caseNumber: z.string(),
  /** OPEN: not closed; KEPT: closed and never purged as things stand (see `keptBecause`); SCHEDULED: to be purged on `purgeOn`; PURGED: only the tombstone is left. */
  status: z.enum(['OPEN', 'KEPT', 'SCHEDULED', 'PURGED']),
  keptBecause: z.enum(['LEGAL_HOLD', 'NO_PERIOD']).nullable(),
  purgeOn: IsoDate.nullable(),
  /** What sets the date: the outcome's period, the appeal window (IN-10), the law (CA-09) or a postponement. */
  heldBy: z.enum(['PERIOD', 'APPEAL_WINDOW', 'LAW', 'POSTPONED']).nullable(),
  warnedOn: IsoDate.nullable(),
  legalHold: z.object({ reason: z.string(), placedBy: z.string().nullable(), placedAt: z.string() }).nullable(),
  postponement: z.object({ until: IsoDate, reason: z.string() }).nullable(),
  /** The tombstone of a purged case. */
  purged: z
    .object({
      purgedOn: IsoDate,
      outcome: z.string().nullable(),
      receivedOn: IsoDate,
      closedOn: IsoDate.nullable(),
      purgedBy: z.string(),
    })
    .nullable(),
  /** Whether the caller may place or lift a hold and postpone (the one presiding). */
  mayAct: z.boolean(),
});
export type RetentionState = z.infer<typeof RetentionState>;

export const getCaseRetention = route({
  api: 'case',
  method: 'GET',
  path: '/api/complaints/{id}/retention',
  summary:
    'When the case will be purged and why, its legal hold and postponement; a purged case answers its tombstone (the committee only)',
  params: IdParams,
  response: RetentionState,
  access: MEMBERS,
  noPermission: 'checked per case on the server: the committee assigned to the case (not recused); anyone else 404',
});

export const LegalHoldBody = z.strictObject({
  /** true places the hold, false lifts it. */
  hold: z.boolean(),
  reason: z.string().trim().min(3, 'Give the reason').max(1000),
});
export type LegalHoldBody = z.input<typeof LegalHoldBody>;

export const setLegalHold = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/legal-hold',
  summary: 'Places or lifts a legal hold (with its reason): a case on hold is never purged; the one presiding; audited',
  params: IdParams,
  body: LegalHoldBody,
  response: RetentionState,
  access: MEMBERS,
  noPermission: PRESIDING_ONLY,
});

export const PostponeBody = z.strictObject({
  until: IsoDate,
  reason: z.string().trim().max(1000),
});
export type PostponeBody = z.input<typeof PostponeBody>;

export const postponePurge = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/retention/postpone',
  summary:
    'Postpones the purge of a closed case to a later day (after today and the current date, at most 365 days ahead) with a reason; the one presiding; audited',
  params: IdParams,
  body: PostponeBody,
  response: RetentionState,
  access: MEMBERS,
  noPermission: PRESIDING_ONLY,
});
