import type { FastifyInstance } from 'fastify';
import {
  reportExport,
  reportExportStatus,
  reportOptions,
  reportPreview,
  reportScheduleDelete,
  reportScheduleGet,
  reportSchedulePut,
  savedReportCreate,
  savedReportDelete,
  savedReportList,
  savedReportUpdate,
} from '../../../src/contracts/learning/reports.contract';
import type { ApiDeps } from '../../platform/deps';
import { HttpError, notFound } from '../../platform/errors';
import { answer as answerOutcome } from '../../platform/refusal';
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { ReportExporter } from './report-export';
import { DEFAULT_ATTACHMENT_LIMIT_BYTES, ReportScheduleRunner } from './report-schedule-runner';
import { defineReportExportJobs, defineReportScheduleJobs } from './reports.job';
import { ReportSchedules } from './report-schedules.service';
import { ReportsService, type ReportRefusal } from './reports.service';
import { workspaceActor } from '../../platform/actor';

/** A refusal of the service as HTTP: another admin's or workspace's object is 404; no file store is 503. */
function answer<T>(result: T | ReportRefusal): T {
  if (result && typeof result === 'object' && 'ok' in result && result.ok === false) {
    if (result.reason === 'NOT_FOUND') throw notFound();
    throw new HttpError(503, 'UNAVAILABLE', 'Exports need a file store, and none is configured');
  }
  return result as T;
}

/** Reports: preview, export on the job queue, saved definitions (docs/reports.md). */
export async function reportRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const now = () => deps.clock.now();
  const exporter = new ReportExporter(deps.db, deps.fileUrls, now, deps.settings.reports, deps.jobs ?? null, (line, error) => app.log.warn({ err: error }, line));
  if (deps.jobs) defineReportExportJobs(deps.jobs, exporter);
  const reports = new ReportsService(deps.db, exporter, deps.fileUrls, now);
  const schedules = new ReportSchedules(deps.db, now);
  const attachmentLimit = deps.settings.reports?.attachmentLimitBytes ?? DEFAULT_ATTACHMENT_LIMIT_BYTES;
  const runner = new ReportScheduleRunner(deps.db, exporter, deps.fileUrls, deps.mail, now, attachmentLimit, (line, error) => app.log.warn({ err: error }, line));
  if (deps.jobs) defineReportScheduleJobs(deps.jobs, runner);

  serve(app, reportPreview, async (ctx) => {
    const { page, pageSize, ...def } = ctx.body;
    return reports.preview(workspaceActor(ctx), def, page, pageSize);
  });
  serve(app, reportExport, async (ctx) => {
    const { name, format, ...def } = ctx.body;
    const started = answer(await reports.startExport(workspaceActor(ctx), name, def, format));
    return { jobId: started.jobId };
  });
  serve(app, reportExportStatus, async (ctx) => answer(await reports.exportStatus(workspaceActor(ctx), ctx.params.jobId)));
  serve(app, reportOptions, async (ctx) => reports.options(workspaceActor(ctx)));
  serve(app, savedReportList, async (ctx) => ({ items: await reports.savedList(workspaceActor(ctx)) }));
  serve(app, savedReportCreate, async (ctx) => reports.saveNew(workspaceActor(ctx), ctx.body.name, ctx.body.definition));
  serve(app, savedReportUpdate, async (ctx) => answer(await reports.saveOver(workspaceActor(ctx), ctx.params.id, ctx.body.name, ctx.body.definition)));
  serve(app, savedReportDelete, async (ctx) => answer(await reports.remove(workspaceActor(ctx), ctx.params.id)));
  serve(app, reportScheduleGet, async (ctx) => answerOutcome(await schedules.get(workspaceActor(ctx), ctx.params.id)));
  serve(app, reportSchedulePut, async (ctx) => answerOutcome(await schedules.set(workspaceActor(ctx), ctx.params.id, ctx.body)));
  serve(app, reportScheduleDelete, async (ctx) => answerOutcome(await schedules.remove(workspaceActor(ctx), ctx.params.id)));
}
