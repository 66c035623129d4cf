import type { FastifyInstance } from 'fastify';
import {
  adminCreditRequests,
  buyCredits,
  courseCredited,
  courseCreditRequests,
  requestCredits,
} from '../../../src/contracts/learning/credits.contract';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { serve, workspaceUser } from '../../platform/serve';
import { platformActor } from '../catalogue/catalogue-audit';
import { CourseCredits } from './credits.service';
import { workspaceActor } from '../../platform/actor';

/** Course credits: the workspace asks, the platform admin grants, assignments consume (docs/policies.md). */
export async function creditRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const credits = new CourseCredits(deps.db);

  serve(app, requestCredits, async (ctx) => {
    return answer(await credits.request(workspaceActor(ctx), ctx.body));
  });
  serve(app, courseCreditRequests, async (ctx) =>
    answer(await credits.requests(workspaceUser(ctx).workspace.id, ctx.params.id)),
  );
  serve(app, courseCredited, async (ctx) =>
    answer(await credits.credited(workspaceUser(ctx).workspace.id, ctx.params.id)),
  );
  serve(app, adminCreditRequests, async ({ query }) => credits.allRequests(query));
  serve(app, buyCredits, async ({ params, body, principal, request }) =>
    answer(await credits.grant(platformActor(principal, request.ip), params.id, body.credits)),
  );
}
