import type { FastifyInstance } from 'fastify';
import { exportComplaint } from '../../../src/contracts/case/case-records.contract';
import { verifyComplaintAudit } from '../../../src/contracts/case/complaints.contract';
import {
  getCaseRetention,
  getRetentionSettings,
  postponePurge,
  saveRetentionSettings,
  setLegalHold,
} from '../../../src/contracts/case/retention.contract';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { CaseLogService } from './case-log.service';
import { CaseRecordsService } from './case-records.service';
import { whoIs } from './complaints.repository';
import { ComplaintService, type Actor } from './complaints.service';
import { RetentionService } from './retention.service';

/** Records of a case (docs/case.md "Records" and "Retention"): the redacted export, the access log's verification, retention settings, hold and postponement. */
export async function caseRecordRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const complaints = new ComplaintService(deps.db, deps.mail, deps.fileUrls, deps.evidence, deps.clock);
  const records = new CaseRecordsService(deps.db, complaints, deps.clock);
  const retention = new RetentionService(deps.db, complaints, deps.clock);
  const caseLog = new CaseLogService(deps.db, complaints);
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

  serve(app, exportComplaint, async (ctx) => {
    const { bytes, fileName } = answer(await records.export(await actorOf(ctx), ctx.params.id, ctx.body));
    return ctx.reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(bytes);
  });

  serve(app, verifyComplaintAudit, async (ctx) => caseLog.verify(await actorOf(ctx), ctx.params.id));

  serve(app, getRetentionSettings, async (ctx) =>
    answer(await retention.settings(await actorOf(ctx), workspaceUser(ctx).user.role)),
  );
  serve(app, saveRetentionSettings, async (ctx) => answer(await retention.saveSettings(await actorOf(ctx), ctx.body)));
  serve(app, getCaseRetention, async (ctx) => answer(await retention.state(await actorOf(ctx), ctx.params.id)));
  serve(app, setLegalHold, async (ctx) => answer(await retention.hold(await actorOf(ctx), ctx.params.id, ctx.body)));
  serve(app, postponePurge, async (ctx) =>
    answer(await retention.postpone(await actorOf(ctx), ctx.params.id, ctx.body)),
  );
}
