import type { FastifyInstance } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import {
  addUsers,
  assignCourse,
  changeDueDate,
  getAssignmentSettings,
  saveAssignmentSettings,
  unassignCourse,
  courseDetails,
  courseList,
  courseMembers,
  courseUsers,
  supportedLanguages,
} from '../../../src/contracts/learning/courses.contract';
import { seesAllBusinessUnits } from '../../../src/domain/auth/roles';
import type { ApiDeps } from '../../platform/deps';
import { forbidden, notFound } from '../../platform/errors';
import { answer } from '../../platform/refusal';
import { courseSpace, serve, workspaceUser, type UserPrincipal } from '../../platform/serve';
import { utcDay } from '../../platform/clock';
import { assignmentSettings, CourseAssignmentService, type Assigner } from './assignment.service';
import { CourseNotifications, JOB_ASSIGNMENT_MAIL } from './course-notifications';
import { defineCourseJobs } from './course-notifications.job';
import * as courses from './courses.repository';
import { CourseFiles } from '../files/files.service';
import { DEFAULT_UPLOAD_LIMITS } from '../../../src/domain/files/uploads';
import type { CourseMembers as CourseMembersPage } from '../../../src/contracts/learning/courses.contract';
import { CourseDetailsCache, DEFAULT_COURSE_CACHE_BYTES } from './details-cache';
import { checkFilterTargets, type UnitScope } from './user-directory';

/** Workspace admins and employers see every business unit; a business-unit admin only their own. */
function scopeOf(user: UserPrincipal): UnitScope {
  if (seesAllBusinessUnits(user.role)) return null;
  if (!user.branchId) throw forbidden('You belong to no business unit');
  return user.branchId;
}

export async function courseRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const notifications = new CourseNotifications(
    deps.db,
    deps.mail,
    deps.clock,
    deps.settings.publicUrl ?? `http://${deps.settings.mainHost}`,
    deps.settings.reminders,
  );
  if (deps.jobs) defineCourseJobs(deps.jobs, notifications);
  // After an assignment commits its learners are marked for the mail; the job sends it. Without a started queue the
  // marks wait for the next run (the hourly tick sweeps them).
  const assignments = new CourseAssignmentService(deps.db, deps.clock, async (workspaceId) => {
    if (deps.jobs?.started) await deps.jobs.send(JOB_ASSIGNMENT_MAIL, { workspaceId });
  });
  const actorOf = (ctx: { request: { ip: string } }, user: UserPrincipal, workspaceId: string): Assigner => ({
    workspaceId,
    userId: user.userId,
    scope: scopeOf(user),
    ip: ctx.request.ip,
  });

  serve(app, courseList, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const { page, pageSize } = ctx.query;
    const result = await deps.db.tenant(workspace.id, (tx) =>
      courses.listCourses(tx, workspace.id, scopeOf(user), ctx.query),
    );
    return { ...result, page, pageSize };
  });

  // Rendered contents by content revision (details-cache.ts); the answer is the contract's, checked as it is built.
  const detailsCache = new CourseDetailsCache(deps.settings.courseDetailsCacheBytes ?? DEFAULT_COURSE_CACHE_BYTES);
  serve(app, courseDetails, async (ctx) => {
    // Also the platform admin's catalogue courses on the main site (courseSpace).
    const { user, workspaceId } = courseSpace(ctx);
    const details = await deps.db.tenant(workspaceId, (tx) =>
      courses.courseDetails(
        tx,
        workspaceId,
        ctx.params.id,
        ctx.query.language,
        user ? scopeOf(user) : null,
        detailsCache,
        ctx.query.texts,
      ),
    );
    if (!details) throw notFound('Course not found');
    return ctx.reply.type('application/json; charset=utf-8').send(details);
  });

  serve(app, supportedLanguages, async (ctx) => {
    const { workspaceId } = courseSpace(ctx);
    return deps.db.tenant(workspaceId, async (tx) => {
      if (!(await courses.findCourse(tx, workspaceId, ctx.params.id))) throw notFound('Course not found');
      return courses.supportedLanguages(tx, workspaceId, ctx.params.id);
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
    return answer(
      await assignments.assign(
        { workspaceId: workspace.id, userId: user.userId, scope: scopeOf(user), ip: ctx.request.ip },
        ctx.body,
      ),
    );
  });

  serve(app, addUsers, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    return answer(await assignments.addUsers(actorOf(ctx, user, workspace.id), ctx.body));
  });

  serve(app, unassignCourse, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    return answer(await assignments.unassign(actorOf(ctx, user, workspace.id), ctx.body));
  });

  serve(app, changeDueDate, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    return answer(
      await assignments.changeDueDate(
        actorOf(ctx, user, workspace.id),
        ctx.params.id,
        ctx.params.userId,
        ctx.body.dueOn,
      ),
    );
  });

  serve(app, getAssignmentSettings, async (ctx) => {
    const { workspace } = workspaceUser(ctx);
    return deps.db.tenant(workspace.id, (tx) => assignmentSettings(tx, workspace.id));
  });

  serve(app, saveAssignmentSettings, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    return assignments.saveSettings(actorOf(ctx, user, workspace.id), ctx.body);
  });

  // The files learners handed in for ask-for-a-file blocks, signed for the admin (the members page's learners only).
  const files = deps.fileUrls
    ? new CourseFiles(deps.db, deps.fileUrls, deps.settings.uploadLimits ?? DEFAULT_UPLOAD_LIMITS)
    : null;
  const withHandedIn = async (
    workspaceId: string,
    courseId: string,
    page: CourseMembersPage,
  ): Promise<CourseMembersPage> => {
    if (!files || page.items.length === 0) return page;
    const rows = await deps.db.tenant(workspaceId, (tx) =>
      courses.handedInFiles(
        tx,
        workspaceId,
        courseId,
        page.items.map((m) => m.userId),
      ),
    );
    if (rows.length === 0) return page;
    const links = await files
      .links(
        workspaceId,
        rows.map((r) => r.file_id),
      )
      .catch(() => new Map<string, { url: string; fileName: string }>());
    return {
      ...page,
      items: page.items.map((m) => ({
        ...m,
        handedIn: rows
          .filter((r) => r.user_id === m.userId && links.has(r.file_id))
          .map((r) => ({
            blockId: r.block_id,
            fileId: r.file_id,
            fileName: links.get(r.file_id)!.fileName,
            url: links.get(r.file_id)!.url,
          })),
      })),
    };
  };

  serve(app, courseMembers, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const { page, pageSize, format, ...filter } = ctx.query;
    const scope = scopeOf(user);
    const today = utcDay(deps.clock.now());
    if (format !== 'csv') {
      const members = await deps.db.tenant(workspace.id, async (tx) => {
        if (!(await courses.findCourse(tx, workspace.id, ctx.params.id))) throw notFound('Course not found');
        await checkFilterTargets(tx, workspace.id, filter, scope);
        return courses.members(tx, workspace.id, ctx.params.id, scope, filter, today, { page, pageSize });
      });
      return withHandedIn(workspace.id, ctx.params.id, members);
    }
    return deps.db.tenant(workspace.id, async (tx) => {
      if (!(await courses.findCourse(tx, workspace.id, ctx.params.id))) throw notFound('Course not found');
      await checkFilterTargets(tx, workspace.id, filter, scope);
      const lines = [stringify([MEMBER_CSV_HEADER])];
      for await (const batch of courses.allMembers(tx, workspace.id, ctx.params.id, scope, filter, today)) {
        lines.push(stringify(batch.map(memberCsvRow)));
      }
      return ctx.reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="course-members.csv"')
        .send(lines.join(''));
    });
  });
}

const MEMBER_CSV_HEADER = [
  'First name',
  'Last name',
  'Email',
  'Business unit',
  'Department',
  'Status',
  'Progress %',
  'Score %',
  'Attempts',
  'Assigned on',
  'Due on',
  'Completed on',
  'Last reminded on',
];

/** A spreadsheet must not run a cell as a formula: text starting with = + - @ (or a tab/return) gets a leading quote. */
function cell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function memberCsvRow(m: import('../../../src/contracts/learning/courses.contract').CourseMember): string[] {
  return [
    m.firstName,
    m.lastName,
    m.email,
    m.branchName,
    m.departmentName,
    m.status,
    m.progress,
    m.score,
    m.attempts,
    m.assignedOn.slice(0, 10),
    m.dueOn,
    m.completedOn,
    m.lastRemindedOn,
  ].map(cell);
}
