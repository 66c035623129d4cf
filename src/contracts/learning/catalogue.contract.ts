import { z } from 'zod';
import { isCalendarDate } from '../../domain/courses/assignment-filter';
import { CourseLanguage } from '../../domain/courses/course';
import { Id, IdParams, Ok, pageOf, route } from '../route';
import { UploadTicket } from './uploads.contract';

/**
 * The platform's catalogue (docs/policies.md), on the main site for the platform admin: jurisdictions,
 * compliance categories, compliances, and the policies every workspace may publish, with their versions, a PDF per
 * language for each version, owner and review date.
 */

export const CalendarDate = z.string().refine(isCalendarDate, { message: 'Use a date in the form YYYY-MM-DD' });
const Name = z.string().trim().min(1, 'Give a name').max(120);
const Title = z.string().trim().min(1, 'Give a title').max(200);
const Description = z.string().trim().max(2000);
const IdQuery = z.strictObject({ id: Id });

// ---------------------------------------------------------------- jurisdictions

export const Jurisdiction = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  country: z.string(),
  parentId: z.string().nullable(),
  /** CA-12: the longest a policy of this jurisdiction may go between reviews, in years (null: no legal period). */
  reviewLimitYears: z.number().int().nullable(),
});
export type Jurisdiction = z.infer<typeof Jurisdiction>;

export const JurisdictionCode = z
  .string()
  .trim()
  .regex(/^[A-Z]{2}(-[A-Z]{2,3})?$/, 'Use an ISO 3166 code: a country (IN) or a subdivision (IN-KA)');

export const CreateJurisdictionBody = z.strictObject({
  code: JurisdictionCode,
  name: Name,
  parentId: Id.nullable().optional(),
});
export type CreateJurisdictionBody = z.infer<typeof CreateJurisdictionBody>;
export const UpdateJurisdictionBody = z.strictObject({ name: Name });

export const jurisdictionList = route({
  api: 'learning',
  method: 'GET',
  path: '/api/admin/jurisdiction/all',
  summary: 'Every jurisdiction, countries first, each followed by its states or provinces',
  response: z.object({ items: z.array(Jurisdiction) }),
  access: 'platform-admin',
});

export const jurisdictionCreate = route({
  api: 'learning',
  method: 'POST',
  path: '/api/admin/jurisdiction/create',
  summary:
    'Adds a jurisdiction (its country is the code’s first two letters; a subdivision names its parent); 409 when the code exists',
  body: CreateJurisdictionBody,
  response: Jurisdiction,
  access: 'platform-admin',
});

export const jurisdictionUpdate = route({
  api: 'learning',
  method: 'PUT',
  path: '/api/admin/jurisdiction/update/{id}',
  summary: 'Renames a jurisdiction',
  params: IdParams,
  body: UpdateJurisdictionBody,
  response: Jurisdiction,
  access: 'platform-admin',
});

export const jurisdictionDelete = route({
  api: 'learning',
  method: 'DELETE',
  path: '/api/admin/jurisdiction/delete/{id}',
  summary: 'Deletes a jurisdiction; 409 while a subdivision, compliance or policy names it',
  params: IdParams,
  response: Ok,
  access: 'platform-admin',
});

// ---------------------------------------------------------------- compliance categories

export const ComplianceCategory = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  complianceCount: z.number().int(),
});
export type ComplianceCategory = z.infer<typeof ComplianceCategory>;

export const CategoryPageQuery = z.strictObject({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(300).default(100),
});

export const categoryList = route({
  api: 'learning',
  method: 'GET',
  path: '/api/admin/compliance-category/all',
  summary: 'Compliance categories, 100 to a page, in the order they were added',
  query: CategoryPageQuery,
  response: pageOf(ComplianceCategory),
  access: 'platform-admin',
});

export const categoryCreate = route({
  api: 'learning',
  method: 'POST',
  path: '/api/admin/compliance-category/create',
  summary: 'Adds a compliance category; 409 when the name exists',
  body: z.strictObject({ name: Name }),
  response: ComplianceCategory,
  access: 'platform-admin',
});

export const categoryUpdate = route({
  api: 'learning',
  method: 'PUT',
  path: '/api/admin/compliance-category/update',
  summary: 'Renames a compliance category',
  body: z.strictObject({ id: Id, name: Name }),
  response: ComplianceCategory,
  access: 'platform-admin',
});

export const categoryDelete = route({
  api: 'learning',
  method: 'DELETE',
  path: '/api/admin/compliance-category/delete',
  summary: 'Deletes a compliance category (?id); 409 while a compliance is in it',
  query: IdQuery,
  response: Ok,
  access: 'platform-admin',
});

// ---------------------------------------------------------------- compliances

export const ComplianceKind = z.enum(['TRAINING', 'POLICY', 'COMMITTEE', 'REPORT', 'OTHER']);
export type ComplianceKind = z.infer<typeof ComplianceKind>;

export const Compliance = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  kind: ComplianceKind,
  jurisdiction: z.object({ id: z.string(), code: z.string(), name: z.string() }),
  category: z.object({ id: z.string(), name: z.string() }).nullable(),
  policies: z.array(z.object({ id: z.string(), title: z.string() })),
  courseTitles: z.array(z.string()),
  createdAt: z.string(),
});
export type Compliance = z.infer<typeof Compliance>;

const ComplianceFields = {
  jurisdictionId: Id,
  categoryId: Id.nullable().optional(),
  title: Title,
  description: Description.optional(),
  kind: ComplianceKind,
  policyIds: z.array(Id).max(50).optional(),
  courseTitles: z.array(Title).max(50).optional(),
};
export const CreateComplianceBody = z.strictObject(ComplianceFields);
export type CreateComplianceBody = z.infer<typeof CreateComplianceBody>;
export const UpdateComplianceBody = z.strictObject({ id: Id, ...ComplianceFields });
export type UpdateComplianceBody = z.infer<typeof UpdateComplianceBody>;

export const complianceList = route({
  api: 'learning',
  method: 'GET',
  path: '/api/admin/compliance/all',
  summary: 'Compliances, 60 to a page, newest first; filter by jurisdiction, category or words of the title',
  query: z.strictObject({
    page: z.coerce.number().int().min(0).default(0),
    pageSize: z.coerce.number().int().min(1).max(300).default(60),
    jurisdictionId: Id.optional(),
    categoryId: Id.optional(),
    search: z.string().trim().max(100).optional(),
  }),
  response: pageOf(Compliance),
  access: 'platform-admin',
});

export const complianceCreate = route({
  api: 'learning',
  method: 'POST',
  path: '/api/admin/compliance/create',
  summary:
    'Adds a compliance (an obligation of a jurisdiction), linked to catalogue policies and the courses that meet it',
  body: CreateComplianceBody,
  response: Compliance,
  access: 'platform-admin',
});

export const complianceUpdate = route({
  api: 'learning',
  method: 'PUT',
  path: '/api/admin/compliance/update',
  summary: 'Changes a compliance and its links',
  body: UpdateComplianceBody,
  response: Compliance,
  access: 'platform-admin',
});

export const complianceDelete = route({
  api: 'learning',
  method: 'DELETE',
  path: '/api/admin/compliance/delete',
  summary: 'Deletes a compliance (?id) and its links',
  query: IdQuery,
  response: Ok,
  access: 'platform-admin',
});

// ---------------------------------------------------------------- policies

export const VersionChange = z.enum(['MATERIAL', 'MINOR']);
export const PolicyLanguage = CourseLanguage;
export type PolicyLanguage = z.infer<typeof PolicyLanguage>;

export const PolicyDocument = z.object({
  language: PolicyLanguage,
  version: z.number().int(),
  fileName: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});

export const PolicyVersionEntry = z.object({
  version: z.number().int(),
  change: VersionChange,
  summary: z.string(),
  createdAt: z.string(),
  /** The languages whose PDF of this version is given. */
  languages: z.array(PolicyLanguage),
});

export const PolicyReview = z.object({
  outcome: z.enum(['NO_CHANGE', 'NEW_VERSION']),
  version: z.number().int(),
  note: z.string(),
  nextReviewOn: z.string(),
  reviewedAt: z.string(),
});

export const PolicySummary = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  ownerName: z.string(),
  reviewDueOn: z.string(),
  jurisdiction: z.object({ id: z.string(), code: z.string(), name: z.string(), country: z.string() }).nullable(),
  currentVersion: z.number().int(),
  /** Each language of the current version: CURRENT (its PDF given) or OUTDATED (only an earlier version's). */
  translations: z.record(z.string(), z.enum(['CURRENT', 'OUTDATED'])),
  /** How many workspaces have published it. */
  workspaceCount: z.number().int(),
  updatedAt: z.string(),
});
export type PolicySummary = z.infer<typeof PolicySummary>;

export const PolicyDetails = PolicySummary.extend({
  versions: z.array(PolicyVersionEntry),
  documents: z.array(PolicyDocument),
  reviews: z.array(PolicyReview),
  compliances: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type PolicyDetails = z.infer<typeof PolicyDetails>;

export const CreatePolicyBody = z.strictObject({
  title: Title,
  description: Description.optional(),
  jurisdictionId: Id.nullable().optional(),
  ownerName: Name,
  reviewDueOn: CalendarDate,
  /** What the first version says (default "First version"). */
  summary: Description.optional(),
});
export type CreatePolicyBody = z.infer<typeof CreatePolicyBody>;

export const UpdatePolicyBody = z.strictObject({
  title: Title.optional(),
  description: Description.optional(),
  jurisdictionId: Id.nullable().optional(),
  ownerName: Name.optional(),
  reviewDueOn: CalendarDate.optional(),
});
export type UpdatePolicyBody = z.infer<typeof UpdatePolicyBody>;

export const NewVersionBody = z.strictObject({
  change: VersionChange,
  summary: z.string().trim().min(1, 'Say what changed').max(2000),
  /** The review this version ends sets the next review date. */
  nextReviewOn: CalendarDate,
});
export type NewVersionBody = z.infer<typeof NewVersionBody>;

export const ReviewBody = z.strictObject({ note: Description.optional(), nextReviewOn: CalendarDate });
export type ReviewBody = z.infer<typeof ReviewBody>;

export const PolicyFileParams = z.strictObject({ policyId: Id, language: PolicyLanguage });

export const PolicyUploadBody = z.strictObject({
  fileName: z
    .string()
    .trim()
    .min(1, 'Give the file’s name')
    .max(255)
    .refine((name) => !/[\\/\u0000-\u001f\u007f]/.test(name), 'Use a file name without slashes or control characters'),
  size: z.number().int('Give the size in whole bytes').positive('The file is empty'),
});

export const policyList = route({
  api: 'learning',
  method: 'GET',
  path: '/api/admin/policy/all',
  summary: 'The catalogue’s policies, newest first, with their current version and translations',
  query: z.strictObject({
    page: z.coerce.number().int().min(0).default(0),
    pageSize: z.coerce.number().int().min(1).max(300).default(20),
    search: z.string().trim().max(100).optional(),
  }),
  response: pageOf(PolicySummary),
  access: 'platform-admin',
});

export const policyCreate = route({
  api: 'learning',
  method: 'POST',
  path: '/api/admin/policy/create',
  summary:
    'Adds a policy with its first version (material); its PDFs follow by upload. CA-12 bounds a Canadian review date',
  body: CreatePolicyBody,
  response: PolicyDetails,
  access: 'platform-admin',
});

export const policyUpdate = route({
  api: 'learning',
  method: 'PUT',
  path: '/api/admin/policy/update/{id}',
  summary: 'Changes a policy’s title, description, jurisdiction, owner or review date (not its versions)',
  params: IdParams,
  body: UpdatePolicyBody,
  response: PolicyDetails,
  access: 'platform-admin',
});

export const policyNewVersion = route({
  api: 'learning',
  method: 'POST',
  path: '/api/admin/policy/new-version/{id}',
  summary:
    'Ends a review in a new version: what changed, material or minor; every translation is outdated until its PDF is given',
  params: IdParams,
  body: NewVersionBody,
  response: PolicyDetails,
  access: 'platform-admin',
});

export const policyReview = route({
  api: 'learning',
  method: 'POST',
  path: '/api/admin/policy/review/{id}',
  summary: 'Records a review that ends in “reviewed, no change”, with the next review date',
  params: IdParams,
  body: ReviewBody,
  response: PolicyDetails,
  access: 'platform-admin',
});

export const policyUploadUrl = route({
  api: 'learning',
  method: 'POST',
  path: '/api/admin/policy/generate-upload-url/{policyId}/{language}',
  summary: 'A signed URL to PUT the current version’s PDF in a language; confirm-upload then checks it',
  params: PolicyFileParams,
  body: PolicyUploadBody,
  response: UploadTicket,
  access: 'platform-admin',
});

export const policyConfirmUpload = route({
  api: 'learning',
  method: 'POST',
  path: '/api/admin/policy/confirm-upload/{policyId}/{language}',
  summary:
    'Checks the uploaded PDF by its own bytes (a PDF, within the size limit) and makes it the current version’s copy in the language',
  params: PolicyFileParams,
  response: PolicyDetails,
  access: 'platform-admin',
});

export const policyDetails = route({
  api: 'learning',
  method: 'GET',
  path: '/api/admin/policy/details/{id}',
  summary: 'A policy with its versions, PDFs per language, reviews and compliances',
  params: IdParams,
  response: PolicyDetails,
  access: 'platform-admin',
});

export const policyDelete = route({
  api: 'learning',
  method: 'DELETE',
  path: '/api/admin/policy/delete',
  summary: 'Deletes a policy (?id) with its versions and PDFs; 409 while a workspace has published it',
  query: IdQuery,
  response: Ok,
  access: 'platform-admin',
});
