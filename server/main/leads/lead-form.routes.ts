import type { FastifyInstance } from 'fastify';
import { CreateLeadBody } from '../../../src/contracts/main/leads.contract';
import type { ApiDeps } from '../../platform/deps';
import { HttpError } from '../../platform/errors';
import { LEADS_PER_ADDRESS, LEADS_PER_EMAIL } from './leads.routes';
import { LeadService } from './leads.service';

/** What the contact form sent, as typed (kept to fill the form again), and what to say about it. */
export type LeadFormState = {
  values: Record<string, string>;
  errors: Record<string, string>;
  message: string;
};

/** The contact page with the person's answers and the errors filled in, or null when the site is not built. */
export type RenderLeadForm = (origin: string, state: LeadFormState) => string | null;

const FORM_FIELDS = ['name', 'workEmail', 'organisation', 'country', 'size', 'message', 'source', 'website'] as const;
/** A form's body is a few hundred bytes; the largest allowed (a 2,000-character message, encoded) stays under this. */
const FORM_BODY_LIMIT = 32 * 1024;

/**
 * The contact form without JavaScript (docs/public-site.md "Leads"): the browser posts the form itself to
 * `/contact-us`; the same rules as `POST /main-api/api/leads` apply (the contract's body, the honeypot, both limits),
 * then the browser goes to `/contact-us/sent`, or gets the page back with its answers and each field's error.
 * Form-encoded bodies are read in this plugin only: the APIs keep taking JSON alone.
 */
export async function leadFormRoutes(app: FastifyInstance, deps: ApiDeps, render: RenderLeadForm): Promise<void> {
  const service = new LeadService(deps.db, deps.mail, deps.settings.salesEmail ?? `sales@${deps.settings.mainHost}`);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post('/contact-us', async (request, reply) => {
    const site = request.ctx.site;
    const sent = (request.body ?? {}) as Record<string, unknown>;
    const values: Record<string, string> = {};
    for (const name of FORM_FIELDS) {
      const value = sent[name];
      if (typeof value === 'string') values[name] = value;
    }
    const page = (status: number, state: Omit<LeadFormState, 'values'>) => {
      const html = site.kind === 'main' ? render(site.origin, { ...state, values }) : null;
      if (html === null)
        return reply.code(404).send({ code: 'NOT_FOUND', message: 'Requests are taken on the main site' });
      return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    };
    if (site.kind !== 'main') return page(404, { errors: {}, message: '' });

    const body: Record<string, string> = {};
    for (const [name, value] of Object.entries(values)) {
      // An empty optional box is no answer; the required ones are named by the contract's own messages.
      if (value.trim() === '' && (name === 'message' || name === 'website' || name === 'source')) continue;
      body[name] = value;
    }
    const parsed = CreateLeadBody.safeParse(body);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'form');
        errors[field] ??= issue.message;
      }
      return page(400, { errors, message: 'Please correct the fields marked below.' });
    }
    try {
      await deps.limits.take([
        { limit: LEADS_PER_ADDRESS, key: request.ip },
        { limit: LEADS_PER_EMAIL, key: `lead:${parsed.data.workEmail}` },
      ]);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 429) throw error;
      for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
      return page(429, {
        errors: {},
        message: 'We have had several requests from here already. Please try again later.',
      });
    }
    const outcome = await service.create(parsed.data, site.origin);
    if (!outcome.ok) return page(400, { errors: outcome.fields ?? {}, message: outcome.message });
    return reply.redirect('/contact-us/sent', 303);
  });
}
