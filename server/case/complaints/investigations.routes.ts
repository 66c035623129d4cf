import type { FastifyInstance } from 'fastify';
import {
  addInvestigator,
  appointFromRoster,
  finaliseInvestigationReport,
  investigation,
  investigationEvidence,
  partyInvestigationReport,
  removeInvestigator,
  investigators,
  myInvestigations,
  proposeInvestigator,
  recordInvestigatorAgreement,
  recordRecommendation,
  setInvestigatorActive,
  submitInvestigationReport,
} from '../../../src/contracts/case/investigations.contract';
import type { ApiDeps } from '../../platform/deps';
import { isCaseManager } from '../case-managers';
import { answer } from '../../platform/refusal';
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { whoIs } from './complaints.repository';
import { ComplaintService } from './complaints.service';
import { InvestigationService, type InvestigationActor } from './investigations.service';
import {
  occurrenceCategories,
  recordOccurrenceCategories,
} from '../../../src/contracts/case/occurrence-categories.contract';
import { OccurrenceCategoriesService } from './occurrence-categories.service';

/** Canada's investigation (docs/case.md "Canada's investigation"): the roster, each case's investigation, and its CA-10 categories. */
export async function investigationRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const complaints = new ComplaintService(deps.db, deps.mail, deps.fileUrls, deps.evidence, deps.clock);
  const service = new InvestigationService(deps.db, complaints, deps.clock, deps.mail);

  const actorOf = async (ctx: HandlerContext<any>): Promise<InvestigationActor> => {
    const { user, workspace } = workspaceUser(ctx);
    const manager = await isCaseManager(deps.permissions, ctx);
    const me = await deps.db.tenant(workspace.id, (tx) => whoIs(tx, workspace.id, user.userId));
    return {
      ws: workspace.id,
      userId: user.userId,
      email: me?.email ?? '',
      name: me?.name || me?.email || '',
      ip: ctx.request.ip ?? null,
      workspaceName: workspace.company_name,
      manager,
    };
  };

  const categories = new OccurrenceCategoriesService(deps.db, complaints);
  serve(app, occurrenceCategories, async (ctx) => answer(await categories.read(await actorOf(ctx), ctx.params.id)));
  serve(app, recordOccurrenceCategories, async (ctx) =>
    answer(await categories.record(await actorOf(ctx), ctx.params.id, ctx.body)),
  );
  serve(app, investigators, async (ctx) => ({ investigators: await service.roster(workspaceUser(ctx).workspace.id) }));
  serve(app, addInvestigator, async (ctx) => answer(await service.addInvestigator(await actorOf(ctx), ctx.body)));
  serve(app, setInvestigatorActive, async (ctx) =>
    answer(await service.setActive(workspaceUser(ctx).workspace.id, ctx.params.id, ctx.body.active)),
  );
  serve(app, myInvestigations, async (ctx) => service.mine(await actorOf(ctx)));
  serve(app, investigation, async (ctx) => answer(await service.read(await actorOf(ctx), ctx.params.id)));
  serve(app, proposeInvestigator, async (ctx) =>
    answer(await service.propose(await actorOf(ctx), ctx.params.id, ctx.body.investigatorId)),
  );
  serve(app, recordInvestigatorAgreement, async (ctx) =>
    answer(await service.recordAgreement(await actorOf(ctx), ctx.params.id, ctx.body.party)),
  );
  serve(app, appointFromRoster, async (ctx) =>
    answer(await service.appointFromRoster(await actorOf(ctx), ctx.params.id)),
  );
  serve(app, submitInvestigationReport, async (ctx) =>
    answer(await service.submitReport(await actorOf(ctx), ctx.params.id, ctx.body)),
  );
  serve(app, investigationEvidence, async (ctx) =>
    answer(await service.evidenceLink(await actorOf(ctx), ctx.params.id, ctx.params.fileId)),
  );
  serve(app, finaliseInvestigationReport, async (ctx) =>
    answer(await service.finaliseReport(await actorOf(ctx), ctx.params.id)),
  );
  serve(app, removeInvestigator, async (ctx) =>
    answer(await service.removeInvestigator(await actorOf(ctx), ctx.params.id, ctx.body.reason)),
  );
  serve(app, partyInvestigationReport, async (ctx) =>
    answer(await service.partyReport(await actorOf(ctx), ctx.params.id)),
  );
  serve(app, recordRecommendation, async (ctx) =>
    answer(await service.recordRecommendation(await actorOf(ctx), ctx.params.id, ctx.params.position, ctx.body)),
  );
}
