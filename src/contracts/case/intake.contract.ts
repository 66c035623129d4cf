import { z } from 'zod';
import { EMAIL_PATTERN } from '../../domain/people/email-address';
import { Compliance } from '../../domain/workflows/builder-rules';
import { Id, IdParams, route } from '../route';
import { FormComponent } from './builder-schemas';
import {
  CaseMessage,
  EvidenceFile,
  EvidenceTicket,
  DownloadLink,
  FileComplaintBody,
  Gender,
  IsoDate,
  Outcome,
} from './complaints.contract';

/**
 * Confidential intake, filing on someone's behalf, denied access, interim relief and conciliation (issue 13,
 * docs/case.md "Confidential intake"). `POST /api/intake` is the path; every other path here is ours,
 * documented in this file, the case API's OpenAPI document and docs/case.md.
 *
 * The receipt key travels only in request bodies, never in a URL: the reporter's calls are POSTs with the key, or the
 * short-lived receipt session it opens, in the body.
 */

const MEMBERS = ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'] as const;
const PER_CASE =
  'each case is checked on the server: only its parties and its committee members (not recused or denied) see it, and a workspace admin cannot switch that on or off';
const Email = z.string().trim().toLowerCase().email({ pattern: EMAIL_PATTERN }).max(254);
const Text = (max: number) => z.string().trim().max(max);
const Required = (what: string, max: number) => z.string().trim().min(1, `Enter ${what}`).max(max);

/** A receipt key as typed: digits, spaces and dashes are ignored (`1234 5678 ...`). */
export const ReceiptKey = z
  .string()
  .max(80)
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{20}$/, 'A receipt key is 20 digits'));
/** A receipt session: the opaque token the sign-in with a receipt key gives, good for 30 minutes. */
export const ReceiptSession = z.string().min(20).max(200);

// ---------- the public intake ----------

export const IntakeForm = z.object({
  workspaceName: z.string(),
  workflowName: z.string(),
  compliance: Compliance,
  components: z.array(FormComponent),
  committeeConstituted: z.boolean(),
  /** Days a receipt may stay unused before it stops working. */
  receiptExpiryDays: z.number().int(),
});
export type IntakeForm = z.infer<typeof IntakeForm>;

export const getIntakeForm = route({
  api: 'case',
  method: 'GET',
  path: '/api/intake/form',
  summary:
    'The complaint form of the workspace’s published workflow, for a report without an account (public; records no address)',
  response: IntakeForm,
  access: 'public',
});

export const getIntakeFormResource = route({
  api: 'case',
  method: 'GET',
  path: '/api/intake/form/resources/{id}',
  summary:
    'A short-lived download link of the file an admin attached to field {id} of the published complaint form, for a report without an account (public; records no address; 404 for any other field)',
  params: IdParams,
  response: DownloadLink,
  access: 'public',
});

export const IntakeBody = z.strictObject({
  /** What the reporter chooses to say of who they are; empty: "Anonymous". */
  reporterName: Text(200).nullable().default(null),
  /** Mailed only "there is a reply", never shown to the committee. Telling it reveals the address to the mail system. */
  contactEmail: Email.nullable().default(null),
  /** A password of the reporter's own, asked with the key when they come back. */
  password: z.string().min(8, 'At least 8 characters').max(200).nullable().default(null),
  respondent: FileComplaintBody.shape.respondent,
  incident: z.strictObject({
    details: Required('what happened', 20000),
    date: IsoDate,
    witnesses: z.array(Required('a witness', 400)).max(50).default([]),
  }),
  /** CA-01: a former employee's report, with the day they left (within 3 months of it, on a Canadian workspace). */
  formerEmployee: FileComplaintBody.shape.formerEmployee,
  answers: z.record(z.string(), Text(4000)).default({}),
});
export type IntakeBody = z.input<typeof IntakeBody>;

export const IntakeReceipt = z.object({
  caseNumber: z.string(),
  /** Shown once: only a hash of it is kept. */
  receiptKey: z.string(),
  session: ReceiptSession,
  sessionExpiresAt: z.string(),
});
export type IntakeReceipt = z.infer<typeof IntakeReceipt>;

export const fileIntake = route({
  api: 'case',
  method: 'POST',
  path: '/api/intake',
  summary:
    'Report without an account, anonymously if wished: answers a receipt key (shown once) and a receipt session. Ignores any signed-in session; records no address; rate-limited per address by an HMAC with a secret of the day',
  body: IntakeBody,
  response: IntakeReceipt,
  access: 'public',
  idempotent: true,
});

export const confirmReceipt = route({
  api: 'case',
  method: 'POST',
  path: '/api/intake/receipt/confirm',
  summary: 'The reporter types the receipt key back: 400 on `receiptKey` when it is not the key of this session',
  body: z.strictObject({ session: ReceiptSession, receiptKey: ReceiptKey }),
  response: z.object({ confirmed: z.literal(true) }),
  access: 'public',
});

export const receiptSignIn = route({
  api: 'case',
  method: 'POST',
  path: '/api/intake/receipt/sign-in',
  summary:
    'Sign in with a receipt key (and the reporter’s password if they set one): a 30-minute receipt session. Failures are rate-limited',
  body: z.strictObject({ receiptKey: ReceiptKey, password: z.string().max(200).nullable().default(null) }),
  response: z.object({ session: ReceiptSession, sessionExpiresAt: z.string() }),
  access: 'public',
});

export const receiptSignOut = route({
  api: 'case',
  method: 'POST',
  path: '/api/intake/receipt/sign-out',
  summary: 'Ends a receipt session',
  body: z.strictObject({ session: ReceiptSession }),
  response: z.object({ ok: z.literal(true) }),
  access: 'public',
});

export const ReliefKind = z.enum([
  'TRANSFER_COMPLAINANT',
  'TRANSFER_RESPONDENT',
  'LEAVE',
  'RESTRAIN_RESPONDENT',
  'OTHER',
]);
export const CaseEvent = z.object({
  eventId: z.string(),
  kind: z.enum([
    'INTERIM_RELIEF_REQUESTED',
    'INTERIM_RELIEF_DECIDED',
    'CONCILIATION_REQUESTED',
    'CONCILIATION_SETTLED',
  ]),
  details: z.record(z.string(), z.unknown()),
  recordedBy: z.string(),
  createdAt: z.string(),
});
export type CaseEvent = z.infer<typeof CaseEvent>;

export const ReporterCase = z.object({
  caseNumber: z.string(),
  status: z.enum(['OPEN', 'CLOSED']),
  receivedOn: z.string(),
  outcome: Outcome.nullable(),
  outcomeSummary: z.string().nullable(),
  keyConfirmed: z.boolean(),
  contactEmailSet: z.boolean(),
  /** The complainant's thread only: what the committee addressed to the reporter, and what they wrote. */
  messages: z.array(CaseMessage),
  evidence: z.array(EvidenceFile),
  /** The case's interim relief and conciliation events (the reporter's requests and the committee's answers). */
  events: z.array(CaseEvent).optional(),
});
export type ReporterCase = z.infer<typeof ReporterCase>;

export const readReporterCase = route({
  api: 'case',
  method: 'POST',
  path: '/api/intake/receipt/case',
  summary:
    'The reporter’s case: status, outcome, the messages addressed to them and their evidence (a POST: the session rides in the body)',
  body: z.strictObject({ session: ReceiptSession }),
  response: ReporterCase,
  access: 'public',
});

export const postReporterMessage = route({
  api: 'case',
  method: 'POST',
  path: '/api/intake/receipt/messages',
  summary: 'The reporter answers the committee, in the complainant’s thread',
  body: z.strictObject({ session: ReceiptSession, body: Required('a message', 10000) }),
  response: CaseMessage,
  access: 'public',
  idempotent: true,
});

export const ReliefRequestBody = z.strictObject({
  relief: ReliefKind,
  /** Leave on top of normal leave: at most 3 months. */
  leaveMonths: z.number().int().min(1).max(3).nullable().default(null),
  details: Required('the request', 4000),
});

export const reporterInterimRelief = route({
  api: 'case',
  method: 'POST',
  path: '/api/intake/receipt/interim-relief',
  summary:
    'The reporter asks for interim relief (POSH s.12, IN-08) through the receipt session; POSH cases only (409 otherwise)',
  body: ReliefRequestBody.extend({ session: ReceiptSession }),
  response: CaseEvent,
  access: 'public',
  idempotent: true,
});

export const reporterConciliationRequest = route({
  api: 'case',
  method: 'POST',
  path: '/api/intake/receipt/conciliation-request',
  summary:
    'The reporter asks for conciliation (IN-04: only at their request, before the inquiry), through the receipt session; once',
  body: z.strictObject({ session: ReceiptSession, note: Text(4000).default('') }),
  response: CaseEvent,
  access: 'public',
  idempotent: true,
});

export const reporterEvidenceUploadUrl = route({
  api: 'case',
  method: 'POST',
  path: '/api/intake/receipt/evidence/upload-url',
  summary: 'An upload URL for one more evidence file of the reporter’s case (any kind of file)',
  body: z.strictObject({
    session: ReceiptSession,
    fileName: Required('a file name', 255),
    size: z.number().int().positive(),
  }),
  response: EvidenceTicket,
  access: 'public',
  idempotent: true,
});

export const confirmReporterEvidence = route({
  api: 'case',
  method: 'POST',
  path: '/api/intake/receipt/evidence/{id}/confirm',
  summary: 'Confirms the reporter’s upload and adds it to their case',
  params: IdParams,
  body: z.strictObject({ session: ReceiptSession }),
  response: EvidenceFile,
  access: 'public',
  idempotent: true,
});

export const ReceiptSettings = z.object({ receiptExpiryDays: z.number().int().min(7).max(3650) });
export const getReceiptSettings = route({
  api: 'case',
  method: 'GET',
  path: '/api/complaint-settings/receipts',
  summary: 'How many days a receipt key may stay unused before it stops working',
  response: ReceiptSettings,
  access: ['WORKSPACE_ADMIN', 'EMPLOYER'],
  permission: 'workflows.design',
});
export const saveReceiptSettings = route({
  api: 'case',
  method: 'PUT',
  path: '/api/complaint-settings/receipts',
  summary: 'Sets how many days (7 to 3650) a receipt key may stay unused before it stops working',
  body: z.strictObject({ receiptExpiryDays: z.number().int().min(7).max(3650) }),
  response: ReceiptSettings,
  access: ['WORKSPACE_ADMIN', 'EMPLOYER'],
  permission: 'workflows.design',
});

// ---------- filing on someone's behalf (CA-01 oral notice, IN-03 help to write) ----------

export const OnBehalfBody = FileComplaintBody.omit({ filedAs: true, complainant: true, filedFor: true }).extend({
  complainantUserId: Id,
  channel: z.enum(['ORAL_NOTICE', 'HELP_TO_WRITE']),
  complainant: z
    .strictObject({ gender: Gender.nullable().default(null), phone: Text(40).nullable().default(null) })
    .default({ gender: null, phone: null }),
});
export type OnBehalfBody = z.input<typeof OnBehalfBody>;

export const recordOnBehalf = route({
  api: 'case',
  method: 'POST',
  path: '/api/on-behalf-complaints',
  summary:
    'A committee member records a complaint for a named employee (oral notice, CA-01; help to write, IN-03): it waits for their confirmation (no clocks, no steps) and they are mailed',
  body: OnBehalfBody,
  response: z.object({ complaintId: z.string(), caseNumber: z.string(), confirmationPending: z.literal(true) }),
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const PendingConfirmation = z.object({
  complaintId: z.string(),
  caseNumber: z.string(),
  channel: z.enum(['ORAL_NOTICE', 'HELP_TO_WRITE']),
  recordedOn: z.string(),
  incidentDetails: z.string(),
  incidentDate: z.string(),
  respondentName: z.string().nullable(),
});
export const listPendingConfirmations = route({
  api: 'case',
  method: 'GET',
  path: '/api/complaint-confirmations',
  summary: 'Complaints recorded on the caller’s behalf that wait for their confirmation',
  response: z.object({ items: z.array(PendingConfirmation) }),
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const confirmOnBehalf = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/confirm',
  summary:
    'The complainant confirms a complaint recorded on their behalf: the case proceeds and its clocks start today',
  params: IdParams,
  response: z.object({ ok: z.literal(true), receivedOn: z.string() }),
  access: MEMBERS,
  noPermission: PER_CASE,
});

// ---------- people a committee member may name ----------

export const CommitteePerson = z.object({ userId: z.string(), name: z.string(), email: z.string() });
export const searchCommitteePeople = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaint-people/search',
  summary:
    'People of the workspace a committee member may name: the complainant of a complaint recorded on their behalf, or a person denied access to a case. At most 20 active people whose name or email starts with the text; members of a committee only (403 otherwise)',
  body: z.strictObject({ searchText: z.string().trim().min(1, 'Type a name or an email').max(100) }),
  response: z.object({ items: z.array(CommitteePerson) }),
  access: MEMBERS,
  noPermission: PER_CASE,
});

// ---------- denied access ----------

export const DeniedPerson = z.object({ userId: z.string(), name: z.string(), note: z.string(), deniedAt: z.string() });
export const listDeniedAccess = route({
  api: 'case',
  method: 'GET',
  path: '/api/complaints/{id}/denied-access',
  summary: 'The people this case denies access to (the one presiding only)',
  params: IdParams,
  response: z.object({ items: z.array(DeniedPerson) }),
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const denyAccess = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/denied-access',
  summary:
    'Denies a named person access to the case at once, without telling them (the one presiding only; recorded in the case log)',
  params: IdParams,
  body: z.strictObject({ userId: Id, note: Text(2000).default('') }),
  response: z.object({ items: z.array(DeniedPerson) }),
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const restoreAccess = route({
  api: 'case',
  method: 'DELETE',
  path: '/api/complaints/{id}/denied-access/{userId}',
  summary: 'Lifts a denial (the one presiding only; recorded in the case log)',
  params: z.strictObject({ id: Id, userId: Id }),
  response: z.object({ items: z.array(DeniedPerson) }),
  access: MEMBERS,
  noPermission: PER_CASE,
});

// ---------- interim relief (IN-08) and conciliation (IN-04, CA-05) ----------

export const listCaseEvents = route({
  api: 'case',
  method: 'GET',
  path: '/api/complaints/{id}/events',
  summary:
    'Interim relief and conciliation events of the case (the committee and the complainant; the respondent sees a settlement)',
  params: IdParams,
  response: z.object({ items: z.array(CaseEvent) }),
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const requestInterimRelief = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/interim-relief',
  summary:
    'A written request for interim relief (POSH s.12, IN-08): by the complainant, or recorded by the committee for them. POSH cases only',
  params: IdParams,
  body: ReliefRequestBody,
  response: CaseEvent,
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const decideInterimRelief = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/interim-relief/{eventId}/decision',
  summary: 'The committee recommends or refuses the interim relief requested; the employer is mailed a recommendation',
  params: z.strictObject({ id: Id, eventId: Id }),
  body: z.strictObject({ decision: z.enum(['RECOMMENDED', 'REFUSED']), note: Required('the reasons', 4000) }),
  response: CaseEvent,
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const requestConciliation = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/conciliation-request',
  summary: 'The complainant asks for conciliation (IN-04: only at their request, before the inquiry)',
  params: IdParams,
  body: z.strictObject({ note: Text(4000).default('') }).nullish(),
  response: CaseEvent,
  access: MEMBERS,
  noPermission: PER_CASE,
});

export const recordConciliation = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/conciliation',
  summary:
    'The committee records the settlement reached by conciliation: only after the complainant asked (409 otherwise), before the inquiry is complete, never a monetary one; Canada also needs both parties’ agreement (CA-05). Copies go to the employer and the parties',
  params: IdParams,
  body: z.strictObject({
    terms: Required('the terms', 8000),
    /** IN-04: no monetary settlement may be made the basis of conciliation. */
    monetary: z.literal(false, { message: 'A conciliation may not be a monetary settlement (POSH s.10)' }),
    respondentAgreed: z.boolean().default(false),
  }),
  response: CaseEvent,
  access: MEMBERS,
  noPermission: PER_CASE,
});
