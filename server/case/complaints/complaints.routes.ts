import type { FastifyInstance } from 'fastify';
import {
  closeComplaint,
  complaintAudit,
  complaintCounts,
  complaintStageCounts,
  complaintReadiness,
  complaintDeadlines,
  committeeSeat,
  completeStep,
  complaintFormResource,
  confirmEvidence,
  downloadEvidence,
  evidenceUploadUrl,
  fileComplaint,
  getComplaint,
  getComplaintForm,
  listComplaints,
  postComplaintMessage,
  recordMeeting,
  recuse,
  scheduleMeeting,
  stepRecipients,
} from '../../../src/contracts/case/complaints.contract';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { defineCaseJobs } from './case-daily.job';
import { CaseJobs } from './case-jobs';
import { whoIs } from './complaints.repository';
import { ComplaintService, type Actor } from './complaints.service';
import { DecisionService } from './decisions.service';
import { FilingService, filingLimits } from './filing.service';
import { MeetingService } from './meetings.service';
import { MessageService } from './messages.service';
import { RetentionJob } from './retention-job';

/** The complaint runtime (docs/case.md "Complaints"): every call decides the caller's part in the case on the server. */
export async function complaintRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const service = new ComplaintService(deps.db, deps.mail, deps.fileUrls, deps.evidence, deps.clock);
  const filing = new FilingService(deps.db, deps.mail, service, deps.evidence, deps.clock, filingLimits(deps));
  const messages = new MessageService(deps.db, deps.mail, service);
  const meetings = new MeetingService(deps.db, deps.mail, service, deps.clock);
  const decisions = new DecisionService(deps.db, deps.mail, service);
  // The daily case job (clocks, reminders, escalation, CA-08 updates): on the queue, never a timer of this process.
  // Step 5 is retention (retention-job.ts): the committee warned before a purge, then the purge.
  const retention = new RetentionJob(deps.db, deps.mail, deps.fileUrls);
  if (deps.jobs)
    defineCaseJobs(
      deps.jobs,
      deps.db,
      new CaseJobs(
        deps.db,
        deps.mail,
        deps.clock,
        deps.settings.publicUrl ?? `http://${deps.settings.mainHost}`,
        {},
        retention,
      ),
    );
  const actorOf = async (ctx: HandlerContext<any>): Promise<Actor> => {
    const { user, workspace } = workspaceUser(ctx);
    const me = await deps.db.tenant(workspace.id, (tx) => whoIs(tx, workspace.id, user.userId));
    return {
      ws: workspace.id,
      userId: user.userId,
      email: me?.email ?? '',
      name: me?.name || me?.email || '',
      ip: ctx.request.ip ?? null,
      workspaceName: workspace.company_name,
    };
  };

  serve(app, getComplaintForm, async (ctx) => answer(await filing.form(await actorOf(ctx))));
  serve(app, complaintFormResource, async (ctx) =>
    answer(await filing.formResource(await actorOf(ctx), ctx.params.id)),
  );
  serve(app, evidenceUploadUrl, async (ctx) => filing.evidenceUpload(await actorOf(ctx), ctx.body));
  serve(app, confirmEvidence, async (ctx) => answer(await filing.confirmEvidence(await actorOf(ctx), ctx.params.id)));
  serve(app, fileComplaint, async (ctx) => answer(await filing.file(await actorOf(ctx), ctx.body)));
  serve(app, listComplaints, async (ctx) => {
    // The list needs no address or name of the caller: no lookup (bench/case-jobs.bench.ts).
    const { user, workspace } = workspaceUser(ctx);
    // The answer comes as the contract's JSON text (ComplaintService.list), sent as it is.
    const body = await service.list({ ws: workspace.id, userId: user.userId, ip: ctx.request.ip ?? null });
    return ctx.reply.type('application/json; charset=utf-8').send(body);
  });
  serve(app, committeeSeat, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    return service.seated(workspace.id, user.userId);
  });
  serve(app, getComplaint, async (ctx) => answer(await service.read(await actorOf(ctx), ctx.params.id)));
  serve(app, postComplaintMessage, async (ctx) =>
    answer(await messages.message(await actorOf(ctx), ctx.params.id, ctx.body)),
  );
  serve(app, scheduleMeeting, async (ctx) =>
    answer(await meetings.scheduleMeeting(await actorOf(ctx), ctx.params.id, ctx.body)),
  );
  serve(app, recordMeeting, async (ctx) =>
    answer(await meetings.recordMeeting(await actorOf(ctx), ctx.params.id, ctx.params.meetingId, ctx.body)),
  );
  serve(app, completeStep, async (ctx) =>
    answer(
      await decisions.completeStep(await actorOf(ctx), ctx.params.id, ctx.params.stepId, {
        note: ctx.body?.note ?? '',
        confirmedRecipients: ctx.body?.confirmedRecipients,
      }),
    ),
  );
  serve(app, stepRecipients, async (ctx) =>
    answer(await decisions.stepRecipients(await actorOf(ctx), ctx.params.id, ctx.params.stepId)),
  );
  serve(app, closeComplaint, async (ctx) => answer(await decisions.close(await actorOf(ctx), ctx.params.id, ctx.body)));
  serve(app, complaintDeadlines, async (ctx) => answer(await service.deadlines(await actorOf(ctx), ctx.params.id)));
  serve(app, complaintAudit, async (ctx) => ({
    items: answer(await service.auditLog(await actorOf(ctx), ctx.params.id)),
  }));
  serve(app, recuse, async (ctx) =>
    answer(await decisions.recuse(await actorOf(ctx), ctx.params.id, ctx.body?.note ?? '')),
  );
  serve(app, downloadEvidence, async (ctx) =>
    answer(await service.evidenceLink(await actorOf(ctx), ctx.params.id, ctx.params.fileId)),
  );
  serve(app, complaintCounts, async (ctx) => service.counts((await actorOf(ctx)).ws));
  serve(app, complaintStageCounts, async (ctx) => answer(await service.stageCounts(await actorOf(ctx))));
  serve(app, complaintReadiness, async (ctx) => service.readiness(workspaceUser(ctx).workspace.id));
}
