import type { z } from 'zod';
import type { Party, PartyContactBody } from '../../../src/contracts/case/case-runtime.contract';
import { membersWhoAreParties } from '../../../src/domain/complaints/committee';
import {
  openMandatorySteps,
  stepBlockers,
  stepNames,
  type RuntimeStep,
} from '../../../src/domain/complaints/case-runtime';
import { appealWindow } from '../../../src/domain/complaints/statutory-clocks';
import type { Database, Sql } from '../../platform/db/database';
import type { ComplaintService, Actor } from './complaints.service';
import * as repo from './complaints.repository';
import * as messagesRepo from './messages.repository';
import * as runtimeRepo from './case-runtime.repository';
import { userIdByEmail } from './investigations.repository';
import type { Mailer } from '../../platform/messages';
import { ok, refuse, type Outcome, type Refusal } from '../../platform/refusal';

/** A due-process act's outcome: done (the route answers the case as it is after it), or refused. */
export type RuntimeOutcome = Outcome<null>;

/** The contact fields of each party, as columns; the complainant's name is theirs, as they gave it. */
const COLUMNS: Record<Party, Partial<Record<'name' | 'email' | 'phone', keyof repo.ComplaintRow>>> = {
  RESPONDENT: { name: 'respondent_name', email: 'respondent_email', phone: 'respondent_phone' },
  COMPLAINANT: { email: 'complainant_email', phone: 'complainant_phone' },
};

export const runtimeSteps = (steps: readonly repo.StepRow[]): RuntimeStep[] =>
  steps.map((s) => ({ id: s.id, name: s.name, position: s.position, completed: s.completed_at !== null }));

/** Completing `stepId` waits for the mandatory steps before it (case-runtime.ts); null when it may go. */
export async function stepGate(
  tx: Sql,
  ws: string,
  versionId: string,
  steps: readonly repo.StepRow[],
  stepId: string,
): Promise<Refusal | null> {
  const blockers = stepBlockers(runtimeSteps(steps), await runtimeRepo.prerequisitesOf(tx, ws, versionId), stepId);
  if (blockers.length === 0) return null;
  const message = `Complete ${stepNames(blockers)} first: the workflow requires it before this step`;
  return refuse('conflict', 'PREREQUISITE_OPEN', message, { stepId: message });
}

/**
 * Closing with a mandatory step open: refused, unless the one presiding records an override with written reasons
 * (kept in the case's access log as `complaint.close.override`). Answers the open steps the override covers.
 */
export async function closeGate(
  tx: Sql,
  ws: string,
  access: { row: repo.ComplaintRow; presiding: { userId: string } | null },
  steps: readonly repo.StepRow[],
  actorUserId: string,
  override: { reasons: string } | undefined,
): Promise<Outcome<RuntimeStep[]>> {
  const open = openMandatorySteps(
    runtimeSteps(steps),
    await runtimeRepo.prerequisitesOf(tx, ws, access.row.version_id),
  );
  if (open.length === 0) return ok([]);
  if (!override) {
    const message = `${stepNames(open)} ${open.length === 1 ? 'is' : 'are'} still open: complete ${open.length === 1 ? 'it' : 'them'}, or the presiding officer may close with written reasons`;
    return refuse('conflict', 'MANDATORY_STEP_OPEN', message, { override: message });
  }
  if (access.presiding?.userId !== actorUserId)
    return refuse(
      'forbidden',
      'NOT_PRESIDING',
      'Only the member presiding over the case may close it with a mandatory step open',
    );
  return ok(open);
}

/** What the case page shows of its course: steps waiting for others, the open mandatory steps, the override, the appeal. */
export async function dueProcessOf(
  tx: Sql,
  ws: string,
  row: repo.ComplaintRow,
  steps: readonly repo.StepRow[],
  committee: boolean,
): Promise<{
  waitsFor: { stepId: string; names: string[] }[];
  mandatoryOpen: string[];
  closeOverride: { reasons: string; at: string; byName: string } | null;
  appeal: { from: string; deadline: string } | null;
}> {
  const window =
    row.compliance === 'IN_POSH' && row.status === 'CLOSED'
      ? appealWindow({ reportIssuedOn: row.report_issued_on })
      : null;
  const appeal = window ? { from: window.startsOn, deadline: window.endsOn } : null;
  if (!committee) return { waitsFor: [], mandatoryOpen: [], closeOverride: null, appeal };
  const prerequisites = await runtimeRepo.prerequisitesOf(tx, ws, row.version_id);
  const runtime = runtimeSteps(steps);
  const override = await runtimeRepo.lastCloseOverride(tx, ws, row.id);
  return {
    waitsFor: runtime
      .filter((s) => !s.completed)
      .map((s) => ({ stepId: s.id, names: stepBlockers(runtime, prerequisites, s.id).map((b) => b.name) }))
      .filter((w) => w.names.length > 0),
    mandatoryOpen: row.status === 'OPEN' ? openMandatorySteps(runtime, prerequisites).map((s) => s.name) : [],
    closeOverride: override
      ? {
          reasons: override.reasons,
          at: new Date(override.at).toISOString(),
          byName: override.name || 'A committee member',
        }
      : null,
    appeal,
  };
}

/**
 * A party's contact added or corrected by the case's committee (docs/case.md "Due process in the case runtime").
 * Access is the case's: a party is refused (403), anyone else, admins and recused members included, gets 404.
 */
export class CaseRuntimeService {
  constructor(
    private readonly db: Database,
    private readonly complaints: ComplaintService,
    private readonly mail: Mailer,
  ) {}

  async changeContact(
    actor: Actor,
    id: string,
    party: Party,
    change: z.output<typeof PartyContactBody>,
  ): Promise<RuntimeOutcome> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.complaints.access(tx, actor, id, { committeeOnly: true, lock: true });
      const row = access.row;
      if (row.status === 'CLOSED')
        return refuse('conflict', 'CASE_CLOSED', 'The case is closed: its parties’ contacts are as they were');
      if (party === 'COMPLAINANT') {
        // The reporter of an anonymous report gives what they choose, through their receipt: never the committee.
        if (row.intake)
          return refuse(
            'conflict',
            'ANONYMOUS_REPORT',
            'This is an anonymous report: only the reporter gives their contact, through their receipt',
          );
        if (change.name !== undefined)
          return refuse('invalid', 'VALIDATION', 'The complainant’s name is as they gave it', {
            name: 'The complainant’s name is as they gave it',
          });
        if (change.email === null)
          return refuse('invalid', 'VALIDATION', 'The complainant’s email is needed to reach them', {
            email: 'Enter the complainant’s email',
          });
      }
      const fields = (['name', 'email', 'phone'] as const).filter((f) => change[f] !== undefined && COLUMNS[party][f]);
      const changed = fields.filter((f) => (row[COLUMNS[party][f]!] ?? null) !== change[f]);
      if (changed.length === 0) return ok(null);

      let respondentUserId = row.respondent_user_id;
      if (party === 'RESPONDENT' && changed.includes('email')) {
        // The copy went to the address on the case: from then on the respondent reads the case with it.
        if (row.respondent_copy_sent_on) {
          return refuse(
            'conflict',
            'COPY_SENT',
            'The respondent was given the copy of the complaint at this address: it can no longer be changed',
            {
              email: 'The copy was sent to this address',
            },
          );
        }
        respondentUserId = change.email ? await userIdByEmail(tx, actor.ws, change.email) : null;
        if (respondentUserId && respondentUserId === row.filed_by)
          return refuse('invalid', 'VALIDATION', 'The respondent cannot be whoever filed the complaint', {
            email: 'This is the complainant’s own address',
          });
      }

      const columns = changed.map((f) => ({ column: COLUMNS[party][f]!, value: change[f] ?? null }));
      if (party === 'RESPONDENT' && changed.includes('email'))
        columns.push({ column: 'respondent_user_id', value: respondentUserId });
      await runtimeRepo.setCaseColumns(tx, actor.ws, id, columns);

      // A member of the committee who turns out to be the respondent is recused at once, as at filing.
      let recused: string[] = [];
      if (party === 'RESPONDENT' && changed.includes('email')) {
        recused = membersWhoAreParties(
          access.members.map((m) => ({ userId: m.user_id, email: m.email })),
          { complainantUserId: row.filed_by, respondentUserId, emails: [change.email ?? null] },
        ).filter((u) => !access.recused.has(u));
        for (const userId of recused) await repo.recuseFoundParty(tx, actor.ws, id, userId);
      }
      // The access log is read by the one presiding, who sees both parties' contacts: the old value is kept there.
      await this.complaints.log(tx, actor, id, 'party.contact.change', {
        party,
        fields: changed,
        previous: Object.fromEntries(changed.map((f) => [f, row[COLUMNS[party][f]!] ?? null])),
        current: Object.fromEntries(changed.map((f) => [f, change[f] ?? null])),
        ...(recused.length ? { recused: recused.length } : {}),
      });
      return ok(null);
    });
  }

  /**
   * IN-07: the inquiry's 90 days count from the receipt (the default) or from the respondent's reply, as the committee
   * decides for the case; the clock follows `inquiry_start_on`, and the choice is kept in the access log with the day
   * it was before.
   */
  async setInquiryStart(actor: Actor, id: string, startsFrom: 'RECEIPT' | 'RESPONDENT_REPLY'): Promise<RuntimeOutcome> {
    return this.db.tenant(actor.ws, async (tx) => {
      const { row } = await this.complaints.access(tx, actor, id, { committeeOnly: true, lock: true });
      if (row.compliance !== 'IN_POSH')
        return refuse(
          'conflict',
          'NOT_POSH',
          'The inquiry’s 90 days are a rule of the POSH Act: this case follows another regime',
        );
      if (row.status === 'CLOSED')
        return refuse('conflict', 'CASE_CLOSED', 'The case is closed: its inquiry’s start is as it was');
      if (row.inquiry_completed_on)
        return refuse('conflict', 'INQUIRY_COMPLETE', 'The inquiry is complete: its start can no longer change');
      if (startsFrom === 'RESPONDENT_REPLY' && !row.respondent_reply_on) {
        const message = 'The respondent’s reply is not recorded yet: record it first, or count from the receipt';
        return refuse('conflict', 'NO_REPLY', message, { startsFrom: message });
      }
      const startsOn = startsFrom === 'RECEIPT' ? row.received_on : row.respondent_reply_on!;
      await repo.setCaseDate(tx, actor.ws, id, 'inquiry_start_on', startsOn);
      await this.complaints.log(tx, actor, id, 'inquiry.start.set', {
        startsFrom,
        startsOn,
        previous: row.inquiry_start_on ?? row.received_on,
      });
      return ok(null);
    });
  }

  /**
   * IN-05: the respondent's written reply (POSH Rule 7(3)) received on a day: it stops the reply clock (met, or met
   * late past the 10 working days of the copy). Recorded by the case's committee; a correction keeps the day before.
   */
  async recordRespondentReply(
    actor: Actor,
    id: string,
    body: { receivedOn: string; note: string },
  ): Promise<RuntimeOutcome> {
    return this.db.tenant(actor.ws, async (tx) => {
      const { row } = await this.complaints.access(tx, actor, id, { committeeOnly: true, lock: true });
      if (row.compliance !== 'IN_POSH')
        return refuse(
          'conflict',
          'NOT_POSH',
          'IN-05: the respondent’s reply clock is a rule of the POSH Rules: this case follows another regime',
        );
      if (row.status === 'CLOSED')
        return refuse('conflict', 'CASE_CLOSED', 'The case is closed: its record is as it was');
      if (!row.respondent_copy_sent_on) {
        const message =
          'IN-05: the respondent replies to the copy of the complaint, and no copy has been sent yet: inform the respondent first';
        return refuse('conflict', 'NO_COPY_SENT', message, { receivedOn: message });
      }
      if (body.receivedOn < row.respondent_copy_sent_on) {
        const message = `IN-05: the reply answers the copy sent on ${row.respondent_copy_sent_on}: it cannot be received before`;
        return refuse('invalid', 'REPLY_BEFORE_COPY', message, { receivedOn: message });
      }
      if (body.receivedOn > (await this.complaints.localToday(tx, actor.ws))) {
        const message = 'IN-05: the reply’s day cannot be in the future';
        return refuse('invalid', 'REPLY_IN_FUTURE', message, { receivedOn: message });
      }
      await repo.setCaseDate(tx, actor.ws, id, 'respondent_reply_on', body.receivedOn);
      await this.complaints.log(tx, actor, id, 'respondent.reply.recorded', {
        receivedOn: body.receivedOn,
        previous: row.respondent_reply_on ?? null,
        ...(body.note ? { note: body.note } : {}),
      });
      return ok(null);
    });
  }

  /**
   * IN-05: the respondent's own written reply, from their case page: a message to the committee in the respondent's
   * thread that stops the reply clock on the workspace's day (met, or late past the 10 working days of the copy).
   * The case's respondent alone sends it, once; the committee's record (above) corrects its day if need be.
   */
  async sendOwnReply(actor: Actor, id: string, body: { reply: string }): Promise<RuntimeOutcome> {
    return this.db.tenant(actor.ws, async (tx) => {
      const decided = await this.complaints.decideAccess(tx, actor, id, { lock: true });
      if (!decided.ok) return decided;
      const { row, role } = decided.value;
      if (role !== 'RESPONDENT')
        return refuse(
          'forbidden',
          'NOT_RESPONDENT',
          'IN-05: only the respondent the case names sends the respondent’s reply',
        );
      if (row.compliance !== 'IN_POSH')
        return refuse(
          'conflict',
          'NOT_POSH',
          'IN-05: the respondent’s reply clock is a rule of the POSH Rules: this case follows another regime',
        );
      if (row.status === 'CLOSED')
        return refuse('conflict', 'CASE_CLOSED', 'The case is closed: its record is as it was');
      if (row.respondent_reply_on) {
        const message = `IN-05: your reply was recorded on ${row.respondent_reply_on}: write to the committee in your thread to add to it`;
        return refuse('conflict', 'ALREADY_REPLIED', message, { reply: message });
      }
      const receivedOn = await this.complaints.localToday(tx, actor.ws);
      const m = await messagesRepo.insertMessage(tx, actor.ws, id, {
        audience: 'RESPONDENT',
        authorId: actor.userId,
        body: body.reply,
      });
      await repo.setCaseDate(tx, actor.ws, id, 'respondent_reply_on', receivedOn);
      await this.complaints.log(tx, actor, id, 'respondent.reply.recorded', {
        receivedOn,
        previous: null,
        by: 'RESPONDENT',
        messageId: m.id,
      });
      if (row.committee_id) {
        const readers = await messagesRepo.committeeReaders(tx, actor.ws, id);
        await this.mail.sendMany(
          messagesRepo.partyMessageMails(actor.ws, readers, repo.caseNumberText(row.case_number), 'respondent'),
          tx,
        );
      }
      return ok(null);
    });
  }

  /**
   * IN-03 (POSH Act s.9(1)): a complaint filed more than 3 months after the incident (and within 6) goes on only when
   * the committee extends the limit, for reasons it records in writing. Kept on the case, in its log and its export.
   */
  async extendFilingLimit(actor: Actor, id: string, reasons: string): Promise<RuntimeOutcome> {
    return this.db.tenant(actor.ws, async (tx) => {
      const { row } = await this.complaints.access(tx, actor, id, { committeeOnly: true, lock: true });
      if (row.compliance !== 'IN_POSH')
        return refuse(
          'conflict',
          'NOT_POSH',
          'IN-03: the filing time limit is a rule of the POSH Act: this case follows another regime',
        );
      if (row.status === 'CLOSED')
        return refuse('conflict', 'CASE_CLOSED', 'The case is closed: its record is as it was');
      if (row.timeliness === 'ON_TIME')
        return refuse(
          'conflict',
          'FILED_IN_TIME',
          'IN-03: this complaint was filed within 3 months: there is nothing to extend',
        );
      if (row.timeliness === 'BEYOND_EXTENSION')
        return refuse(
          'conflict',
          'BEYOND_EXTENSION',
          'IN-03: the committee may extend the limit by at most 3 months, and this complaint came more than 6 months after the incident',
        );
      if (row.filing_extended_on)
        return refuse('conflict', 'ALREADY_EXTENDED', `IN-03: the limit was extended on ${row.filing_extended_on}`);
      if (!reasons.trim()) {
        const message = 'IN-03: the committee extends the limit only with its reasons in writing';
        return refuse('invalid', 'REASONS_REQUIRED', message, { reasons: message });
      }
      const on = await this.complaints.localToday(tx, actor.ws);
      await runtimeRepo.extendFilingLimit(tx, actor.ws, id, { reasons: reasons.trim(), on, by: actor.userId });
      await this.complaints.log(tx, actor, id, 'filing.extension.granted', { reasons: reasons.trim(), on });
      return ok(null);
    });
  }
}
