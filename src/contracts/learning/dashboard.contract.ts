import { z } from 'zod';
import { Id, route } from '../route';

/**
 * The compliance dashboard (docs/reports.md "The dashboard"): where the workspace stands, in counts computed in the
 * database with the report's own rules, so each figure equals the total of the report its link opens. A
 * business-unit admin's dashboard is their unit's only, whatever the query says. Counts only: no names.
 */

const ADMINS = ['WORKSPACE_ADMIN', 'EMPLOYER', 'BRANCH_ADMIN'] as const;

export const DashboardQuery = z.strictObject({
  /** Narrows the dashboard to one business unit (a business-unit admin's own unit bounds it anyway). */
  branchId: Id.optional(),
});
export type DashboardQuery = z.infer<typeof DashboardQuery>;

/** Course rows (person and course assignment) of a group: all, completed, and overdue (due passed, not completed). */
const CourseFigures = z.object({
  assigned: z.number().int(),
  completed: z.number().int(),
  overdue: z.number().int(),
});

export const DashboardUnit = CourseFigures.extend({
  /** null: the people with no business unit. */
  id: z.string().nullable(),
  name: z.string(),
});
export type DashboardUnit = z.infer<typeof DashboardUnit>;

export const DashboardCourse = CourseFigures.extend({ id: z.string(), name: z.string() });
export type DashboardCourse = z.infer<typeof DashboardCourse>;

export const DashboardPolicy = z.object({
  /** The workspace policy id (the report's policy filter). */
  id: z.string(),
  name: z.string(),
  /** Policy rows: people not inactive in the policy's scope. */
  total: z.number().int(),
  accepted: z.number().int(),
  overdue: z.number().int(),
});
export type DashboardPolicy = z.infer<typeof DashboardPolicy>;

export const DashboardCertificates = z.object({
  /** The last day counted (today + 60 days in the workspace's zone). */
  until: z.string(),
  total: z.number().int(),
  byCourse: z.array(z.object({ id: z.string(), name: z.string(), expiring: z.number().int() })),
});

export const ComplianceDashboard = z.object({
  /** The workspace's day the figures are of. */
  asOf: z.string(),
  /** Set for a business-unit admin: the one unit every figure is of. */
  scopedTo: z.string().nullable(),
  training: CourseFigures.extend({
    /** People with at least one overdue course. */
    overdueLearners: z.number().int(),
  }),
  byBusinessUnit: z.array(DashboardUnit),
  byCourse: z.array(DashboardCourse),
  byPolicy: z.array(DashboardPolicy),
  certificates: DashboardCertificates,
});
export type ComplianceDashboard = z.infer<typeof ComplianceDashboard>;

export const complianceDashboard = route({
  api: 'learning',
  method: 'GET',
  path: '/api/dashboard',
  summary:
    'Where the workspace stands: training completion by business unit and course, overdue learners, policy acceptance, certificates expiring within 60 days (counts only; a business-unit admin: their unit)',
  query: DashboardQuery,
  response: ComplianceDashboard,
  access: ADMINS,
  permission: 'reports.read',
});
