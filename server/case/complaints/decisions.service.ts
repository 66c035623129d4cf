import type {
  ComplaintDetail,
  Outcome,
  StepMail,
  StepRecipient,
  StepRecipients,
} from '../../../src/contracts/case/complaints.contract';
import { formatDate } from '../../../src/domain/shared/date-time';
import { type ClockId } from '../../../src/domain/complaints/statutory-clocks';
import { DEFAULT_ACTION_MAILS } from '../../../src/domain/workflows/builder-rules';
import type { ActionType } from '../../../src/domain/workflows/workflow-rules';
import { type Database, type Sql } from '../../platform/db/database';
import type { Mailer, OutgoingMail } from '../../platform/messages';
import { listActionSettings } from '../builder/builder.repository';
import * as repo from './complaints.repository';
import * as decisionsRepo from './decisions.repository';
import { notifyReporter } from './intake.repository';
import { dateTimeSettingsOf, regimeOf } from './regime';
import { closeGate, stepGate } from './case-runtime.service';
import { ok, raise, refuse, refusing, type Outcome as Result } from '../../platform/refusal';
import { compositionGate, hearingGate } from './hearings.service';
import { appealWindow } from '../../../src/domain/complaints/statutory-clocks';
import { recipientByAddress } from '../../platform/languages';
import { templates } from '../../platform/message-templates';
import { emitWebhookEvent } from '../../platform/webhooks/webhook-outbox';
import type { ComplaintService, Actor } from './complaints.service';

/** A completed step whose time limit is a statutory clock meets that clock: the date it records. */
const CLOCK_MET_BY: Record<ClockId, repo.DateColumn | null> = {
  IN_RESPONDENT_COPY: 'respondent_copy_sent_on',
  IN_RESPONDENT_REPLY: 'respondent_reply_on',
  IN_INQUIRY: 'inquiry_completed_on',
  IN_REPORT: 'report_issued_on',
  IN_EMPLOYER_ACTION: 'employer_action_on',
  IN_APPEAL_WINDOW: null,
  CA_FIRST_CONTACT: 'first_contact_on',
  CA_NEGOTIATED_MEETING: 'negotiated_meeting_on',
  CA_RESOLUTION: 'resolved_on',
};

/** A mail an action step sends on a case, with its recipients (DecisionService.plannedMails). */
interface PlannedMail extends StepMail {
  text: string;
}

/**
 * The committee's decisions on a case (docs/case.md "Complaints"): completing a step of its workflow (the step's mails
 * to the recipients the member confirmed), closing the case, and a member recusing themself.
 */
export class DecisionService {
  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
    /** The case: who may do what in it, its log and its read (complaints.service.ts). */
    private readonly cases: ComplaintService,
  ) {}

  /**
   * The mails an ACTION step would send on this case, with their recipients: the respondent (INFORM_RESPONDENT, NOTIFY
   * RESPONDENT) or the workspace's employers (INFORM_EMPLOYER, NOTIFY EMPLOYER, TRANSFER_COMPLAINT), never a free
   * address (migration 0053). `problem`: why the step cannot send them now.
   */
  private async plannedMails(
    tx: Sql,
    actor: Actor,
    row: repo.ComplaintRow,
    step: repo.StepRow,
    today: string,
  ): Promise<{ mails: PlannedMail[]; problem: string | null }> {
    if (step.kind !== 'ACTION') return { mails: [], problem: null };
    const caseNumber = repo.caseNumberText(row.case_number);
    const settings = await listActionSettings(tx, actor.ws, row.version_id);
    const employers = await decisionsRepo.activeEmployers(tx, actor.ws);
    const mails: PlannedMail[] = [];
    let problem: string | null = null;
    for (const type of (step.settings.actionTypes ?? []) as ActionType[]) {
      const setting = settings.find((s) => s.actionType === type) ?? {
        ...DEFAULT_ACTION_MAILS[type],
        includeComplaintCopy: type === 'INFORM_RESPONDENT',
      };
      const regime = await regimeOf(tx, actor.ws);
      const dueOn =
        type === 'INFORM_RESPONDENT'
          ? this.cases
              .clocks({ ...row, respondent_copy_sent_on: today }, regime, today)
              .find((c) => c.id === 'IN_RESPONDENT_REPLY')?.dueOn
          : null;
      // The mail says the day as the workspace writes it (12 Dec 2026), not as ISO.
      const dueDate = dueOn ? formatDate(dueOn, dateTimeSettingsOf(regime)) : '';
      const fill = (text: string) =>
        text.replace(
          /\{\{\s*(\w+)\s*\}\}/g,
          (_, name: string) =>
            ({ caseNumber, stepName: step.name, workspaceName: actor.workspaceName, dueDate })[name as 'caseNumber'] ??
            '',
        );
      const party =
        type === 'INFORM_RESPONDENT' || (type === 'NOTIFY' && step.settings.party === 'RESPONDENT')
          ? 'RESPONDENT'
          : 'EMPLOYER';
      const recipients: StepRecipient[] =
        party === 'RESPONDENT'
          ? row.respondent_email
            ? [
                {
                  email: row.respondent_email.toLowerCase(),
                  name: row.respondent_name ?? 'The respondent',
                  kind: 'RESPONDENT',
                },
              ]
            : []
          : employers.map((e) => ({ email: e.email, name: e.name || e.email, kind: 'EMPLOYER' as const }));
      if (recipients.length === 0)
        problem ??=
          party === 'RESPONDENT'
            ? 'The complaint gives no email for the respondent: add it before this step'
            : 'The workspace has no employer to inform';
      // The copy a party receives is what that party may see of the form (field visibility, docs/case.md).
      const copy = setting.includeComplaintCopy ? await this.complaintCopy(tx, actor.ws, row, party) : '';
      mails.push({
        actionType: type,
        subject: fill(setting.mailSubject),
        text: fill(setting.mailBody) + copy,
        complaintCopy: setting.includeComplaintCopy,
        recipients,
      });
    }
    return { mails, problem };
  }

  /** The complaint as copied into a mail to `party`: the incident and witnesses, when the form lets that party see them. */
  private async complaintCopy(
    tx: Sql,
    ws: string,
    row: repo.ComplaintRow,
    party: 'RESPONDENT' | 'EMPLOYER',
  ): Promise<string> {
    const visible = await this.cases.visibleFields(tx, ws, row, party);
    const caseNumber = repo.caseNumberText(row.case_number);
    const parts = [
      visible.system.has('INCIDENT_DATE') || visible.system.has('INCIDENT_DETAILS')
        ? `Incident${visible.system.has('INCIDENT_DATE') ? ` on ${row.incident_on}` : ''}:`
        : '',
      visible.system.has('INCIDENT_DETAILS') ? row.incident_details : '',
      visible.system.has('INCIDENT_WITNESSES') && row.witnesses.length ? `Witnesses: ${row.witnesses.join('; ')}` : '',
    ].filter(Boolean);
    return `\n\n--- Copy of the complaint (case ${caseNumber}) ---\n${parts.length ? parts.join('\n') : 'The form lets you see none of its fields: the committee will tell you what it may.'}`;
  }

  /** Who the mails of a step would go to (committee only): the "Complete step" dialog shows them before the member confirms. */
  async stepRecipients(actor: Actor, id: string, stepId: string): Promise<Result<StepRecipients>> {
    return refusing(async () =>
      ok(
        await this.db.tenant(actor.ws, async (tx) => {
          const { row } = await this.cases.access(tx, actor, id, { committeeOnly: true });
          const step = (await repo.stepsOf(tx, actor.ws, id, row.version_id)).find((s) => s.id === stepId);
          if (!step) raise(refuse('not-found', 'NOT_FOUND', 'No such step in this case’s workflow'));
          const { mails, problem } = await this.plannedMails(
            tx,
            actor,
            row,
            step,
            this.cases.today(await regimeOf(tx, actor.ws)),
          );
          await this.cases.log(tx, actor, id, 'step.recipients.read', { stepId });
          return { stepId, mails: mails.map(({ text: _text, ...m }) => m), problem };
        }),
      ),
    );
  }

  async completeStep(
    actor: Actor,
    id: string,
    stepId: string,
    body: { note: string; confirmedRecipients?: string[] },
  ): Promise<Result<ComplaintDetail>> {
    return refusing(async () => {
      await this.db.tenant(actor.ws, async (tx) => {
        const access = await this.cases.access(tx, actor, id, { committeeOnly: true, lock: true });
        const row = access.row;
        if (row.status === 'CLOSED') raise(refuse('conflict', 'CONFLICT', 'The case is closed'));
        const steps = await repo.stepsOf(tx, actor.ws, id, row.version_id);
        const step = steps.find((s) => s.id === stepId);
        if (!step) raise(refuse('not-found', 'NOT_FOUND', 'No such step in this case’s workflow'));
        if (step.completed_at) raise(refuse('conflict', 'CONFLICT', 'This step is already complete'));
        if (row.confirmation_pending)
          raise(
            refuse(
              'conflict',
              'CONFLICT',
              'The complainant has not confirmed this complaint yet: the case proceeds once they do',
            ),
          );
        const waiting = await stepGate(tx, actor.ws, row.version_id, steps, stepId);
        if (waiting) raise(waiting);
        // IN-06: a hearing of this step held without its quorum keeps the step open.
        const noQuorum = step.kind === 'MEETING' ? await hearingGate(tx, actor.ws, access, stepId) : null;
        if (noQuorum) raise(noQuorum);
        const today = this.cases.today(await regimeOf(tx, actor.ws));
        // IN-02: a committee not constituted as the Act asks proceeds only on the presiding officer's written override.
        const constitution = await compositionGate(tx, actor.ws, access, today);
        if (constitution) raise(constitution);
        const planned = await this.plannedMails(tx, actor, row, step, today);
        if (planned.problem) {
          raise(
            refuse('conflict', 'CONFLICT', planned.problem, {
              stepId: planned.problem.startsWith('The complaint gives no email')
                ? 'No respondent email'
                : 'No employer',
            }),
          );
        }
        // The member confirms who receives the case's mail: the addresses they were shown, exactly.
        const addresses = [...new Set(planned.mails.flatMap((m) => m.recipients.map((r) => r.email)))].sort();
        if (addresses.length) {
          if (!body.confirmedRecipients) {
            raise(
              refuse('invalid', 'VALIDATION', 'Confirm who receives the mails of this step', {
                confirmedRecipients: 'Review and confirm the recipients of this step’s mails',
              }),
            );
          }
          const confirmed = [...new Set(body.confirmedRecipients.map((e) => e.toLowerCase()))].sort();
          if (confirmed.join('\n') !== addresses.join('\n')) {
            raise(
              refuse(
                'conflict',
                'CONFLICT',
                'The recipients of this step changed since they were shown: review them again',
                {
                  confirmedRecipients: 'The recipients changed: review them again',
                },
              ),
            );
          }
        }
        const mails: OutgoingMail[] = planned.mails.flatMap((m) =>
          m.recipients.map((r) => ({ workspaceId: actor.ws, to: r.email, subject: m.subject, text: m.text })),
        );
        if (step.kind === 'ACTION') {
          if ((step.settings.actionTypes ?? []).includes('INFORM_RESPONDENT') && !row.respondent_copy_sent_on)
            await repo.setCaseDate(tx, actor.ws, id, 'respondent_copy_sent_on', today);
        } else if (row.compliance === 'CA_FEDERAL' && !row.negotiated_meeting_on) {
          // CA-04: the first meeting step completed is the negotiated-resolution meeting held.
          await repo.setCaseDate(tx, actor.ws, id, 'negotiated_meeting_on', today);
        }
        if (step.time_limit?.kind === 'STATUTORY') {
          const column = CLOCK_MET_BY[step.time_limit.clockId as ClockId];
          if (column && !row[column]) await repo.setCaseDate(tx, actor.ws, id, column, today);
        }
        await decisionsRepo.completeStep(tx, actor.ws, id, stepId, body.note, actor.userId);
        await this.mail.sendMany(mails, tx);
        // The stage is the workflow step's name, from the process every case of the workspace follows: no case content.
        await emitWebhookEvent(tx, actor.ws, 'case.stage_changed', {
          caseNumber: repo.caseNumberText(row.case_number),
          stage: `STEP_COMPLETED: ${step.name}`.slice(0, 200),
        });
        // Every mail with its recipients, in the case's access log.
        await this.cases.log(tx, actor, id, 'step.complete', {
          stepId,
          stepName: step.name,
          mails: planned.mails.map((m) => ({
            actionType: m.actionType,
            subject: m.subject,
            complaintCopy: m.complaintCopy,
            to: m.recipients.map((r) => r.email),
          })),
        });
      });
      return this.cases.read(actor, id, { audit: false });
    });
  }

  async close(
    actor: Actor,
    id: string,
    body: { outcome: Outcome; summary: string; override?: { reasons: string } },
  ): Promise<Result<ComplaintDetail>> {
    return refusing(async () => {
      await this.db.tenant(actor.ws, async (tx) => {
        const access = await this.cases.access(tx, actor, id, { committeeOnly: true, lock: true });
        const row = access.row;
        if (row.status === 'CLOSED') raise(refuse('conflict', 'CONFLICT', 'The case is already closed'));
        const gate = await closeGate(
          tx,
          actor.ws,
          access,
          await repo.stepsOf(tx, actor.ws, id, row.version_id),
          actor.userId,
          body.override,
        );
        if (!gate.ok) raise(gate);
        const today = this.cases.today(await regimeOf(tx, actor.ws));
        // The committee's decision is its report: the inquiry is complete and the report issued today unless recorded
        // before; the appeal window (IN-10) runs from here, and the record is kept through it.
        await decisionsRepo.closeCase(tx, actor.ws, id, {
          outcome: body.outcome,
          summary: body.summary,
          by: actor.userId,
          today,
        });
        const caseNumber = repo.caseNumberText(row.case_number);
        const to = [
          ...(row.complainant_email ? [row.complainant_email] : []),
          ...(row.respondent_copy_sent_on && row.respondent_email ? [row.respondent_email] : []),
        ];
        if (row.intake) await notifyReporter(tx, this.mail, actor.ws, id);
        const appealBy =
          row.compliance === 'IN_POSH' ? appealWindow({ reportIssuedOn: row.report_issued_on ?? today })!.endsOn : null;
        const closedMails: OutgoingMail[] = [];
        for (const address of to)
          closedMails.push({
            workspaceId: actor.ws,
            to: address,
            ...templates.caseClosedToParty({
              ...(await recipientByAddress(tx, actor.ws, address)),
              caseNumber,
              appealBy,
            }),
          });
        await this.mail.sendMany(closedMails, tx);
        await emitWebhookEvent(tx, actor.ws, 'case.stage_changed', { caseNumber, stage: 'CLOSED' });
        await this.cases.log(tx, actor, id, 'complaint.close', { outcome: body.outcome });
        if (gate.value.length > 0)
          await this.cases.log(tx, actor, id, 'complaint.close.override', {
            reasons: body.override!.reasons,
            steps: gate.value.map((st) => st.name),
          });
      });
      return this.cases.read(actor, id, { audit: false });
    });
  }

  async recuse(actor: Actor, id: string, note: string): Promise<Result<{ ok: true }>> {
    return refusing(async () => {
      await this.db.tenant(actor.ws, async (tx) => {
        const access = await this.cases.access(tx, actor, id, { committeeOnly: true, lock: true });
        await decisionsRepo.recuseSelf(tx, actor.ws, id, actor.userId, note);
        // The one presiding steps down: the next member who may preside does (IN-06).
        if (access.presiding?.userId === actor.userId) {
          const recused = new Set([...access.recused, actor.userId]);
          const next = access.members.find(
            (m) => !recused.has(m.user_id) && m.role !== 'EXTERNAL_MEMBER' && m.role !== 'PRESIDING_OFFICER',
          );
          await decisionsRepo.setPresiding(tx, actor.ws, id, next?.user_id ?? null);
        }
        await this.cases.log(tx, actor, id, 'member.recuse', {});
      });
      return ok({ ok: true as const });
    });
  }
}
