import type { CaseMessage } from '../../../src/contracts/case/complaints.contract';
import { mayWriteTo, type Audience } from '../../../src/domain/complaints/case-access';
import { type Database } from '../../platform/db/database';
import type { Mailer } from '../../platform/messages';
import * as repo from './complaints.repository';
import * as messagesRepo from './messages.repository';
import { notifyReporter } from './intake.repository';
import { regimeOf } from './regime';
import { ok, raise, refuse, refusing, type Outcome as Result } from '../../platform/refusal';
import { recipientByAddress } from '../../platform/languages';
import { templates } from '../../platform/message-templates';
import { FIRST_CONTACT_RULE, missingFirstContact } from '../../../src/domain/complaints/first-contact';
import type { ComplaintService, Actor } from './complaints.service';
import { instantText } from '../../../src/domain/shared/date-time';

/**
 * The case's messages (docs/case.md "Complaints"): a party writes in their own thread, the committee to a party or
 * among itself; the other side is told there is a message, never what it says.
 */
export class MessageService {
  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
    /** The case: who may do what in it, its log and its read (complaints.service.ts). */
    private readonly cases: ComplaintService,
  ) {}

  async message(actor: Actor, id: string, body: { audience: Audience; body: string }): Promise<Result<CaseMessage>> {
    return refusing(async () =>
      ok(
        await this.db.tenant(actor.ws, async (tx) => {
          const access = await this.cases.access(tx, actor, id, { lock: true });
          if (body.audience === 'RESPONDENT' && !access.row.respondent_copy_sent_on) {
            raise(
              refuse(
                'conflict',
                'CONFLICT',
                'Send the respondent a copy of the complaint first (POSH Rule 7): until then the case is not shared with them',
                {
                  audience: 'The respondent has not been given a copy yet',
                },
              ),
            );
          }
          if (!mayWriteTo(access.role, body.audience)) {
            raise(
              refuse('invalid', 'VALIDATION', 'You write to the committee in your own thread', {
                audience: `Write in the ${access.role.toLowerCase()}'s thread`,
              }),
            );
          }
          // CA-02 / CA-03: the committee's first message to a party of a Canadian notice carries what the Regulations list.
          if (
            access.role === 'COMMITTEE' &&
            access.row.compliance === 'CA_FEDERAL' &&
            (body.audience === 'COMPLAINANT' || body.audience === 'RESPONDENT')
          ) {
            const party = body.audience;
            const first = !(await messagesRepo.wroteTo(
              tx,
              actor.ws,
              id,
              party,
              access.members.map((m) => m.user_id),
            ));
            const missing = first ? missingFirstContact(party, body.body) : [];
            if (missing.length > 0) {
              const message = `${party === 'COMPLAINANT' ? `${FIRST_CONTACT_RULE[party]}/CA-03` : FIRST_CONTACT_RULE[party]}: the first contact with the ${party === 'COMPLAINANT' ? 'principal' : 'responding'} party must keep ${missing.map((e) => `"${e.heading}"`).join(', ')}`;
              raise({
                ok: false,
                refusal: 'invalid',
                code: 'FIRST_CONTACT_INCOMPLETE',
                message,
                fields: { body: message },
              });
            }
          }
          const m = await messagesRepo.insertMessage(tx, actor.ws, id, {
            audience: body.audience,
            authorId: actor.userId,
            body: body.body,
          });
          const caseNumber = repo.caseNumberText(access.row.case_number);
          if (access.role === 'COMMITTEE') {
            // CA-02: the committee's first word to the principal party is the contact the 7 days ask for.
            if (body.audience === 'COMPLAINANT' && !access.row.first_contact_on)
              await repo.setCaseDate(
                tx,
                actor.ws,
                id,
                'first_contact_on',
                this.cases.today(await regimeOf(tx, actor.ws)),
              );
            // The reporter of an intake case is told only that there is a reply, at the address they chose (if any).
            if (body.audience === 'COMPLAINANT' && access.row.intake) await notifyReporter(tx, this.mail, actor.ws, id);
            const to =
              body.audience === 'COMPLAINANT'
                ? access.row.complainant_email
                : body.audience === 'RESPONDENT'
                  ? access.row.respondent_email
                  : null;
            if (to) {
              await this.mail.send(
                {
                  workspaceId: actor.ws,
                  to,
                  ...templates.caseMessageToParty({ ...(await recipientByAddress(tx, actor.ws, to)), caseNumber }),
                },
                tx,
              );
            }
          }
          if (access.role !== 'COMMITTEE' && access.row.committee_id) {
            const readers = await messagesRepo.committeeReaders(tx, actor.ws, id);
            await this.mail.sendMany(
              messagesRepo.partyMessageMails(
                actor.ws,
                readers,
                caseNumber,
                access.role === 'COMPLAINANT' ? 'complainant' : 'respondent',
              ),
              tx,
            );
          }
          await this.cases.log(tx, actor, id, 'message.post', { audience: body.audience, messageId: m.id });
          return {
            messageId: m.id,
            audience: body.audience,
            authorName: actor.name,
            fromCommittee: access.role === 'COMMITTEE',
            body: body.body,
            createdAt: instantText(m.created_at),
          };
        }),
      ),
    );
  }
}
