import type { FastifyInstance } from 'fastify';
import {
  changePartyContact,
  extendFilingLimit,
  recordRespondentReply,
  setInquiryStart,
} from '../../../src/contracts/case/case-runtime.contract';
import type { ApiDeps } from '../../platform/deps';
import { serve, workspaceUser } from '../../platform/serve';
import { whoIs } from './complaints.repository';
import { ComplaintService } from './complaints.service';
import { CaseRuntimeService } from './case-runtime.service';
import { refusalError } from '../../platform/refusal';

/** Due process in the case runtime (docs/case.md): the committee adds or corrects a party's contact, and sets the inquiry's start (IN-07). */
export async function caseRuntimeRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const complaints = new ComplaintService(deps.db, deps.mail, deps.fileUrls, deps.evidence, deps.clock);
  const runtime = new CaseRuntimeService(deps.db, complaints);
  serve(app, changePartyContact, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const me = await deps.db.tenant(workspace.id, (tx) => whoIs(tx, workspace.id, user.userId));
    const actor = {
      ws: workspace.id,
      userId: user.userId,
      email: me?.email ?? '',
      name: me?.name || me?.email || '',
      ip: ctx.request.ip ?? null,
      workspaceName: workspace.company_name,
    };
    const outcome = await runtime.changeContact(actor, ctx.params.id, ctx.params.party, ctx.body);
    if (!outcome.ok) throw refusalError(outcome);
    return complaints.read(actor, ctx.params.id, { audit: false });
  });
  serve(app, setInquiryStart, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const me = await deps.db.tenant(workspace.id, (tx) => whoIs(tx, workspace.id, user.userId));
    const actor = {
      ws: workspace.id,
      userId: user.userId,
      email: me?.email ?? '',
      name: me?.name || me?.email || '',
      ip: ctx.request.ip ?? null,
      workspaceName: workspace.company_name,
    };
    const outcome = await runtime.setInquiryStart(actor, ctx.params.id, ctx.body.startsFrom);
    if (!outcome.ok) throw refusalError(outcome);
    return complaints.read(actor, ctx.params.id, { audit: false });
  });
  serve(app, recordRespondentReply, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const me = await deps.db.tenant(workspace.id, (tx) => whoIs(tx, workspace.id, user.userId));
    const actor = {
      ws: workspace.id,
      userId: user.userId,
      email: me?.email ?? '',
      name: me?.name || me?.email || '',
      ip: ctx.request.ip ?? null,
      workspaceName: workspace.company_name,
    };
    const outcome = await runtime.recordRespondentReply(actor, ctx.params.id, ctx.body);
    if (!outcome.ok) throw refusalError(outcome);
    return complaints.read(actor, ctx.params.id, { audit: false });
  });
  serve(app, extendFilingLimit, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    const me = await deps.db.tenant(workspace.id, (tx) => whoIs(tx, workspace.id, user.userId));
    const actor = {
      ws: workspace.id,
      userId: user.userId,
      email: me?.email ?? '',
      name: me?.name || me?.email || '',
      ip: ctx.request.ip ?? null,
      workspaceName: workspace.company_name,
    };
    const outcome = await runtime.extendFilingLimit(actor, ctx.params.id, ctx.body.reasons);
    if (!outcome.ok) throw refusalError(outcome);
    return complaints.read(actor, ctx.params.id, { audit: false });
  });
}
