import type { z } from 'zod';
import type {
  Investigation,
  InvestigationRole,
  Investigator,
  InvestigatorBody,
  MyInvestigations,
  RecommendationBody,
  ReportBody,
} from '../../../src/contracts/case/investigations.contract';
import {
  hasStake,
  identifierIn,
  mayUseRoster,
  nextFromRoster,
  partyIdentifiers,
  rosterFrom,
} from '../../../src/domain/complaints/investigation';
import type { DownloadLink } from '../../../src/contracts/case/complaints.contract';
import type { PartyReport } from '../../../src/contracts/case/investigations.contract';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/messages';
import * as evidenceRepo from './evidence.repository';
import type { Database, Sql } from '../../platform/db/database';
import type { Outcome, Refusal } from '../../platform/refusal';
import type { Actor, ComplaintService } from './complaints.service';
import * as cases from './complaints.repository';
import * as repo from './investigations.repository';
import { regimeOf, todayIn } from './regime';
import { templates } from '../../platform/message-templates';
import { recipientByAddress } from '../../platform/languages';

/** The investigator's mandate runs from the appointment until the report is final or the case is closed. */
function mandateRuns(row: cases.ComplaintRow, found: repo.InvestigationRow | null): boolean {
  return !!found?.appointed_on && !found.report_final_at && row.status === 'OPEN';
}

/** The report as each party receives it: it carries no identifier of anyone (checked when it was written). */
/** An actor of the investigation: a case actor, and whether they manage the workspace's compliance. */
export interface InvestigationActor extends Actor {
  /** An admin or employer whose role holds `workflows.design` here (the employer of CA-06). */
  manager: boolean;
}

const refuse = (
  refusal: Refusal['refusal'],
  code: string,
  message: string,
  fields?: Record<string, string>,
): Refusal => ({ ok: false, refusal, code, message, ...(fields ? { fields } : {}) });

const NOT_FOUND = refuse('not-found', 'NOT_FOUND', 'Complaint not found');
const ANONYMOUS =
  'This is an anonymous notice: it is not investigated (an investigation needs parties who can be heard)';

const investigatorOut = (r: repo.InvestigatorRow): Investigator => ({
  id: r.id,
  name: r.name,
  email: r.email,
  qualifications: r.qualifications,
  kind: r.kind,
  position: r.position,
  active: r.active,
});

interface Access {
  row: cases.ComplaintRow;
  role: InvestigationRole;
}

/**
 * Canada's investigation (docs/case.md "Canada's investigation"; CA-05, CA-06). The roster is the managers'; each
 * case's investigation is its committee's, and the appointed investigator's once appointed: the investigator reads
 * what the process gives them (the incident, the witnesses named, the evidence; never the committee's messages) and
 * writes the report. The employer reads the report once written and records the recommendations it chose and when
 * each was implemented. Every read and write is one tenant transaction that writes the case's access log; anyone
 * else, and any other case, gets 404.
 */
export class InvestigationService {
  constructor(
    private readonly db: Database,
    private readonly complaints: ComplaintService,
    private readonly clock: Clock,
    private readonly mail: Mailer,
  ) {}

  private async today(tx: Sql, ws: string): Promise<string> {
    return todayIn(await regimeOf(tx, ws), this.clock.now());
  }

  // ---------- the roster ----------

  async roster(ws: string): Promise<Investigator[]> {
    return this.db.tenant(ws, async (tx) => (await repo.roster(tx, ws)).map(investigatorOut));
  }

  async addInvestigator(actor: Actor, body: z.output<typeof InvestigatorBody>): Promise<Outcome<Investigator>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const added = await repo.insertInvestigator(tx, actor.ws, actor.userId, body);
      if (!added)
        return refuse('conflict', 'INVESTIGATOR_EXISTS', 'This address is on the roster already', {
          email: 'This address is on the roster already',
        });
      return { ok: true, value: investigatorOut(added) };
    });
  }

  async setActive(ws: string, id: string, active: boolean): Promise<Outcome<Investigator>> {
    return this.db.tenant(ws, async (tx) => {
      const row = await repo.setActive(tx, ws, id, active);
      if (!row) return refuse('not-found', 'NOT_FOUND', 'Investigator not found');
      return { ok: true, value: investigatorOut(row) };
    });
  }

  // ---------- the case's investigation ----------

  /** The caller's appointments: case numbers only (the list itself names nobody). */
  async mine(actor: Actor): Promise<MyInvestigations> {
    if (!actor.email) return { investigations: [] };
    return this.db.tenant(actor.ws, async (tx) => ({
      investigations: (await repo.appointmentsOf(tx, actor.ws, actor.email)).map((a) => ({
        complaintId: a.complaint_id,
        caseNumber: cases.caseNumberText(a.case_number),
        appointedOn: a.appointed_on,
        reportWritten: a.report,
      })),
    }));
  }

  /**
   * The caller's part: the case's committee (decided as every case read), else the appointed investigator (by the
   * account's address), else a manager once the report is written; a party or anyone else: 404.
   */
  private async access(tx: Sql, actor: InvestigationActor, id: string, lock = false): Promise<Outcome<Access>> {
    const decided = await this.complaints.decideAccess(tx, actor, id, { lock });
    if (decided.ok) {
      if (decided.value.role !== 'COMMITTEE') return NOT_FOUND;
      return { ok: true, value: { row: decided.value.row, role: 'COMMITTEE' } };
    }
    if (decided.refusal !== 'not-found') return decided;
    const row = await cases.findComplaint(tx, actor.ws, id, lock);
    if (!row) return NOT_FOUND;
    const found = await repo.investigationOf(tx, actor.ws, id);
    if (!found) return NOT_FOUND;
    // A party of the case is never its investigator, nor its employer reading the report.
    if (row.filed_by === actor.userId || row.respondent_user_id === actor.userId) return NOT_FOUND;
    if (found.appointed_on) {
      const inv = await repo.investigator(tx, actor.ws, found.investigator_id);
      if (inv && actor.email && inv.email.toLowerCase() === actor.email.toLowerCase())
        return { ok: true, value: { row, role: 'INVESTIGATOR' } };
    }
    // The employer reads the report once the investigator made it final (CA-06), as the parties do.
    if (actor.manager && found.report_final_at) return { ok: true, value: { row, role: 'EMPLOYER' } };
    return NOT_FOUND;
  }

  private async view(tx: Sql, ws: string, access: Access): Promise<Investigation> {
    const { row, role } = access;
    const found = await repo.investigationOf(tx, ws, row.id);
    const inv = found ? await repo.investigator(tx, ws, found.investigator_id) : null;
    const sees = role !== 'EMPLOYER';
    const recommendations = found?.report_submitted_at ? await repo.recommendationsOf(tx, ws, row.id) : [];
    return {
      complaintId: row.id,
      caseNumber: cases.caseNumberText(row.case_number),
      role,
      notInvestigable:
        row.compliance !== 'CA_FEDERAL'
          ? 'An investigation from a roster is a rule of Canada’s Code: this case follows another regime'
          : row.intake
            ? ANONYMOUS
            : null,
      investigator: inv
        ? { id: inv.id, name: inv.name, email: inv.email, qualifications: inv.qualifications, kind: inv.kind }
        : null,
      proposedOn: found?.proposed_on ?? null,
      complainantAgreedOn: found?.complainant_agreed_on ?? null,
      respondentAgreedOn: found?.respondent_agreed_on ?? null,
      appointedOn: found?.appointed_on ?? null,
      appointedBy: found?.appointed_by ?? null,
      candidates:
        role === 'COMMITTEE' && row.compliance === 'CA_FEDERAL' && !row.intake && !found?.appointed_on
          ? await this.candidates(tx, ws, row)
          : [],
      rosterFrom: found && !found.appointed_on ? rosterFrom(found.proposed_on) : null,
      mandateActive: mandateRuns(row, found),
      incident: sees ? { details: row.incident_details, date: row.incident_on, witnesses: row.witnesses } : null,
      evidence: sees
        ? (await repo.evidenceOf(tx, ws, row.id)).map((e) => ({ fileId: e.file_id, sha256: e.sha256 }))
        : [],
      report:
        found?.report_submitted_at && found.report_description !== null
          ? {
              description: found.report_description,
              conclusions: found.report_conclusions ?? '',
              submittedAt: new Date(found.report_submitted_at).toISOString(),
              finalAt: found.report_final_at ? new Date(found.report_final_at).toISOString() : null,
              recommendations: recommendations.map((r) => ({
                position: r.position,
                body: r.body,
                chosen: r.chosen,
                chosenOn: r.chosen_on,
                implementedOn: r.implemented_on,
              })),
            }
          : null,
    };
  }

  private async candidates(tx: Sql, ws: string, row: cases.ComplaintRow) {
    const stakes = this.stakes(row);
    const out = [];
    for (const r of await repo.roster(tx, ws)) {
      if (!r.active) continue;
      if (hasStake({ email: r.email, userId: await repo.userIdByEmail(tx, ws, r.email) }, stakes)) continue;
      out.push({ id: r.id, name: r.name, qualifications: r.qualifications, kind: r.kind });
    }
    return out;
  }

  async read(actor: InvestigationActor, id: string): Promise<Outcome<Investigation>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.access(tx, actor, id);
      if (!access.ok) return access;
      await this.complaints.log(tx, actor, id, 'investigation.read', { as: access.value.role });
      return { ok: true, value: await this.view(tx, actor.ws, access.value) };
    });
  }

  /** The committee's writes: a Canadian case, open, not an anonymous notice. */
  private async committeeWrite(tx: Sql, actor: InvestigationActor, id: string): Promise<Outcome<Access>> {
    const access = await this.access(tx, actor, id, true);
    if (!access.ok) return access;
    if (access.value.role !== 'COMMITTEE')
      return refuse('forbidden', 'FORBIDDEN', 'Only the committee assigned to the case may do this');
    const { row } = access.value;
    if (row.compliance !== 'CA_FEDERAL')
      return refuse(
        'conflict',
        'NOT_CANADA',
        'An investigation from a roster is a rule of Canada’s Code: this case follows another regime',
      );
    if (row.intake) return refuse('conflict', 'ANONYMOUS_NOTICE', ANONYMOUS);
    if (row.status === 'CLOSED') return refuse('conflict', 'CASE_CLOSED', 'The case is closed');
    return access;
  }

  /** Who has a stake in the case: its parties and the witnesses it names. */
  private stakes(row: cases.ComplaintRow) {
    return {
      emails: [row.complainant_email, row.respondent_email, ...(row.witness_emails ?? [])],
      userIds: [row.filed_by, row.respondent_user_id],
    };
  }

  async propose(actor: InvestigationActor, id: string, investigatorId: string): Promise<Outcome<Investigation>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.committeeWrite(tx, actor, id);
      if (!access.ok) return access;
      const existing = await repo.investigationOf(tx, actor.ws, id);
      if (existing?.appointed_on)
        return refuse('conflict', 'INVESTIGATOR_APPOINTED', 'An investigator is appointed to this case already');
      const inv = await repo.investigator(tx, actor.ws, investigatorId);
      if (!inv || !inv.active)
        return refuse('invalid', 'VALIDATION', 'Choose an investigator of the roster', {
          investigatorId: 'Choose an investigator of the roster',
        });
      const userId = await repo.userIdByEmail(tx, actor.ws, inv.email);
      if (hasStake({ email: inv.email, userId }, this.stakes(access.value.row)))
        return refuse('invalid', 'INVESTIGATOR_HAS_STAKE', 'This investigator has a stake in the case', {
          investigatorId: 'This investigator is a party or a witness of the case',
        });
      const today = await this.today(tx, actor.ws);
      await repo.propose(tx, actor.ws, id, inv.id, today, actor.userId);
      await this.complaints.log(tx, actor, id, 'investigation.propose', { investigatorId: inv.id });
      return { ok: true, value: await this.view(tx, actor.ws, access.value) };
    });
  }

  async recordAgreement(
    actor: InvestigationActor,
    id: string,
    party: 'COMPLAINANT' | 'RESPONDENT',
  ): Promise<Outcome<Investigation>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.committeeWrite(tx, actor, id);
      if (!access.ok) return access;
      const found = await repo.investigationOf(tx, actor.ws, id);
      if (!found) return refuse('conflict', 'NO_PROPOSAL', 'Propose an investigator first');
      if (found.appointed_on)
        return refuse('conflict', 'INVESTIGATOR_APPOINTED', 'An investigator is appointed to this case already');
      const today = await this.today(tx, actor.ws);
      await repo.recordAgreement(tx, actor.ws, id, party, today);
      await this.complaints.log(tx, actor, id, 'investigation.agreement', { party });
      const after = await repo.investigationOf(tx, actor.ws, id);
      if (after?.complainant_agreed_on && after.respondent_agreed_on) {
        await repo.appoint(tx, actor.ws, id, { by: 'AGREEMENT' }, today);
        await this.complaints.log(tx, actor, id, 'investigation.appoint', {
          by: 'AGREEMENT',
          investigatorId: after.investigator_id,
        });
      }
      return { ok: true, value: await this.view(tx, actor.ws, access.value) };
    });
  }

  async appointFromRoster(actor: InvestigationActor, id: string): Promise<Outcome<Investigation>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.committeeWrite(tx, actor, id);
      if (!access.ok) return access;
      const found = await repo.investigationOf(tx, actor.ws, id);
      if (!found) return refuse('conflict', 'NO_PROPOSAL', 'Propose an investigator to the parties first');
      if (found.appointed_on)
        return refuse('conflict', 'INVESTIGATOR_APPOINTED', 'An investigator is appointed to this case already');
      const today = await this.today(tx, actor.ws);
      if (!mayUseRoster(found.proposed_on, today))
        return refuse(
          'conflict',
          'ROSTER_TOO_EARLY',
          `The parties have until ${rosterFrom(found.proposed_on)} to agree: the roster chooses only after 60 days`,
        );
      const last = await repo.lastRosterPosition(tx, actor.ws);
      const roster = await repo.roster(tx, actor.ws);
      const stakes = this.stakes(access.value.row);
      const withUsers = await Promise.all(
        roster.map(async (r) => ({ ...r, userId: await repo.userIdByEmail(tx, actor.ws, r.email) })),
      );
      const next = nextFromRoster(withUsers, last, (r) => hasStake(r, stakes));
      if (!next)
        return refuse(
          'conflict',
          'ROSTER_EMPTY',
          'Nobody on the roster can investigate this case: add an investigator',
        );
      await repo.appoint(tx, actor.ws, id, { by: 'ROSTER', investigatorId: next.id, position: next.position }, today);
      await this.complaints.log(tx, actor, id, 'investigation.appoint', { by: 'ROSTER', investigatorId: next.id });
      return { ok: true, value: await this.view(tx, actor.ws, access.value) };
    });
  }

  /** The appointed investigator's report: refused (400 naming the field) when it carries an identifier of the parties. */
  async submitReport(
    actor: InvestigationActor,
    id: string,
    report: z.output<typeof ReportBody>,
  ): Promise<Outcome<Investigation>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.access(tx, actor, id, true);
      if (!access.ok) return access;
      if (access.value.role !== 'INVESTIGATOR')
        return refuse('forbidden', 'FORBIDDEN', 'Only the investigator appointed to the case writes its report');
      const { row } = access.value;
      if ((await repo.investigationOf(tx, actor.ws, id))?.report_final_at)
        return refuse('conflict', 'REPORT_FINAL', 'The report is final: it can no longer change');
      const recorded = await repo.recommendationsOf(tx, actor.ws, id);
      if (recorded.some((r) => r.chosen))
        return refuse(
          'conflict',
          'REPORT_ACTED_ON',
          'The employer has chosen recommendations of this report: it can no longer change',
        );
      const accounts = await repo.accountsOf(tx, actor.ws, [row.filed_by, row.respondent_user_id]);
      const identifiers = partyIdentifiers({
        names: [row.complainant_name, row.respondent_name, ...row.witnesses, ...accounts.map((a) => a.name)],
        emails: [
          row.complainant_email,
          row.respondent_email,
          ...(row.witness_emails ?? []),
          ...accounts.map((a) => a.email),
        ],
        employeeIds: accounts.map((a) => a.employee_id),
      });
      const fields: Record<string, string> = {};
      const check = (field: string, text: string) => {
        if (identifierIn(text, identifiers))
          fields[field] = 'Remove what identifies a party or a witness (a name, an email, an employee id)';
      };
      check('description', report.description);
      check('conclusions', report.conclusions);
      report.recommendations.forEach((r, i) => check(`recommendations.${i}`, r));
      if (Object.keys(fields).length > 0)
        return refuse(
          'invalid',
          'IDENTIFIER_IN_REPORT',
          'The report must carry no identifying information of the parties (Canada’s Regulations s.30)',
          fields,
        );
      await repo.saveReport(tx, actor.ws, id, report);
      await this.complaints.log(tx, actor, id, 'investigation.report', {
        recommendations: report.recommendations.length,
      });
      return { ok: true, value: await this.view(tx, actor.ws, access.value) };
    });
  }

  /**
   * The appointed investigator downloads one evidence file of the case while the mandate runs; every download is in the
   * case's access log. Anyone else (the committee reads evidence through the case itself) gets 404.
   */
  async evidenceLink(actor: InvestigationActor, id: string, fileId: string): Promise<Outcome<DownloadLink>> {
    const file = await this.db.tenant(actor.ws, async (tx): Promise<Outcome<evidenceRepo.EvidenceListRow>> => {
      const access = await this.access(tx, actor, id);
      if (!access.ok) return access;
      if (access.value.role !== 'INVESTIGATOR') return NOT_FOUND;
      if (!mandateRuns(access.value.row, await repo.investigationOf(tx, actor.ws, id)))
        return refuse(
          'forbidden',
          'MANDATE_ENDED',
          'Your mandate on this case has ended (the report is final or the case is closed): its evidence is no longer yours to download',
        );
      const f = await evidenceRepo.caseFile(tx, actor.ws, id, fileId);
      if (!f) return refuse('not-found', 'NOT_FOUND', 'No such evidence on this case');
      await this.complaints.log(tx, actor, id, 'investigation.evidence.download', { fileId });
      return { ok: true, value: f };
    });
    if (!file.ok) return file;
    return this.complaints.evidenceDownload(actor.ws, file.value);
  }

  /**
   * The investigator makes the report final: the mandate ends, the report no longer changes, and each party is sent
   * it (CA-06) at the address the case holds for them. The report names nobody (checked when written), so neither
   * party learns the other's contact details from it; the delivery is recorded in the case's access log.
   */
  async finaliseReport(actor: InvestigationActor, id: string): Promise<Outcome<Investigation>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.access(tx, actor, id, true);
      if (!access.ok) return access;
      if (access.value.role !== 'INVESTIGATOR')
        return refuse('forbidden', 'FORBIDDEN', 'Only the investigator appointed to the case makes its report final');
      const found = await repo.investigationOf(tx, actor.ws, id);
      if (!found?.report_submitted_at) return refuse('conflict', 'NO_REPORT', 'Write the report first');
      if (found.report_final_at) return refuse('conflict', 'REPORT_FINAL', 'The report is final already');
      const { row } = access.value;
      if (row.status === 'CLOSED') return refuse('conflict', 'CASE_CLOSED', 'The case is closed');
      await repo.finaliseReport(tx, actor.ws, id);
      await this.complaints.log(tx, actor, id, 'investigation.report.final');
      const caseNumber = cases.caseNumberText(row.case_number);
      const recommendations = await repo.recommendationsOf(tx, actor.ws, id);
      const parties = [
        { party: 'COMPLAINANT', to: row.complainant_email },
        { party: 'RESPONDENT', to: row.respondent_email },
      ] as const;
      const sent = parties.filter((p): p is { party: (typeof p)['party']; to: string } => !!p.to);
      // Each party reads the report in their own language (their choice, else the workspace's default).
      const mails = [];
      for (const p of sent) {
        mails.push({
          workspaceId: actor.ws,
          to: p.to,
          ...templates.investigatorReport({
            ...(await recipientByAddress(tx, actor.ws, p.to)),
            caseNumber,
            description: found.report_description ?? '',
            conclusions: found.report_conclusions ?? '',
            recommendations,
          }),
        });
      }
      await this.mail.sendMany(mails, tx);
      await this.complaints.log(tx, actor, id, 'investigation.report.delivered', {
        sentTo: sent.map((p) => p.party),
        noAddress: parties.filter((p) => !p.to).map((p) => p.party),
      });
      return { ok: true, value: await this.view(tx, actor.ws, access.value) };
    });
  }

  /** The committee ends the investigator's part before the report is final, with its reasons; the choice starts anew. */
  async removeInvestigator(actor: InvestigationActor, id: string, reason: string): Promise<Outcome<Investigation>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.committeeWrite(tx, actor, id);
      if (!access.ok) return access;
      const found = await repo.investigationOf(tx, actor.ws, id);
      if (!found) return refuse('conflict', 'NO_PROPOSAL', 'No investigator is proposed or appointed on this case');
      if (found.report_final_at)
        return refuse('conflict', 'REPORT_FINAL', 'The report is final: the investigator’s part is done');
      await repo.removeInvestigation(tx, actor.ws, id);
      await this.complaints.log(tx, actor, id, 'investigation.remove', {
        investigatorId: found.investigator_id,
        appointed: found.appointed_on !== null,
        reason,
      });
      return { ok: true, value: await this.view(tx, actor.ws, access.value) };
    });
  }

  /** A party (or the committee) reads the final report; before it is final, and to anyone else, 404. */
  async partyReport(actor: Actor, id: string): Promise<Outcome<PartyReport>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const decided = await this.complaints.decideAccess(tx, actor, id);
      if (!decided.ok) return decided.refusal === 'forbidden' ? NOT_FOUND : decided;
      const found = await repo.investigationOf(tx, actor.ws, id);
      if (!found?.report_final_at || found.report_description === null) return NOT_FOUND;
      await this.complaints.log(tx, actor, id, 'investigation.report.read', { as: decided.value.role });
      return {
        ok: true,
        value: {
          caseNumber: cases.caseNumberText(decided.value.row.case_number),
          description: found.report_description,
          conclusions: found.report_conclusions ?? '',
          recommendations: (await repo.recommendationsOf(tx, actor.ws, id)).map((r) => r.body),
          finalAt: new Date(found.report_final_at).toISOString(),
        },
      };
    });
  }

  /** The employer records a recommendation chosen (or not) and the day it was implemented. */
  async recordRecommendation(
    actor: InvestigationActor,
    id: string,
    position: number,
    body: z.output<typeof RecommendationBody>,
  ): Promise<Outcome<Investigation>> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.access(tx, actor, id, true);
      if (!access.ok) return access;
      // The employer (a manager; one who also sits on the case's committee chooses jointly with it).
      if (!actor.manager || access.value.role === 'INVESTIGATOR') return NOT_FOUND;
      const recommendations = await repo.recommendationsOf(tx, actor.ws, id);
      const current = recommendations.find((r) => r.position === position);
      if (!current) return refuse('not-found', 'NOT_FOUND', 'The report has no such recommendation');
      const today = await this.today(tx, actor.ws);
      if (body.implementedOn && !body.chosen)
        return refuse('invalid', 'VALIDATION', 'Only a recommendation chosen is implemented', {
          implementedOn: 'Choose the recommendation first',
        });
      if (body.implementedOn && body.implementedOn > today)
        return refuse('invalid', 'VALIDATION', 'The day it was implemented cannot be in the future', {
          implementedOn: 'Not a future day',
        });
      await repo.saveRecommendation(tx, actor.ws, id, position, {
        chosen: body.chosen,
        chosenOn: body.chosen ? (current.chosen_on ?? today) : null,
        implementedOn: body.implementedOn,
        userId: actor.userId,
      });
      await this.complaints.log(tx, actor, id, 'investigation.recommendation', {
        position,
        chosen: body.chosen,
        implementedOn: body.implementedOn,
      });
      return { ok: true, value: await this.view(tx, actor.ws, access.value) };
    });
  }
}
