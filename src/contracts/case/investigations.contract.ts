import { z } from 'zod';
import { EMAIL_PATTERN } from '../../domain/people/email-address';
import { Id, route } from '../route';
import { DownloadLink, IsoDate } from './complaints.contract';

/**
 * Canada's investigation (docs/case.md "Canada's investigation"; legal-rules.md CA-05, CA-06): the workspace's roster
 * of investigators, and on a Canadian case the proposal, the parties' agreement or the roster after 60 days, the
 * investigator's report without identifiers, and the recommendations the employer chose and implemented.
 * Our paths (not in endpoints.tsv), documented here and so in the case API's OpenAPI document.
 */

const MANAGERS = ['WORKSPACE_ADMIN', 'EMPLOYER'] as const;
const EVERY_ROLE = ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'] as const;
const PER_CASE =
  'each case is checked on the server: its committee members (not recused), its investigator and, for the report, the workspace’s managers; a workspace admin cannot switch that on or off';

export const InvestigatorKind = z.enum(['INTERNAL', 'EXTERNAL']);
export type InvestigatorKind = z.infer<typeof InvestigatorKind>;

export const Investigator = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  qualifications: z.string(),
  kind: InvestigatorKind,
  position: z.number().int(),
  active: z.boolean(),
});
export type Investigator = z.infer<typeof Investigator>;

export const InvestigatorList = z.object({ investigators: z.array(Investigator) });
export type InvestigatorList = z.infer<typeof InvestigatorList>;

export const InvestigatorBody = z.strictObject({
  name: z.string().trim().min(1, 'Enter the investigator’s name').max(200),
  email: z.string().trim().toLowerCase().email({ pattern: EMAIL_PATTERN, message: 'Enter a valid email' }).max(254),
  qualifications: z.string().trim().max(2000).default(''),
  kind: InvestigatorKind,
});
export type InvestigatorBody = z.input<typeof InvestigatorBody>;

export const investigators = route({
  api: 'case',
  method: 'GET',
  path: '/api/investigators',
  summary: 'The workspace’s roster of investigators (CA-05), in the round robin’s order',
  response: InvestigatorList,
  access: MANAGERS,
  permission: 'workflows.design',
});

export const addInvestigator = route({
  api: 'case',
  method: 'POST',
  path: '/api/investigators',
  summary:
    'Add an investigator to the roster (name, email, qualifications, internal or external); 409 for an address already on it',
  body: InvestigatorBody,
  response: Investigator,
  access: MANAGERS,
  permission: 'workflows.design',
});

export const setInvestigatorActive = route({
  api: 'case',
  method: 'PUT',
  path: '/api/investigators/{id}',
  summary: 'Take an investigator off the round robin, or back on it (kept on the cases they investigated)',
  params: z.strictObject({ id: Id }),
  body: z.strictObject({ active: z.boolean() }),
  response: Investigator,
  access: MANAGERS,
  permission: 'workflows.design',
});

export const Recommendation = z.object({
  position: z.number().int(),
  body: z.string(),
  chosen: z.boolean(),
  chosenOn: IsoDate.nullable(),
  implementedOn: IsoDate.nullable(),
});
export type Recommendation = z.infer<typeof Recommendation>;

export const InvestigationRole = z.enum(['COMMITTEE', 'INVESTIGATOR', 'EMPLOYER']);
export type InvestigationRole = z.infer<typeof InvestigationRole>;

export const Investigation = z.object({
  complaintId: Id,
  caseNumber: z.string(),
  /** The caller's part: the committee sees all, the investigator the incident and evidence, the employer the report. */
  role: InvestigationRole,
  /** Why the case cannot be investigated (an anonymous notice), or null. */
  notInvestigable: z.string().nullable(),
  investigator: Investigator.omit({ position: true, active: true }).nullable(),
  proposedOn: IsoDate.nullable(),
  complainantAgreedOn: IsoDate.nullable(),
  respondentAgreedOn: IsoDate.nullable(),
  appointedOn: IsoDate.nullable(),
  appointedBy: z.enum(['AGREEMENT', 'ROSTER']).nullable(),
  /** For the committee: the roster's active investigators without a stake in the case, to propose. */
  candidates: z.array(Investigator.pick({ id: true, name: true, qualifications: true, kind: true })),
  /** The first day the roster may choose, while the parties have not both agreed. */
  rosterFrom: IsoDate.nullable(),
  /** What the process gives the investigator (and the committee): not the committee's own messages. */
  incident: z.object({ details: z.string(), date: IsoDate, witnesses: z.array(z.string()) }).nullable(),
  evidence: z.array(z.object({ fileId: Id, sha256: z.string().nullable() })),
  /** The investigator's mandate: from the appointment until the report is final (or the committee removes them). */
  mandateActive: z.boolean(),
  report: z
    .object({
      description: z.string(),
      conclusions: z.string(),
      submittedAt: z.string(),
      /** When the investigator made it final: it goes to the parties and the employer, and no longer changes. */
      finalAt: z.string().nullable(),
      recommendations: z.array(Recommendation),
    })
    .nullable(),
});
export type Investigation = z.infer<typeof Investigation>;

const CaseParams = z.strictObject({ id: Id });

export const investigation = route({
  api: 'case',
  method: 'GET',
  path: '/api/complaints/{id}/investigation',
  summary:
    'A Canadian case’s investigation as the caller may see it (committee, investigator, or managers once the report is in); recorded in the case’s access log; 404 to anyone else',
  params: CaseParams,
  response: Investigation,
  access: EVERY_ROLE,
  noPermission: PER_CASE,
});

export const proposeInvestigator = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/investigation',
  summary:
    'The committee proposes an investigator from the roster (not one with a stake in the case; never on an anonymous notice); the parties’ agreement starts anew',
  params: CaseParams,
  body: z.strictObject({ investigatorId: Id }),
  response: Investigation,
  access: EVERY_ROLE,
  noPermission: PER_CASE,
});

export const recordInvestigatorAgreement = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/investigation/agreement',
  summary:
    'The committee records that a party agreed to the investigator proposed; once both have, the investigator is appointed',
  params: CaseParams,
  body: z.strictObject({ party: z.enum(['COMPLAINANT', 'RESPONDENT']) }),
  response: Investigation,
  access: EVERY_ROLE,
  noPermission: PER_CASE,
});

export const appointFromRoster = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/investigation/roster',
  summary:
    'After 60 days without both parties’ agreement, the roster’s next investigator (round robin, skipping anyone with a stake) is appointed',
  params: CaseParams,
  response: Investigation,
  access: EVERY_ROLE,
  noPermission: PER_CASE,
});

export const ReportBody = z.strictObject({
  description: z.string().trim().min(1, 'Describe the occurrence and the investigation').max(20000),
  conclusions: z.string().trim().min(1, 'Give the conclusions').max(20000),
  recommendations: z.array(z.string().trim().min(1, 'Write the recommendation').max(2000)).max(50),
});
export type ReportBody = z.input<typeof ReportBody>;

export const submitInvestigationReport = route({
  api: 'case',
  method: 'PUT',
  path: '/api/complaints/{id}/investigation/report',
  summary:
    'The appointed investigator writes the report: description, conclusions, recommendations, with no identifier of the parties (400 naming the field that has one)',
  params: CaseParams,
  body: ReportBody,
  response: Investigation,
  access: EVERY_ROLE,
  noPermission: PER_CASE,
});

export const investigationEvidence = route({
  api: 'case',
  method: 'GET',
  path: '/api/complaints/{id}/investigation/evidence/{fileId}',
  summary:
    'A short-lived download link of one evidence file of the case, for its appointed investigator while their mandate runs (403 `MANDATE_ENDED` once the report is final or the case closed); each download in the case’s access log; 404 to anyone else',
  params: z.strictObject({ id: Id, fileId: Id }),
  response: DownloadLink,
  access: EVERY_ROLE,
  noPermission: PER_CASE,
});

export const finaliseInvestigationReport = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/investigation/report/final',
  summary:
    'The appointed investigator makes the report final: their mandate ends, the report no longer changes, and each party is sent it (CA-06), recorded in the case’s access log',
  params: CaseParams,
  response: Investigation,
  access: EVERY_ROLE,
  noPermission: PER_CASE,
});

export const removeInvestigator = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/investigation/removal',
  summary:
    'The committee ends the appointed or proposed investigator’s part before the report is final, with its reasons (kept in the case’s access log); the choice starts anew and the investigator no longer reaches the case',
  params: CaseParams,
  body: z.strictObject({ reason: z.string().trim().min(1, 'Give the reason').max(2000) }),
  response: Investigation,
  access: EVERY_ROLE,
  noPermission: PER_CASE,
});

export const PartyReport = z.object({
  caseNumber: z.string(),
  description: z.string(),
  conclusions: z.string(),
  recommendations: z.array(z.string()),
  finalAt: z.string(),
});
export type PartyReport = z.infer<typeof PartyReport>;

export const partyInvestigationReport = route({
  api: 'case',
  method: 'GET',
  path: '/api/complaints/{id}/investigation/report',
  summary:
    'The final investigator’s report as a party of the case reads it (CA-06: no identifier of anyone); 404 before it is final and to anyone but the parties and the committee; recorded in the case’s access log',
  params: CaseParams,
  response: PartyReport,
  access: EVERY_ROLE,
  noPermission: PER_CASE,
});

export const RecommendationBody = z.strictObject({
  chosen: z.boolean(),
  implementedOn: IsoDate.nullable().default(null),
});
export type RecommendationBody = z.input<typeof RecommendationBody>;

export const recordRecommendation = route({
  api: 'case',
  method: 'PUT',
  path: '/api/complaints/{id}/investigation/recommendations/{position}',
  summary:
    'The employer records whether it chose a recommendation of the report and the day it was implemented (not a future day)',
  params: z.strictObject({ id: Id, position: z.coerce.number().int().min(1).max(50) }),
  body: RecommendationBody,
  response: Investigation,
  access: MANAGERS,
  permission: 'workflows.design',
});

export const MyInvestigations = z.object({
  investigations: z.array(
    z.object({ complaintId: Id, caseNumber: z.string(), appointedOn: IsoDate, reportWritten: z.boolean() }),
  ),
});
export type MyInvestigations = z.infer<typeof MyInvestigations>;

export const myInvestigations = route({
  api: 'case',
  method: 'GET',
  path: '/api/investigations',
  summary:
    'The cases the caller is the appointed investigator of (by their account’s address): case number and whether the report is written, nothing more',
  response: MyInvestigations,
  access: EVERY_ROLE,
  noPermission: 'the caller’s own appointments, decided by the account’s address',
});
