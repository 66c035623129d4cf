import type { z } from 'zod';
import type { CaseEvent, OnBehalfBody } from '../../../src/contracts/case/intake.contract';
import type { OnBehalfBody as OnBehalfSchema } from '../../../src/contracts/case/intake.contract';
import type { Database, Sql } from '../../platform/db/database';
import type { Mailer, OutgoingMail } from '../../platform/messages';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import * as extras from './case-extras.repository';
import * as repo from './complaints.repository';
import { ComplaintService, type Access, type Actor } from './complaints.service';
import type { FilingService } from './filing.service';
import { notifyReporter } from './intake.repository';
import { regimeOf, todayIn } from './regime';
import { templates } from '../../platform/message-templates';
import { recipientByAddress } from '../../platform/languages';

type EventKind = CaseEvent['kind'];

interface DeniedPerson {
  userId: string;
  name: string;
  note: string;
  deniedAt: string;
}

const CASE_CLOSED = 'The case is closed';

/**
 * What the case does beyond the runtime of complaints.service.ts (docs/case.md "Confidential intake" and after):
 * denying named people access, interim relief (IN-08), conciliation at the complainant's request (IN-04, CA-05), and
 * complaints recorded on someone's behalf that wait for their confirmation (CA-01, IN-03). Each call decides the
 * caller's part through ComplaintService.access and writes to the case's access log in the same transaction.
 */
export class CaseExtrasService {
  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
    private readonly complaints: ComplaintService,
    /** Filing, for a complaint recorded on someone's behalf (filing.service.ts). */
    private readonly filing: FilingService,
  ) {}

  // ---------- people a committee member may name ----------

  /** The pickers of the on-behalf form and of denied access: committee members only, active people, at most 20. */
  async searchPeople(
    actor: Actor,
    text: string,
  ): Promise<Outcome<{ items: { userId: string; name: string; email: string }[] }>> {
    return this.db.tenant(actor.ws, async (tx) => {
      if (!(await extras.sitsOnACommittee(tx, actor.ws, actor.userId)))
        return refuse('forbidden', 'FORBIDDEN', 'Only a member of an Internal Committee may look people up here');
      const prefix = `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await extras.searchPeople(tx, actor.ws, prefix);
      return ok({ items: rows.map((r) => ({ userId: r.id, name: r.name || r.email, email: r.email })) });
    });
  }

  // ---------- denied access ----------

  async denied(actor: Actor, id: string): Promise<Outcome<{ items: DeniedPerson[] }>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const presiding = await this.presiding(tx, actor, id);
      if (!presiding.ok) return presiding;
      await this.complaints.log(tx, actor, id, 'access.denied.read');
      return ok({ items: await this.deniedList(tx, actor.ws, id) });
    });
  }

  async deny(
    actor: Actor,
    id: string,
    body: { userId: string; note: string },
  ): Promise<Outcome<{ items: DeniedPerson[] }>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const presiding = await this.presiding(tx, actor, id, true);
      if (!presiding.ok) return presiding;
      const access = presiding.value;
      if (body.userId === actor.userId)
        return refuse('invalid', 'VALIDATION', 'You cannot deny yourself: recuse yourself instead', {
          userId: 'That is you',
        });
      if (!(await extras.personExists(tx, actor.ws, body.userId)))
        return refuse('invalid', 'VALIDATION', 'Not a person of this workspace', {
          userId: 'Not a person of this workspace',
        });
      if (body.userId === access.row.filed_by || body.userId === access.row.respondent_user_id) {
        return refuse('invalid', 'VALIDATION', 'A party to the case cannot be denied access to it', {
          userId: 'A party to the case',
        });
      }
      // Already without access (recused, or a party member): the record stays as it is.
      await extras.denyAccess(tx, actor.ws, id, body.userId, body.note, actor.userId);
      await this.complaints.log(tx, actor, id, 'access.deny', { userId: body.userId, note: body.note });
      return ok({ items: await this.deniedList(tx, actor.ws, id) });
    });
  }

  async restore(actor: Actor, id: string, userId: string): Promise<Outcome<{ items: DeniedPerson[] }>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const presiding = await this.presiding(tx, actor, id, true);
      if (!presiding.ok) return presiding;
      if (!(await extras.restoreAccess(tx, actor.ws, id, userId)))
        return refuse('not-found', 'NOT_FOUND', 'This person is not denied access to the case');
      await this.complaints.log(tx, actor, id, 'access.restore', { userId });
      return ok({ items: await this.deniedList(tx, actor.ws, id) });
    });
  }

  // ---------- interim relief and conciliation ----------

  async events(actor: Actor, id: string): Promise<Outcome<{ items: CaseEvent[] }>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.complaints.access(tx, actor, id);
      await this.complaints.log(tx, actor, id, 'events.read');
      const kinds: EventKind[] =
        access.role === 'RESPONDENT'
          ? ['CONCILIATION_SETTLED']
          : ['INTERIM_RELIEF_REQUESTED', 'INTERIM_RELIEF_DECIDED', 'CONCILIATION_REQUESTED', 'CONCILIATION_SETTLED'];
      return ok({ items: await this.eventList(tx, actor, id, kinds, access.role === 'COMMITTEE') });
    });
  }

  async requestRelief(
    actor: Actor,
    id: string,
    body: { relief: string; leaveMonths: number | null; details: string },
  ): Promise<Outcome<CaseEvent>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.complaints.access(tx, actor, id, { lock: true });
      if (access.role === 'RESPONDENT')
        return refuse(
          'forbidden',
          'FORBIDDEN',
          'Interim relief is asked by the complainant, or recorded by the committee for them',
        );
      if (access.row.compliance !== 'IN_POSH')
        return refuse(
          'conflict',
          'CONFLICT',
          'Interim relief during the inquiry is a rule of the POSH Act (s.12); this case follows the Canada Labour Code',
        );
      if (access.row.status === 'CLOSED') return refuse('conflict', 'CONFLICT', CASE_CLOSED);
      if (body.relief === 'LEAVE' && body.leaveMonths === null)
        return refuse('invalid', 'VALIDATION', 'Say how many months of leave (at most 3)', {
          leaveMonths: 'Enter 1 to 3 months',
        });
      const event = await this.addEvent(tx, actor, id, 'INTERIM_RELIEF_REQUESTED', {
        relief: body.relief,
        leaveMonths: body.relief === 'LEAVE' ? body.leaveMonths : null,
        details: body.details,
        requestedBy: access.role,
      });
      await this.complaints.log(tx, actor, id, 'interim-relief.request', {
        eventId: event.eventId,
        relief: body.relief,
      });
      return ok(event);
    });
  }

  async decideRelief(
    actor: Actor,
    id: string,
    requestId: string,
    body: { decision: 'RECOMMENDED' | 'REFUSED'; note: string },
  ): Promise<Outcome<CaseEvent>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.complaints.access(tx, actor, id, { committeeOnly: true, lock: true });
      const request = await extras.reliefRequest(tx, actor.ws, id, requestId);
      if (!request) return refuse('not-found', 'NOT_FOUND', 'No such request for interim relief on this case');
      if (await extras.reliefDecided(tx, actor.ws, id, requestId))
        return refuse('conflict', 'CONFLICT', 'This request was decided already');
      const event = await this.addEvent(tx, actor, id, 'INTERIM_RELIEF_DECIDED', {
        requestId,
        decision: body.decision,
        note: body.note,
        relief: request.details.relief,
      });
      const mailed: { subject: string; complaintCopy: boolean; to: string[] }[] = [];
      if (body.decision === 'RECOMMENDED') {
        // s.12: the employer implements the committee's recommendation.
        const caseNumber = repo.caseNumberText(access.row.case_number);
        const employers = await extras.employerEmails(tx, actor.ws);
        const content = templates.interimReliefRecommended({ caseNumber, relief: String(request.details.relief) });
        mailed.push({ subject: content.subject, complaintCopy: false, to: employers });
        await this.mail.sendMany(
          employers.map((to) => ({ workspaceId: actor.ws, to, ...content })),
          tx,
        );
      }
      // Every mail about the case is in its access log with its recipients (docs/case.md "Who receives case content").
      await this.complaints.log(tx, actor, id, 'interim-relief.decide', {
        eventId: event.eventId,
        requestId,
        decision: body.decision,
        mails: mailed,
      });
      return ok(event);
    });
  }

  async requestConciliation(actor: Actor, id: string, note: string): Promise<Outcome<CaseEvent>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.complaints.access(tx, actor, id, { lock: true });
      if (access.role !== 'COMPLAINANT')
        return refuse('forbidden', 'FORBIDDEN', 'Only the complainant may ask for conciliation (POSH s.10)');
      if (access.row.status === 'CLOSED') return refuse('conflict', 'CONFLICT', CASE_CLOSED);
      if (access.row.inquiry_completed_on)
        return refuse('conflict', 'CONFLICT', 'Conciliation is asked before the inquiry; the inquiry is complete');
      if (await extras.hasEvent(tx, actor.ws, id, 'CONCILIATION_REQUESTED'))
        return refuse('conflict', 'CONFLICT', 'You have asked for conciliation already');
      const event = await this.addEvent(tx, actor, id, 'CONCILIATION_REQUESTED', { note });
      await this.complaints.log(tx, actor, id, 'conciliation.request', { eventId: event.eventId });
      return ok(event);
    });
  }

  async recordConciliation(
    actor: Actor,
    id: string,
    body: { terms: string; respondentAgreed: boolean },
  ): Promise<Outcome<CaseEvent>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.complaints.access(tx, actor, id, { committeeOnly: true, lock: true });
      const row = access.row;
      if (row.status === 'CLOSED') return refuse('conflict', 'CONFLICT', CASE_CLOSED);
      if (!(await extras.hasEvent(tx, actor.ws, id, 'CONCILIATION_REQUESTED'))) {
        return refuse(
          'conflict',
          'CONFLICT',
          'Conciliation only at the complainant’s request (POSH s.10): they have not asked for it',
          { terms: 'The complainant has not asked for conciliation' },
        );
      }
      if (row.compliance === 'IN_POSH' && row.inquiry_completed_on)
        return refuse(
          'conflict',
          'CONFLICT',
          'Conciliation comes before the inquiry (POSH s.10); the inquiry is complete',
        );
      if (row.compliance === 'CA_FEDERAL' && !body.respondentAgreed) {
        return refuse('invalid', 'VALIDATION', 'Conciliation needs both parties to agree (Canada, CA-05)', {
          respondentAgreed: 'The responding party must agree',
        });
      }
      if (await extras.hasEvent(tx, actor.ws, id, 'CONCILIATION_SETTLED'))
        return refuse('conflict', 'CONFLICT', 'A settlement is recorded already');
      const event = await this.addEvent(tx, actor, id, 'CONCILIATION_SETTLED', {
        terms: body.terms,
        respondentAgreed: body.respondentAgreed,
        settledOn: todayIn(await regimeOf(tx, actor.ws)),
      });
      // IN-04: copies of the settlement go to the employer and the parties.
      const caseNumber = repo.caseNumberText(row.case_number);
      // The log names the mail by its English subject; each reader gets it in their own language.
      const content = templates.conciliationSettled({ caseNumber, terms: body.terms });
      const copy = async (to: string): Promise<OutgoingMail> => ({
        workspaceId: actor.ws,
        to,
        ...templates.conciliationSettled({
          ...(await recipientByAddress(tx, actor.ws, to)),
          caseNumber,
          terms: body.terms,
        }),
      });
      const to = [
        ...(await extras.employerEmails(tx, actor.ws)),
        ...(row.complainant_email ? [row.complainant_email] : []),
        ...(row.respondent_email ? [row.respondent_email] : []),
      ];
      const copies: OutgoingMail[] = [];
      for (const address of to) copies.push(await copy(address));
      await this.mail.sendMany(copies, tx);
      if (row.intake) await notifyReporter(tx, this.mail, actor.ws, id);
      await this.complaints.log(tx, actor, id, 'conciliation.settle', {
        eventId: event.eventId,
        copies: to.length,
        mails: [{ subject: content.subject, complaintCopy: false, to }],
      });
      return ok(event);
    });
  }

  // ---------- on someone's behalf ----------

  async recordOnBehalf(
    actor: Actor,
    body: z.output<typeof OnBehalfSchema>,
  ): Promise<Outcome<{ complaintId: string; caseNumber: string; confirmationPending: true }>> {
    const found = await this.db.tenant(
      actor.ws,
      async (tx): Promise<Outcome<{ id: string; email: string; name: string }>> => {
        const user = await extras.activePerson(tx, actor.ws, body.complainantUserId);
        if (!user)
          return refuse('invalid', 'VALIDATION', 'Not a person of this workspace', {
            complainantUserId: 'Not a person of this workspace',
          });
        if (user.id === actor.userId)
          return refuse('invalid', 'VALIDATION', 'File your own complaint through Raise a concern', {
            complainantUserId: 'That is you',
          });
        // The recorder sits on the committee that will hear it: the complainant's unit's, else the workspace's.
        if (!(await extras.sitsOnHearingCommittee(tx, actor.ws, actor.userId, user.branch_id)))
          return refuse(
            'forbidden',
            'FORBIDDEN',
            'Only a member of the committee that will hear it may record a complaint on someone’s behalf',
          );
        return ok(user);
      },
    );
    if (!found.ok) return found;
    const complainant = found.value;
    const as: Actor = {
      ...actor,
      userId: complainant.id,
      email: complainant.email,
      name: complainant.name || complainant.email,
    };
    const { complainantUserId: _c, channel, complainant: contact, ...rest } = body;
    const filed = await this.filing.file(
      as,
      {
        ...rest,
        filedAs: 'COMPLAINANT',
        filedFor: null,
        complainant: {
          name: complainant.name || complainant.email,
          email: complainant.email,
          gender: contact.gender,
          phone: contact.phone,
        },
      },
      { actor, channel },
    );
    if (!filed.ok) return filed;
    const detail = filed.value;
    return ok({ complaintId: detail.complaintId, caseNumber: detail.caseNumber, confirmationPending: true as const });
  }

  async pendingConfirmations(actor: Actor) {
    return this.db.tenant(actor.ws, async (tx) => {
      const rows = await extras.pendingConfirmations(tx, actor.ws, actor.userId);
      for (const r of rows) await this.complaints.log(tx, actor, r.id, 'complaint.confirmation.read');
      return ok({
        items: rows.map((r) => ({
          complaintId: r.id,
          caseNumber: repo.caseNumberText(r.case_number),
          channel: r.recorded_channel,
          recordedOn: new Date(r.created_at).toISOString().slice(0, 10),
          incidentDetails: r.incident_details,
          incidentDate: r.incident_on,
          respondentName: r.respondent_name,
        })),
      });
    });
  }

  async confirm(actor: Actor, id: string): Promise<Outcome<{ ok: true; receivedOn: string }>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.complaints.access(tx, actor, id, { lock: true });
      if (access.row.filed_by !== actor.userId)
        return refuse('forbidden', 'FORBIDDEN', 'Only the complainant confirms a complaint recorded on their behalf');
      if (!access.row.confirmation_pending)
        return refuse('conflict', 'CONFLICT', 'This complaint is confirmed already');
      const today = todayIn(await regimeOf(tx, actor.ws));
      // The clocks count from the day the complainant makes the complaint theirs.
      await extras.confirmComplaint(tx, actor.ws, id, today);
      const caseNumber = repo.caseNumberText(access.row.case_number);
      await this.mail.sendMany(
        access.members
          .filter((m) => !access.recused.has(m.user_id))
          .map((m) => ({
            workspaceId: actor.ws,
            to: m.email,
            ...templates.complaintConfirmed({ caseNumber }),
          })),
        tx,
      );
      await this.complaints.log(tx, actor, id, 'complaint.confirm');
      return ok({ ok: true as const, receivedOn: today });
    });
  }

  // ---------- inside ----------

  private async presiding(tx: Sql, actor: Actor, id: string, lock = false): Promise<Outcome<Access>> {
    const access = await this.complaints.access(tx, actor, id, { committeeOnly: true, lock });
    if (access.presiding?.userId !== actor.userId)
      return refuse('forbidden', 'FORBIDDEN', 'Only the member presiding over the case decides who may not see it');
    return ok(access);
  }

  private async deniedList(tx: Sql, ws: string, id: string): Promise<DeniedPerson[]> {
    const rows = await extras.deniedRows(tx, ws, id);
    return rows.map((r) => ({
      userId: r.user_id,
      name: r.name || r.email,
      note: r.note,
      deniedAt: new Date(r.recorded_at).toISOString(),
    }));
  }

  private async addEvent(
    tx: Sql,
    actor: Actor,
    id: string,
    kind: EventKind,
    details: Record<string, unknown>,
  ): Promise<CaseEvent> {
    const row = await extras.insertEvent(tx, actor.ws, id, kind, details, actor.userId);
    return {
      eventId: row.id,
      kind,
      details,
      recordedBy: actor.name,
      createdAt: new Date(row.created_at).toISOString(),
    };
  }

  private async eventList(
    tx: Sql,
    actor: Actor,
    id: string,
    kinds: EventKind[],
    committee: boolean,
  ): Promise<CaseEvent[]> {
    const rows = await extras.eventRows(tx, actor.ws, id, kinds);
    return rows.map((r) => ({
      eventId: r.id,
      kind: r.kind,
      details: r.details,
      recordedBy:
        r.recorded_by === null
          ? 'The reporter'
          : r.recorded_by === actor.userId
            ? 'You'
            : committee
              ? r.name || 'Someone'
              : 'Internal Committee',
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }
}

export type { OnBehalfBody };
