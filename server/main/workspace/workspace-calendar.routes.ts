import type { FastifyInstance } from 'fastify';
import { readWorkspaceCalendar, saveWorkspaceCalendar } from '../../../src/contracts/main/workspace-calendar.contract';
import { JOB_CASE_CLOCKS } from '../../platform/case-clock-jobs';
import type { ApiDeps } from '../../platform/deps';
import { HttpError } from '../../platform/errors';
import { serve, workspaceUser } from '../../platform/serve';
import { WorkspaceCalendarService } from './workspace-calendar.service';
import { workspaceActor } from '../../platform/actor';

export async function workspaceCalendarRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const service = new WorkspaceCalendarService(deps.db, async (ws) => {
    if (deps.jobs?.started) await deps.jobs.send(JOB_CASE_CLOCKS, { workspaceId: ws });
  });

  serve(app, readWorkspaceCalendar, async (ctx) => service.read(workspaceUser(ctx).workspace.id));

  serve(app, saveWorkspaceCalendar, async (ctx) => {
    const outcome = await service.save(workspaceActor(ctx), ctx.body);
    if (!outcome.ok) throw new HttpError(400, outcome.code, outcome.message, outcome.fields);
    return outcome.value;
  });
}
