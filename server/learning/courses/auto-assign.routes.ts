import type { FastifyInstance } from 'fastify';
import {
  BULK_COURSES_FIELD,
  bulkAddUsers,
  getAutoAssign,
  resetAutoAssign,
  saveAutoAssign,
} from '../../../src/contracts/learning/auto-assign.contract';
import { seesAllBusinessUnits } from '../../../src/domain/auth/roles';
import type { ApiDeps } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import { answer } from '../../platform/refusal';
import { serve, workspaceUser, type UserPrincipal } from '../../platform/serve';
import { readUpload } from '../../platform/imports/import-upload';
import { CourseAssignmentService, type Assigner } from './assignment.service';
import { AutoAssignService } from './auto-assign.service';
import { bulkAddUsers as bulkAdd, emailRows, parseCourseList } from './bulk-assign.service';
import { JOB_ASSIGNMENT_MAIL } from './course-notifications';

/** Auto-assignment rules and bulk-add-users (docs/learning.md "Auto-assignment"); the same callers as add-users. */
export async function autoAssignRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const afterAssign = async (workspaceId: string) => {
    if (deps.jobs?.started) await deps.jobs.send(JOB_ASSIGNMENT_MAIL, { workspaceId });
  };
  const assignments = new CourseAssignmentService(deps.db, deps.clock, afterAssign);
  const rules = new AutoAssignService(
    deps.db,
    assignments,
    deps.mail,
    deps.clock,
    deps.settings.publicUrl ?? `http://${deps.settings.mainHost}`,
    {
      afterAssign,
      log: (message, error) => app.log.error({ err: error }, message),
    },
  );
  // People created or changed by the main API (import, invitation claimed, sign-up, edit) meet the rules.
  deps.people.on((workspaceId, userIds) => rules.peopleChanged(workspaceId, userIds));

  const actorOf = (ctx: { request: { ip: string } }, user: UserPrincipal, workspaceId: string): Assigner => {
    let scope: string | null = null;
    if (!seesAllBusinessUnits(user.role)) {
      if (!user.branchId) throw forbidden('You belong to no business unit');
      scope = user.branchId;
    }
    return { workspaceId, userId: user.userId, scope, ip: ctx.request.ip };
  };

  serve(app, getAutoAssign, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    return answer(await rules.get(actorOf(ctx, user, workspace.id), ctx.params.id));
  });

  serve(app, saveAutoAssign, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    return answer(await rules.save(actorOf(ctx, user, workspace.id), ctx.params.id, ctx.body));
  });

  serve(app, resetAutoAssign, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    return answer(await rules.reset(actorOf(ctx, user, workspace.id), ctx.body));
  });

  serve(app, bulkAddUsers, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const actor = actorOf(ctx, user, workspace.id);
    // The user import's own handling of untrusted files: size limit, type by bytes, the bounded XLSX reader.
    const upload = await readUpload({ ...ctx, parses: deps.parses }, deps.settings.maxUploadBytes, false, false, [
      BULK_COURSES_FIELD,
    ]);
    const courseIds = answer(parseCourseList(upload.fields[BULK_COURSES_FIELD]));
    const rows = answer(await emailRows(upload.kind, upload.source));
    const result = answer(await bulkAdd(deps.db, assignments, actor, upload.fileName, courseIds, rows));
    if (result.totals.ASSIGNED > 0) await afterAssign(workspace.id);
    return result;
  });
}
