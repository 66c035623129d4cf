import { randomBytes, randomInt, scrypt as scryptCb } from 'node:crypto';
import { formerEmployeeProblems, lateNoticeExtension } from '../../../src/domain/complaints/former-employee';
import { recordLateNotice } from './former-employee.repository';
import { promisify } from 'node:util';
import type { z } from 'zod';
import type {
  CaseMessage,
  DownloadLink,
  EvidenceFile,
  EvidenceTicket,
} from '../../../src/contracts/case/complaints.contract';
import type {
  CaseEvent,
  IntakeBody,
  IntakeForm,
  IntakeReceipt,
  ReporterCase,
} from '../../../src/contracts/case/intake.contract';
import { IntakeBody as IntakeBodySchema } from '../../../src/contracts/case/intake.contract';
import { membersWhoAreParties, presidingForCase, witnessEmails } from '../../../src/domain/complaints/committee';
import { filingTimeliness } from '../../../src/domain/complaints/statutory-clocks';
import { audit } from '../../platform/audit';
import type { Database, Sql } from '../../platform/db/database';
import type { Mailer } from '../../platform/messages';
import type { PasswordHasher } from '../../platform/passwords';
import type { Limit, RateLimits } from '../../platform/rate-limiter';
import { ok, raise, refuse, refusing, type Outcome, type Refusal } from '../../platform/refusal';
import { hashToken } from '../../platform/sessions';
import type { DirectFileUrls } from '../../platform/signed-files';
import * as files from '../../platform/files/files.repository';
import { ensureStandardForm, listComponents } from '../builder/builder.repository';
import * as repo from './complaints.repository';
import * as messagesRepo from './messages.repository';
import { formResourceFile, formResourceLink } from './form-resources';
import { intakeAddressKey } from './intake-address';
import { EvidenceFiles } from './evidence.service';
import * as evidenceRepo from './evidence.repository';
import type { EvidenceVault } from '../../platform/evidence-vault';
import * as extras from './case-extras.repository';
import * as intakes from './intake.repository';
import { receiptExpiryDays, type IntakeRow } from './intake.repository';
import { recusesWitnesses, regimeOf, todayIn } from './regime';
import { templates } from '../../platform/message-templates';
import { systemClock } from '../../platform/clock';

const scrypt = promisify(scryptCb) as (
  key: string,
  salt: string,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** 20 random digits: about 66 bits, shown in five groups of four. */
export const RECEIPT_DIGITS = 20;
const SESSION_MINUTES = 30;
const UPLOAD_SECONDS = 60 * 60;

/**
 * Reports from one address (keyed by intakeAddressKey, never the address) and from the whole workspace. The address
 * limits store their events' times rounded up to the window, not the instant a report was made.
 */
export const INTAKE_PER_ADDRESS: Limit = {
  name: 'intake:file:address',
  max: 5,
  windowMs: 60 * 60_000,
  what: 'reports from this network',
  bucketMs: 60 * 60_000,
};
const INTAKE_PER_WORKSPACE: Limit = {
  name: 'intake:file:workspace',
  max: 300,
  windowMs: 60 * 60_000,
  what: 'reports in this workspace',
};
/**
 * Wrong receipt keys or passwords. The key is always checked first: a right key opens its case whatever these say
 * (strangers spending them must not lock a reporter out). Past the address's allowance a wrong key answers 429, and a
 * password-protected receipt's password is no longer tried from that address; past the workspace's, every receipt
 * sign-in of the workspace waits RECEIPT_BUSY_DELAY_MS first (many addresses guessing together are slowed, nobody is
 * refused).
 */
export const RECEIPT_FAILURES_PER_ADDRESS: Limit = {
  name: 'intake:receipt:address',
  max: 10,
  windowMs: 15 * 60_000,
  what: 'wrong receipt keys',
  bucketMs: 15 * 60_000,
};
export const RECEIPT_FAILURES_PER_WORKSPACE: Limit = {
  name: 'intake:receipt:workspace',
  max: 200,
  windowMs: 60 * 60_000,
  what: 'wrong receipt keys in this workspace',
};
export const RECEIPT_BUSY_DELAY_MS = 2_000;

/** Who is calling: the workspace, and the address only to key the rate limits (it is never stored or logged). */
export interface Caller {
  ws: string;
  workspaceName: string;
  address: string;
}

interface SessionOf {
  intake: IntakeRow;
  caseNumber: number;
}

const NO_COMPLAINT = (): Refusal => refuse('not-found', 'NOT_FOUND', 'Complaint not found');

/**
 * The confidential intake (docs/case.md "Confidential intake"): a report without an account, its receipt key, and
 * the reporter's two-way channel with the committee. Nothing here stores or logs an address, a user agent or an
 * account: the case access log records the reporter's actions with no actor and no address.
 *
 * The receipt key is hashed with scrypt and the workspace's id as salt, as GlobaLeaks does with a per-tenant salt: the
 * hash is deterministic within a workspace so the key can be looked up, and slow (about 50 ms), so with 66 bits of key
 * an offline search of a stolen table is out of reach; online guessing is rate-limited.
 */
export class IntakeService {
  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
    private readonly urls: DirectFileUrls | undefined,
    private readonly passwords: PasswordHasher,
    private readonly limits: RateLimits,
    /** The server secret of the address keys (intake-address.ts): never in the database. */
    private readonly addressSecret: Uint8Array,
    vault?: EvidenceVault,
    private readonly busyDelayMs: number = RECEIPT_BUSY_DELAY_MS,
  ) {
    this.evidenceFiles = new EvidenceFiles(db, vault);
  }

  private readonly evidenceFiles: EvidenceFiles;

  async form(caller: Caller): Promise<Outcome<IntakeForm>> {
    return this.db.tenant(caller.ws, async (tx) => {
      const published = await intakes.publishedWorkflow(tx, caller.ws);
      if (!published)
        return refuse('not-found', 'NOT_FOUND', 'No complaint process has been published in this workspace yet.');
      await ensureStandardForm(tx, caller.ws, published.version_id);
      const regime = await regimeOf(tx, caller.ws);
      // The complainant's contact part is the reporter's choice on this page (name, contact address), not the form's.
      const components = (await listComponents(tx, caller.ws, published.version_id)).map((c) => ({
        ...c,
        attributes: c.attributes.filter((a) => !a.systemKey?.startsWith('COMPLAINANT_')),
      }));
      return ok({
        workspaceName: caller.workspaceName,
        workflowName: published.workflow_name,
        compliance: regime.compliance,
        components: components.filter((c) => c.attributes.length > 0),
        committeeConstituted: (await intakes.intakeCommittee(tx, caller.ws)) !== null,
        receiptExpiryDays: await receiptExpiryDays(tx, caller.ws),
      });
    });
  }

  /** The file an admin attached to a field of the published form (form-resources.ts); nothing about the caller kept. */
  async formResource(caller: Caller, attributeId: string): Promise<Outcome<DownloadLink>> {
    if (!this.urls) return refuse('unavailable', 'NO_FILE_STORAGE', 'This server has no file storage configured.');
    const urls = this.urls;
    const file = await this.db.tenant(caller.ws, async (tx) => {
      const published = await intakes.publishedWorkflow(tx, caller.ws);
      if (!published) return null;
      return formResourceFile(tx, caller.ws, published.version_id, attributeId);
    });
    if (!file) return refuse('not-found', 'NOT_FOUND', 'This form has no such file');
    return ok(await formResourceLink(urls, caller.ws, file));
  }

  async file(caller: Caller, body: z.output<typeof IntakeBodySchema>): Promise<Outcome<IntakeReceipt>> {
    await this.take(caller, [INTAKE_PER_ADDRESS], [INTAKE_PER_WORKSPACE]);
    const key = newReceiptKey();
    const keyHash = await hashReceiptKey(caller.ws, key);
    const passwordHash = body.password ? await this.passwords.hash(body.password) : null;
    const session = newSession();
    const filed = await refusing(() =>
      this.db.tenant(caller.ws, async (tx): Promise<Outcome<string>> => {
        const published = await intakes.publishedWorkflow(tx, caller.ws);
        if (!published)
          return refuse('conflict', 'CONFLICT', 'No complaint process has been published in this workspace yet.');
        await ensureStandardForm(tx, caller.ws, published.version_id);
        const regime = await regimeOf(tx, caller.ws);
        const today = todayIn(regime);
        const fields: Record<string, string> = {};
        if (body.incident.date > today) fields['incident.date'] = 'The incident cannot be after today';
        Object.assign(fields, formerEmployeeProblems(regime.compliance, body.formerEmployee, today));
        const components = await listComponents(tx, caller.ws, published.version_id);
        const custom = components.flatMap((c) => c.attributes).filter((a) => a.systemKey === null);
        for (const a of custom) {
          if (a.required && !(body.answers[a.attributeId] ?? '').trim())
            fields[`answers.${a.attributeId}`] = `Answer "${a.label}"`;
        }
        for (const k of Object.keys(body.answers))
          if (!custom.some((a) => a.attributeId === k)) fields[`answers.${k}`] = 'Not a field of this form';
        if (Object.keys(fields).length)
          return raise(refuse('invalid', 'VALIDATION', `Invalid report: ${Object.keys(fields).join(', ')}`, fields));

        const committee = await intakes.intakeCommittee(tx, caller.ws);
        const members = committee ? await repo.membersOf(tx, caller.ws, [committee]) : [];
        const respondentUserId = body.respondent.email
          ? await intakes.userIdByEmail(tx, caller.ws, body.respondent.email)
          : null;
        const witnesses = witnessEmails(body.incident.witnesses);
        const recused = membersWhoAreParties(
          members.map((m) => ({ userId: m.user_id, email: m.email })),
          {
            complainantUserId: null,
            respondentUserId,
            emails: [body.respondent.email, ...((await recusesWitnesses(tx, caller.ws)) ? witnesses : [])],
          },
        );
        const presiding = presidingForCase(
          {
            termStart: '2000-01-01',
            termEnd: '2000-01-02',
            members: members.map((m) => ({
              id: m.user_id,
              name: m.name,
              role: m.role === 'DESIGNATED_RECIPIENT' ? ('EMPLOYEE_MEMBER' as const) : m.role,
              gender: 'UNDISCLOSED' as const,
            })),
          },
          new Set(recused),
          null,
        );
        const substitute = presiding
          ? null
          : (members.find((m) => !recused.includes(m.user_id) && m.role !== 'EXTERNAL_MEMBER')?.user_id ?? null);
        const timeliness = filingTimeliness(body.incident.date, today);

        const next = await intakes.lockNextCaseNumber(tx, caller.ws);
        const complaintId = await intakes.insertReportedComplaint(tx, [
          caller.ws,
          next,
          regime.compliance,
          committee,
          published.workflow_id,
          published.version_id,
          body.reporterName?.trim() || 'Anonymous',
          body.respondent.name,
          body.respondent.gender,
          body.respondent.phone,
          body.respondent.email,
          body.respondent.description,
          respondentUserId,
          body.incident.details,
          body.incident.date,
          JSON.stringify(body.incident.witnesses),
          JSON.stringify(body.answers),
          today,
          timeliness.timeliness,
          substitute,
          witnesses,
          body.formerEmployee?.leftOn ?? null,
        ]);
        const intakeId = await intakes.insertIntake(
          tx,
          caller.ws,
          complaintId,
          keyHash,
          passwordHash,
          body.contactEmail,
        );
        await intakes.recuseParties(tx, caller.ws, complaintId, recused);
        const lateNotice = lateNoticeExtension(regime.compliance, body.formerEmployee, today);
        if (lateNotice && body.formerEmployee)
          await recordLateNotice(tx, {
            ws: caller.ws,
            complaintId,
            actorUserId: null,
            ip: null,
            leftOn: body.formerEmployee.leftOn,
            extension: lateNotice,
          });
        await intakes.storeSession(tx, caller.ws, intakeId, session.hash, SESSION_MINUTES);
        const number = repo.caseNumberText(next);
        await repo.caseAudit(tx, {
          ws: caller.ws,
          complaintId,
          actorUserId: null,
          action: 'complaint.file',
          ip: null,
          details: {
            caseNumber: number,
            channel: 'INTAKE',
            named: !!body.reporterName?.trim(),
            contact: body.contactEmail !== null,
            timeliness: timeliness.timeliness,
            referral: committee ? null : 'LOCAL_COMMITTEE',
          },
        });
        await this.mail.sendMany(
          members
            .filter((m) => !recused.includes(m.user_id))
            .map((m) => ({
              workspaceId: caller.ws,
              to: m.email,
              ...templates.newComplaint({ caseNumber: String(number), confidentialReport: true }),
            })),
          tx,
        );
        return ok(number);
      }),
    );
    if (!filed.ok) return filed;
    return ok({
      caseNumber: filed.value,
      receiptKey: formatReceiptKey(key),
      session: session.token,
      sessionExpiresAt: session.expiresAt,
    });
  }

  async confirmKey(caller: Caller, token: string, typed: string): Promise<Outcome<{ confirmed: true }>> {
    const typedHash = await hashReceiptKey(caller.ws, typed);
    return refusing(() =>
      this.db.tenant(caller.ws, async (tx) => {
        const session = await this.session(tx, caller.ws, token);
        if (!session.ok) return session;
        const s = session.value;
        if (!(await intakes.keyMatches(tx, caller.ws, s.intake.id, typedHash)))
          return raise(
            refuse('invalid', 'VALIDATION', 'That is not your receipt key: check each digit against the one shown', {
              receiptKey: 'That is not your receipt key',
            }),
          );
        await intakes.markKeyConfirmed(tx, caller.ws, s.intake.id);
        return ok({ confirmed: true as const });
      }),
    );
  }

  async signIn(
    caller: Caller,
    key: string,
    password: string | null,
  ): Promise<Outcome<{ session: string; sessionExpiresAt: string }>> {
    const perAddress = {
      limit: RECEIPT_FAILURES_PER_ADDRESS,
      key: intakeAddressKey(this.addressSecret, caller.ws, caller.address),
    };
    const perWorkspace = { limit: RECEIPT_FAILURES_PER_WORKSPACE, key: caller.ws };
    const reading = await this.limits.read([perAddress, perWorkspace]);
    // Many wrong keys in the workspace slow every try down; they never refuse one.
    if (reading.full(perWorkspace)) await new Promise((resolve) => setTimeout(resolve, this.busyDelayMs));
    const addressSpent = reading.full(perAddress);
    const keyHash = await hashReceiptKey(caller.ws, key);
    const found = await this.db.tenant(caller.ws, (tx) => intakes.intakeByKey(tx, caller.ws, keyHash));
    // The key alone does not open a receipt with a password: an address that spent its tries gets no more password tries.
    if (found?.password_hash && addressSpent) reading.assertAllowed([perAddress]);
    const passwordOk = found?.password_hash ? await this.passwords.verify(found.password_hash, password ?? '') : true;
    if (!found || !passwordOk) {
      if (!found) await this.passwords.verifyNothing(password ?? '');
      await this.limits.record([perAddress, perWorkspace]);
      if (addressSpent) reading.assertAllowed([perAddress]);
      return refuse(
        'unauthorized',
        'WRONG_RECEIPT',
        found ? 'The receipt key and password do not match.' : 'No report has this receipt key. Check each digit.',
        {
          [found ? 'password' : 'receiptKey']: 'Does not match',
        },
      );
    }
    if (found.expired) {
      return refuse(
        'gone',
        'RECEIPT_EXPIRED',
        'This receipt key was not used for too long and no longer works. You may make a new report.',
        { receiptKey: 'Expired' },
      );
    }
    const session = newSession();
    await this.db.tenant(caller.ws, async (tx) => {
      await intakes.deleteExpiredSessions(tx, caller.ws);
      await intakes.storeSession(tx, caller.ws, found.id, session.hash, SESSION_MINUTES);
      await intakes.touchIntake(tx, caller.ws, found.id);
      await repo.caseAudit(tx, {
        ws: caller.ws,
        complaintId: found.complaint_id,
        actorUserId: null,
        action: 'receipt.sign-in',
        ip: null,
      });
    });
    return ok({ session: session.token, sessionExpiresAt: session.expiresAt });
  }

  async signOut(caller: Caller, token: string): Promise<Outcome<{ ok: true }>> {
    await this.db.tenant(caller.ws, (tx) => intakes.deleteSession(tx, caller.ws, hashToken(token)));
    return ok({ ok: true as const });
  }

  async read(caller: Caller, token: string): Promise<Outcome<ReporterCase>> {
    return refusing(() =>
      this.db.tenant(caller.ws, async (tx) => {
        const found = await this.reportedCase(tx, caller.ws, token, false);
        if (!found.ok) return found;
        const { session: s, row } = found.value;
        await repo.caseAudit(tx, {
          ws: caller.ws,
          complaintId: row.id,
          actorUserId: null,
          action: 'complaint.read',
          ip: null,
          details: { by: 'RECEIPT' },
        });
        return ok({
          caseNumber: repo.caseNumberText(row.case_number),
          status: row.status,
          receivedOn: row.received_on,
          outcome: row.outcome,
          outcomeSummary: row.outcome_summary,
          keyConfirmed: s.intake.key_confirmed_at !== null,
          contactEmailSet: s.intake.contact_email !== null,
          messages: await this.messages(tx, caller.ws, row.id),
          evidence: await this.evidence(tx, caller.ws, row.id),
          events: await this.events(tx, caller.ws, row.id),
        });
      }),
    );
  }

  /** The reporter asks for interim relief (IN-08) through the receipt: as a signed-in complainant would, POSH cases only. */
  async requestRelief(
    caller: Caller,
    token: string,
    body: { relief: string; leaveMonths: number | null; details: string },
  ): Promise<Outcome<CaseEvent>> {
    return refusing(() =>
      this.db.tenant(caller.ws, async (tx) => {
        const found = await this.reportedCase(tx, caller.ws, token, true);
        if (!found.ok) return found;
        const { row } = found.value;
        if (row.compliance !== 'IN_POSH')
          return raise(
            refuse(
              'conflict',
              'CONFLICT',
              'Interim relief during the inquiry is a rule of the POSH Act (s.12); this case follows the Canada Labour Code',
            ),
          );
        if (row.status === 'CLOSED') return raise(refuse('conflict', 'CONFLICT', 'The case is closed'));
        if (body.relief === 'LEAVE' && body.leaveMonths === null)
          return raise(
            refuse('invalid', 'VALIDATION', 'Say how many months of leave (at most 3)', {
              leaveMonths: 'Enter 1 to 3 months',
            }),
          );
        const event = await this.addEvent(tx, caller.ws, row.id, 'INTERIM_RELIEF_REQUESTED', {
          relief: body.relief,
          leaveMonths: body.relief === 'LEAVE' ? body.leaveMonths : null,
          details: body.details,
          requestedBy: 'COMPLAINANT',
        });
        await repo.caseAudit(tx, {
          ws: caller.ws,
          complaintId: row.id,
          actorUserId: null,
          action: 'interim-relief.request',
          ip: null,
          details: { eventId: event.eventId, relief: body.relief, by: 'RECEIPT' },
        });
        await this.tellCommittee(tx, caller.ws, row, 'INTERIM_RELIEF');
        return ok(event);
      }),
    );
  }

  /** The reporter asks for conciliation (IN-04) through the receipt: before the inquiry is complete, once. */
  async requestConciliation(caller: Caller, token: string, note: string): Promise<Outcome<CaseEvent>> {
    return refusing(() =>
      this.db.tenant(caller.ws, async (tx) => {
        const found = await this.reportedCase(tx, caller.ws, token, true);
        if (!found.ok) return found;
        const { row } = found.value;
        if (row.status === 'CLOSED') return raise(refuse('conflict', 'CONFLICT', 'The case is closed'));
        if (row.inquiry_completed_on)
          return raise(
            refuse('conflict', 'CONFLICT', 'Conciliation is asked before the inquiry; the inquiry is complete'),
          );
        if (await extras.hasEvent(tx, caller.ws, row.id, 'CONCILIATION_REQUESTED'))
          return raise(refuse('conflict', 'CONFLICT', 'You have asked for conciliation already'));
        const event = await this.addEvent(tx, caller.ws, row.id, 'CONCILIATION_REQUESTED', { note });
        await repo.caseAudit(tx, {
          ws: caller.ws,
          complaintId: row.id,
          actorUserId: null,
          action: 'conciliation.request',
          ip: null,
          details: { eventId: event.eventId, by: 'RECEIPT' },
        });
        await this.tellCommittee(tx, caller.ws, row, 'CONCILIATION');
        return ok(event);
      }),
    );
  }

  private async addEvent(
    tx: Sql,
    ws: string,
    id: string,
    kind: CaseEvent['kind'],
    details: Record<string, unknown>,
  ): Promise<CaseEvent> {
    const row = await extras.insertEvent(tx, ws, id, kind, details, null);
    return { eventId: row.id, kind, details, recordedBy: 'You', createdAt: new Date(row.created_at).toISOString() };
  }

  private async events(tx: Sql, ws: string, id: string): Promise<CaseEvent[]> {
    const rows = await intakes.reporterEvents(tx, ws, id);
    return rows.map((r) => ({
      eventId: r.id,
      kind: r.kind,
      details: r.details,
      recordedBy: r.recorded_by === null ? 'You' : 'Internal Committee',
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }

  /** The committee's readers hear that the reporter asked something: the case number only. */
  private async tellCommittee(
    tx: Sql,
    ws: string,
    row: { id: string; case_number: number; committee_id: string | null },
    what: 'INTERIM_RELIEF' | 'CONCILIATION',
  ): Promise<void> {
    if (!row.committee_id) return;
    const caseNumber = repo.caseNumberText(row.case_number);
    const readers = await messagesRepo.committeeReaders(tx, ws, row.id);
    await this.mail.sendMany(
      readers.map((to) => ({
        workspaceId: ws,
        to,
        ...templates.reporterAsked({ caseNumber, what }),
      })),
      tx,
    );
  }

  async message(caller: Caller, token: string, body: string): Promise<Outcome<CaseMessage>> {
    return refusing(() =>
      this.db.tenant(caller.ws, async (tx) => {
        const found = await this.reportedCase(tx, caller.ws, token, true);
        if (!found.ok) return found;
        const { row } = found.value;
        const m = await messagesRepo.insertMessage(tx, caller.ws, row.id, {
          audience: 'COMPLAINANT',
          authorId: null,
          body,
        });
        await repo.caseAudit(tx, {
          ws: caller.ws,
          complaintId: row.id,
          actorUserId: null,
          action: 'message.post',
          ip: null,
          details: { audience: 'COMPLAINANT', messageId: m.id, by: 'RECEIPT' },
        });
        if (row.committee_id) {
          const readers = await messagesRepo.committeeReaders(tx, caller.ws, row.id);
          await this.mail.sendMany(
            messagesRepo.partyMessageMails(caller.ws, readers, repo.caseNumberText(row.case_number), 'reporter'),
            tx,
          );
        }
        return ok({
          messageId: m.id,
          audience: 'COMPLAINANT' as const,
          authorName: 'You',
          fromCommittee: false,
          body,
          createdAt: new Date(m.created_at).toISOString(),
        });
      }),
    );
  }

  /** An upload URL for one more evidence file of the report, through the vault, within the report's and the public path's quotas. */
  async evidenceUpload(
    caller: Caller,
    token: string,
    upload: { fileName: string; size: number },
  ): Promise<Outcome<EvidenceTicket>> {
    return this.db.tenant(caller.ws, async (tx) => {
      const session = await this.session(tx, caller.ws, token);
      if (!session.ok) return session;
      const { intake } = session.value;
      const scope = {
        kind: 'report' as const,
        intakeId: intake.id,
        complaintId: intake.complaint_id,
        addressKey: intakeAddressKey(this.addressSecret, caller.ws, caller.address),
      };
      const ticket = await this.evidenceFiles.ticket(tx, caller.ws, scope, upload);
      await intakes.addPendingFile(tx, caller.ws, intake.id, ticket.fileId);
      return ok(ticket);
    });
  }

  async confirmEvidence(caller: Caller, token: string, fileId: string): Promise<Outcome<EvidenceFile>> {
    const mine = await refusing(() =>
      this.db.tenant(caller.ws, async (tx) => {
        const session = await this.session(tx, caller.ws, token);
        if (!session.ok) return session;
        const s = session.value;
        const f = await files.findFile(tx, caller.ws, fileId);
        const attached = await intakes.evidenceAttached(tx, caller.ws, s.intake.complaint_id, fileId);
        if (!f || (f.purpose as string) !== 'EVIDENCE' || (!s.intake.pending_file_ids.includes(fileId) && !attached))
          return raise(refuse('not-found', 'NOT_FOUND', 'No such file'));
        return ok({ intake: s.intake, file: f });
      }),
    );
    if (!mine.ok) return mine;
    const { intake, file } = mine.value;
    if (file.status !== 'CONFIRMED') {
      const found = await this.evidenceFiles.inspect(caller.ws, fileId);
      if (!found)
        return refuse(
          'conflict',
          'NOT_UPLOADED',
          'Nothing has been uploaded with this link yet: upload the file, then confirm.',
        );
      await this.db.tenant(caller.ws, async (tx) => {
        if (!(await files.markConfirmed(tx, caller.ws, fileId, { size: found.size, type: found.type, language: null })))
          return;
        await intakes.attachReporterEvidence(tx, caller.ws, intake.id, intake.complaint_id, fileId);
        // The log names the file by id: its name is sealed (evidence-vault.ts).
        await repo.caseAudit(tx, {
          ws: caller.ws,
          complaintId: intake.complaint_id,
          actorUserId: null,
          action: 'evidence.add',
          ip: null,
          details: { fileId, by: 'RECEIPT' },
        });
      });
    }
    const done = await this.db.tenant(caller.ws, (tx) => evidenceRepo.sealedRow(tx, caller.ws, fileId));
    if (!done) return refuse('not-found', 'NOT_FOUND', 'No such file');
    return ok(this.evidenceFiles.describe([done])[0]);
  }

  async receiptSettings(ws: string): Promise<Outcome<{ receiptExpiryDays: number }>> {
    return this.db.tenant(ws, async (tx) => ok({ receiptExpiryDays: await receiptExpiryDays(tx, ws) }));
  }

  async saveReceiptSettings(
    ws: string,
    actorUserId: string,
    ip: string | null,
    days: number,
  ): Promise<Outcome<{ receiptExpiryDays: number }>> {
    return this.db.tenant(ws, async (tx) => {
      await intakes.saveReceiptExpiryDays(tx, ws, days);
      await audit(tx, {
        workspaceId: ws,
        actorUserId,
        action: 'complaint.receipt-settings',
        ip,
        details: { receiptExpiryDays: days },
      });
      return ok({ receiptExpiryDays: days });
    });
  }

  // ---------- inside ----------

  /** Counts one report against the address (its key of the day, intake-address.ts) and the workspace; 429 when either is full. */
  private async take(caller: Caller, perAddress: Limit[], perWorkspace: Limit[]): Promise<void> {
    const key = intakeAddressKey(this.addressSecret, caller.ws, caller.address);
    await this.limits.take([
      ...perAddress.map((limit) => ({ limit, key })),
      ...perWorkspace.map((limit) => ({ limit, key: caller.ws })),
    ]);
  }

  /** The reporter's case through a live session, its row locked for a write (`lock`). */
  private async reportedCase(
    tx: Sql,
    ws: string,
    token: string,
    lock: boolean,
  ): Promise<Outcome<{ session: SessionOf; row: repo.ComplaintRow }>> {
    const session = await this.session(tx, ws, token);
    if (!session.ok) return session;
    const row = await repo.findComplaint(tx, ws, session.value.intake.complaint_id, lock);
    if (!row) return raise(NO_COMPLAINT());
    return ok({ session: session.value, row });
  }

  /**
   * The receipt of a live session, its use dated (the write the receipt's expiry counts from); refused once the session
   * ended. A call refused after it raises its refusal (`raise`, turned back by `refusing`), so the date rolls back.
   */
  private async session(tx: Sql, ws: string, token: string): Promise<Outcome<SessionOf>> {
    const row = await intakes.sessionIntake(tx, ws, hashToken(token));
    if (!row)
      return refuse('unauthorized', 'RECEIPT_SESSION_ENDED', 'Your session has ended: enter your receipt key again.');
    await intakes.touchIntake(tx, ws, row.id);
    return ok({ intake: row, caseNumber: row.case_number });
  }

  private async messages(tx: Sql, ws: string, id: string): Promise<CaseMessage[]> {
    const rows = await intakes.reporterMessages(tx, ws, id);
    return rows.map((m) => ({
      messageId: m.id,
      audience: 'COMPLAINANT' as const,
      authorName: m.author_id === null ? 'You' : 'Internal Committee',
      fromCommittee: m.author_id !== null,
      body: m.body,
      createdAt: new Date(m.created_at).toISOString(),
    }));
  }

  /** The evidence of the case: the reporter's own only (what they added). */
  private async evidence(tx: Sql, ws: string, id: string): Promise<EvidenceFile[]> {
    return this.evidenceFiles.describe(await evidenceRepo.caseFiles(tx, ws, id, true));
  }
}

/** 20 digits from the system's CSPRNG. */
export function newReceiptKey(): string {
  let key = '';
  for (let i = 0; i < RECEIPT_DIGITS; i += 1) key += String(randomInt(10));
  return key;
}

export const formatReceiptKey = (key: string): string => key.replace(/(\d{4})(?=\d)/g, '$1 ');

/** scrypt (N = 2^14, r = 8) of the key's digits with the workspace id as salt. */
export async function hashReceiptKey(ws: string, key: string): Promise<string> {
  const digits = key.replace(/[\s-]/g, '');
  return (
    await scrypt(digits, `safeplace-receipt:${ws}`, 32, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 })
  ).toString('base64');
}

function newSession(): { token: string; hash: string; expiresAt: string } {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    hash: hashToken(token),
    expiresAt: new Date(systemClock.now().getTime() + SESSION_MINUTES * 60_000).toISOString(),
  };
}

export type { IntakeBody };
