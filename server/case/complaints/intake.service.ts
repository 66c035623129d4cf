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
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors';
import type { Mailer } from '../../platform/messages';
import type { PasswordHasher } from '../../platform/passwords';
import type { Limit, RateLimits } from '../../platform/rate-limiter';
import { hashToken } from '../../platform/sessions';
import type { DirectFileUrls } from '../../platform/signed-files';
import * as files from '../../platform/files/files.repository';
import { ensureStandardForm, listComponents } from '../builder/builder.repository';
import * as repo from './complaints.repository';
import { formResourceFile, formResourceLink } from './form-resources';
import { intakeAddressKey } from './intake-address';
import { EvidenceFiles } from './evidence.service';
import * as evidenceRepo from './evidence.repository';
import type { EvidenceVault } from '../../platform/evidence-vault';
import { receiptExpiryDays, type IntakeRow } from './intake.repository';
import { recusesWitnesses, regimeOf, todayIn } from './regime';

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

  async form(caller: Caller): Promise<IntakeForm> {
    return this.db.tenant(caller.ws, async (tx) => {
      const published = await this.published(tx, caller.ws);
      if (!published) throw notFound('No complaint process has been published in this workspace yet.');
      await ensureStandardForm(tx, caller.ws, published.version_id);
      const regime = await regimeOf(tx, caller.ws);
      // The complainant's contact part is the reporter's choice on this page (name, contact address), not the form's.
      const components = (await listComponents(tx, caller.ws, published.version_id)).map((c) => ({
        ...c,
        attributes: c.attributes.filter((a) => !a.systemKey?.startsWith('COMPLAINANT_')),
      }));
      return {
        workspaceName: caller.workspaceName,
        workflowName: published.workflow_name,
        compliance: regime.compliance,
        components: components.filter((c) => c.attributes.length > 0),
        committeeConstituted: (await this.committee(tx, caller.ws)) !== null,
        receiptExpiryDays: await receiptExpiryDays(tx, caller.ws),
      };
    });
  }

  /** The file an admin attached to a field of the published form (form-resources.ts); nothing about the caller kept. */
  async formResource(caller: Caller, attributeId: string): Promise<DownloadLink> {
    if (!this.urls) throw new HttpError(503, 'NO_FILE_STORAGE', 'This server has no file storage configured.');
    const urls = this.urls;
    const file = await this.db.tenant(caller.ws, async (tx) => {
      const published = await this.published(tx, caller.ws);
      if (!published) throw notFound('This form has no such file');
      return formResourceFile(tx, caller.ws, published.version_id, attributeId);
    });
    return formResourceLink(urls, caller.ws, file);
  }

  async file(caller: Caller, body: z.output<typeof IntakeBodySchema>): Promise<IntakeReceipt> {
    await this.take(caller, [INTAKE_PER_ADDRESS], [INTAKE_PER_WORKSPACE]);
    const key = newReceiptKey();
    const keyHash = await hashReceiptKey(caller.ws, key);
    const passwordHash = body.password ? await this.passwords.hash(body.password) : null;
    const session = newSession();
    const caseNumber = await this.db.tenant(caller.ws, async (tx) => {
      const published = await this.published(tx, caller.ws);
      if (!published) throw conflict('No complaint process has been published in this workspace yet.');
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
      if (Object.keys(fields).length) throw badRequest(`Invalid report: ${Object.keys(fields).join(', ')}`, fields);

      const committee = await this.committee(tx, caller.ws);
      const members = committee ? await repo.membersOf(tx, caller.ws, [committee]) : [];
      const [respondentUser] = body.respondent.email
        ? await tx.query<{ id: string }>(`SELECT id FROM users WHERE workspace_id = $1 AND lower(email) = lower($2)`, [
            caller.ws,
            body.respondent.email,
          ])
        : [];
      const witnesses = witnessEmails(body.incident.witnesses);
      const recused = membersWhoAreParties(
        members.map((m) => ({ userId: m.user_id, email: m.email })),
        {
          complainantUserId: null,
          respondentUserId: respondentUser?.id ?? null,
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

      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('complaint-number:' || $1::text))`, [caller.ws]);
      const [{ next }] = await tx.query<{ next: number }>(repo.NEXT_CASE_NUMBER, [caller.ws]);
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO complaints (workspace_id, case_number, compliance, committee_id, workflow_id, version_id, filed_by, filed_as, intake,
            complainant_name, complainant_email, respondent_name, respondent_gender, respondent_phone, respondent_email, respondent_description,
            respondent_user_id, incident_details, incident_on, witnesses, answers, received_on, timeliness, presiding_member_id, witness_emails,
            former_employee_left_on)
         VALUES ($1, $2, $3, $4, $5, $6, NULL, 'COMPLAINANT', true, $7, NULL, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21::text[], $22::date)
         RETURNING id`,
        [
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
          respondentUser?.id ?? null,
          body.incident.details,
          body.incident.date,
          JSON.stringify(body.incident.witnesses),
          JSON.stringify(body.answers),
          today,
          timeliness.timeliness,
          substitute,
          witnesses,
          body.formerEmployee?.leftOn ?? null,
        ],
      );
      const [intake] = await tx.query<{ id: string }>(
        `INSERT INTO complaint_intakes (workspace_id, complaint_id, key_hash, password_hash, contact_email) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [caller.ws, row.id, keyHash, passwordHash, body.contactEmail],
      );
      for (const userId of recused) {
        await tx.query(
          `INSERT INTO complaint_recusals (workspace_id, complaint_id, user_id, reason, note) VALUES ($1, $2, $3, 'AUTO_PARTY', 'A party to the case')`,
          [caller.ws, row.id, userId],
        );
      }
      const lateNotice = lateNoticeExtension(regime.compliance, body.formerEmployee, today);
      if (lateNotice && body.formerEmployee)
        await recordLateNotice(tx, {
          ws: caller.ws,
          complaintId: row.id,
          actorUserId: null,
          ip: null,
          leftOn: body.formerEmployee.leftOn,
          extension: lateNotice,
        });
      await this.storeSession(tx, caller.ws, intake.id, session.hash);
      const number = repo.caseNumberText(next);
      await repo.caseAudit(tx, {
        ws: caller.ws,
        complaintId: row.id,
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
            subject: `A new complaint: case ${number}`,
            text: `A new confidential report, case ${number}, is assigned to your committee. Sign in to read it.`,
          })),
        tx,
      );
      return number;
    });
    return {
      caseNumber,
      receiptKey: formatReceiptKey(key),
      session: session.token,
      sessionExpiresAt: session.expiresAt,
    };
  }

  async confirmKey(caller: Caller, token: string, typed: string): Promise<{ confirmed: true }> {
    const typedHash = await hashReceiptKey(caller.ws, typed);
    return this.db.tenant(caller.ws, async (tx) => {
      const s = await this.session(tx, caller.ws, token);
      const [same] = await tx.query(
        `SELECT 1 FROM complaint_intakes WHERE workspace_id = $1 AND id = $2 AND key_hash = $3`,
        [caller.ws, s.intake.id, typedHash],
      );
      if (!same)
        throw badRequest('That is not your receipt key: check each digit against the one shown', {
          receiptKey: 'That is not your receipt key',
        });
      await tx.query(
        `UPDATE complaint_intakes SET key_confirmed_at = COALESCE(key_confirmed_at, now()) WHERE workspace_id = $1 AND id = $2`,
        [caller.ws, s.intake.id],
      );
      return { confirmed: true as const };
    });
  }

  async signIn(
    caller: Caller,
    key: string,
    password: string | null,
  ): Promise<{ session: string; sessionExpiresAt: string }> {
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
    const found = await this.db.tenant(caller.ws, async (tx) => {
      const [row] = await tx.query<IntakeRow & { expired: boolean }>(
        `SELECT i.id, i.complaint_id, i.password_hash, i.contact_email, i.key_confirmed_at, i.last_used_at, i.pending_file_ids,
                i.last_used_at < now() - make_interval(days => COALESCE((SELECT receipt_expiry_days FROM complaint_settings WHERE workspace_id = $1), 180)) AS expired
           FROM complaint_intakes i WHERE i.workspace_id = $1 AND i.key_hash = $2`,
        [caller.ws, keyHash],
      );
      return row ?? null;
    });
    // The key alone does not open a receipt with a password: an address that spent its tries gets no more password tries.
    if (found?.password_hash && addressSpent) reading.assertAllowed([perAddress]);
    const passwordOk = found?.password_hash ? await this.passwords.verify(found.password_hash, password ?? '') : true;
    if (!found || !passwordOk) {
      if (!found) await this.passwords.verifyNothing(password ?? '');
      await this.limits.record([perAddress, perWorkspace]);
      if (addressSpent) reading.assertAllowed([perAddress]);
      throw new HttpError(
        401,
        'WRONG_RECEIPT',
        found ? 'The receipt key and password do not match.' : 'No report has this receipt key. Check each digit.',
        {
          [found ? 'password' : 'receiptKey']: 'Does not match',
        },
      );
    }
    if (found.expired) {
      throw new HttpError(
        410,
        'RECEIPT_EXPIRED',
        'This receipt key was not used for too long and no longer works. You may make a new report.',
        { receiptKey: 'Expired' },
      );
    }
    const session = newSession();
    await this.db.tenant(caller.ws, async (tx) => {
      await tx.query(`DELETE FROM complaint_intake_sessions WHERE workspace_id = $1 AND expires_at < now()`, [
        caller.ws,
      ]);
      await this.storeSession(tx, caller.ws, found.id, session.hash);
      await tx.query(`UPDATE complaint_intakes SET last_used_at = now() WHERE workspace_id = $1 AND id = $2`, [
        caller.ws,
        found.id,
      ]);
      await repo.caseAudit(tx, {
        ws: caller.ws,
        complaintId: found.complaint_id,
        actorUserId: null,
        action: 'receipt.sign-in',
        ip: null,
      });
    });
    return { session: session.token, sessionExpiresAt: session.expiresAt };
  }

  async signOut(caller: Caller, token: string): Promise<void> {
    await this.db.tenant(caller.ws, (tx) =>
      tx.query(`DELETE FROM complaint_intake_sessions WHERE workspace_id = $1 AND token_hash = $2`, [
        caller.ws,
        hashToken(token),
      ]),
    );
  }

  async read(caller: Caller, token: string): Promise<ReporterCase> {
    return this.db.tenant(caller.ws, async (tx) => {
      const s = await this.session(tx, caller.ws, token);
      const row = await repo.findComplaint(tx, caller.ws, s.intake.complaint_id);
      if (!row) throw notFound('Complaint not found');
      await repo.caseAudit(tx, {
        ws: caller.ws,
        complaintId: row.id,
        actorUserId: null,
        action: 'complaint.read',
        ip: null,
        details: { by: 'RECEIPT' },
      });
      return {
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
      };
    });
  }

  /** The reporter asks for interim relief (IN-08) through the receipt: as a signed-in complainant would, POSH cases only. */
  async requestRelief(
    caller: Caller,
    token: string,
    body: { relief: string; leaveMonths: number | null; details: string },
  ): Promise<CaseEvent> {
    return this.db.tenant(caller.ws, async (tx) => {
      const s = await this.session(tx, caller.ws, token);
      const row = await repo.findComplaint(tx, caller.ws, s.intake.complaint_id, true);
      if (!row) throw notFound('Complaint not found');
      if (row.compliance !== 'IN_POSH')
        throw conflict(
          'Interim relief during the inquiry is a rule of the POSH Act (s.12); this case follows the Canada Labour Code',
        );
      if (row.status === 'CLOSED') throw conflict('The case is closed');
      if (body.relief === 'LEAVE' && body.leaveMonths === null)
        throw badRequest('Say how many months of leave (at most 3)', { leaveMonths: 'Enter 1 to 3 months' });
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
      await this.tellCommittee(tx, caller.ws, row, 'The reporter asked for interim relief');
      return event;
    });
  }

  /** The reporter asks for conciliation (IN-04) through the receipt: before the inquiry is complete, once. */
  async requestConciliation(caller: Caller, token: string, note: string): Promise<CaseEvent> {
    return this.db.tenant(caller.ws, async (tx) => {
      const s = await this.session(tx, caller.ws, token);
      const row = await repo.findComplaint(tx, caller.ws, s.intake.complaint_id, true);
      if (!row) throw notFound('Complaint not found');
      if (row.status === 'CLOSED') throw conflict('The case is closed');
      if (row.inquiry_completed_on) throw conflict('Conciliation is asked before the inquiry; the inquiry is complete');
      const [asked] = await tx.query(
        `SELECT 1 FROM complaint_events WHERE workspace_id = $1 AND complaint_id = $2 AND kind = 'CONCILIATION_REQUESTED' LIMIT 1`,
        [caller.ws, row.id],
      );
      if (asked) throw conflict('You have asked for conciliation already');
      const event = await this.addEvent(tx, caller.ws, row.id, 'CONCILIATION_REQUESTED', { note });
      await repo.caseAudit(tx, {
        ws: caller.ws,
        complaintId: row.id,
        actorUserId: null,
        action: 'conciliation.request',
        ip: null,
        details: { eventId: event.eventId, by: 'RECEIPT' },
      });
      await this.tellCommittee(tx, caller.ws, row, 'The reporter asked for conciliation');
      return event;
    });
  }

  private async addEvent(
    tx: Sql,
    ws: string,
    id: string,
    kind: CaseEvent['kind'],
    details: Record<string, unknown>,
  ): Promise<CaseEvent> {
    const [row] = await tx.query<{ id: string; created_at: Date | string }>(
      `INSERT INTO complaint_events (workspace_id, complaint_id, kind, details, recorded_by) VALUES ($1, $2, $3, $4, NULL) RETURNING id, created_at`,
      [ws, id, kind, JSON.stringify(details)],
    );
    return { eventId: row.id, kind, details, recordedBy: 'You', createdAt: new Date(row.created_at).toISOString() };
  }

  private async events(tx: Sql, ws: string, id: string): Promise<CaseEvent[]> {
    const rows = await tx.query<{
      id: string;
      kind: CaseEvent['kind'];
      details: Record<string, unknown>;
      recorded_by: string | null;
      created_at: Date | string;
    }>(
      `SELECT id, kind, details, recorded_by, created_at FROM complaint_events WHERE workspace_id = $1 AND complaint_id = $2 ORDER BY created_at, id`,
      [ws, id],
    );
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
    what: string,
  ): Promise<void> {
    if (!row.committee_id) return;
    const caseNumber = repo.caseNumberText(row.case_number);
    const readers = await repo.committeeReaders(tx, ws, row.id);
    await this.mail.sendMany(
      readers.map((to) => ({
        workspaceId: ws,
        to,
        subject: `${what}: case ${caseNumber}`,
        text: `${what} on case ${caseNumber}. Sign in to read it.`,
      })),
      tx,
    );
  }

  async message(caller: Caller, token: string, body: string): Promise<CaseMessage> {
    return this.db.tenant(caller.ws, async (tx) => {
      const s = await this.session(tx, caller.ws, token);
      const row = await repo.findComplaint(tx, caller.ws, s.intake.complaint_id, true);
      if (!row) throw notFound('Complaint not found');
      const [m] = await tx.query<{ id: string; created_at: Date | string }>(
        `INSERT INTO complaint_messages (workspace_id, complaint_id, audience, author_id, body) VALUES ($1, $2, 'COMPLAINANT', NULL, $3) RETURNING id, created_at`,
        [caller.ws, row.id, body],
      );
      await repo.caseAudit(tx, {
        ws: caller.ws,
        complaintId: row.id,
        actorUserId: null,
        action: 'message.post',
        ip: null,
        details: { audience: 'COMPLAINANT', messageId: m.id, by: 'RECEIPT' },
      });
      if (row.committee_id) {
        const readers = await repo.committeeReaders(tx, caller.ws, row.id);
        await this.mail.sendMany(
          repo.partyMessageMails(caller.ws, readers, repo.caseNumberText(row.case_number), 'reporter'),
          tx,
        );
      }
      return {
        messageId: m.id,
        audience: 'COMPLAINANT',
        authorName: 'You',
        fromCommittee: false,
        body,
        createdAt: new Date(m.created_at).toISOString(),
      };
    });
  }

  /** An upload URL for one more evidence file of the report, through the vault, within the report's and the public path's quotas. */
  async evidenceUpload(
    caller: Caller,
    token: string,
    upload: { fileName: string; size: number },
  ): Promise<EvidenceTicket> {
    return this.db.tenant(caller.ws, async (tx) => {
      const { intake } = await this.session(tx, caller.ws, token);
      const scope = {
        kind: 'report' as const,
        intakeId: intake.id,
        complaintId: intake.complaint_id,
        addressKey: intakeAddressKey(this.addressSecret, caller.ws, caller.address),
      };
      const ticket = await this.evidenceFiles.ticket(tx, caller.ws, scope, upload);
      await tx.query(
        `UPDATE complaint_intakes SET pending_file_ids = array_append(pending_file_ids, $3::uuid) WHERE workspace_id = $1 AND id = $2`,
        [caller.ws, intake.id, ticket.fileId],
      );
      return ticket;
    });
  }

  async confirmEvidence(caller: Caller, token: string, fileId: string): Promise<EvidenceFile> {
    const { intake, file } = await this.db.tenant(caller.ws, async (tx) => {
      const s = await this.session(tx, caller.ws, token);
      const f = await files.findFile(tx, caller.ws, fileId);
      const attached = await tx.query(
        `SELECT 1 FROM complaint_evidence WHERE workspace_id = $1 AND complaint_id = $2 AND file_id = $3`,
        [caller.ws, s.intake.complaint_id, fileId],
      );
      if (
        !f ||
        (f.purpose as string) !== 'EVIDENCE' ||
        (!s.intake.pending_file_ids.includes(fileId) && attached.length === 0)
      )
        throw notFound('No such file');
      return { intake: s.intake, file: f };
    });
    if (file.status !== 'CONFIRMED') {
      const found = await this.evidenceFiles.inspect(caller.ws, fileId);
      if (!found)
        throw new HttpError(
          409,
          'NOT_UPLOADED',
          'Nothing has been uploaded with this link yet: upload the file, then confirm.',
        );
      await this.db.tenant(caller.ws, async (tx) => {
        if (!(await files.markConfirmed(tx, caller.ws, fileId, { size: found.size, type: found.type, language: null })))
          return;
        await tx.query(
          `INSERT INTO complaint_evidence (workspace_id, complaint_id, file_id, added_by) VALUES ($1, $2, $3, NULL) ON CONFLICT DO NOTHING`,
          [caller.ws, intake.complaint_id, fileId],
        );
        await tx.query(
          `UPDATE complaint_intakes SET pending_file_ids = array_remove(pending_file_ids, $3::uuid) WHERE workspace_id = $1 AND id = $2`,
          [caller.ws, intake.id, fileId],
        );
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
    if (!done) throw notFound('No such file');
    return this.evidenceFiles.describe([done])[0];
  }

  async receiptSettings(ws: string): Promise<{ receiptExpiryDays: number }> {
    return this.db.tenant(ws, async (tx) => ({ receiptExpiryDays: await receiptExpiryDays(tx, ws) }));
  }

  async saveReceiptSettings(
    ws: string,
    actorUserId: string,
    ip: string | null,
    days: number,
  ): Promise<{ receiptExpiryDays: number }> {
    return this.db.tenant(ws, async (tx) => {
      await tx.query(
        `INSERT INTO complaint_settings (workspace_id, receipt_expiry_days) VALUES ($1, $2)
         ON CONFLICT (workspace_id) DO UPDATE SET receipt_expiry_days = excluded.receipt_expiry_days, updated_at = now()`,
        [ws, days],
      );
      await audit(tx, {
        workspaceId: ws,
        actorUserId,
        action: 'complaint.receipt-settings',
        ip,
        details: { receiptExpiryDays: days },
      });
      return { receiptExpiryDays: days };
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

  private async storeSession(tx: Sql, ws: string, intakeId: string, hash: string): Promise<void> {
    await tx.query(
      `INSERT INTO complaint_intake_sessions (workspace_id, token_hash, intake_id, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
      [ws, hash, intakeId, SESSION_MINUTES],
    );
  }

  private async session(tx: Sql, ws: string, token: string): Promise<SessionOf> {
    const [row] = await tx.query<IntakeRow & { case_number: number }>(
      `SELECT i.id, i.complaint_id, i.password_hash, i.contact_email, i.key_confirmed_at, i.last_used_at, i.pending_file_ids::text[] AS pending_file_ids, c.case_number
         FROM complaint_intake_sessions s
         JOIN complaint_intakes i ON i.workspace_id = s.workspace_id AND i.id = s.intake_id
         JOIN complaints c ON c.workspace_id = i.workspace_id AND c.id = i.complaint_id
        WHERE s.workspace_id = $1 AND s.token_hash = $2 AND s.expires_at > now()`,
      [ws, hashToken(token)],
    );
    if (!row)
      throw new HttpError(401, 'RECEIPT_SESSION_ENDED', 'Your session has ended: enter your receipt key again.');
    await tx.query(`UPDATE complaint_intakes SET last_used_at = now() WHERE workspace_id = $1 AND id = $2`, [
      ws,
      row.id,
    ]);
    return { intake: row, caseNumber: row.case_number };
  }

  private async messages(tx: Sql, ws: string, id: string): Promise<CaseMessage[]> {
    const rows = await tx.query<{ id: string; body: string; created_at: Date | string; author_id: string | null }>(
      `SELECT id, body, created_at, author_id FROM complaint_messages WHERE workspace_id = $1 AND complaint_id = $2 AND audience = 'COMPLAINANT' ORDER BY created_at, id`,
      [ws, id],
    );
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

  private async published(tx: Sql, ws: string) {
    const [row] = await tx.query<{ workflow_id: string; version_id: string; workflow_name: string }>(
      `SELECT w.id AS workflow_id, v.id AS version_id, w.name AS workflow_name
         FROM workflow_versions v JOIN workflows w ON w.workspace_id = v.workspace_id AND w.id = v.workflow_id
        WHERE v.workspace_id = $1 AND v.status = 'PUBLISHED'
        ORDER BY v.default_to_workspace DESC, v.published_at DESC LIMIT 1`,
      [ws],
    );
    return row ?? null;
  }

  /** The workspace's committee; without one, the oldest unit committee (a reporter names no unit); null: none. */
  private async committee(tx: Sql, ws: string): Promise<string | null> {
    const [row] = await tx.query<{ id: string }>(
      `SELECT id FROM committees WHERE workspace_id = $1 ORDER BY branch_id IS NULL DESC, created_at, id LIMIT 1`,
      [ws],
    );
    return row?.id ?? null;
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
  return { token, hash: hashToken(token), expiresAt: new Date(Date.now() + SESSION_MINUTES * 60_000).toISOString() };
}

export type { IntakeBody };
