import type { FastifyInstance } from 'fastify';
import { platformAuditEvents } from '../../../src/contracts/main/platform-audit.contract';
import type { ApiDeps } from '../../platform/deps';
import { serve } from '../../platform/serve';
import { PlatformAuditService } from './platform-audit.service';

/** The platform admins' trail: every event a platform admin caused, in any workspace (or none, once deleted). */
export async function platformAuditRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const trail = new PlatformAuditService(deps.db);
  serve(app, platformAuditEvents, async (ctx) => trail.page(ctx.query));
}
