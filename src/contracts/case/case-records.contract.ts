import { z } from 'zod';
import { Id, IdParams, route } from '../route';

/**
 * Records of a case (issue 13 "Records and retention", docs/case.md "Records"): the redacted export of a case file as
 * one PDF bundle. Not in endpoints.tsv: documented here, in the case API's OpenAPI document and in docs/case.md.
 */

const MEMBERS = ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'] as const;
const PRESIDING_ONLY =
  'checked per case on the server: only the member presiding over the case (or who presides in their place) exports it';

/** The parts of the bundle a whole section of which can be redacted. */
export const ExportSection = z.enum([
  'PARTIES',
  'INCIDENT',
  'CLOCKS',
  'MESSAGES',
  'MEETINGS',
  'STEPS',
  'OUTCOME',
  'EVIDENCE',
]);
export type ExportSection = z.infer<typeof ExportSection>;

export const ExportBody = z.strictObject({
  /** Why the bundle is made; printed on its cover and recorded in the access log. */
  purpose: z.enum(['LEGAL_REVIEW', 'APPEAL']),
  /** Whole sections left out (each replaced by a marked block). */
  redactSections: z.array(ExportSection).max(8).default([]),
  /** Single items left out: ids of messages, meetings (agenda, minutes and outcome) or evidence files of the case. */
  redactItems: z.array(Id).max(500).default([]),
});
export type ExportBody = z.input<typeof ExportBody>;

export const exportComplaint = route({
  api: 'case',
  method: 'POST',
  path: '/api/complaints/{id}/export',
  summary:
    'The case file as one PDF bundle (application/pdf) for legal review or appeal, with the chosen sections and items redacted (left out of the PDF, a marked block in their place); the one presiding only; recorded in the case access log',
  params: IdParams,
  body: ExportBody,
  response: null,
  access: MEMBERS,
  noPermission: PRESIDING_ONLY,
});
