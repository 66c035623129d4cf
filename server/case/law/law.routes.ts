import type { FastifyInstance } from 'fastify';
import {
  boardReturn,
  canadaAnnualReturn,
  employerDuties,
  legalRules,
  poshAnnualReturn,
  poshNotice,
  recordAwarenessEvent,
  returnInputs,
  returnsOverview,
  saveEmployerDuties,
  saveReturnInputs,
} from '../../../src/contracts/case/law.contract';
import type { ApiDeps } from '../../platform/deps';
import { isCaseManager } from '../case-managers';
import { answer, type Outcome } from '../../platform/refusal';
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { whoIs } from '../complaints/complaints.repository';
import { ComplaintService } from '../complaints/complaints.service';
import { EmployerDutiesService } from './employer-duties.service';
import { LegalRulesService } from './legal-rules.service';
import { PreventionProgrammeService } from './prevention-programme.service';
import {
  preventionProgramme,
  savePreventionProgramme,
} from '../../../src/contracts/case/prevention-programme.contract';
import { ReturnsService, type ReturnDocument, type ReturnsActor } from './returns.service';
import { CommitteeDisagreementsService } from './committee-disagreements.service';
import {
  committeeDisagreements,
  deleteCommitteeDisagreement,
  recordCommitteeDisagreement,
} from '../../../src/contracts/case/committee-disagreements.contract';

/** The law, complete (docs/law.md): the legal rules, the employer's duties (IN-12), the returns (IN-13, IN-14, CA-10). */
export async function lawRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const complaints = new ComplaintService(deps.db, deps.mail, deps.fileUrls, deps.evidence, deps.clock);
  const rules = new LegalRulesService(deps.db, complaints, deps.clock);
  const duties = new EmployerDutiesService(deps.db);
  const returns = new ReturnsService(deps.db, deps.clock);

  const dutiesActor = (ctx: HandlerContext<any>) => {
    const { user, workspace } = workspaceUser(ctx);
    return { ws: workspace.id, userId: user.userId, ip: ctx.request.ip ?? null, workspaceName: workspace.company_name };
  };
  /** A manager is an admin or employer whose role holds `workflows.design` here; anyone else may still preside. */
  const returnsActor = async (ctx: HandlerContext<any>): Promise<ReturnsActor> => {
    const { user, workspace } = workspaceUser(ctx);
    const manager = await isCaseManager(deps.permissions, ctx);
    const me = await deps.db.tenant(workspace.id, (tx) => whoIs(tx, workspace.id, user.userId));
    return {
      ws: workspace.id,
      userId: user.userId,
      name: me?.name || me?.email || user.email,
      workspaceName: workspace.company_name,
      manager,
    };
  };
  /** A refusal as its HTTP error, a document as the file, anything else as the JSON answer. */
  const deliver = <T extends object>(ctx: HandlerContext<any>, outcome: Outcome<T>): Exclude<T, ReturnDocument> => {
    const result = answer(outcome);
    if ('bytes' in result) {
      const doc = result as unknown as ReturnDocument;
      return ctx.reply
        .header('content-type', doc.contentType)
        .header('content-disposition', `attachment; filename="${doc.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(doc.bytes) as never;
    }
    return result as Exclude<T, ReturnDocument>;
  };

  serve(app, legalRules, async (ctx) => rules.rules(workspaceUser(ctx).workspace.id));

  serve(app, employerDuties, async (ctx) => duties.get(workspaceUser(ctx).workspace.id));
  serve(app, saveEmployerDuties, async (ctx) => duties.save(dutiesActor(ctx), ctx.body));
  serve(app, recordAwarenessEvent, async (ctx) =>
    answer(await duties.record(dutiesActor(ctx), ctx.body, deps.clock.now().toISOString().slice(0, 10))),
  );
  serve(app, poshNotice, async (ctx) => {
    const { workspace } = workspaceUser(ctx);
    return duties.notice(workspace.id, workspace.company_name);
  });

  serve(app, returnInputs, async (ctx) => answer(await returns.inputs(await returnsActor(ctx))));
  serve(app, saveReturnInputs, async (ctx) => answer(await returns.saveInputs(await returnsActor(ctx), ctx.body)));
  serve(app, returnsOverview, async (ctx) => answer(await returns.overview(await returnsActor(ctx))));
  serve(app, poshAnnualReturn, async (ctx) =>
    deliver(ctx, await returns.poshAnnual(await returnsActor(ctx), ctx.query.year, ctx.query.format)),
  );
  serve(app, boardReturn, async (ctx) =>
    deliver(ctx, await returns.board(await returnsActor(ctx), ctx.query.financialYear, ctx.query.format)),
  );
  serve(app, canadaAnnualReturn, async (ctx) =>
    deliver(ctx, await returns.canadaAnnual(await returnsActor(ctx), ctx.query.year, ctx.query.format)),
  );
  const prevention = new PreventionProgrammeService(deps.db, deps.clock);
  serve(app, preventionProgramme, async (ctx) => prevention.get(workspaceUser(ctx).workspace.id));
  serve(app, savePreventionProgramme, async (ctx) => answer(await prevention.save(dutiesActor(ctx), ctx.body)));

  const disagreements = new CommitteeDisagreementsService(deps.db, deps.clock);
  serve(app, committeeDisagreements, async (ctx) => disagreements.list(workspaceUser(ctx).workspace.id));
  serve(app, recordCommitteeDisagreement, async (ctx) =>
    answer(await disagreements.record(dutiesActor(ctx), ctx.body)),
  );
  serve(app, deleteCommitteeDisagreement, async (ctx) =>
    answer(await disagreements.delete(dutiesActor(ctx), ctx.params.id)),
  );
}
