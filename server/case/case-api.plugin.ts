import type { FastifyInstance } from 'fastify';
import { apiDocs } from '../platform/api-docs';
import type { ApiDeps } from '../platform/deps';
import { builderRoutes } from './builder/builder.routes';
import { caseRecordRoutes } from './complaints/case-records.routes';
import { caseRuntimeRoutes } from './complaints/case-runtime.routes';
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
