import type { FastifyInstance } from 'fastify';
import { apiDocs } from '../platform/api-docs';
import type { ApiDeps } from '../platform/deps';
import { authoringRoutes } from './courses/authoring.routes';
import { autoAssignRoutes } from './courses/auto-assign.routes';
import { catalogueCourseRoutes } from './catalogue/catalogue-courses.routes';
import { cataloguePolicyRoutes } from './catalogue/catalogue-policies.routes';
import { catalogueRoutes } from './catalogue/catalogue.routes';
import { courseRoutes } from './courses/courses.routes';
import { complianceRoutes } from './compliance/compliance.routes';
import { creditRoutes } from './credits/credits.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { uploadRoutes } from './files/uploads.routes';
import { notificationRoutes } from './notifications/notifications.routes';
import { playerRoutes } from './training/player.routes';
import { ownPolicyRoutes } from './policies/own-policies.routes';
import { policyRoutes } from './policies/policies.routes';
import { reportRoutes } from './reports/reports.routes';

export const LEARNING_API_BASE = '/learning-api';

/** The learning API: courses, lessons, quizzes, policies, catalogues, credits, reports. */
export async function learningApi(api: FastifyInstance, deps: ApiDeps): Promise<void> {
  await apiDocs(api, {
    title: 'Learning API',
    description: 'Courses, lessons, quizzes, policies, reports',
    base: LEARNING_API_BASE,
  });
  await courseRoutes(api, deps);
  await autoAssignRoutes(api, deps);
  await uploadRoutes(api, deps);
  await authoringRoutes(api, deps);
  await playerRoutes(api, deps);
  await catalogueRoutes(api, deps);
  await catalogueCourseRoutes(api, deps);
  await cataloguePolicyRoutes(api, deps);
  await policyRoutes(api, deps);
  await ownPolicyRoutes(api, deps);
  await creditRoutes(api, deps);
  await complianceRoutes(api, deps);
  await notificationRoutes(api, deps);
  await reportRoutes(api, deps);
  await dashboardRoutes(api, deps);
}
