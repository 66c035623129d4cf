import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteContract } from '../../src/contracts/route';
import { apiDocs } from '../platform/api-docs';
import type { ApiDeps } from '../platform/deps';
import { builderRoutes } from './builder/builder.routes';
import { caseRecordRoutes } from './complaints/case-records.routes';
import { caseRuntimeRoutes } from './complaints/case-runtime.routes';
import { ComplaintService } from './complaints/complaints.service';
import { RefusedAccessLog, type RefusedRequest } from './complaints/refused-access.service';
import { committeeRoutes } from './complaints/committees.routes';
import { complaintRoutes } from './complaints/complaints.routes';
import { hearingRoutes } from './complaints/hearings.routes';
import { intakeRoutes } from './complaints/intake.routes';
import { investigationRoutes } from './complaints/investigations.routes';
import { lawRoutes } from './law/law.routes';
import { workflowRoutes } from './workflows/workflows.routes';

export const CASE_API_BASE = '/case-api';

/** The case-management API: the redressal workflow builder and complaints. */
export async function caseApi(api: FastifyInstance, deps: ApiDeps): Promise<void> {
  // Case answers carry complaint text, parties, receipt sessions: no cache (browser, proxy) keeps any of them
  // (docs/case.md "What is logged"). An answer that set its own Cache-Control (the export) keeps it.
  api.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });
  // Every refusal on a route that names a case, at the door (no session, a role the route does not take) or by the
  // case code (not theirs, committee only, presiding only), is written in that case's log once here, after the
  // refusal and without changing it (docs/case.md "Attempts refused at the door").
  const refusals = new RefusedAccessLog(
    deps.db,
    new ComplaintService(deps.db, deps.mail, deps.fileUrls, deps.evidence, deps.clock),
    deps.intakeAddressKey,
    () => deps.clock.now(),
  );
  api.addHook('onSend', async (request, reply, payload) => {
    const refused = refusedRequest(request, reply);
    if (refused) {
      try {
        await refusals.record(refused);
      } catch (error) {
        // The answer stands whatever happens to its trace.
        request.log.error({ err: error }, 'could not record a refused case request');
      }
    }
    return payload;
  });
  await apiDocs(api, {
    title: 'Case management API',
    description: 'Workflow builder and complaints',
    base: CASE_API_BASE,
  });
  await workflowRoutes(api, deps);
  await builderRoutes(api, deps);
  await committeeRoutes(api, deps);
  await complaintRoutes(api, deps);
  await intakeRoutes(api, deps);
  await caseRecordRoutes(api, deps);
  await caseRuntimeRoutes(api, deps);
  await investigationRoutes(api, deps);
  await hearingRoutes(api, deps);
  await lawRoutes(api, deps);
}

/** The refused request on a case's path this answer is, or null (docs/case.md "Attempts refused at the door"). */
function refusedRequest(request: FastifyRequest, reply: FastifyReply): RefusedRequest | null {
  const answered = reply.statusCode;
  if (answered !== 401 && answered !== 403 && answered !== 404) return null;
  const site = request.ctx?.site;
  if (site?.kind !== 'workspace') return null;
  const contract = (request.routeOptions.config as { contract?: RouteContract } | undefined)?.contract;
  const complaintId = (request.params as { id?: unknown } | undefined)?.id;
  if (!contract || !RefusedAccessLog.names(contract.path, complaintId)) return null;
  const principal = request.ctx.principal;
  const member = principal?.kind === 'user' && principal.workspaceId === site.workspace.id ? principal : null;
  return {
    ws: site.workspace.id,
    complaintId,
    route: contract.path,
    method: contract.method,
    answered,
    userId: member?.userId ?? null,
    who: member ? member.userId : principal ? `${principal.kind} session` : 'no session',
    ip: request.ip ?? null,
  };
}
