import { refuse, refusalFrom, type Outcome } from '../shared/refusal';
import type { InviteOutcome, NewInvitee } from '../../contracts/main/invite-management.contract';
import { parseEmailList } from '../../domain/people/email-list';
import { ApiError } from '../shared/api-error';
import type { PeopleInvitesApi } from './invites-api.port';

export type InvitePeopleOutcome = Outcome<{ outcome: InviteOutcome }>;

/** Invites one person with their details, or a pasted list of emails as employees, to one business unit. */
export class InvitePeople {
  constructor(private readonly invites: PeopleInvitesApi) {}

  async one(branchId: string, invitee: NewInvitee): Promise<InvitePeopleOutcome> {
    return this.refusalsAsOutcome(() => this.invites.inviteOne(branchId, invitee));
  }

  async list(branchId: string, text: string): Promise<InvitePeopleOutcome> {
    const { emails, invalid } = parseEmailList(text);
    if (invalid.length > 0)
      return refuse('invalid', `Not an email: ${invalid.slice(0, 5).join(', ')}${invalid.length > 5 ? '…' : ''}`, {
        fields: { emails: 'Fix or remove these' },
      });
    if (emails.length === 0)
      return refuse('invalid', 'Paste at least one email', { fields: { emails: 'Paste at least one email' } });
    if (emails.length > 1000)
      return refuse('too-large', 'At most 1,000 emails at once: import a file for more', {
        fields: { emails: 'Too many' },
      });
    return this.refusalsAsOutcome(() => this.invites.inviteEmails(branchId, emails));
  }

  private async refusalsAsOutcome(call: () => Promise<InviteOutcome>): Promise<InvitePeopleOutcome> {
    try {
      return { ok: true, outcome: await call() };
    } catch (error) {
      if (ApiError.isRefusal(error)) return refusalFrom(error);
      throw error;
    }
  }
}

export type InvitationActionOutcome = Outcome<{ count: number }>;

/** Sends invitations again (a new link each) or withdraws one; a refusal comes back with its reason. */
export class ManageInvitations {
  constructor(private readonly invites: PeopleInvitesApi) {}

  async resend(people: readonly { branchId: string | null; email: string }[]): Promise<InvitationActionOutcome> {
    return this.attempt(async () => {
      const [only] = people;
      if (people.length === 1 && only?.branchId) return (await this.invites.resend(only.branchId, only.email)).sent;
      return (await this.invites.resendMany(people.map((p) => p.email))).sent;
    });
  }

  async withdraw(person: { branchId: string | null; email: string }): Promise<InvitationActionOutcome> {
    if (!person.branchId) return refuse('invalid', 'This person has no business unit');
    const branchId = person.branchId;
    return this.attempt(async () => (await this.invites.withdraw(branchId, person.email)).withdrawn);
  }

  private async attempt(call: () => Promise<number>): Promise<InvitationActionOutcome> {
    try {
      return { ok: true, count: await call() };
    } catch (error) {
      if (ApiError.isRefusal(error)) return refusalFrom(error);
      throw error;
    }
  }
}
