import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  confirmOnBehalf,
  confirmReceipt,
  confirmReporterEvidence,
  decideInterimRelief,
  denyAccess,
  fileIntake,
  getIntakeForm,
  getIntakeFormResource,
  getReceiptSettings,
  listCaseEvents,
  listDeniedAccess,
  listPendingConfirmations,
  postReporterMessage,
  reporterConciliationRequest,
  reporterInterimRelief,
  readReporterCase,
  receiptSignIn,
  receiptSignOut,
  recordConciliation,
  recordOnBehalf,
  reporterEvidenceUploadUrl,
  requestConciliation,
  requestInterimRelief,
  restoreAccess,
  saveReceiptSettings,
  searchCommitteePeople,
} from '../../../src/contracts/case/intake.contract';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { currentWorkspace, serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { CaseExtrasService } from './case-extras.service';
import { FilingService, filingLimits } from './filing.service';
import { whoIs } from './complaints.repository';
import { ComplaintService, type Actor } from './complaints.service';
import { IntakeService, type Caller } from './intake.service';

/**
 * Routes of a reporter without an account. `anonymous` tells the request context (server/platform/request-context.ts)
 * not to resolve any signed-in session the browser sends: the report is not tied to an account, and the session is not
 * even touched (its last-seen time would date the report).
 */
const ANONYMOUS = { config: { anonymous: true } };

/** The request logger of these routes: method and path only, never the address, host or headers. */
const withoutAddress = {
  req: (req: FastifyRequest): string => `${req.method} ${req.url.split('?')[0]}`,
};

/** Confidential intake and the case's further calls (docs/case.md "Confidential intake"). */
export async function intakeRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const complaints = new ComplaintService(deps.db, deps.mail, deps.fileUrls);
  const intake = new IntakeService(
    deps.db,
    deps.mail,
    deps.fileUrls,
    deps.passwords,
    deps.limits,
    deps.intakeAddressKey,
    deps.evidence,
  );
  const extras = new CaseExtrasService(
    deps.db,
    deps.mail,
    complaints,
    // On-behalf filing is a filing: the server's clock, evidence vault and daily limit, as the members' own.
    new FilingService(deps.db, deps.mail, complaints, deps.evidence, deps.clock, filingLimits(deps)),
  );

  // The reporter's calls, in a scope whose logger never writes the address.
  await app.register(
    async (scope: FastifyInstance) => {
      const caller = (ctx: HandlerContext<any>): Caller => {
        const workspace = currentWorkspace(ctx.site);
        // The address keys the rate limits through a keyed hash of the day (intake-address.ts); it goes nowhere else.
        return { ws: workspace.id, workspaceName: workspace.company_name, address: ctx.request.ip ?? 'unknown' };
      };
      serve(scope, getIntakeForm, async (ctx) => answer(await intake.form(caller(ctx))), ANONYMOUS);
      serve(
        scope,
        getIntakeFormResource,
        async (ctx) => answer(await intake.formResource(caller(ctx), ctx.params.id)),
        ANONYMOUS,
      );
      serve(scope, fileIntake, async (ctx) => answer(await intake.file(caller(ctx), ctx.body)), ANONYMOUS);
      serve(
        scope,
        confirmReceipt,
        async (ctx) => answer(await intake.confirmKey(caller(ctx), ctx.body.session, ctx.body.receiptKey)),
        ANONYMOUS,
      );
      serve(
        scope,
        receiptSignIn,
        async (ctx) => answer(await intake.signIn(caller(ctx), ctx.body.receiptKey, ctx.body.password)),
        ANONYMOUS,
      );
      serve(
        scope,
        receiptSignOut,
        async (ctx) => answer(await intake.signOut(caller(ctx), ctx.body.session)),
        ANONYMOUS,
      );
      serve(
        scope,
        readReporterCase,
        async (ctx) => answer(await intake.read(caller(ctx), ctx.body.session)),
        ANONYMOUS,
      );
      serve(
        scope,
        postReporterMessage,
        async (ctx) => answer(await intake.message(caller(ctx), ctx.body.session, ctx.body.body)),
        ANONYMOUS,
      );
      serve(
        scope,
        reporterInterimRelief,
        async (ctx) => answer(await intake.requestRelief(caller(ctx), ctx.body.session, ctx.body)),
        ANONYMOUS,
      );
      serve(
        scope,
        reporterConciliationRequest,
        async (ctx) => answer(await intake.requestConciliation(caller(ctx), ctx.body.session, ctx.body.note)),
        ANONYMOUS,
      );
      serve(
        scope,
        reporterEvidenceUploadUrl,
        async (ctx) => answer(await intake.evidenceUpload(caller(ctx), ctx.body.session, ctx.body)),
        ANONYMOUS,
      );
      serve(
        scope,
        confirmReporterEvidence,
        async (ctx) => answer(await intake.confirmEvidence(caller(ctx), ctx.body.session, ctx.params.id)),
        ANONYMOUS,
      );
    },
    { logSerializers: withoutAddress },
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
  serve(app, getReceiptSettings, async (ctx) => answer(await intake.receiptSettings(workspaceUser(ctx).workspace.id)));
  serve(app, saveReceiptSettings, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    return answer(
      await intake.saveReceiptSettings(workspace.id, user.userId, ctx.request.ip ?? null, ctx.body.receiptExpiryDays),
    );
  });
  serve(app, recordOnBehalf, async (ctx) => answer(await extras.recordOnBehalf(await actorOf(ctx), ctx.body)));
  serve(app, listPendingConfirmations, async (ctx) => answer(await extras.pendingConfirmations(await actorOf(ctx))));
  serve(app, confirmOnBehalf, async (ctx) => answer(await extras.confirm(await actorOf(ctx), ctx.params.id)));
  serve(app, searchCommitteePeople, async (ctx) =>
    answer(await extras.searchPeople(await actorOf(ctx), ctx.body.searchText)),
  );
  serve(app, listDeniedAccess, async (ctx) => answer(await extras.denied(await actorOf(ctx), ctx.params.id)));
  serve(app, denyAccess, async (ctx) => answer(await extras.deny(await actorOf(ctx), ctx.params.id, ctx.body)));
  serve(app, restoreAccess, async (ctx) =>
    answer(await extras.restore(await actorOf(ctx), ctx.params.id, ctx.params.userId)),
  );
  serve(app, listCaseEvents, async (ctx) => answer(await extras.events(await actorOf(ctx), ctx.params.id)));
  serve(app, requestInterimRelief, async (ctx) =>
    answer(await extras.requestRelief(await actorOf(ctx), ctx.params.id, ctx.body)),
  );
  serve(app, decideInterimRelief, async (ctx) =>
    answer(await extras.decideRelief(await actorOf(ctx), ctx.params.id, ctx.params.eventId, ctx.body)),
  );
  serve(app, requestConciliation, async (ctx) =>
    answer(await extras.requestConciliation(await actorOf(ctx), ctx.params.id, ctx.body?.note ?? '')),
  );
  serve(app, recordConciliation, async (ctx) =>
    answer(await extras.recordConciliation(await actorOf(ctx), ctx.params.id, ctx.body)),
  );
}
