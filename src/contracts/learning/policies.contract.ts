import { z } from 'zod';
import { Id, IdParams, pageOf, route } from '../route';
import { PolicyLanguage, VersionChange } from './catalogue.contract';

/**
 * Policies in a workspace (docs/policies.md): the workspace's admins publish a catalogue policy to everyone or
 * to chosen business units; each person reads it (the server serves the PDF and records that they opened it) and
 * accepts; acceptances are never changed. Admins see who accepted, per policy and per person, and export it.
 */

const MANAGERS = ['WORKSPACE_ADMIN', 'EMPLOYER'] as const;
const PERMISSION = 'policies.manage' as const;
const EVERYONE = ['WORKSPACE_ADMIN', 'EMPLOYER', 'BRANCH_ADMIN', 'EMPLOYEE'] as const;
const OWN = 'A member’s own policies to read and accept: everyone in scope must be able to, whatever the switches';

export const AcceptanceStateName = z.enum(['ACCEPTED', 'PENDING', 'OVERDUE']);
export type AcceptanceStateName = z.infer<typeof AcceptanceStateName>;

export const PublishBody = z.strictObject({
  cataloguePolicyId: Id,
  scope: z.enum(['WORKSPACE', 'UNITS']),
  /** With scope UNITS: the business units (at least one). */
  branchIds: z.array(Id).max(500).optional(),
  daysToAccept: z.number().int().min(1, 'Give at least one day').max(365, 'Give at most 365 days').default(14),
  yearly: z.boolean().default(false),
});
export type PublishBody = z.infer<typeof PublishBody>;

export const CataloguePolicyOffer = z.object({
  cataloguePolicyId: z.string(),
  title: z.string(),
  description: z.string(),
  jurisdiction: z.string().nullable(),
  currentVersion: z.number().int(),
  languages: z.array(PolicyLanguage),
  /** The workspace's publication of it, when it has one. */
  workspacePolicyId: z.string().nullable(),
  /** The workspace's own policy (not the platform's catalogue). */
  own: z.boolean(),
});

export const WorkspacePolicy = z.object({
  id: z.string(),
  cataloguePolicyId: z.string(),
  title: z.string(),
  currentVersion: z.number().int(),
  scope: z.enum(['WORKSPACE', 'UNITS']),
  branches: z.array(z.object({ id: z.string(), name: z.string() })),
  daysToAccept: z.number().int(),
  yearly: z.boolean(),
  publishedAt: z.string(),
  /** People in scope, and how many hold a valid acceptance. */
  inScope: z.number().int(),
  accepted: z.number().int(),
  overdue: z.number().int(),
});
export type WorkspacePolicy = z.infer<typeof WorkspacePolicy>;

export const AcceptanceRow = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  branchName: z.string().nullable(),
  state: AcceptanceStateName,
  /** The version and language of their latest acceptance, when any. */
  version: z.number().int().nullable(),
  language: PolicyLanguage.nullable(),
  acceptedAt: z.string().nullable(),
  /** Recorded by an admin on their behalf, with this reason. */
  recordedReason: z.string().nullable(),
  dueOn: z.string().nullable(),
});
export type AcceptanceRow = z.infer<typeof AcceptanceRow>;

export const MyPolicy = z.object({
  id: z.string(),
  title: z.string(),
  currentVersion: z.number().int(),
  state: AcceptanceStateName,
  dueOn: z.string().nullable(),
  acceptedVersion: z.number().int().nullable(),
  acceptedAt: z.string().nullable(),
});
export type MyPolicy = z.infer<typeof MyPolicy>;

export const PolicyReading = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  version: z.number().int(),
  change: VersionChange,
  summary: z.string(),
  /** The language the document is served in, and whether it differs from the one asked (no PDF of this version in it). */
  language: PolicyLanguage,
  fallback: z.boolean(),
  /** The languages this version can be read in. */
  languages: z.array(PolicyLanguage),
  /** The learning API path of the PDF; fetching it records that the reader opened it. */
  documentPath: z.string(),
  /** Whether the reader has opened this version's document (in any language): accepting needs it. */
  opened: z.boolean(),
  state: AcceptanceStateName,
  dueOn: z.string().nullable(),
  acceptedVersion: z.number().int().nullable(),
  acceptedAt: z.string().nullable(),
});
export type PolicyReading = z.infer<typeof PolicyReading>;

export const LanguageQuery = z.strictObject({ language: PolicyLanguage.optional() });

export const AcceptBody = z.strictObject({ version: z.number().int().min(1), language: PolicyLanguage });
export type AcceptBody = z.infer<typeof AcceptBody>;

export const Accepted = z.object({ version: z.number().int(), language: PolicyLanguage, acceptedAt: z.string() });

export const RecordAcceptanceBody = z.strictObject({
  userId: Id,
  language: PolicyLanguage,
  reason: z.string().trim().min(3, 'Say why you record it for them').max(500),
});
export type RecordAcceptanceBody = z.infer<typeof RecordAcceptanceBody>;

export const workspacePolicyCatalogue = route({
  api: 'learning',
  method: 'GET',
  path: '/api/policy/catalogue',
  summary:
    'The catalogue’s policies this workspace may publish (those whose current version has a PDF), with its publication of each',
  response: z.object({ items: z.array(CataloguePolicyOffer) }),
  access: MANAGERS,
  permission: PERMISSION,
});

export const publishPolicy = route({
  api: 'learning',
  method: 'POST',
  path: '/api/policy/publish',
  summary:
    'Publishes a catalogue policy to the whole workspace or chosen business units (again: changes scope and days)',
  body: PublishBody,
  response: WorkspacePolicy,
  access: MANAGERS,
  permission: PERMISSION,
});

export const workspacePolicyList = route({
  api: 'learning',
  method: 'GET',
  path: '/api/policy/all',
  summary: 'The workspace’s published policies with how many in scope have accepted',
  response: z.object({ items: z.array(WorkspacePolicy) }),
  access: MANAGERS,
  permission: PERMISSION,
});

export const policyAcceptances = route({
  api: 'learning',
  method: 'GET',
  path: '/api/policy/acceptances/{id}',
  summary: 'Each person in a policy’s scope with their acceptance state, version, language and time',
  params: IdParams,
  query: z.strictObject({
    page: z.coerce.number().int().min(0).default(0),
    pageSize: z.coerce.number().int().min(1).max(300).default(20),
    state: AcceptanceStateName.optional(),
  }),
  response: pageOf(AcceptanceRow).extend({ policy: WorkspacePolicy }),
  access: MANAGERS,
  permission: PERMISSION,
});

export const policyAcceptancesExport = route({
  api: 'learning',
  method: 'GET',
  path: '/api/policy/acceptances-export/{id}',
  summary: 'The same as CSV: one row per person in scope',
  params: IdParams,
  response: null,
  access: MANAGERS,
  permission: PERMISSION,
});

export const personPolicies = route({
  api: 'learning',
  method: 'GET',
  path: '/api/policy/person/{id}',
  summary: 'A person’s policies: each published policy in their scope with their acceptance',
  params: IdParams,
  response: z.object({ items: z.array(MyPolicy) }),
  access: MANAGERS,
  permission: PERMISSION,
});

export const recordAcceptance = route({
  api: 'learning',
  method: 'POST',
  path: '/api/policy/record-acceptance/{id}',
  summary:
    'Records an acceptance of the current version on someone’s behalf (a person without a computer), with the reason; audited',
  params: IdParams,
  body: RecordAcceptanceBody,
  response: Accepted,
  access: MANAGERS,
  permission: PERMISSION,
});

export const myPolicies = route({
  api: 'learning',
  method: 'GET',
  path: '/api/policy/my',
  summary: 'The signed-in person’s policies: those to accept first, then those accepted',
  response: z.object({ items: z.array(MyPolicy) }),
  access: EVERYONE,
  noPermission: OWN,
});

export const readPolicy = route({
  api: 'learning',
  method: 'GET',
  path: '/api/policy/my/{id}',
  summary: 'A policy to read: its current version in the language asked (or another when that PDF is not given yet)',
  params: IdParams,
  query: LanguageQuery,
  response: PolicyReading,
  access: EVERYONE,
  noPermission: OWN,
});

export const policyDocument = route({
  api: 'learning',
  method: 'GET',
  path: '/api/policy/my/{id}/document',
  summary: 'The current version’s PDF in a language (application/pdf); serving it records that this person opened it',
  params: IdParams,
  query: LanguageQuery,
  response: null,
  access: EVERYONE,
  noPermission: OWN,
});

export const acceptPolicy = route({
  api: 'learning',
  method: 'POST',
  path: '/api/policy/my/{id}/accept',
  summary:
    'Accepts the current version in a language: 409 NOT_OPENED before its document was fetched, 409 VERSION_CHANGED when a newer version is out',
  params: IdParams,
  body: AcceptBody,
  response: Accepted,
  access: EVERYONE,
  noPermission: OWN,
});

/** A version of a policy the signed-in person accepted: what "My policies" lists, and what its reader shows again. */
export const AcceptedPolicy = z.object({
  /** The workspace's publication of the policy. */
  policyId: z.string(),
  title: z.string(),
  version: z.number().int(),
  /** The language of their latest acceptance of this version: the one they read it in. */
  language: PolicyLanguage,
  /** Their latest acceptance of this version (a yearly renewal accepts the same version again). */
  acceptedAt: z.string(),
  /** Recorded on their behalf by an admin, not by them. */
  recordedForThem: z.boolean(),
  /** The policy's current version in this workspace; null once it is no longer published. */
  currentVersion: z.number().int().nullable(),
  /** The learning API path of this version's PDF. */
  documentPath: z.string(),
});
export type AcceptedPolicy = z.infer<typeof AcceptedPolicy>;

export const AcceptedVersionParams = z.strictObject({ id: Id, version: z.coerce.number().int().min(1) });

export const myAcceptedPolicies = route({
  api: 'learning',
  method: 'GET',
  path: '/api/policy/accepted',
  summary: 'Every policy version the signed-in person accepted, the latest acceptance first (their own record; paged)',
  query: z.strictObject({
    page: z.coerce.number().int().min(0).default(0),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
  response: pageOf(AcceptedPolicy),
  access: EVERYONE,
  noPermission: OWN,
});

export const readAcceptedPolicy = route({
  api: 'learning',
  method: 'GET',
  path: '/api/policy/accepted/{id}/{version}',
  summary: 'One policy version the signed-in person accepted, to read again (404 unless they accepted it)',
  params: AcceptedVersionParams,
  response: AcceptedPolicy,
  access: EVERYONE,
  noPermission: OWN,
});

export const acceptedPolicyDocument = route({
  api: 'learning',
  method: 'GET',
  path: '/api/policy/accepted/{id}/{version}/document',
  summary:
    'The PDF of a policy version the signed-in person accepted, in the language they accepted it in (application/pdf)',
  params: AcceptedVersionParams,
  response: null,
  access: EVERYONE,
  noPermission: OWN,
});
