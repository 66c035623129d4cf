import type { z } from 'zod';
import type { CaseEvent, OnBehalfBody } from '../../../src/contracts/case/intake.contract';
import type { OnBehalfBody as OnBehalfSchema } from '../../../src/contracts/case/intake.contract';
import type { Database, Sql } from '../../platform/db/database';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { answer } from '../../platform/refusal';
import type { Mailer, OutgoingMail } from '../../platform/messages';
import * as repo from './complaints.repository';
import { ComplaintService, type Actor } from './complaints.service';
import { notifyReporter } from './intake.repository';
import { regimeOf, todayIn } from './regime';

type EventKind = CaseEvent['kind'];

interface DeniedRow {
  user_id: string;
  name: string | null;
  email: string;
  note: string;
  recorded_at: Date | string;
}

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
  ) {}

  // ---------- people a committee member may name ----------

  /** The pickers of the on-behalf form and of denied access: committee members only, active people, at most 20. */
  async searchPeople(actor: Actor, text: string) {
    return this.db.tenant(actor.ws, async (tx) => {
      const [seat] = await tx.query(
        `SELECT 1 FROM committee_members WHERE workspace_id = $1 AND user_id = $2 LIMIT 1`,
        [actor.ws, actor.userId],
      );
      if (!seat) throw forbidden('Only a member of an Internal Committee may look people up here');
      const prefix = `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await tx.query<{ id: string; email: string; name: string }>(
        `SELECT id, email, trim(first_name || ' ' || last_name) AS name FROM users
          WHERE workspace_id = $1 AND status <> 'INACTIVE'
            AND (lower(email) LIKE $2 OR lower(first_name) LIKE $2 OR lower(last_name) LIKE $2 OR lower(trim(first_name || ' ' || last_name)) LIKE $2)
          ORDER BY lower(trim(first_name || ' ' || last_name)), lower(email) LIMIT 20`,
        [actor.ws, prefix],
      );
      return { items: rows.map((r) => ({ userId: r.id, name: r.name || r.email, email: r.email })) };
    });
  }

  // ---------- denied access ----------

  async denied(actor: Actor, id: string) {
    return this.db.tenant(actor.ws, async (tx) => {
      await this.presiding(tx, actor, id);
      await this.complaints.log(tx, actor, id, 'access.denied.read');
      return { items: await this.deniedList(tx, actor.ws, id) };
    });
  }

  async deny(actor: Actor, id: string, body: { userId: string; note: string }) {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.presiding(tx, actor, id, true);
      if (body.userId === actor.userId)
        throw badRequest('You cannot deny yourself: recuse yourself instead', { userId: 'That is you' });
      const [person] = await tx.query<{ id: string }>(`SELECT id FROM users WHERE workspace_id = $1 AND id = $2`, [
        actor.ws,
        body.userId,
      ]);
      if (!person) throw badRequest('Not a person of this workspace', { userId: 'Not a person of this workspace' });
      if (body.userId === access.row.filed_by || body.userId === access.row.respondent_user_id) {
        throw badRequest('A party to the case cannot be denied access to it', { userId: 'A party to the case' });
      }
      // Already without access (recused, or a party member): the record stays as it is.
      await tx.query(
        `INSERT INTO complaint_recusals (workspace_id, complaint_id, user_id, reason, note, recorded_by) VALUES ($1, $2, $3, 'DENIED', $4, $5) ON CONFLICT DO NOTHING`,
        [actor.ws, id, body.userId, body.note, actor.userId],
      );
      await this.complaints.log(tx, actor, id, 'access.deny', { userId: body.userId, note: body.note });
      return { items: await this.deniedList(tx, actor.ws, id) };
    });
  }

  async restore(actor: Actor, id: string, userId: string) {
    return this.db.tenant(actor.ws, async (tx) => {
      await this.presiding(tx, actor, id, true);
      const gone = await tx.query(
        `DELETE FROM complaint_recusals WHERE workspace_id = $1 AND complaint_id = $2 AND user_id = $3 AND reason = 'DENIED' RETURNING user_id`,
        [actor.ws, id, userId],
      );
      if (gone.length === 0) throw notFound('This person is not denied access to the case');
      await this.complaints.log(tx, actor, id, 'access.restore', { userId });
      return { items: await this.deniedList(tx, actor.ws, id) };
    });
  }

  // ---------- interim relief and conciliation ----------

  async events(actor: Actor, id: string): Promise<{ items: CaseEvent[] }> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.complaints.access(tx, actor, id);
      await this.complaints.log(tx, actor, id, 'events.read');
      const kinds: EventKind[] =
        access.role === 'RESPONDENT'
          ? ['CONCILIATION_SETTLED']
          : ['INTERIM_RELIEF_REQUESTED', 'INTERIM_RELIEF_DECIDED', 'CONCILIATION_REQUESTED', 'CONCILIATION_SETTLED'];
      return { items: await this.eventList(tx, actor, id, kinds, access.role === 'COMMITTEE') };
    });
  }

  async requestRelief(
    actor: Actor,
    id: string,
    body: { relief: string; leaveMonths: number | null; details: string },
  ): Promise<CaseEvent> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.complaints.access(tx, actor, id, { lock: true });
      if (access.role === 'RESPONDENT')
        throw forbidden('Interim relief is asked by the complainant, or recorded by the committee for them');
      if (access.row.compliance !== 'IN_POSH')
        throw conflict(
          'Interim relief during the inquiry is a rule of the POSH Act (s.12); this case follows the Canada Labour Code',
        );
      if (access.row.status === 'CLOSED') throw conflict('The case is closed');
      if (body.relief === 'LEAVE' && body.leaveMonths === null)
        throw badRequest('Say how many months of leave (at most 3)', { leaveMonths: 'Enter 1 to 3 months' });
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
      return event;
    });
  }

  async decideRelief(
    actor: Actor,
    id: string,
    requestId: string,
    body: { decision: 'RECOMMENDED' | 'REFUSED'; note: string },
  ): Promise<CaseEvent> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.complaints.access(tx, actor, id, { committeeOnly: true, lock: true });
      const [request] = await tx.query<{ details: Record<string, unknown> }>(
        `SELECT details FROM complaint_events WHERE workspace_id = $1 AND complaint_id = $2 AND id = $3 AND kind = 'INTERIM_RELIEF_REQUESTED'`,
        [actor.ws, id, requestId],
      );
      if (!request) throw notFound('No such request for interim relief on this case');
      const [decided] = await tx.query(
        `SELECT 1 FROM complaint_events WHERE workspace_id = $1 AND complaint_id = $2 AND kind = 'INTERIM_RELIEF_DECIDED' AND details->>'requestId' = $3`,
        [actor.ws, id, requestId],
      );
      if (decided) throw conflict('This request was decided already');
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
        const employers = await this.employers(tx, actor.ws);
        mailed.push({ subject: `Interim relief recommended: case ${caseNumber}`, complaintCopy: false, to: employers });
        await this.mail.sendMany(
          employers.map((to) => ({
            workspaceId: actor.ws,
            to,
            subject: `Interim relief recommended: case ${caseNumber}`,
            text: `The Internal Committee recommends interim relief on case ${caseNumber} (${String(request.details.relief).toLowerCase().replace(/_/g, ' ')}). The POSH Act (s.12) asks the employer to implement it. Sign in for the details.`,
          })),
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
      return event;
    });
  }

  async requestConciliation(actor: Actor, id: string, note: string): Promise<CaseEvent> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.complaints.access(tx, actor, id, { lock: true });
      if (access.role !== 'COMPLAINANT') throw forbidden('Only the complainant may ask for conciliation (POSH s.10)');
      if (access.row.status === 'CLOSED') throw conflict('The case is closed');
      if (access.row.inquiry_completed_on)
        throw conflict('Conciliation is asked before the inquiry; the inquiry is complete');
      if (await this.has(tx, actor.ws, id, 'CONCILIATION_REQUESTED'))
        throw conflict('You have asked for conciliation already');
      const event = await this.addEvent(tx, actor, id, 'CONCILIATION_REQUESTED', { note });
      await this.complaints.log(tx, actor, id, 'conciliation.request', { eventId: event.eventId });
      return event;
    });
  }

  async recordConciliation(
    actor: Actor,
    id: string,
    body: { terms: string; respondentAgreed: boolean },
  ): Promise<CaseEvent> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.complaints.access(tx, actor, id, { committeeOnly: true, lock: true });
      const row = access.row;
      if (row.status === 'CLOSED') throw conflict('The case is closed');
      if (!(await this.has(tx, actor.ws, id, 'CONCILIATION_REQUESTED'))) {
        throw conflict('Conciliation only at the complainant’s request (POSH s.10): they have not asked for it', {
          terms: 'The complainant has not asked for conciliation',
        });
      }
      if (row.compliance === 'IN_POSH' && row.inquiry_completed_on)
        throw conflict('Conciliation comes before the inquiry (POSH s.10); the inquiry is complete');
      if (row.compliance === 'CA_FEDERAL' && !body.respondentAgreed) {
        throw badRequest('Conciliation needs both parties to agree (Canada, CA-05)', {
          respondentAgreed: 'The responding party must agree',
        });
      }
      if (await this.has(tx, actor.ws, id, 'CONCILIATION_SETTLED')) throw conflict('A settlement is recorded already');
      const event = await this.addEvent(tx, actor, id, 'CONCILIATION_SETTLED', {
        terms: body.terms,
        respondentAgreed: body.respondentAgreed,
        settledOn: todayIn(await regimeOf(tx, actor.ws)),
      });
      // IN-04: copies of the settlement go to the employer and the parties.
      const caseNumber = repo.caseNumberText(row.case_number);
      const copy = (to: string): OutgoingMail => ({
        workspaceId: actor.ws,
        to,
        subject: `Settlement by conciliation: case ${caseNumber}`,
        text: `The Internal Committee recorded a settlement by conciliation on case ${caseNumber}:\n\n${body.terms}\n\nNo inquiry follows unless its terms are not kept.`,
      });
      const to = [
        ...(await this.employers(tx, actor.ws)),
        ...(row.complainant_email ? [row.complainant_email] : []),
        ...(row.respondent_email ? [row.respondent_email] : []),
      ];
      await this.mail.sendMany(to.map(copy), tx);
      if (row.intake) await notifyReporter(tx, this.mail, actor.ws, id);
      await this.complaints.log(tx, actor, id, 'conciliation.settle', {
        eventId: event.eventId,
        copies: to.length,
        mails: [{ subject: `Settlement by conciliation: case ${caseNumber}`, complaintCopy: false, to }],
      });
      return event;
    });
  }

  // ---------- on someone's behalf ----------

  async recordOnBehalf(actor: Actor, body: z.output<typeof OnBehalfSchema>) {
    const complainant = await this.db.tenant(actor.ws, async (tx) => {
      const [user] = await tx.query<{ id: string; email: string; name: string; branch_id: string | null }>(
        `SELECT id, email, trim(first_name || ' ' || last_name) AS name, branch_id FROM users WHERE workspace_id = $1 AND id = $2 AND status <> 'INACTIVE'`,
        [actor.ws, body.complainantUserId],
      );
      if (!user)
        throw badRequest('Not a person of this workspace', { complainantUserId: 'Not a person of this workspace' });
      if (user.id === actor.userId)
        throw badRequest('File your own complaint through Raise a concern', { complainantUserId: 'That is you' });
      // The recorder sits on the committee that will hear it: the complainant's unit's, else the workspace's.
      const [seat] = await tx.query(
        `SELECT 1 FROM committee_members m WHERE m.workspace_id = $1 AND m.user_id = $2 AND m.committee_id = (
           SELECT c.id FROM committees c WHERE c.workspace_id = $1 AND (c.branch_id IS NULL OR c.branch_id = $3) ORDER BY c.branch_id IS NULL LIMIT 1)`,
        [actor.ws, actor.userId, user.branch_id],
      );
      if (!seat)
        throw forbidden('Only a member of the committee that will hear it may record a complaint on someone’s behalf');
      return user;
    });
    const as: Actor = {
      ...actor,
      userId: complainant.id,
      email: complainant.email,
      name: complainant.name || complainant.email,
    };
    const { complainantUserId: _c, channel, complainant: contact, ...rest } = body;
    const filed = await this.complaints.file(
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
    const detail = answer(filed);
    return { complaintId: detail.complaintId, caseNumber: detail.caseNumber, confirmationPending: true as const };
  }

  async pendingConfirmations(actor: Actor) {
    return this.db.tenant(actor.ws, async (tx) => {
      const rows = await tx.query<{
        id: string;
        case_number: number;
        recorded_channel: 'ORAL_NOTICE' | 'HELP_TO_WRITE';
        created_at: Date | string;
        incident_details: string;
        incident_on: string;
        respondent_name: string | null;
      }>(
        `SELECT id, case_number, recorded_channel, created_at, incident_details, incident_on::text AS incident_on, respondent_name FROM complaints
          WHERE workspace_id = $1 AND filed_by = $2 AND confirmation_pending ORDER BY case_number`,
        [actor.ws, actor.userId],
      );
      for (const r of rows) await this.complaints.log(tx, actor, r.id, 'complaint.confirmation.read');
      return {
        items: rows.map((r) => ({
          complaintId: r.id,
          caseNumber: repo.caseNumberText(r.case_number),
          channel: r.recorded_channel,
          recordedOn: new Date(r.created_at).toISOString().slice(0, 10),
          incidentDetails: r.incident_details,
          incidentDate: r.incident_on,
          respondentName: r.respondent_name,
        })),
      };
    });
  }

  async confirm(actor: Actor, id: string) {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.complaints.access(tx, actor, id, { lock: true });
      if (access.row.filed_by !== actor.userId)
        throw forbidden('Only the complainant confirms a complaint recorded on their behalf');
      if (!access.row.confirmation_pending) throw conflict('This complaint is confirmed already');
      const today = todayIn(await regimeOf(tx, actor.ws));
      // The clocks count from the day the complainant makes the complaint theirs.
      await tx.query(
        `UPDATE complaints SET confirmation_pending = false, confirmed_at = now(), received_on = $3::date, updated_at = now() WHERE workspace_id = $1 AND id = $2`,
        [actor.ws, id, today],
      );
      const caseNumber = repo.caseNumberText(access.row.case_number);
      await this.mail.sendMany(
        access.members
          .filter((m) => !access.recused.has(m.user_id))
          .map((m) => ({
            workspaceId: actor.ws,
            to: m.email,
            subject: `Case ${caseNumber} is confirmed`,
            text: `The complainant confirmed case ${caseNumber}: it proceeds and its clocks start today.`,
          })),
        tx,
      );
      await this.complaints.log(tx, actor, id, 'complaint.confirm');
      return { ok: true as const, receivedOn: today };
    });
  }

  // ---------- inside ----------

  private async presiding(tx: Sql, actor: Actor, id: string, lock = false) {
    const access = await this.complaints.access(tx, actor, id, { committeeOnly: true, lock });
    if (access.presiding?.userId !== actor.userId)
      throw forbidden('Only the member presiding over the case decides who may not see it');
    return access;
  }

  private async deniedList(tx: Sql, ws: string, id: string) {
    const rows = await tx.query<DeniedRow>(
      `SELECT r.user_id, trim(u.first_name || ' ' || u.last_name) AS name, u.email, r.note, r.recorded_at
         FROM complaint_recusals r JOIN users u ON u.workspace_id = r.workspace_id AND u.id = r.user_id
        WHERE r.workspace_id = $1 AND r.complaint_id = $2 AND r.reason = 'DENIED' ORDER BY r.recorded_at, r.user_id`,
      [ws, id],
    );
    return rows.map((r) => ({
      userId: r.user_id,
      name: r.name || r.email,
      note: r.note,
      deniedAt: new Date(r.recorded_at).toISOString(),
    }));
  }

  private async has(tx: Sql, ws: string, id: string, kind: EventKind): Promise<boolean> {
    const rows = await tx.query(
      `SELECT 1 FROM complaint_events WHERE workspace_id = $1 AND complaint_id = $2 AND kind = $3 LIMIT 1`,
      [ws, id, kind],
    );
    return rows.length > 0;
  }

  private async addEvent(
    tx: Sql,
    actor: Actor,
    id: string,
    kind: EventKind,
    details: Record<string, unknown>,
  ): Promise<CaseEvent> {
    const [row] = await tx.query<{ id: string; created_at: Date | string }>(
      `INSERT INTO complaint_events (workspace_id, complaint_id, kind, details, recorded_by) VALUES ($1, $2, $3, $4, $5) RETURNING id, created_at`,
      [actor.ws, id, kind, JSON.stringify(details), actor.userId],
    );
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
    const rows = await tx.query<{
      id: string;
      kind: EventKind;
      details: Record<string, unknown>;
      recorded_by: string | null;
      name: string | null;
      created_at: Date | string;
    }>(
      `SELECT e.id, e.kind, e.details, e.recorded_by, trim(u.first_name || ' ' || u.last_name) AS name, e.created_at
         FROM complaint_events e LEFT JOIN users u ON u.workspace_id = e.workspace_id AND u.id = e.recorded_by
        WHERE e.workspace_id = $1 AND e.complaint_id = $2 AND e.kind = ANY($3::text[]) ORDER BY e.created_at, e.id`,
      [actor.ws, id, kinds],
    );
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

  private async employers(tx: Sql, ws: string): Promise<string[]> {
    const rows = await tx.query<{ email: string }>(
      `SELECT email FROM users WHERE workspace_id = $1 AND role = 'EMPLOYER' AND status <> 'INACTIVE' ORDER BY email`,
      [ws],
    );
    return rows.map((r) => r.email);
  }
}

export type { OnBehalfBody };
