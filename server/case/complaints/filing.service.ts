import type { z } from 'zod';
import { FileComplaintBody } from '../../../src/contracts/case/complaints.contract';
import type {
  ComplaintDetail,
  ComplaintForm,
  DownloadLink,
  EvidenceFile,
  EvidenceTicket,
} from '../../../src/contracts/case/complaints.contract';
import { membersWhoAreParties, presidingForCase, witnessEmails } from '../../../src/domain/complaints/committee';
import { filingTimeliness } from '../../../src/domain/complaints/statutory-clocks';
import { type Database } from '../../platform/db/database';
import type { Mailer, OutgoingMail } from '../../platform/messages';
import type { EvidenceVault } from '../../platform/evidence-vault';
import { EvidenceFiles } from './evidence.service';
import * as evidenceRepo from './evidence.repository';
import * as files from '../../platform/files/files.repository';
import { ensureStandardForm, listComponents } from '../builder/builder.repository';
import * as repo from './complaints.repository';
import * as filingRepo from './filing.repository';
import { userIdByEmail } from './investigations.repository';
import { formResourceFile, formResourceLink } from './form-resources';
import { recusesWitnesses, regimeOf } from './regime';
import { ok, raise, refuse, refusing, type Outcome as Result } from '../../platform/refusal';
import { tooManyComplaints } from './filing-limits';
import { recipientOf } from '../../platform/languages';
import { templates } from '../../platform/message-templates';
import { filedForProblems } from '../../../src/domain/complaints/filing';
import { formerEmployeeProblems, lateNoticeExtension } from '../../../src/domain/complaints/former-employee';
import { recordLateNotice } from './former-employee.repository';
import { systemClock, type Clock } from '../../platform/clock';
import { emitWebhookEvent } from '../../platform/webhooks/webhook-outbox';
import type { ComplaintService, Actor } from './complaints.service';

/** How many complaints a member files a day when ServerSettings.complaintsPerDay is not set. */
export const DEFAULT_COMPLAINTS_PER_DAY = 5;

export const filingLimits = (deps: { settings: { complaintsPerDay?: number } }) => ({
  complaintsPerDay: deps.settings.complaintsPerDay ?? DEFAULT_COMPLAINTS_PER_DAY,
});

/**
 * Filing a complaint (docs/case.md "Complaints"): the form of the published process, its evidence uploads, and the
 * complaint itself (validated, numbered, its committee's parties recused, its receipt mailed), in one tenant
 * transaction. The case's part-taking and reads are the case's (complaints.service.ts).
 */
export class FilingService {
  private readonly evidence: EvidenceFiles;

  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
    /** The case: who may do what in it, its log and its read (complaints.service.ts). */
    private readonly cases: ComplaintService,
    /** Evidence encrypted at rest (docs/files.md "Evidence at rest"); without it evidence uploads answer 503. */
    vault?: EvidenceVault,
    /** The server's clock port (tests move it). */
    private readonly clock: Clock = systemClock,
    /** Filing limits (ServerSettings.complaintsPerDay; `COMPLAINTS_PER_DAY`). */
    private readonly limits: { complaintsPerDay: number } = { complaintsPerDay: DEFAULT_COMPLAINTS_PER_DAY },
  ) {
    this.evidence = new EvidenceFiles(db, vault);
  }

  async form(actor: Actor): Promise<Result<ComplaintForm>> {
    return refusing(async () =>
      ok(
        await this.db.tenant(actor.ws, async (tx) => {
          const published = await this.cases.publishedFor(tx, actor);
          if (!published)
            raise(
              refuse(
                'not-found',
                'NOT_FOUND',
                'No complaint process has been published in this workspace yet. Ask your HR team.',
              ),
            );
          await ensureStandardForm(tx, actor.ws, published.version_id);
          const committee = await this.cases.committeeFor(tx, actor);
          const regime = await regimeOf(tx, actor.ws);
          return {
            workflowId: published.workflow_id,
            workflowVersionId: published.version_id,
            workflowName: published.workflow_name,
            compliance: regime.compliance,
            components: await listComponents(tx, actor.ws, published.version_id),
            committeeConstituted: committee !== null,
          };
        }),
      ),
    );
  }

  /** The file an admin attached to a field of the form the caller files through (form-resources.ts). */
  async formResource(actor: Actor, attributeId: string): Promise<Result<DownloadLink>> {
    return refusing(async () => {
      const urls = this.cases.store();
      const file = await this.db.tenant(actor.ws, async (tx) => {
        const published = await this.cases.publishedFor(tx, actor);
        if (!published) raise(refuse('not-found', 'NOT_FOUND', 'This form has no such file'));
        return formResourceFile(tx, actor.ws, published.version_id, attributeId);
      });
      return ok(await formResourceLink(urls, actor.ws, file));
    });
  }

  /** An upload URL for one evidence file of the caller's, through the vault (evidence.service.ts), within their quota. */
  async evidenceUpload(actor: Actor, upload: { fileName: string; size: number }): Promise<EvidenceTicket> {
    return this.db.tenant(actor.ws, (tx) =>
      this.evidence.ticket(tx, actor.ws, { kind: 'member', userId: actor.userId }, upload),
    );
  }

  /** Confirms an evidence upload of the caller's: measured, checked for what it claims, typed by its bytes, kept. */
  async confirmEvidence(actor: Actor, fileId: string): Promise<Result<EvidenceFile>> {
    return refusing(async () => {
      const row = await this.db.tenant(actor.ws, (tx) => files.findFile(tx, actor.ws, fileId));
      if (!row || (row.purpose as string) !== 'EVIDENCE' || row.owner_id !== actor.userId)
        raise(refuse('not-found', 'NOT_FOUND', 'No such file'));
      if (row.status !== 'CONFIRMED') {
        const found = await this.evidence.inspect(actor.ws, fileId);
        if (!found)
          raise(
            refuse(
              'conflict',
              'NOT_UPLOADED',
              'Nothing has been uploaded with this link yet: upload the file, then confirm.',
            ),
          );
        await this.db.tenant(actor.ws, (tx) =>
          files.markConfirmed(tx, actor.ws, fileId, { size: found.size, type: found.type, language: null }),
        );
      }
      const done = await this.db.tenant(actor.ws, (tx) => evidenceRepo.sealedRow(tx, actor.ws, fileId));
      if (!done) raise(refuse('not-found', 'NOT_FOUND', 'No such file'));
      return ok(this.evidence.describe([done])[0]);
    });
  }

  /**
   * `recorder`: a committee member recording it on the complainant's behalf (server/case/complaints/on-behalf.service.ts):
   * the case then waits for the complainant's confirmation, and the access log names the member.
   */
  async file(
    actor: Actor,
    body: z.output<typeof FileComplaintBody>,
    recorder?: { actor: Actor; channel: 'ORAL_NOTICE' | 'HELP_TO_WRITE' },
  ): Promise<Result<ComplaintDetail>> {
    return refusing(async () => {
      const doer = recorder?.actor ?? actor;
      const mails: OutgoingMail[] = [];
      const id = await this.db.tenant(actor.ws, async (tx) => {
        const published = await this.cases.publishedFor(tx, actor);
        if (!published)
          raise(
            refuse(
              'conflict',
              'CONFLICT',
              'No complaint process has been published in this workspace yet. Ask your HR team.',
            ),
          );
        await ensureStandardForm(tx, actor.ws, published.version_id);
        const regime = await regimeOf(tx, actor.ws);
        const today = this.cases.today(regime);
        const fields: Record<string, string> = {};
        if (body.incident.date > today) fields['incident.date'] = 'The incident cannot be after today';
        Object.assign(fields, formerEmployeeProblems(regime.compliance, body.formerEmployee, today));
        // IN-03: filed for her only in a capacity the POSH Rules allow, with why she cannot, and on a POSH case.
        if (body.filedFor) {
          if (regime.compliance !== 'IN_POSH')
            fields['filedFor.capacity'] = 'IN-03: filing for another person is a rule of the POSH Rules (India)';
          else Object.assign(fields, filedForProblems(body.filedFor));
          if (body.filedAs !== 'COMPLAINANT') fields.filedAs = 'IN-03: a complaint filed for her is filed as hers';
        }
        // Self-filed as the complainant: the complainant is the signed-in filer, at the account's own address (no free
        // address: the receipt would be a mail cannon in the workspace's name). On-behalf filing names the account itself.
        if (
          !recorder &&
          body.filedAs === 'COMPLAINANT' &&
          body.complainant.email.toLowerCase() !== actor.email.toLowerCase()
        ) {
          fields['complainant.email'] =
            `As the complainant, your own address (${actor.email}) receives the receipt and updates`;
        }

        // The fields an admin added: required ones answered, unknown ones refused.
        const components = await listComponents(tx, actor.ws, published.version_id);
        const custom = components.flatMap((c) => c.attributes).filter((a) => a.systemKey === null);
        for (const a of custom) {
          if (a.required && !(body.answers[a.attributeId] ?? '').trim())
            fields[`answers.${a.attributeId}`] = `Answer "${a.label}"`;
        }
        for (const key of Object.keys(body.answers)) {
          if (!custom.some((a) => a.attributeId === key)) fields[`answers.${key}`] = 'Not a field of this form';
        }

        // Evidence: confirmed evidence uploads of the filer's own, not yet on another case.
        if (body.incident.evidenceFileIds.length > 0) {
          const good = await filingRepo.unattachedEvidence(tx, actor.ws, body.incident.evidenceFileIds, doer.userId);
          body.incident.evidenceFileIds.forEach((f, i) => {
            if (!good.has(f))
              fields[`incident.evidenceFileIds.${i}`] = 'Not an evidence file you uploaded and confirmed';
          });
        }
        if (Object.keys(fields).length)
          raise(refuse('invalid', 'VALIDATION', `Invalid complaint: ${Object.keys(fields).join(', ')}`, fields));

        const committee = body.againstEmployer ? null : await this.cases.committeeFor(tx, actor);
        const members = committee ? await repo.membersOf(tx, actor.ws, [committee]) : [];
        const respondentUserId = body.respondent.email
          ? await userIdByEmail(tx, actor.ws, body.respondent.email)
          : null;
        const witnesses = witnessEmails(body.incident.witnesses);
        const recused = membersWhoAreParties(
          members.map((m) => ({ userId: m.user_id, email: m.email })),
          {
            complainantUserId: actor.userId,
            respondentUserId,
            emails: [
              body.complainant.email,
              body.respondent.email,
              ...((await recusesWitnesses(tx, actor.ws)) ? witnesses : []),
            ],
          },
        );
        const timeliness = filingTimeliness(body.incident.date, today);
        // Who presides when the presiding officer is a party: the first member not recused who may (IN-06).
        const domainCommittee = this.cases.domainCommittee(members);
        const presiding = presidingForCase(domainCommittee, new Set(recused), null);
        const substitute = presiding
          ? null
          : (members.find((m) => !recused.includes(m.user_id) && m.role !== 'EXTERNAL_MEMBER')?.user_id ?? null);

        await filingRepo.lockCaseNumbers(tx, actor.ws);
        if (!recorder) {
          // A member files at most `perDay` complaints a day (counted under the lock above, so two at once count both).
          const filed = await filingRepo.filedOn(tx, actor.ws, actor.userId, today);
          if (filed >= this.limits.complaintsPerDay)
            tooManyComplaints(this.limits.complaintsPerDay, today, this.clock.now());
        }
        const next = await filingRepo.nextCaseNumber(tx, actor.ws);
        const row = {
          id: await filingRepo.insertComplaint(tx, actor.ws, {
            caseNumber: next,
            compliance: regime.compliance,
            committeeId: committee,
            workflowId: published.workflow_id,
            versionId: published.version_id,
            filedBy: actor.userId,
            filedAs: body.filedAs,
            complainant: body.complainant,
            respondent: { ...body.respondent, userId: respondentUserId },
            againstEmployer: body.againstEmployer,
            incidentDetails: body.incident.details,
            incidentOn: body.incident.date,
            witnesses: body.incident.witnesses,
            answers: body.answers,
            receivedOn: today,
            timeliness: timeliness.timeliness,
            presidingMemberId: substitute,
            witnessEmails: witnesses,
            filedFor: {
              capacity: body.filedFor?.capacity ?? null,
              reason: body.filedFor?.reason ?? null,
              consent: body.filedFor ? body.filedFor.writtenConsent : null,
            },
            formerEmployeeLeftOn: body.formerEmployee?.leftOn ?? null,
          }),
        };
        for (const fileId of body.incident.evidenceFileIds)
          await filingRepo.attachEvidence(tx, actor.ws, row.id, fileId, doer.userId);
        for (const userId of recused) await repo.recuseFoundParty(tx, actor.ws, row.id, userId);
        const lateNotice = lateNoticeExtension(regime.compliance, body.formerEmployee, today);
        if (lateNotice && body.formerEmployee)
          await recordLateNotice(tx, {
            ws: actor.ws,
            complaintId: row.id,
            actorUserId: doer.userId,
            ip: doer.ip,
            leftOn: body.formerEmployee.leftOn,
            extension: lateNotice,
          });
        const caseNumber = repo.caseNumberText(next);
        await repo.caseAudit(tx, {
          ws: actor.ws,
          complaintId: row.id,
          actorUserId: doer.userId,
          action: 'complaint.file',
          ip: doer.ip,
          details: {
            ...(recorder ? { onBehalfOf: actor.userId, channel: recorder.channel } : {}),
            ...(body.filedFor
              ? { filedFor: { capacity: body.filedFor.capacity, writtenConsent: body.filedFor.writtenConsent } }
              : {}),
            caseNumber,
            timeliness: timeliness.timeliness,
            evidence: body.incident.evidenceFileIds.length,
            recused: recused.length,
            referral: committee ? null : 'LOCAL_COMMITTEE',
          },
        });
        // The complainant reads the receipt in their language (the filer's account; docs/i18n.md).
        const reader = await recipientOf(tx, actor.ws, actor.userId);
        const receipt = (to: string) => ({
          workspaceId: actor.ws,
          to,
          ...templates.complaintReceipt({
            ...reader,
            caseNumber,
            receivedOn: today,
            committee: Boolean(committee),
            late: timeliness.timeliness !== 'ON_TIME',
          }),
        });
        if (recorder) {
          // The case waits for the complainant: no clock runs and no step can be completed until they confirm.
          await filingRepo.markRecordedForConfirmation(tx, actor.ws, row.id, recorder.actor.userId, recorder.channel);
          mails.push({
            workspaceId: actor.ws,
            to: body.complainant.email,
            ...templates.complaintToConfirm({ ...reader, caseNumber, recordedOn: today }),
          });
        } else {
          // The receipt goes to the filer's own account address only (a witness filing names someone else: not mailed).
          mails.push(receipt(actor.email));
        }
        for (const m of members.filter((m) => !recused.includes(m.user_id))) {
          mails.push({
            workspaceId: actor.ws,
            to: m.email,
            ...templates.newComplaint({ caseNumber, confidentialReport: false }),
          });
        }
        await this.mail.sendMany(mails, tx);
        // Webhooks hear of case milestones with the case number and the stage only: no names, no content.
        await emitWebhookEvent(tx, actor.ws, 'case.stage_changed', { caseNumber, stage: 'RECEIVED' });
        return row.id;
      });
      return this.cases.read(actor, id, { audit: false });
    });
  }
}
