import type { FastifyInstance } from 'fastify';
import {
  ownPolicyConfirmUpload,
  ownPolicyCreate,
  ownPolicyDelete,
  ownPolicyDetails,
  ownPolicyList,
  ownPolicyNewVersion,
  ownPolicyReview,
  ownPolicyUpdate,
  ownPolicyUploadUrl,
} from '../../../src/contracts/learning/own-policies.contract';
import { DEFAULT_UPLOAD_LIMITS } from '../../../src/domain/files/uploads';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { CataloguePolicies } from '../catalogue/catalogue-policies.service';
import { workspaceActor, type Actor } from '../../platform/actor';

/**
 * A workspace's own policies (docs/policies.md): the catalogue's policy service, owned by the workspace of the host, so
 * another workspace's policy is not found (404), its PDFs live in this workspace's storage and its trail is this one's.
 */
export async function ownPolicyRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const limits = deps.settings.uploadLimits ?? DEFAULT_UPLOAD_LIMITS;
  const of = (
    ctx: Pick<HandlerContext<never>, 'site' | 'principal' | 'request'>,
  ): { policies: CataloguePolicies; actor: Actor } => {
    const { user, workspace } = workspaceUser(ctx);
    return {
      policies: new CataloguePolicies(deps.db, deps.fileUrls, limits, workspace.id),
      actor: workspaceActor(ctx),
    };
  };

  serve(app, ownPolicyList, async (ctx) => of(ctx).policies.list({ page: 0, pageSize: 500 }));
  serve(app, ownPolicyCreate, async (ctx) => {
    const { policies, actor } = of(ctx);
    return answer(await policies.create(actor, ctx.body));
  });
  serve(app, ownPolicyDetails, async (ctx) => answer(await of(ctx).policies.details(ctx.params.id)));
  serve(app, ownPolicyUpdate, async (ctx) => {
    const { policies, actor } = of(ctx);
    return answer(await policies.update(actor, ctx.params.id, ctx.body));
  });
  serve(app, ownPolicyDelete, async (ctx) => {
    const { policies, actor } = of(ctx);
    answer(await policies.remove(actor, ctx.params.id));
    return { ok: true as const };
  });
  serve(app, ownPolicyNewVersion, async (ctx) => {
    const { policies, actor } = of(ctx);
    return answer(await policies.newVersion(actor, ctx.params.id, ctx.body));
  });
  serve(app, ownPolicyReview, async (ctx) => {
    const { policies, actor } = of(ctx);
    return answer(await policies.reviewNoChange(actor, ctx.params.id, ctx.body));
  });
  serve(app, ownPolicyUploadUrl, async (ctx) => {
    const { policies, actor } = of(ctx);
    return answer(await policies.issueUpload(actor, ctx.params.policyId, ctx.params.language, ctx.body));
  });
  serve(app, ownPolicyConfirmUpload, async (ctx) => {
    const { policies, actor } = of(ctx);
    return answer(await policies.confirmUpload(actor, ctx.params.policyId, ctx.params.language));
  });
}
