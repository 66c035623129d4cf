import type { FastifyInstance } from 'fastify';
import { setWorkspaceIpRanges, workspaceIpRanges } from '../../../src/contracts/main/ip-ranges.contract';
import type { ApiDeps } from '../../platform/deps';
import { answer } from '../../platform/refusal';
import { serve } from '../../platform/serve';
import { IpRangesService } from './ip-ranges.service';

/** The platform admin's address ranges per workspace, for the elevated-IP mode. */
export async function ipRangeRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  // The gates are installed after the APIs: read them when a change must be forgotten, not now.
  const ranges = new IpRangesService(deps.db, { forget: () => deps.gates?.forget() });

  serve(app, workspaceIpRanges, async ({ params }) => answer(await ranges.list(params.id)));

  serve(app, setWorkspaceIpRanges, async ({ params, body, principal, request }) => {
    const actor = {
      platformAdminId: principal?.kind === 'platform-admin' ? principal.platformAdminId : null,
      ip: request.ip,
    };
    return answer(await ranges.set(actor, params.id, body.ranges));
  });
}
