import type { FastifyInstance } from 'fastify';
import {
  assignCourse,
  courseDetails,
  courseList,
  courseMembers,
  courseUsers,
  supportedLanguages,
} from '../../../src/contracts/learning/courses.contract';
import { seesAllBusinessUnits } from '../../../src/domain/auth/roles';
import type { ApiDeps } from '../../platform/deps';
import { forbidden, notFound } from '../../platform/errors';
import { serve, workspaceUser, type UserPrincipal } from '../../platform/serve';
import { CourseAssignmentService } from './assignment.service';
import * as courses from './courses.repository';
import { checkFilterTargets, type UnitScope } from './user-directory';

/** Workspace admins and employers see every business unit; a business-unit admin only their own. */
function scopeOf(user: UserPrincipal): UnitScope {
  if (seesAllBusinessUnits(user.role)) return null;
  if (!user.branchId) throw forbidden('You belong to no business unit');
  return user.branchId;
}

export async function courseRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const assignments = new CourseAssignmentService(deps.db);

  serve(app, courseList, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const { page, pageSize } = ctx.query;
    const result = await deps.db.tenant(workspace.id, (tx) => courses.listCourses(tx, workspace.id, scopeOf(user), ctx.query));
    return { ...result, page, pageSize };
  });

  serve(app, courseDetails, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const details = await deps.db.tenant(workspace.id, (tx) =>
      courses.courseDetails(tx, workspace.id, ctx.params.id, ctx.query.language, scopeOf(user)),
    );
    if (!details) throw notFound('Course not found');
    return details;
  });

  serve(app, supportedLanguages, async (ctx) => {
    const { workspace } = workspaceUser(ctx);
    return deps.db.tenant(workspace.id, async (tx) => {
      if (!(await courses.findCourse(tx, workspace.id, ctx.params.id))) throw notFound('Course not found');
      return courses.supportedLanguages(tx, workspace.id, ctx.params.id);
    });
  });

  serve(app, courseUsers, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const scope = scopeOf(user);
    const { page, pageSize, ...filter } = ctx.query;
    return deps.db.tenant(workspace.id, async (tx) => {
      if (!(await courses.findCourse(tx, workspace.id, ctx.params.id))) throw notFound('Course not found');
      await checkFilterTargets(tx, workspace.id, filter, scope);
      return courses.candidates(tx, workspace.id, ctx.params.id, filter, scope, { page, pageSize });
    });
  });

  serve(app, assignCourse, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    return assignments.assign({ workspaceId: workspace.id, userId: user.userId, scope: scopeOf(user), ip: ctx.request.ip }, ctx.body);
  });

  serve(app, courseMembers, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const { page, pageSize } = ctx.query;
    return deps.db.tenant(workspace.id, async (tx) => {
      if (!(await courses.findCourse(tx, workspace.id, ctx.params.id))) throw notFound('Course not found');
      return courses.members(tx, workspace.id, ctx.params.id, scopeOf(user), { page, pageSize });
    });
  });
}
