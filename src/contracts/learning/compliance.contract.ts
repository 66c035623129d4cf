import { z } from 'zod';
import { Id, pageOf, route } from '../route';
import { ComplianceKind, Jurisdiction } from './catalogue.contract';

/**
 * A workspace's compliance (docs/policies.md "Compliance status"): the jurisdictions it declares, the
 * catalogue's obligations of each with the evidence the product holds and their state, and Canada's training cadence
 * (CA-11) per person. Behind the Compliance module switch (403 MODULE_DISABLED when off).
 */

const MANAGERS = ['WORKSPACE_ADMIN', 'EMPLOYER'] as const;
const PERMISSION = 'policies.manage' as const;

export const DeclaredJurisdictions = z.object({
  /** The jurisdictions this workspace declared. */
  declared: z.array(Jurisdiction),
  /** Every jurisdiction of the catalogue, to choose from. */
  choices: z.array(Jurisdiction),
});
export type DeclaredJurisdictions = z.infer<typeof DeclaredJurisdictions>;

export const DeclareJurisdictionsBody = z.strictObject({ jurisdictionIds: z.array(Id).max(100) });
export type DeclareJurisdictionsBody = z.infer<typeof DeclareJurisdictionsBody>;

export const ObligationState = z.enum(['MET', 'PARTIAL', 'MISSING', 'NOT_TRACKED']);
export type ObligationState = z.infer<typeof ObligationState>;

export const Obligation = z.object({
  complianceId: z.string(),
  title: z.string(),
  description: z.string(),
  kind: ComplianceKind,
  category: z.string().nullable(),
  state: ObligationState,
  /** Evidence in words ("12 of 15 assigned (80 %), 9 completed (60 %)"). */
  evidence: z.string(),
  /** Training: percentages of active people assigned, and of those assigned who completed. */
  training: z
    .object({ courses: z.array(z.string()), assignedPercent: z.number().int(), completedPercent: z.number().int() })
    .nullable(),
  /** Policies: the linked policies with their publication and acceptances. */
  policies: z
    .array(
      z.object({ title: z.string(), published: z.boolean(), inScope: z.number().int(), accepted: z.number().int() }),
    )
    .nullable(),
  /** Committee: the workspace-wide committee's term. */
  committee: z
    .object({ name: z.string(), termStart: z.string(), termEnd: z.string(), members: z.number().int() })
    .nullable(),
  missing: z.string().nullable(),
  dueOn: z.string().nullable(),
});
export type Obligation = z.infer<typeof Obligation>;

export const ComplianceStatus = z.object({
  asOf: z.string(),
  people: z.number().int(),
  jurisdictions: z.array(
    z.object({
      jurisdiction: Jurisdiction,
      obligations: z.array(Obligation),
      /** CA-11 applies: the page links the per-person training cadence. */
      trainingCadence: z.boolean(),
    }),
  ),
});
export type ComplianceStatus = z.infer<typeof ComplianceStatus>;

export const CadenceRow = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  /** The day they joined (or their account was made, when no joining date is recorded). */
  hiredOn: z.string(),
  lastCompletedOn: z.string().nullable(),
  dueOn: z.string(),
  state: z.enum(['DONE', 'DUE', 'OVERDUE']),
});
export type CadenceRow = z.infer<typeof CadenceRow>;

export const complianceJurisdictions = route({
  api: 'learning',
  method: 'GET',
  path: '/api/compliance/jurisdictions',
  summary: 'The jurisdictions this workspace declares it operates in, and the catalogue’s to choose from',
  response: DeclaredJurisdictions,
  access: MANAGERS,
  permission: PERMISSION,
});

export const declareJurisdictions = route({
  api: 'learning',
  method: 'PUT',
  path: '/api/compliance/jurisdictions',
  summary: 'Declares the jurisdictions this workspace operates in (the whole list; unknown ids 400)',
  body: DeclareJurisdictionsBody,
  response: DeclaredJurisdictions,
  access: MANAGERS,
  permission: PERMISSION,
});

export const complianceStatus = route({
  api: 'learning',
  method: 'GET',
  path: '/api/compliance/status',
  summary:
    'For each declared jurisdiction, each obligation with its evidence, state, what is missing and when it falls due',
  response: ComplianceStatus,
  access: MANAGERS,
  permission: PERMISSION,
});

export const trainingCadence = route({
  api: 'learning',
  method: 'GET',
  path: '/api/compliance/training-cadence',
  summary:
    'Canada (CA-11): each active person’s training due date (within 3 months of hire, then every 3 years), late first',
  query: z.strictObject({
    page: z.coerce.number().int().min(0).default(0),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
    state: z.enum(['DONE', 'DUE', 'OVERDUE']).optional(),
  }),
  response: pageOf(CadenceRow),
  access: MANAGERS,
  permission: PERMISSION,
});
