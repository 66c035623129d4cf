import { z } from 'zod';
import { LEAD_COUNTRIES, LEAD_SIZES, LEAD_SOURCES } from '../../domain/leads/lead';
import { isEmailAddress } from '../../domain/people/email-address';
import { PageQuery, pageOf, route } from '../route';

/**
 * Demo and contact requests from the public site (the main host): anyone may send one; only the platform admin reads
 * them. Not in endpoints.tsv (the spec names no call for its contact page).
 */

const text = (max: number, what: string) =>
  z.string().trim().min(1, `Enter ${what}`).max(max, `At most ${max} characters`);

export const CreateLeadBody = z.strictObject({
  name: text(120, 'your name'),
  workEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .refine((value) => isEmailAddress(value), 'Enter an email address like name@company.com'),
  organisation: text(200, 'your organisation'),
  country: z.enum(LEAD_COUNTRIES.map((c) => c.value) as [string, ...string[]], { message: 'Choose a country' }),
  size: z.enum(LEAD_SIZES.map((s) => s.value) as [string, ...string[]], { message: 'Choose a size' }),
  message: z.string().trim().max(2000, 'At most 2,000 characters').optional(),
  /** Where on the site the request was made. */
  source: z.enum(LEAD_SOURCES).default('contact-us'),
  /** The honeypot: a field people never see. Filled in, the request is refused. */
  website: z.string().max(500).optional(),
});
export type CreateLeadBody = z.input<typeof CreateLeadBody>;

export const LeadReceived = z.object({ received: z.literal(true) });

export const createLead = route({
  api: 'main',
  method: 'POST',
  path: '/api/leads',
  summary:
    'A demo or contact request from the public site; mails the sales address and a confirmation link to the requester',
  body: CreateLeadBody,
  response: LeadReceived,
  access: 'public',
});

export const ConfirmLeadBody = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'Not a confirmation code'),
});

export const confirmLead = route({
  api: 'main',
  method: 'POST',
  path: '/api/leads/confirm',
  summary: 'Confirms a request’s email address from the link in its confirmation mail',
  body: ConfirmLeadBody,
  response: z.object({ confirmed: z.literal(true) }),
  access: 'public',
});

export const LeadItem = z.object({
  leadId: z.string(),
  name: z.string(),
  workEmail: z.string(),
  organisation: z.string(),
  country: z.string(),
  size: z.string(),
  message: z.string().nullable(),
  source: z.string(),
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type LeadItem = z.infer<typeof LeadItem>;

export const LeadPage = pageOf(LeadItem);
export type LeadPage = z.infer<typeof LeadPage>;

export const ListLeadsQuery = PageQuery.extend({ search: z.string().trim().max(200).optional() }).strict();

export const listLeads = route({
  api: 'main',
  method: 'GET',
  path: '/api/admin/leads',
  summary:
    'The public site’s demo and contact requests, newest first, optionally those whose name, email or organisation contains `search`',
  query: ListLeadsQuery,
  response: LeadPage,
  access: 'platform-admin',
});
