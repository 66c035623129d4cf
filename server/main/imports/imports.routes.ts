import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  cancelImportJob,
  downloadImportJobReport,
  downloadImportReport,
  getImportJob,
  importUsers,
  listImportJobs,
  readImportHeaders,
  resumeImportJob,
  validateUserImport,
  type ReportFormat,
} from '../../../src/contracts/main/invites.contract';
import { proposeMapping } from '../../../src/domain/imports/import-columns';
import type { ApiDeps } from '../../platform/deps';
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { readHeaderRow } from '../../platform/imports/import-file.parser';
import { readUpload } from '../../platform/imports/import-upload';
import { REPORT_CONTENT_TYPES, reportFileName } from './import-report';
import { ImportRunner } from './import-runner';
import { defineImportJobs } from './user-import.job';
import { siteOrigin } from '../invitations/invite-sender';
import { UserImportService } from './user-import.service';
import { answer } from '../../platform/refusal';
import { workspaceActor } from '../../platform/actor';

export async function importRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const runner = new ImportRunner(
    deps.db,
    deps.fileUrls,
    deps.settings.imports,
    (message, error) => app.log.error({ err: error }, message),
    deps.mail,
    (workspaceId, userIds) => deps.people.changed(workspaceId, userIds),
    deps.jobs ?? null,
  );
  // With the server's job queue, imports are pg-boss jobs (docs/imports.md "On the job queue").
  if (deps.jobs) defineImportJobs(deps.jobs, runner);
  // Jobs left RUNNING by a process that died are INTERRUPTED (with the rows they had written), ready to resume.
  await runner.interruptStale(null);
  app.addHook('onClose', async () => runner.close());
  const service = new UserImportService(deps.db, deps.fileUrls, runner);
  const maxBytes = deps.settings.maxUploadBytes;

  serve(app, readImportHeaders, async (ctx) => {
    workspaceUser(ctx);
    const upload = await readUpload({ ...ctx, parses: deps.parses }, maxBytes, false);
    const { headers, sample } = await readHeaderRow(upload.kind, upload.source);
    return { headers, proposed: proposeMapping(headers), sample };
  });

  serve(app, validateUserImport, async (ctx) => {
    const actor = workspaceActor(ctx);
    return service.validate(actor, await readUpload({ ...ctx, parses: deps.parses }, maxBytes, true));
  });

  serve(app, downloadImportReport, async (ctx) => {
    const actor = workspaceActor(ctx);
    const upload = await readUpload({ ...ctx, parses: deps.parses }, maxBytes, true);
    const format = upload.format ?? 'csv';
    const stream = await service.report(actor, upload, format);
    return sendReport(ctx.reply, stream, reportFileName(upload.fileName, format), format);
  });

  serve(app, importUsers, async (ctx) => {
    const actor = workspaceActor(ctx);
    const upload = await readUpload({ ...ctx, parses: deps.parses }, maxBytes, true, true);
    // Invitation links go to the site the import is started from (the workspace's address).
    const job = answer(await service.start(actor, upload, upload.sendInvitations ? siteOrigin(ctx.request) : null));
    ctx.reply.code(202);
    return job;
  });

  serve(app, listImportJobs, async (ctx) => ({ jobs: await service.recent(workspaceActor(ctx)) }));
  serve(app, getImportJob, async (ctx) => answer(await service.job(workspaceActor(ctx), ctx.params.jobId)));
  serve(app, cancelImportJob, async (ctx) => answer(await service.cancel(workspaceActor(ctx), ctx.params.jobId)));
  serve(app, resumeImportJob, async (ctx) => {
    const job = answer(await service.resume(workspaceActor(ctx), ctx.params.jobId));
    ctx.reply.code(202);
    return job;
  });
  serve(app, downloadImportJobReport, async (ctx) => {
    const format = ctx.query.format ?? 'csv';
    const { stream, fileName } = answer(await service.jobReport(workspaceActor(ctx), ctx.params.jobId, format));
    return sendReport(ctx.reply, stream, reportFileName(fileName, format), format);
  });
}

function sendReport(reply: FastifyReply, stream: Readable, name: string, format: ReportFormat) {
  return reply
    .header('content-type', REPORT_CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}
