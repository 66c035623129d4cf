import type { FastifyInstance } from 'fastify';
import {
  adminCourseCreate,
  adminCourseList,
  adminOfferCourse,
  adminPushCourseVersion,
  adminWorkspaceCourses,
} from '../../../src/contracts/learning/catalogue-courses.contract';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { serve } from '../../platform/serve';
import { platformActor } from './catalogue-audit';
import { CatalogueCourses } from './catalogue-courses.service';

/** The platform admin's catalogue courses on the main site (docs/policies.md "Catalogue courses"). */
export async function catalogueCourseRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const courses = new CatalogueCourses(deps.db);
  serve(app, adminCourseCreate, async ({ body, principal, request }) =>
    courses.create(platformActor(principal, request.ip), body),
  );
  serve(app, adminCourseList, async ({ query }) => {
    const { page, pageSize } = query;
    return { ...(await courses.list(query)), page, pageSize };
  });
  serve(app, adminWorkspaceCourses, async ({ query }) => courses.workspaceCourses(query));
  serve(app, adminOfferCourse, async ({ body, principal, request }) =>
    answer(await courses.offer(platformActor(principal, request.ip), body)),
  );
  serve(app, adminPushCourseVersion, async ({ body, principal, request }) =>
    answer(await courses.pushVersion(platformActor(principal, request.ip), body)),
  );
}
