import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { CreateLeadBody, LeadPage } from '../../../src/contracts/main/leads.contract';
import { isPersonalEmail, LEAD_COUNTRIES, LEAD_SIZES } from '../../../src/domain/leads/lead';
import type { Database } from '../../platform/db/database';
import type { Mailer } from '../../platform/messages';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import * as repo from './leads.repository';
import { templates } from '../../platform/message-templates';

type LeadInput = z.output<typeof CreateLeadBody>;

const hash = (code: string) => createHash('sha256').update(code).digest('hex');
const label = (list: readonly { value: string; label: string }[], value: string) =>
  list.find((x) => x.value === value)?.label ?? value;

/**
 * Demo and contact requests (docs/public-site.md "Leads"): stored, mailed to the sales address, and confirmed by the
 * requester from a link in the mail they receive. One transaction: the request and both mails (in the outbox, or
 * handed to SMTP) stand or fall together.
 */
export class LeadService {
  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
    private readonly salesEmail: string,
  ) {}

  async create(input: LeadInput, origin: string): Promise<Outcome<null>> {
    // The honeypot: people never see the field, so whatever fills it is a robot. Nothing is stored or sent.
    if (input.website && input.website.trim() !== '') {
      return refuse(
        'invalid',
        'REFUSED',
        'This request could not be accepted. Please write to us from your work email.',
      );
    }
    if (isPersonalEmail(input.workEmail)) {
      return refuse('invalid', 'VALIDATION', 'Give your work email', {
        workEmail: 'Give the address at your organisation, not a personal one',
      });
    }
    this.mail.assertAvailable();
    const code = randomBytes(24).toString('base64url');
    const lead: repo.NewLead = {
      id: randomUUID(),
      name: input.name,
      workEmail: input.workEmail,
      organisation: input.organisation,
      country: input.country,
      size: input.size,
      message: input.message ? input.message : null,
      source: input.source ?? 'contact-us',
      confirmCodeHash: hash(code),
    };
    await this.db.system(async (tx) => {
      await repo.insertLead(tx, lead);
      await this.mail.sendMany(
        [
          {
            workspaceId: null,
            to: this.salesEmail,
            ...templates.demoRequest({
              name: lead.name,
              workEmail: lead.workEmail,
              source: lead.source,
              organisation: lead.organisation,
              country: label(LEAD_COUNTRIES, lead.country),
              employees: label(LEAD_SIZES, lead.size),
              message: lead.message,
              link: `${origin}/platform/leads`,
            }),
          },
          {
            workspaceId: null,
            to: lead.workEmail,
            ...templates.demoRequestConfirmation({ name: lead.name, link: `${origin}/confirm?code=${code}` }),
          },
        ],
        tx,
      );
    });
    return ok(null);
  }

  async confirm(code: string): Promise<Outcome<null>> {
    const found = await this.db.system((tx) => repo.confirmLead(tx, hash(code)));
    return found
      ? ok(null)
      : refuse('not-found', 'NOT_FOUND', 'This confirmation link is not valid. Check that you copied it whole.');
  }

  list(options: { page: number; pageSize: number; search?: string }): Promise<LeadPage> {
    return this.db.system(async (tx) => ({
      ...(await repo.listLeads(tx, options)),
      page: options.page,
      pageSize: options.pageSize,
    }));
  }
}
