import type { FastifyInstance } from 'fastify';
import { confirmLead, createLead, listLeads } from '../../../src/contracts/main/leads.contract';
import type { ApiDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import type { Limit } from '../../platform/rate-limiter';
import { serve } from '../../platform/serve';
import { answer } from '../../platform/refusal';
import { LeadService } from './leads.service';

/** Requests from one network address: a person asks once or twice; a script asking more is stopped. */
export const LEADS_PER_ADDRESS: Limit = {
  name: 'lead-address',
  max: 5,
  windowMs: 60 * 60_000,
  what: 'Too many requests from this network',
};
/** Requests naming one email address, so nobody floods someone else's inbox with confirmation mails. */
export const LEADS_PER_EMAIL: Limit = {
  name: 'lead-email',
  max: 3,
  windowMs: 24 * 60 * 60_000,
  what: 'Too many requests for this email address',
};

/** The public site's demo and contact requests (docs/public-site.md "Leads"), on the main site only. */
export async function leadRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const service = new LeadService(deps.db, deps.mail, deps.settings.salesEmail ?? `sales@${deps.settings.mainHost}`);

  serve(app, createLead, async ({ body, site, request }) => {
    if (site.kind !== 'main') throw notFound('Requests are taken on the main site');
    await deps.limits.take([
      { limit: LEADS_PER_ADDRESS, key: request.ip },
      { limit: LEADS_PER_EMAIL, key: `lead:${body.workEmail}` },
    ]);
    answer(await service.create(body, site.origin));
    return { received: true as const };
  });

  serve(app, confirmLead, async ({ body, site }) => {
    if (site.kind !== 'main') throw notFound('Requests are confirmed on the main site');
    answer(await service.confirm(body.code));
    return { confirmed: true as const };
  });

  serve(app, listLeads, async ({ query }) => service.list(query));
}
