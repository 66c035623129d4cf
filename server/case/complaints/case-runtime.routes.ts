import type { FastifyInstance } from 'fastify';
import {
  changePartyContact,
  extendFilingLimit,
  recordRespondentReply,
  sendOwnReply,
  setInquiryStart,
} from '../../../src/contracts/case/case-runtime.contract';
import type { ApiDeps } from '../../platform/deps';
import { serve, workspaceUser } from '../../platform/serve';
import { whoIs } from './complaints.repository';
import { ComplaintService, type Actor } from './complaints.service';
import { CaseRuntimeService, type RuntimeOutcome } from './case-runtime.service';
import { answer } from '../../platform/refusal';

/** Due process in the case runtime (docs/case.md): the committee adds or corrects a party's contact, and sets the inquiry's start (IN-07). */
export async function caseRuntimeRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const complaints = new ComplaintService(deps.db, deps.mail, deps.fileUrls, deps.evidence, deps.clock);
  const runtime = new CaseRuntimeService(deps.db, complaints, deps.mail);
  /**
   * Every act here: the caller as the case's actor, the act, then the case as it is after it (the read is the act's
   * answer, not a new read: not logged again).
   */
  const act =
    <C extends Parameters<typeof workspaceUser>[0] & { params: { id: string }; request: { ip?: string } }>(
      run: (actor: Actor, ctx: C) => Promise<RuntimeOutcome>,
    ) =>
    async (ctx: C) => {
      const { user, workspace } = workspaceUser(ctx);
      const me = await deps.db.tenant(workspace.id, (tx) => whoIs(tx, workspace.id, user.userId));
      const actor: Actor = {
        ws: workspace.id,
        userId: user.userId,
        email: me?.email ?? '',
        name: me?.name || me?.email || '',
        ip: ctx.request.ip ?? null,
        workspaceName: workspace.company_name,
      };
      answer(await run(actor, ctx));
      return answer(await complaints.read(actor, ctx.params.id, { audit: false }));
    };
  serve(
    app,
    changePartyContact,
    act((actor, ctx) => runtime.changeContact(actor, ctx.params.id, ctx.params.party, ctx.body)),
  );
  serve(
    app,
    setInquiryStart,
    act((actor, ctx) => runtime.setInquiryStart(actor, ctx.params.id, ctx.body.startsFrom)),
  );
  serve(
    app,
    recordRespondentReply,
    act((actor, ctx) => runtime.recordRespondentReply(actor, ctx.params.id, ctx.body)),
  );
  serve(
    app,
    sendOwnReply,
    act((actor, ctx) => runtime.sendOwnReply(actor, ctx.params.id, ctx.body)),
  );
  serve(
    app,
    extendFilingLimit,
    act((actor, ctx) => runtime.extendFilingLimit(actor, ctx.params.id, ctx.body.reasons)),
  );
}
