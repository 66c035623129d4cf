import { z } from 'zod';
import { POLICY_ELEMENTS } from '../../domain/compliance/prevention-programme';
import { route } from '../route';
import { IsoDate } from './complaints.contract';

/**
 * Canada's prevention programme (docs/law.md; CA-03, CA-12): the policy's required elements the employer confirms,
 * and the joint reviews of the policy and of the workplace assessment. Our paths (not in endpoints.tsv).
 */
const MANAGERS = ['WORKSPACE_ADMIN', 'EMPLOYER'] as const;

export const PolicyElementSchema = z.enum(POLICY_ELEMENTS);

export const PreventionProgramme = z.object({
  elements: z.array(PolicyElementSchema),
  policyReviewedOn: IsoDate.nullable(),
  assessmentReviewedOn: IsoDate.nullable(),
  /** The day each joint review falls due: 3 years on; null when none was recorded. */
  policyReviewDue: IsoDate.nullable(),
  assessmentReviewDue: IsoDate.nullable(),
  updatedAt: z.string().nullable(),
});
export type PreventionProgramme = z.infer<typeof PreventionProgramme>;

export const PreventionProgrammeBody = z.strictObject({
  elements: z
    .array(PolicyElementSchema)
    .max(POLICY_ELEMENTS.length)
    .refine((e) => new Set(e).size === e.length, 'Name each element once'),
  policyReviewedOn: IsoDate.nullable(),
  assessmentReviewedOn: IsoDate.nullable(),
});
export type PreventionProgrammeBody = z.infer<typeof PreventionProgrammeBody>;

export const preventionProgramme = route({
  api: 'case',
  method: 'GET',
  path: '/api/prevention-programme',
  summary:
    'Canada’s prevention programme: the policy’s required elements confirmed (SOR/2020-130 s.10(2)) and the last joint reviews of the policy and the workplace assessment, with the day each falls due (CA-12)',
  response: PreventionProgramme,
  access: MANAGERS,
  permission: 'workflows.design',
});

export const savePreventionProgramme = route({
  api: 'case',
  method: 'PUT',
  path: '/api/prevention-programme',
  summary:
    'Record the policy’s elements confirmed and the days of the last joint reviews (not a future day: 400 naming the field); recorded in the workspace’s audit log',
  body: PreventionProgrammeBody,
  response: PreventionProgramme,
  access: MANAGERS,
  permission: 'workflows.design',
});
