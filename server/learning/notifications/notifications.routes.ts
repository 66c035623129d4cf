import type { FastifyInstance } from 'fastify';
import {
  courseDueReminder,
  courseReminder,
  policyReminder,
  userAssignedCourses,
} from '../../../src/contracts/learning/notifications.contract';
import { seesAllBusinessUnits } from '../../../src/domain/auth/roles';
import type { ApiDeps } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs';
import { answer } from '../../platform/refusal';
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { Recertification } from './recertification';
import { defineReminderJobs, JOB_COMPLETION_MAIL } from './reminders.job';
import { Reminders, type Reminder } from './reminders.service';

export { JOB_COMPLETION_MAIL, JOB_LEARNING_TICK, JOB_POLICY_REMINDERS, JOB_RECERTIFICATION } from './reminders.job';

/** The notification calls (src/contracts/learning/notifications.contract.ts). */
export async function notificationRoutes(app: FastifyInstance, deps: ApiDeps): Promise<Reminders> {
  const publicUrl = deps.settings.publicUrl ?? `http://${deps.settings.mainHost}`;
  const reminders = new Reminders(deps.db, deps.mail, deps.clock, publicUrl);
  if (deps.jobs)
    defineReminderJobs(deps.jobs, reminders, new Recertification(deps.db, deps.mail, deps.clock, publicUrl));
  const actorOf = (ctx: Pick<HandlerContext<never>, 'site' | 'principal' | 'request'>): Reminder => {
    const { user, workspace } = workspaceUser(ctx);
    let scope: string | null = null;
    if (!seesAllBusinessUnits(user.role)) {
      if (!user.branchId) throw forbidden('You belong to no business unit');
      scope = user.branchId;
    }
    return { workspaceId: workspace.id, userId: user.userId, scope, ip: ctx.request.ip };
  };

  serve(app, courseReminder, async (ctx) => answer(await reminders.remindCourse(actorOf(ctx), ctx.body, 'ALL')));
  serve(app, courseDueReminder, async (ctx) => answer(await reminders.remindCourse(actorOf(ctx), ctx.body, 'DUE')));
  serve(app, policyReminder, async (ctx) => answer(await reminders.remindPolicy(actorOf(ctx), ctx.body)));
  serve(app, userAssignedCourses, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    return reminders.awaiting(workspace.id, user.userId);
  });
  return reminders;
}

/** After a call that may have completed a course: the completion mail job (the hourly tick sweeps what this misses). */
export async function queueCompletionMail(jobs: JobQueue | undefined, workspaceId: string): Promise<void> {
  if (jobs?.started) await jobs.send(JOB_COMPLETION_MAIL, { workspaceId });
}
