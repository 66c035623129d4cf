import { z } from 'zod';
import { Id, route } from '../route';
import { IsoDate } from './complaints.contract';

/**
 * The law, complete (docs/law.md): every rule of legal-rules.md judged for the workspace, the employer's duties of
 * IN-12, and the statutory returns (IN-13, IN-14, CA-10). Counts only: no answer here names a party of a case.
 */

const MANAGERS = ['WORKSPACE_ADMIN', 'EMPLOYER'] as const;
const PERMISSION = 'workflows.design' as const;

export const RuleStatus = z.enum(['MET', 'AT_RISK', 'NOT_MET', 'NOT_APPLICABLE']);
export type RuleStatus = z.infer<typeof RuleStatus>;

export const LegalRule = z.object({
  ruleId: z.string(),
  country: z.enum(['IN', 'CA']),
  title: z.string(),
  status: RuleStatus,
  computed: z.object({
    text: z.string(),
    figures: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])),
  }),
  actionPath: z.string(),
  /** IN-15: the penalty a rule not met exposes the employer to. */
  penalty: z.string().nullable(),
});
export type LegalRule = z.infer<typeof LegalRule>;

export const LegalRules = z.object({
  asOf: IsoDate,
  countries: z.array(z.enum(['IN', 'CA'])),
  rules: z.array(LegalRule),
});
export type LegalRules = z.infer<typeof LegalRules>;

export const legalRules = route({
  api: 'case',
  method: 'GET',
  path: '/api/legal-rules',
  summary:
    'Every rule of the declared jurisdictions (IN-01 … CA-12) with its status, what was computed (counts only) and where to act',
  response: LegalRules,
  access: MANAGERS,
  permission: PERMISSION,
});

// ---------------------------------------------------------------- IN-12: the employer's duties

export const AwarenessKind = z.enum(['WORKSHOP', 'AWARENESS_PROGRAMME', 'COMMITTEE_ORIENTATION']);
export type AwarenessKind = z.infer<typeof AwarenessKind>;

export const AwarenessEventBody = z
  .strictObject({
    kind: AwarenessKind,
    title: z.string().trim().min(1, 'Give the title').max(200),
    heldOn: IsoDate,
    audience: z.string().trim().min(1, 'Say who it was for').max(200),
    /** People of the directory who attended, or a head count: one of the two. */
    attendeeIds: z.array(Id).max(10_000).default([]),
    headCount: z.number().int().min(1).max(1_000_000).nullable().default(null),
  })
  .refine((b) => (b.headCount === null) !== (b.attendeeIds.length === 0), {
    message: 'Choose the attendees from the directory, or give a head count',
    path: ['headCount'],
  });
export type AwarenessEventBody = z.infer<typeof AwarenessEventBody>;

export const AwarenessEvent = z.object({
  id: Id,
  kind: AwarenessKind,
  title: z.string(),
  heldOn: IsoDate,
  audience: z.string(),
  attendance: z.number().int(),
  namedAttendees: z.number().int(),
  recordedAt: z.string(),
});
export type AwarenessEvent = z.infer<typeof AwarenessEvent>;

export const EmployerDuties = z.object({
  noticePublishedAt: z.string().nullable(),
  policeHelp: z.string(),
  events: z.array(AwarenessEvent),
});
export type EmployerDuties = z.infer<typeof EmployerDuties>;

export const EmployerDutiesBody = z.strictObject({
  /** Publish (true) or withdraw (false) the notice shown to every member. */
  noticePublished: z.boolean(),
  policeHelp: z.string().trim().max(2000),
});
export type EmployerDutiesBody = z.infer<typeof EmployerDutiesBody>;

export const employerDuties = route({
  api: 'case',
  method: 'GET',
  path: '/api/employer-duties',
  summary:
    'IN-12: the notice, where to get help with a police complaint, and the workshops, awareness programmes and orientations recorded',
  response: EmployerDuties,
  access: MANAGERS,
  permission: PERMISSION,
});

export const saveEmployerDuties = route({
  api: 'case',
  method: 'PUT',
  path: '/api/employer-duties',
  summary: 'IN-12: publish or withdraw the notice shown to staff, and say where to get help with a police complaint',
  body: EmployerDutiesBody,
  response: EmployerDuties,
  access: MANAGERS,
  permission: PERMISSION,
});

export const recordAwarenessEvent = route({
  api: 'case',
  method: 'POST',
  path: '/api/employer-duties/events',
  summary:
    'IN-12: record a workshop, an awareness programme or the committee’s orientation with its date, audience and attendance',
  body: AwarenessEventBody,
  response: EmployerDuties,
  access: MANAGERS,
  permission: PERMISSION,
});

export const PoshNotice = z.object({
  published: z.boolean(),
  workspaceName: z.string(),
  penalConsequences: z.array(z.string()),
  committees: z.array(
    z.object({
      name: z.string(),
      members: z.array(
        z.object({ name: z.string(), role: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
      ),
    }),
  ),
  policeHelp: z.string(),
  elsewhere: z.array(z.string()),
});
export type PoshNotice = z.infer<typeof PoshNotice>;

export const poshNotice = route({
  api: 'case',
  method: 'GET',
  path: '/api/posh-notice',
  summary:
    'IN-12: the notice of penal consequences and of the Internal Committee’s members and contacts, shown to every member once published',
  response: PoshNotice,
  access: 'signed-in',
});

// ---------------------------------------------------------------- The returns

export const ReturnKind = z.enum(['POSH_ANNUAL', 'BOARD', 'CANADA_ANNUAL']);
export type ReturnKind = z.infer<typeof ReturnKind>;
export const ReturnFormat = z.enum(['json', 'pdf', 'xlsx']);
export type ReturnFormat = z.infer<typeof ReturnFormat>;

export const ReturnInputs = z.strictObject({
  employerName: z.string().trim().max(200),
  employerAddress: z.string().trim().max(500),
  districtOfficer: z.string().trim().max(500),
  businessNumber: z.string().trim().max(40),
  contactName: z.string().trim().max(200),
  contactEmail: z.string().trim().max(200),
  contactPhone: z.string().trim().max(40),
});
export type ReturnInputs = z.infer<typeof ReturnInputs>;

export const returnInputs = route({
  api: 'case',
  method: 'GET',
  path: '/api/returns/inputs',
  summary:
    'What the returns need that no case gives: addresses, the District Officer, the business number, the contact; admins, employers, presiding officers',
  response: ReturnInputs,
  access: 'signed-in',
  seatDecides: true,
  noPermission:
    'A presiding officer of any role gives the inputs of her committee’s return: access is decided by the seat and the role on the server',
});

export const saveReturnInputs = route({
  api: 'case',
  method: 'PUT',
  path: '/api/returns/inputs',
  summary: 'Save the returns’ inputs (kept for the next year); admins, employers, presiding officers',
  body: ReturnInputs,
  response: ReturnInputs,
  access: 'signed-in',
  seatDecides: true,
  noPermission:
    'A presiding officer of any role gives the inputs of her committee’s return: access is decided by the seat and the role on the server',
});

const Figures = z.object({
  received: z.number().int(),
  disposed: z.number().int(),
  pendingAtEnd: z.number().int(),
  pendingOver90Days: z.number().int(),
});

const ReturnHead = z.object({
  kind: ReturnKind,
  period: z.string(),
  from: IsoDate,
  to: IsoDate,
  deadline: IsoDate,
  /** Inputs still to give before a PDF or XLSX can be made, by field name. */
  missingInputs: z.array(z.string()),
  generatedAt: z.string(),
});

export const PoshAnnualReturn = ReturnHead.extend({
  kind: z.literal('POSH_ANNUAL'),
  employer: z.object({ name: z.string(), address: z.string() }),
  districtOfficer: z.string(),
  committees: z.array(
    Figures.extend({
      name: z.string(),
      workshops: z.number().int(),
      awarenessProgrammes: z.number().int(),
      orientations: z.number().int(),
      attendance: z.number().int(),
      actionTaken: z.array(z.object({ outcome: z.string(), label: z.string(), cases: z.number().int() })),
    }),
  ),
});
export type PoshAnnualReturn = z.infer<typeof PoshAnnualReturn>;

export const BoardReturn = ReturnHead.extend({
  kind: z.literal('BOARD'),
  employer: z.object({ name: z.string() }),
  figures: Figures,
  headcount: z.object({
    female: z.number().int(),
    male: z.number().int(),
    transgender: z.number().int(),
    notGiven: z.number().int(),
  }),
  statement: z.string(),
});
export type BoardReturn = z.infer<typeof BoardReturn>;

const CategoryCount = z.object({ value: z.string(), label: z.string(), cases: z.number().int() });

export const CanadaAnnualReturn = ReturnHead.extend({
  kind: z.literal('CANADA_ANNUAL'),
  employer: z.object({
    name: z.string(),
    businessNumber: z.string(),
    contactName: z.string(),
    contactEmail: z.string(),
    contactPhone: z.string(),
  }),
  occurrences: z.number().int(),
  resolved: z.number().int(),
  resolutionMeans: z.array(z.object({ means: z.string(), label: z.string(), cases: z.number().int() })),
  averageMonthsToResolve: z.number().nullable(),
  /** The occurrences of the year by category, as each case's committee recorded them (CA-10), with those not recorded. */
  categories: z.object({
    nature: z.array(CategoryCount),
    grounds: z.array(CategoryCount),
    locations: z.array(CategoryCount),
    relationships: z.array(CategoryCount),
  }),
  /** What no case records (deaths): said, not guessed. */
  notRecorded: z.array(z.string()),
});
export type CanadaAnnualReturn = z.infer<typeof CanadaAnnualReturn>;

const YearQuery = z.strictObject({
  year: z.coerce.number().int().min(2013).max(2100),
  format: ReturnFormat.default('json'),
});

export const poshAnnualReturn = route({
  api: 'case',
  method: 'GET',
  path: '/api/returns/posh-annual',
  summary:
    'IN-13: the annual return of each Internal Committee for a calendar year, to the employer and the District Officer; `format` json (default), pdf or xlsx (recorded in the list); admins, employers and a presiding officer (their committees)',
  query: YearQuery,
  response: PoshAnnualReturn,
  access: 'signed-in',
  seatDecides: true,
  noPermission:
    'A presiding officer of any role makes their committee’s return: access is decided by the seat and the role on the server',
});

export const boardReturn = route({
  api: 'case',
  method: 'GET',
  path: '/api/returns/board',
  summary: 'IN-14: the board’s report figures for a financial year (`2025-26`); `format` json (default), pdf or xlsx',
  query: z.strictObject({
    financialYear: z.string().regex(/^\d{4}-\d{2}$/, 'Write the financial year as 2025-26'),
    format: ReturnFormat.default('json'),
  }),
  response: BoardReturn,
  access: MANAGERS,
  permission: PERMISSION,
});

export const canadaAnnualReturn = route({
  api: 'case',
  method: 'GET',
  path: '/api/returns/canada-annual',
  summary: 'CA-10: the annual report’s contents (LAB1206) for a calendar year; `format` json (default), pdf or xlsx',
  query: YearQuery,
  response: CanadaAnnualReturn,
  access: MANAGERS,
  permission: PERMISSION,
});

export const GeneratedReturn = z.object({
  id: Id,
  kind: ReturnKind,
  period: z.string(),
  format: z.enum(['PDF', 'XLSX']),
  generatedBy: z.string(),
  generatedAt: z.string(),
});
export type GeneratedReturn = z.infer<typeof GeneratedReturn>;

export const ReturnsOverview = z.object({
  /** The returns that apply (by the declared countries), each for the period due next, with its deadline. */
  due: z.array(z.object({ kind: ReturnKind, period: z.string(), deadline: IsoDate, done: z.boolean() })),
  generated: z.array(GeneratedReturn),
});
export type ReturnsOverview = z.infer<typeof ReturnsOverview>;

export const returnsOverview = route({
  api: 'case',
  method: 'GET',
  path: '/api/returns',
  summary:
    'The returns due (period, deadline, done) and every return generated, with who and when; admins, employers, presiding officers',
  response: ReturnsOverview,
  access: 'signed-in',
  seatDecides: true,
  noPermission:
    'A presiding officer of any role sees the returns: access is decided by the seat and the role on the server',
});
