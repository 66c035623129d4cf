import type { FastifyInstance } from 'fastify';
import {
  complianceJurisdictions,
  complianceStatus,
  declareJurisdictions,
  trainingCadence,
} from '../../../src/contracts/learning/compliance.contract';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { serve, workspaceUser } from '../../platform/serve';
import { WorkspacePolicies } from '../policies/policies.service';
import { WorkspaceCompliance } from './compliance.service';

/** A workspace's compliance page: declared jurisdictions, each obligation's state, CA-11 per person (docs/policies.md). */
export async function complianceRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const compliance = new WorkspaceCompliance(
    deps.db,
    new WorkspacePolicies(deps.db, deps.fileUrls, () => isoDayOf(deps.clock.now())),
    deps.clock,
  );

  serve(app, complianceJurisdictions, async (ctx) => compliance.jurisdictions(workspaceUser(ctx).workspace.id));
  serve(app, declareJurisdictions, async (ctx) => {
    const { user, workspace } = workspaceUser(ctx);
    return answer(
      await compliance.declare(
        { workspaceId: workspace.id, userId: user.userId, ip: ctx.request.ip },
        ctx.body.jurisdictionIds,
      ),
    );
  });
  serve(app, complianceStatus, async (ctx) => compliance.status(workspaceUser(ctx).workspace.id));
  serve(app, trainingCadence, async (ctx) => compliance.cadence(workspaceUser(ctx).workspace.id, ctx.query));
}

const isoDayOf = (date: Date) => date.toISOString().slice(0, 10);
