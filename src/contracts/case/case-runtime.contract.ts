import { z } from 'zod';
import { EMAIL_PATTERN } from '../../domain/people/email-address';
import { Id, route } from '../route';
import { ComplaintDetail, IsoDate } from './complaints.contract';

/**
 * Due process in the case runtime (docs/case.md "Due process in the case runtime"): the committee adds or corrects a
 * party's contact. Our path (not in endpoints.tsv), documented here and so in the case API's OpenAPI document.
 */

const Email = z.string().trim().toLowerCase().email({ pattern: EMAIL_PATTERN }).max(254);
/** An empty text clears the detail. */
const Optional = (schema: z.ZodType<string>) =>
  z
    .union([z.literal(''), schema])
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v === '' ? null : v));

export const PartySchema = z.enum(['RESPONDENT', 'COMPLAINANT']);
export type Party = z.infer<typeof PartySchema>;

export const PartyContactBody = z
  .strictObject({
    name: Optional(z.string().trim().max(200)),
    email: Optional(Email),
    phone: Optional(z.string().trim().max(40)),
  })
  .refine((b) => b.name !== undefined || b.email !== undefined || b.phone !== undefined, {
    message: 'Change at least one detail',
    path: ['email'],
  });
export type PartyContactBody = z.input<typeof PartyContactBody>;

export const changePartyContact = route({
  api: 'case',
  method: 'PUT',
  path: '/api/complaints/{id}/parties/{party}',
  summary:
    "Add or correct a party's contact (the case's committee members not recused only): the respondent's name, email and phone; the complainant's email and phone (not on an anonymous report). Recorded in the case's access log",
  params: z.strictObject({ id: Id, party: PartySchema }),
  body: PartyContactBody,
  response: ComplaintDetail,
  access: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'],
  noPermission:
    'each case is checked on the server: only its committee members (not recused) change a contact, and a workspace admin cannot switch that on or off',
});

/** IN-07: what the inquiry's 90 days count from, chosen per case by its committee. */
export const InquiryStartBody = z.strictObject({ startsFrom: z.enum(['RECEIPT', 'RESPONDENT_REPLY']) });
export type InquiryStartBody = z.infer<typeof InquiryStartBody>;

export const setInquiryStart = route({
  api: 'case',
  method: 'PUT',
  path: '/api/complaints/{id}/inquiry-start',
  summary:
    "Set what the inquiry's 90 days (POSH Act s.11(4), IN-07) count from: the complaint's receipt or the respondent's reply (the case's committee members not recused only; a POSH case, open, its inquiry not complete). Recorded in the case's access log",
  params: z.strictObject({ id: Id }),
  body: InquiryStartBody,
  response: ComplaintDetail,
  access: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'],
  noPermission:
    'each case is checked on the server: only its committee members (not recused) set it, and a workspace admin cannot switch that on or off',
});

/** IN-05: the respondent's written reply, received on a day (the committee records it; it stops the reply clock). */
export const RespondentReplyBody = z.strictObject({
  receivedOn: IsoDate,
  note: z.string().trim().max(2000).default(''),
});
export type RespondentReplyBody = z.input<typeof RespondentReplyBody>;

export const recordRespondentReply = route({
  api: 'case',
  method: 'PUT',
  path: '/api/complaints/{id}/respondent-reply',
  summary:
    "Record the respondent's written reply and the day it was received (POSH Rule 7(3), IN-05: within 10 working days of the copy of the complaint): it stops the reply clock, met or late (the case's committee members not recused only; a POSH case, open, its copy sent; not before the copy, not a future day). A correction keeps the day before in the case's access log",
  params: z.strictObject({ id: Id }),
  body: RespondentReplyBody,
  response: ComplaintDetail,
  access: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'],
  noPermission:
    'each case is checked on the server: only its committee members (not recused) record it, and a workspace admin cannot switch that on or off',
});

/** IN-05: the respondent's own written reply, sent from their case page (a message to the committee that stops the reply clock). */
export const OwnReplyBody = z.strictObject({ reply: z.string().trim().min(1).max(8000) });
export type OwnReplyBody = z.input<typeof OwnReplyBody>;

export const sendOwnReply = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/my-reply',
  summary:
    "The respondent sends their written reply to the complaint (POSH Rule 7(3), IN-05: within 10 working days of the copy): it goes to the committee in the respondent's thread, stops the reply clock on the workspace's day (met or late) and is recorded in the case's access log (the case's respondent only; a POSH case, open, its copy sent; once)",
  params: z.strictObject({ id: Id }),
  body: OwnReplyBody,
  response: ComplaintDetail,
  access: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'],
  noPermission:
    'each case is checked on the server: only the respondent the case names, once the copy reached them, sends it; a workspace admin cannot switch that on or off',
});

/** IN-03: the committee extends the filing limit (by at most 3 months) with its reasons in writing. */
export const FilingExtensionBody = z.strictObject({ reasons: z.string().trim().max(4000) });
export type FilingExtensionBody = z.input<typeof FilingExtensionBody>;

export const extendFilingLimit = route({
  api: 'case',
  method: 'PUT',
  path: '/api/complaints/{id}/filing-extension',
  summary:
    "Extend the filing time limit of a complaint filed late (POSH Act s.9(1), IN-03: by at most 3 months) with the committee's reasons in writing, required; shown on the case, in its log and its export (the case's committee members not recused only; a POSH case, open, filed between 3 and 6 months after the incident)",
  params: z.strictObject({ id: Id }),
  body: FilingExtensionBody,
  response: ComplaintDetail,
  access: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'],
  noPermission:
    'each case is checked on the server: only its committee members (not recused) extend it, and a workspace admin cannot switch that on or off',
});
