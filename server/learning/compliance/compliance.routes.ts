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
import { workspaceActor } from '../../platform/actor';

/** A workspace's compliance page: declared jurisdictions, each obligation's state, CA-11 per person (docs/policies.md). */
export async function complianceRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const compliance = new WorkspaceCompliance(
    deps.db,
    new WorkspacePolicies(deps.db, deps.fileUrls, () => isoDayOf(deps.clock.now())),
    deps.clock,
  );

  serve(app, complianceJurisdictions, async (ctx) => compliance.jurisdictions(workspaceUser(ctx).workspace.id));
  serve(app, declareJurisdictions, async (ctx) => {
    return answer(await compliance.declare(workspaceActor(ctx), ctx.body.jurisdictionIds));
  });
  serve(app, complianceStatus, async (ctx) => compliance.status(workspaceUser(ctx).workspace.id));
  serve(app, trainingCadence, async (ctx) => compliance.cadence(workspaceUser(ctx).workspace.id, ctx.query));
}

const isoDayOf = (date: Date) => date.toISOString().slice(0, 10);
