import type { FastifyInstance } from 'fastify';
import {
  policyConfirmUpload,
  policyCreate,
  policyDelete,
  policyDetails,
  policyList,
  policyNewVersion,
  policyReview,
  policyUpdate,
  policyUploadUrl,
} from '../../../src/contracts/learning/catalogue.contract';
import { DEFAULT_UPLOAD_LIMITS } from '../../../src/domain/files/uploads';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { serve } from '../../platform/serve';
import { platformActor } from './catalogue-audit';
import { CataloguePolicies } from './catalogue-policies.service';

/** The catalogue's policies, for the platform admin on the main site (docs/policies.md). */
export async function cataloguePolicyRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const policies = new CataloguePolicies(deps.db, deps.fileUrls, deps.settings.uploadLimits ?? DEFAULT_UPLOAD_LIMITS);

  serve(app, policyList, async ({ query }) => ({
    ...(await policies.list(query)),
    page: query.page,
    pageSize: query.pageSize,
  }));
  serve(app, policyDetails, async ({ params }) => answer(await policies.details(params.id)));
  serve(app, policyCreate, async ({ body, principal, request }) =>
    answer(await policies.create(platformActor(principal, request.ip), body)),
  );
  serve(app, policyUpdate, async ({ params, body, principal, request }) =>
    answer(await policies.update(platformActor(principal, request.ip), params.id, body)),
  );
  serve(app, policyNewVersion, async ({ params, body, principal, request }) =>
    answer(await policies.newVersion(platformActor(principal, request.ip), params.id, body)),
  );
  serve(app, policyReview, async ({ params, body, principal, request }) =>
    answer(await policies.reviewNoChange(platformActor(principal, request.ip), params.id, body)),
  );
  serve(app, policyDelete, async ({ query, principal, request }) => {
    answer(await policies.remove(platformActor(principal, request.ip), query.id));
    return { ok: true as const };
  });
  serve(app, policyUploadUrl, async ({ params, body, principal, request }) =>
    answer(await policies.issueUpload(platformActor(principal, request.ip), params.policyId, params.language, body)),
  );
  serve(app, policyConfirmUpload, async ({ params, principal, request }) =>
    answer(await policies.confirmUpload(platformActor(principal, request.ip), params.policyId, params.language)),
  );
}
