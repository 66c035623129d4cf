import { z } from 'zod';
import {
  LOCATIONS,
  NATURES,
  PROHIBITED_GROUNDS,
  RELATIONSHIPS,
  RESOLUTION_MEANS,
} from '../../domain/compliance/occurrence-categories';
import { Id, route } from '../route';

/**
 * CA-10: the categories of a Canadian occurrence, recorded on its case by the committee, counted by the annual report
 * (docs/law.md "The returns"). Our path (not in endpoints.tsv).
 */
export const OccurrenceCategories = z.strictObject({
  nature: z.enum(NATURES).nullable(),
  grounds: z
    .array(z.enum(PROHIBITED_GROUNDS))
    .max(PROHIBITED_GROUNDS.length)
    .refine((g) => new Set(g).size === g.length, 'Name each ground once'),
  location: z.enum(LOCATIONS).nullable(),
  relationship: z.enum(RELATIONSHIPS).nullable(),
  resolution: z.enum(RESOLUTION_MEANS).nullable(),
});
export type OccurrenceCategories = z.infer<typeof OccurrenceCategories>;

/** A case's categories as the caller may see them: its committee changes them, the principal party reads them. */
export const CaseOccurrenceCategories = z.object({
  categories: OccurrenceCategories,
  mayChange: z.boolean(),
});
export type CaseOccurrenceCategories = z.infer<typeof CaseOccurrenceCategories>;

export const occurrenceCategories = route({
  api: 'case',
  method: 'GET',
  path: '/api/complaints/{id}/occurrence-categories',
  summary:
    "A Canadian occurrence's categories for the annual report (LAB1206): its committee members (not recused) read and may change them, the principal party reads them; the responding party and anyone else get 404",
  params: z.strictObject({ id: Id }),
  response: CaseOccurrenceCategories,
  access: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'],
  noPermission:
    'each case is checked on the server: its committee members (not recused) and its principal party only, and a workspace admin cannot switch that on or off',
});

export const recordOccurrenceCategories = route({
  api: 'case',
  method: 'PUT',
  path: '/api/complaints/{id}/occurrence-categories',
  summary:
    "Record a Canadian occurrence's categories for the annual report (LAB1206): sexual or not, prohibited grounds, location, relationship, resolution means (the case's committee members not recused only); recorded in the case's access log",
  params: z.strictObject({ id: Id }),
  body: OccurrenceCategories,
  response: OccurrenceCategories,
  access: ['EMPLOYEE', 'WORKSPACE_ADMIN', 'BRANCH_ADMIN', 'EMPLOYER'],
  noPermission:
    'each case is checked on the server: only its committee members (not recused) record it, and a workspace admin cannot switch that on or off',
});
