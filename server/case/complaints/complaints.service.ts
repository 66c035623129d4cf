import type { z } from 'zod';
import { ClockSchema, FileComplaintBody, MeetingBody } from '../../../src/contracts/case/complaints.contract';
import type {
  AuditEntry,
  CaseMeeting,
  CaseMessage,
  ClockView,
  ComplaintCounts,
  ComplaintReadiness,
  ComplaintDetail,
  ComplaintForm,
  ComplaintSummary,
  Deadlines,
  DownloadLink,
  EvidenceFile,
  EvidenceTicket,
  Outcome,
} from '../../../src/contracts/case/complaints.contract';
import { audiencesFor, caseRole, mayWriteTo, type Audience, type CaseRole } from '../../../src/domain/complaints/case-access';
import { membersWhoAreParties, presidingForCase, quorumPossible } from '../../../src/domain/complaints/committee';
import { meetingInvitation } from '../../../src/domain/complaints/ics';
import { caseClocks, filingTimeliness, type CaseDates, type ClockId } from '../../../src/domain/complaints/statutory-clocks';
import { checkType, detectType } from '../../../src/domain/files/file-types';
import { formatBytes } from '../../../src/domain/files/uploads';
import { DEFAULT_ACTION_MAILS } from '../../../src/domain/workflows/builder-rules';
import type { ActionType } from '../../../src/domain/workflows/workflow-rules';
import { tenantBatch, type Database, type Sql } from '../../platform/db/database';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../platform/errors';
import type { Mailer, OutgoingMail } from '../../platform/messages';
import { newFileKey, type DirectFileUrls, type UploadTicket } from '../../platform/signed-files';
import type { EvidenceVault, SealedFile } from '../../platform/evidence-vault';
import * as files from '../../learning/files/files.repository';
import { ensureStandardForm, listActionSettings, listComponents } from '../builder/builder.repository';
import { caseJobCounts, clockInputs, recordListRead, escalationsOf, listedCaseId, listStatement, LIST_FLAGS, type ListRow } from './case-jobs';
import * as repo from './complaints.repository';
import { formResourceFile, formResourceLink } from './form-resources';
import { notifyReporter } from './intake.repository';
import { calendarOf, regimeFromRow, regimeOf, regimeStatement, type RegimeRow } from './regime';
import { tombstoneFor } from './retention.service';
import type { WorkingCalendar } from '../../../src/domain/shared/calendar';
import { systemClock, utcDay, type Clock } from '../../platform/clock';

export interface Actor {
  ws: string;
  userId: string;
  email: string;
  name: string;
  ip: string | null;
  workspaceName: string;
}

/** Evidence may be any file (voice notes, saved messages, screenshots) up to this size. */
export const MAX_EVIDENCE_BYTES = 100 * 1024 * 1024;
const UPLOAD_SECONDS = 60 * 60;
const DOWNLOAD_SECONDS = 5 * 60;

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

export interface Access {
  row: repo.ComplaintRow;
  role: CaseRole;
  members: repo.MemberOfCase[];
  recused: Set<string>;
  presiding: { userId: string; name: string; substitute: boolean } | null;
}

const iso = (v: Date | string) => new Date(v).toISOString();

/** An upload ticket to this server's encrypting evidence route. */
function sealedTicket(vault: EvidenceVault, key: string, maxBytes: number, seconds: number): UploadTicket {
  return { key, url: vault.uploadUrl(key, maxBytes, seconds), method: 'PUT', headers: {}, expiresAt: new Date(Date.now() + seconds * 1000).toISOString(), maxBytes };
}

/**
 * The runtime of a complaint (docs/case.md "Complaints"). Every call is one tenant transaction that first decides the
 * caller's part in the case (src/domain/complaints/case-access.ts) and writes an event to the case's access log, so a
 * read that is answered is a read that is recorded. A case the caller has no part in is a 404, as another
 * workspace's case is: its existence is not told.
 */
/** The clock a list shows: the running one due soonest (not the appeal window, not one already met). */
function nearestOf(clocks: ClockView[]): ClockView | null {
  const running = clocks.filter((c) => c.daysLeft !== null && c.id !== 'IN_APPEAL_WINDOW' && c.state !== 'MET' && c.state !== 'MET_LATE');
  return running.sort((a, b) => a.daysLeft! - b.daysLeft!)[0] ?? null;
}

/**
 * The nearest clock last computed for each case (by id), with everything it was computed from
 * (ComplaintService.nearestClock): it is used only while all of that is the same (the day, the workspace's regime and
 * holidays, the case's regime and dates), else computed again. The oldest case goes first when full.
 */
interface KeptClock {
  context: string;
  /** ListRow.clock: the case's regime, received day and dates */
  clock: string;
  /** The clock as the answer's JSON text (checked by the contract's ClockSchema once, when computed). */
  nearest: string;
}

/** What a case summary shows of a case row (the case page's). */
type SummaryRow = Pick<repo.ComplaintRow, 'id' | 'case_number' | 'status' | 'received_on' | 'timeliness' | 'outcome'>;
const NEAREST_CLOCKS = new Map<string, KeptClock>();
const NEAREST_CLOCKS_MAX = 10_000;

export class ComplaintService {
  constructor(
    private readonly db: Database,
    private readonly mail: Mailer,
    private readonly urls: DirectFileUrls | undefined,
    /** Evidence encrypted at rest (docs/files.md "Evidence at rest"); without it evidence is stored as given. */
    private readonly vault?: EvidenceVault,
    /** The server's clock port (tests move it; the daily case job reads the same). */
    private readonly clock: Clock = systemClock,
  ) {}

  private today(): string {
    return utcDay(this.clock.now());
  }

  // ---------- the form and evidence ----------

  async form(actor: Actor): Promise<ComplaintForm> {
    return this.db.tenant(actor.ws, async (tx) => {
      const published = await this.publishedFor(tx, actor);
      if (!published) throw notFound('No complaint process has been published in this workspace yet. Ask your HR team.');
      await ensureStandardForm(tx, actor.ws, published.version_id);
      const committee = await this.committeeFor(tx, actor);
      const regime = await regimeOf(tx, actor.ws);
      return {
        workflowId: published.workflow_id,
        workflowVersionId: published.version_id,
        workflowName: published.workflow_name,
        compliance: regime.compliance,
        components: await listComponents(tx, actor.ws, published.version_id),
        committeeConstituted: committee !== null,
      };
    });
  }

  /** The file an admin attached to a field of the form the caller files through (form-resources.ts). */
  async formResource(actor: Actor, attributeId: string): Promise<DownloadLink> {
    const urls = this.store();
    const file = await this.db.tenant(actor.ws, async (tx) => {
      const published = await this.publishedFor(tx, actor);
      if (!published) throw notFound('This form has no such file');
      return formResourceFile(tx, actor.ws, published.version_id, attributeId);
    });
    return formResourceLink(urls, actor.ws, file);
  }

  async evidenceUpload(actor: Actor, upload: { fileName: string; size: number }): Promise<EvidenceTicket> {
    const urls = this.store();
    if (upload.size > MAX_EVIDENCE_BYTES) {
      const message = `The file is ${formatBytes(upload.size)}; evidence may be at most ${formatBytes(MAX_EVIDENCE_BYTES)}.`;
      throw new HttpError(413, 'FILE_TOO_LARGE', message, { size: message });
    }
    // Encrypted at rest: the browser PUTs to this server, which encrypts as the bytes stream in (evidence-vault.ts).
    const ticket = this.vault
      ? sealedTicket(this.vault, newFileKey(actor.ws, upload.fileName), MAX_EVIDENCE_BYTES, UPLOAD_SECONDS)
      : await urls.uploadUrl(actor.ws, upload.fileName, { maxBytes: MAX_EVIDENCE_BYTES, seconds: UPLOAD_SECONDS, size: upload.size });
    const fileId = await this.db.tenant(actor.ws, async (tx) => {
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO files (workspace_id, owner_id, purpose, declared_name, declared_size, storage_key) VALUES ($1, $2, 'EVIDENCE', $3, $4, $5) RETURNING id`,
        [actor.ws, actor.userId, upload.fileName, upload.size, ticket.key],
      );
      return row.id;
    });
    return { fileId, uploadUrl: ticket.url, method: 'PUT', headers: ticket.headers, expiresAt: ticket.expiresAt, maxBytes: MAX_EVIDENCE_BYTES };
  }

  /** Confirms an evidence upload of the caller's: measured, typed by its bytes, and kept as given (any type). */
  async confirmEvidence(actor: Actor, fileId: string): Promise<EvidenceFile> {
    const urls = this.store();
    const row = await this.db.tenant(actor.ws, (tx) => files.findFile(tx, actor.ws, fileId));
    if (!row || (row.purpose as string) !== 'EVIDENCE' || row.owner_id !== actor.userId) throw notFound('No such file');
    const describe = (r: files.FileRow): EvidenceFile => ({ fileId: r.id, fileName: r.declared_name, size: Number(r.size), contentType: r.detected_type ?? 'application/octet-stream' });
    if (row.status === 'CONFIRMED') return describe(row);
    const stored = await this.evidenceBytes(actor.ws, urls, row);
    if (!stored) throw new HttpError(409, 'NOT_UPLOADED', 'Nothing has been uploaded with this link yet: upload the file, then confirm.');
    const type = detectType(stored.head);
    const check = checkType('EVIDENCE', type);
    const found = check.ok ? (check.type ?? 'application/octet-stream') : 'application/octet-stream';
    const done = await this.db.tenant(actor.ws, (tx) => files.markConfirmed(tx, actor.ws, fileId, { size: stored.size, type: found, language: null }));
    const again = done ?? (await this.db.tenant(actor.ws, (tx) => files.findFile(tx, actor.ws, fileId)));
    if (!again) throw notFound('No such file');
    return describe(again);
  }

  // ---------- filing ----------

  /**
   * `recorder`: a committee member recording it on the complainant's behalf (server/case/complaints/on-behalf.service.ts):
   * the case then waits for the complainant's confirmation, and the access log names the member.
   */
  async file(actor: Actor, body: z.output<typeof FileComplaintBody>, recorder?: { actor: Actor; channel: 'ORAL_NOTICE' | 'HELP_TO_WRITE' }): Promise<ComplaintDetail> {
    const doer = recorder?.actor ?? actor;
    const mails: OutgoingMail[] = [];
    const id = await this.db.tenant(actor.ws, async (tx) => {
      const published = await this.publishedFor(tx, actor);
      if (!published) throw conflict('No complaint process has been published in this workspace yet. Ask your HR team.');
      await ensureStandardForm(tx, actor.ws, published.version_id);
      const regime = await regimeOf(tx, actor.ws);
      const today = this.today();
      const fields: Record<string, string> = {};
      if (body.incident.date > today) fields['incident.date'] = 'The incident cannot be after today';

      // The fields an admin added: required ones answered, unknown ones refused.
      const components = await listComponents(tx, actor.ws, published.version_id);
      const custom = components.flatMap((c) => c.attributes).filter((a) => a.systemKey === null);
      for (const a of custom) {
        if (a.required && !(body.answers[a.attributeId] ?? '').trim()) fields[`answers.${a.attributeId}`] = `Answer "${a.label}"`;
      }
      for (const key of Object.keys(body.answers)) {
        if (!custom.some((a) => a.attributeId === key)) fields[`answers.${key}`] = 'Not a field of this form';
      }

      // Evidence: confirmed evidence uploads of the filer's own, not yet on another case.
      if (body.incident.evidenceFileIds.length > 0) {
        const ok = await tx.query<{ id: string }>(
          `SELECT f.id FROM files f
            WHERE f.workspace_id = $1 AND f.id = ANY($2::uuid[]) AND f.purpose = 'EVIDENCE' AND f.status = 'CONFIRMED' AND f.owner_id = $3
              AND NOT EXISTS (SELECT 1 FROM complaint_evidence e WHERE e.workspace_id = f.workspace_id AND e.file_id = f.id)`,
          [actor.ws, body.incident.evidenceFileIds, doer.userId],
        );
        const good = new Set(ok.map((r) => r.id));
        body.incident.evidenceFileIds.forEach((f, i) => {
          if (!good.has(f)) fields[`incident.evidenceFileIds.${i}`] = 'Not an evidence file you uploaded and confirmed';
        });
      }
      if (Object.keys(fields).length) throw badRequest(`Invalid complaint: ${Object.keys(fields).join(', ')}`, fields);

      const committee = body.againstEmployer ? null : await this.committeeFor(tx, actor);
      const members = committee ? await repo.membersOf(tx, actor.ws, [committee]) : [];
      const [respondentUser] = body.respondent.email
        ? await tx.query<{ id: string }>(`SELECT id FROM users WHERE workspace_id = $1 AND lower(email) = lower($2)`, [actor.ws, body.respondent.email])
        : [];
      const recused = membersWhoAreParties(
        members.map((m) => ({ userId: m.user_id, email: m.email })),
        { complainantUserId: actor.userId, respondentUserId: respondentUser?.id ?? null, emails: [body.complainant.email, body.respondent.email] },
      );
      const timeliness = filingTimeliness(body.incident.date, today);
      // Who presides when the presiding officer is a party: the first member not recused who may (IN-06).
      const domainCommittee = this.domainCommittee(members);
      const presiding = presidingForCase(domainCommittee, new Set(recused), null);
      const substitute = presiding ? null : (members.find((m) => !recused.includes(m.user_id) && m.role !== 'EXTERNAL_MEMBER')?.user_id ?? null);

      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('complaint-number:' || $1::text))`, [actor.ws]);
      const [{ next }] = await tx.query<{ next: number }>(repo.NEXT_CASE_NUMBER, [actor.ws]);
      const [row] = await tx.query<{ id: string }>(
        `INSERT INTO complaints (workspace_id, case_number, compliance, committee_id, workflow_id, version_id, filed_by, filed_as,
            complainant_name, complainant_email, complainant_gender, complainant_phone,
            respondent_name, respondent_gender, respondent_phone, respondent_email, respondent_description, respondent_user_id,
            against_employer, incident_details, incident_on, witnesses, answers, received_on, timeliness, presiding_member_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26)
         RETURNING id`,
        [
          actor.ws,
          next,
          regime.compliance,
          committee,
          published.workflow_id,
          published.version_id,
          actor.userId,
          body.filedAs,
          body.complainant.name,
          body.complainant.email,
          body.complainant.gender,
          body.complainant.phone,
          body.respondent.name,
          body.respondent.gender,
          body.respondent.phone,
          body.respondent.email,
          body.respondent.description,
          respondentUser?.id ?? null,
          body.againstEmployer,
          body.incident.details,
          body.incident.date,
          JSON.stringify(body.incident.witnesses),
          JSON.stringify(body.answers),
          today,
          timeliness.timeliness,
          substitute,
        ],
      );
      for (const fileId of body.incident.evidenceFileIds) {
        await tx.query(`INSERT INTO complaint_evidence (workspace_id, complaint_id, file_id, added_by) VALUES ($1, $2, $3, $4)`, [actor.ws, row.id, fileId, doer.userId]);
      }
      for (const userId of recused) {
        await tx.query(`INSERT INTO complaint_recusals (workspace_id, complaint_id, user_id, reason, note) VALUES ($1, $2, $3, 'AUTO_PARTY', 'A party to the case')`, [
          actor.ws,
          row.id,
          userId,
        ]);
      }
      const caseNumber = repo.caseNumberText(next);
      await repo.caseAudit(tx, {
        ws: actor.ws,
        complaintId: row.id,
        actorUserId: doer.userId,
        action: 'complaint.file',
        ip: doer.ip,
        details: { ...(recorder ? { onBehalfOf: actor.userId, channel: recorder.channel } : {}), caseNumber, timeliness: timeliness.timeliness, evidence: body.incident.evidenceFileIds.length, recused: recused.length, referral: committee ? null : 'LOCAL_COMMITTEE' },
      });
      const receipt = (to: string) => ({
        workspaceId: actor.ws,
        to,
        subject: `We received your complaint: case ${caseNumber}`,
        text:
          `Your complaint was received on ${today} as case ${caseNumber}.\n\n` +
          `Only the Internal Committee members assigned to it can read it; every view is recorded. ` +
          (committee ? 'The committee will contact you about the next steps.' : 'It will be referred to the Local Committee (no Internal Committee can hear it here).') +
          (timeliness.timeliness === 'ON_TIME' ? '' : `\n\nIt was filed more than 3 months after the incident: the committee will decide on an extension, with reasons.`),
      });
      if (recorder) {
        // The case waits for the complainant: no clock runs and no step can be completed until they confirm.
        await tx.query(
          `UPDATE complaints SET confirmation_pending = true, recorded_by = $3, recorded_channel = $4 WHERE workspace_id = $1 AND id = $2`,
          [actor.ws, row.id, recorder.actor.userId, recorder.channel],
        );
        mails.push({
          workspaceId: actor.ws,
          to: body.complainant.email,
          subject: `Please confirm your complaint: case ${caseNumber}`,
          text:
            `A member of the Internal Committee recorded a complaint on your behalf on ${today} as case ${caseNumber}.\n\n` +
            `Sign in and open Complaints to read it and confirm it. Nothing happens on the case until you do.`,
        });
      } else {
        mails.push(receipt(body.complainant.email));
        if (actor.email.toLowerCase() !== body.complainant.email.toLowerCase()) mails.push(receipt(actor.email));
      }
      for (const m of members.filter((m) => !recused.includes(m.user_id))) {
        mails.push({ workspaceId: actor.ws, to: m.email, subject: `A new complaint: case ${caseNumber}`, text: `A new complaint, case ${caseNumber}, is assigned to your committee. Sign in to read it.` });
      }
      await this.mail.sendMany(mails, tx);
      return row.id;
    });
    return this.read(actor, id, { audit: false });
  }

  // ---------- reads ----------

  /**
   * The caller's cases (docs/case.md "The case list at scale") as the answer's JSON text (`{"items":[...]}`, the
   * contract's `listComplaints` response). One statement brings each candidate case with the caller's part in it and
   * its next step, and records the read of the whole list in the access log; it travels with the regime's read in one
   * round trip. Each case's summary comes as JSON from the statement (listStatement `head`); the caller's role and the
   * nearest clock are added here, so the rows are neither parsed column by column nor serialised again
   * (bench/case-jobs.bench.ts; docs/case.md "Benchmarks"). Only `ws`, `userId` and `ip` of the actor are read (the
   * route skips the name lookup).
   */
  async list(actor: Pick<Actor, 'ws' | 'userId' | 'ip'>): Promise<string> {
    // The regime and the cases (with the access log's row) in one transaction and one round trip (tenantBatch).
    const [settings, candidates] = await tenantBatch(this.db, actor.ws, [regimeStatement(actor.ws), listStatement(actor.ws, actor.userId, actor.ip)]);
    const regime = regimeFromRow((settings as RegimeRow[])[0]);
    const rows = candidates as ListRow[];
    const today = this.today();
    const calendars = new Map<string, WorkingCalendar>();
    const unrecorded: string[] = [];
    const me = [actor.userId];
    const none: string[] = [];
    const nearestKey = `${today}|${JSON.stringify(regime)}`;
    let body = '{"items":[';
    let first = true;
    for (const row of rows) {
      const flags = row.flags;
      const role = caseRole(actor.userId, {
        filedBy: flags & LIST_FLAGS.FILED ? actor.userId : '',
        respondentUserId: flags & LIST_FLAGS.RESPONDENT ? actor.userId : null,
        respondentCopySent: (flags & LIST_FLAGS.COPY_SENT) !== 0,
        memberIds: flags & LIST_FLAGS.MEMBER ? me : none,
        recusedIds: flags & LIST_FLAGS.RECUSED ? me : none,
      });
      if (!role) continue;
      if (!(flags & LIST_FLAGS.VISIBLE)) unrecorded.push(listedCaseId(row));
      const nearest = role === 'COMMITTEE' && !(flags & LIST_FLAGS.CONFIRMATION_PENDING) ? this.nearestClock(row, regime, today, calendars, nearestKey) : 'null';
      body += `${first ? '' : ','}${row.head},"role":"${role}","nearestClock":${nearest}}`;
      first = false;
    }
    // The statement recorded the cases its `visible` let through; one it did not (should the two rules ever differ) is
    // recorded now, before anything is answered.
    if (unrecorded.length > 0) await this.db.tenant(actor.ws, (tx) => recordListRead(tx, { ws: actor.ws, complaintIds: unrecorded, actorUserId: actor.userId, ip: actor.ip }));
    return `${body}]}`;
  }

  /** Whether the user sits on a committee of the workspace (any committee, any role in it). */
  async seated(ws: string, userId: string): Promise<boolean> {
    const rows = await this.db.tenant(ws, (tx) => tx.query(`SELECT 1 FROM committee_members WHERE workspace_id = $1 AND user_id = $2 LIMIT 1`, [ws, userId]));
    return rows.length > 0;
  }

  async read(actor: Actor, id: string, options: { audit?: boolean } = {}): Promise<ComplaintDetail> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.access(tx, actor, id);
      if (options.audit !== false) await this.log(tx, actor, id, 'complaint.read');
      return this.detail(tx, actor, access);
    });
  }

  async deadlines(actor: Actor, id: string): Promise<Deadlines> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.access(tx, actor, id, { committeeOnly: true });
      await this.log(tx, actor, id, 'complaint.deadlines');
      const regime = await regimeOf(tx, actor.ws);
      const today = this.today();
      return { compliance: regime.compliance, today, clocks: access.row.confirmation_pending ? [] : this.clocks(access.row, regime, today) };
    });
  }

  async auditLog(actor: Actor, id: string): Promise<AuditEntry[]> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.access(tx, actor, id, { committeeOnly: true });
      if (access.presiding?.userId !== actor.userId) throw forbidden('Only the member presiding over the case reads its access log');
      await this.log(tx, actor, id, 'complaint.audit.read');
      const rows = await tx.query<{ at: Date | string; action: string; details: Record<string, unknown>; name: string | null; email: string | null; actor_user_id: string | null }>(
        // The case's own events and the list reads that listed it (one row per list, migration 0042), by their own ids
        // or by the set of cases they name (migration 0048).
        `SELECT a.at, a.action, a.actor_user_id, a.details, trim(u.first_name || ' ' || u.last_name) AS name, u.email
           FROM (SELECT e.at, e.id, e.action, e.actor_user_id, e.details FROM complaint_audit_events e WHERE e.workspace_id = $1 AND e.complaint_id = $2
                 UNION ALL
                 SELECT l.at, l.id, 'complaint.list', l.actor_user_id, '{}'::jsonb FROM complaint_list_reads l WHERE l.workspace_id = $1 AND l.complaint_ids @> ARRAY[$2::uuid]
                 UNION ALL
                 SELECT l.at, l.id, 'complaint.list', l.actor_user_id, '{}'::jsonb
                   FROM complaint_list_sets k JOIN complaint_list_reads l ON l.workspace_id = k.workspace_id AND l.set_id = k.id
                  WHERE k.workspace_id = $1 AND k.complaint_ids @> ARRAY[$2::uuid]) a
           LEFT JOIN users u ON u.workspace_id = $1 AND u.id = a.actor_user_id
          ORDER BY a.at, a.id`,
        [actor.ws, id],
      );
      return rows.map((r) => ({
        at: iso(r.at),
        action: r.action,
        // No account: the reporter of an intake case, through their receipt key.
        actorName: r.actor_user_id === null ? 'The reporter (receipt key)' : r.name || r.email || 'Someone no longer in the workspace',
        details: r.details,
      }));
    });
  }

  async evidenceLink(actor: Actor, id: string, fileId: string): Promise<DownloadLink> {
    const urls = this.store();
    const file = await this.db.tenant(actor.ws, async (tx) => {
      const access = await this.access(tx, actor, id);
      if (access.role === 'RESPONDENT') throw forbidden('The evidence is shared with the committee and whoever filed it');
      const [f] = await tx.query<{ storage_key: string; declared_name: string; evidence_key_id: string | null }>(
        `SELECT f.storage_key, f.declared_name, f.evidence_key_id FROM complaint_evidence e JOIN files f ON f.workspace_id = e.workspace_id AND f.id = e.file_id
          WHERE e.workspace_id = $1 AND e.complaint_id = $2 AND e.file_id = $3`,
        [actor.ws, id, fileId],
      );
      if (!f) throw notFound('No such evidence on this case');
      await this.log(tx, actor, id, 'evidence.download', { fileId, fileName: f.declared_name });
      return f;
    });
    // Always a download, never shown in the page: whatever the file is, it cannot run on our origin. An encrypted file
    // is decrypted by this server as it streams (evidence-vault.ts).
    const downloadUrl = file.evidence_key_id && this.vault ? this.vault.downloadUrl(file.storage_key, DOWNLOAD_SECONDS) : await urls.downloadUrl(actor.ws, file.storage_key, { seconds: DOWNLOAD_SECONDS, disposition: 'attachment', type: 'application/octet-stream', fileName: file.declared_name });
    return { downloadUrl, fileName: file.declared_name, expiresAt: new Date(Date.now() + DOWNLOAD_SECONDS * 1000).toISOString() };
  }

  /** What the admin's home warns about: no process published, no workspace-wide committee, cases no committee hears. */
  async readiness(ws: string): Promise<ComplaintReadiness> {
    return this.db.tenant(ws, async (tx) => {
      const [row] = await tx.query<{ published: boolean; committee: boolean; without: number }>(
        `SELECT EXISTS (SELECT 1 FROM workflow_versions WHERE workspace_id = $1 AND status = 'PUBLISHED') AS published,
                EXISTS (SELECT 1 FROM committees c WHERE c.workspace_id = $1 AND c.branch_id IS NULL
                          AND EXISTS (SELECT 1 FROM committee_members m WHERE m.workspace_id = $1 AND m.committee_id = c.id)) AS committee,
                (SELECT count(*)::int FROM complaints WHERE workspace_id = $1 AND status = 'OPEN' AND committee_id IS NULL) AS without`,
        [ws],
      );
      const regime = await regimeOf(tx, ws);
      return { processPublished: row.published, committeeConstituted: row.committee, compliance: regime.compliance, casesWithoutCommittee: row.without };
    });
  }

  async counts(ws: string): Promise<ComplaintCounts> {
    return this.db.tenant(ws, async (tx) => {
      const rows = await repo.allOpenOrClosed(tx, ws);
      const regime = await regimeOf(tx, ws);
      const today = this.today();
      const byClock = new Map<string, { id: string; label: string; running: number; dueSoon: number; missed: number }>();
      let pendingOver90Days = 0;
      for (const row of rows.filter((r) => r.status === 'OPEN' && !r.confirmation_pending)) {
        for (const clock of this.clocks(row, regime, today)) {
          if (clock.id === 'IN_APPEAL_WINDOW') continue;
          const entry = byClock.get(clock.id) ?? { id: clock.id, label: clock.label, running: 0, dueSoon: 0, missed: 0 };
          if (clock.state === 'RUNNING') entry.running += 1;
          if (clock.state === 'DUE_SOON') entry.dueSoon += 1;
          if (clock.state === 'MISSED') entry.missed += 1;
          byClock.set(clock.id, entry);
        }
        if (new Date(today).getTime() - new Date(row.received_on).getTime() > 90 * 86_400_000) pendingOver90Days += 1;
      }
      // Purged cases (retention) still count: their tombstones say they existed and were closed.
      const [{ purged }] = await tx.query<{ purged: number }>(`SELECT count(*)::int AS purged FROM complaint_tombstones WHERE workspace_id = $1`, [ws]);
      return {
        total: rows.length + purged,
        open: rows.filter((r) => r.status === 'OPEN').length,
        closed: rows.filter((r) => r.status === 'CLOSED').length + purged,
        purged,
        lateFilings: rows.filter((r) => r.timeliness !== 'ON_TIME').length,
        pendingOver90Days,
        clocks: [...byClock.values()],
        ...(await caseJobCounts(tx, ws)),
      };
    });
  }

  // ---------- changes ----------

  async message(actor: Actor, id: string, body: { audience: Audience; body: string }): Promise<CaseMessage> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.access(tx, actor, id, { lock: true });
      if (body.audience === 'RESPONDENT' && !access.row.respondent_copy_sent_on) {
        throw conflict('Send the respondent a copy of the complaint first (POSH Rule 7): until then the case is not shared with them', {
          audience: 'The respondent has not been given a copy yet',
        });
      }
      if (!mayWriteTo(access.role, body.audience)) {
        throw badRequest('You write to the committee in your own thread', { audience: `Write in the ${access.role.toLowerCase()}'s thread` });
      }
      const [m] = await tx.query<{ id: string; created_at: Date | string }>(
        `INSERT INTO complaint_messages (workspace_id, complaint_id, audience, author_id, body) VALUES ($1, $2, $3, $4, $5) RETURNING id, created_at`,
        [actor.ws, id, body.audience, actor.userId, body.body],
      );
      const caseNumber = repo.caseNumberText(access.row.case_number);
      if (access.role === 'COMMITTEE') {
        // CA-02: the committee's first word to the principal party is the contact the 7 days ask for.
        if (body.audience === 'COMPLAINANT' && !access.row.first_contact_on) await this.setDate(tx, actor.ws, id, 'first_contact_on', this.today());
        // The reporter of an intake case is told only that there is a reply, at the address they chose (if any).
        if (body.audience === 'COMPLAINANT' && access.row.intake) await notifyReporter(tx, this.mail, actor.ws, id);
        const to = body.audience === 'COMPLAINANT' ? access.row.complainant_email : body.audience === 'RESPONDENT' ? access.row.respondent_email : null;
        if (to) {
          await this.mail.send({ workspaceId: actor.ws, to, subject: `A new message on case ${caseNumber}`, text: `The Internal Committee wrote to you on case ${caseNumber}. Sign in to read it.` }, tx);
        }
      }
      if (access.role !== 'COMMITTEE' && access.row.committee_id) {
        const readers = await repo.committeeReaders(tx, actor.ws, id);
        await this.mail.sendMany(repo.partyMessageMails(actor.ws, readers, caseNumber, access.role === 'COMPLAINANT' ? 'complainant' : 'respondent'), tx);
      }
      await this.log(tx, actor, id, 'message.post', { audience: body.audience, messageId: m.id });
      return { messageId: m.id, audience: body.audience, authorName: actor.name, fromCommittee: access.role === 'COMMITTEE', body: body.body, createdAt: iso(m.created_at) };
    });
  }

  async scheduleMeeting(actor: Actor, id: string, body: z.output<typeof MeetingBody>): Promise<CaseMeeting> {
    return this.db.tenant(actor.ws, async (tx) => {
      const access = await this.access(tx, actor, id, { committeeOnly: true, lock: true });
      if (access.row.status === 'CLOSED') throw conflict('The case is closed');
      if (body.stepId) {
        const steps = await repo.stepsOf(tx, actor.ws, id, access.row.version_id);
        const step = steps.find((s) => s.id === body.stepId);
        if (!step || step.kind !== 'MEETING') throw badRequest('Not a meeting step of this case', { stepId: 'Not a meeting step of this case' });
      }
      const [m] = await tx.query<{ id: string }>(
        `INSERT INTO complaint_meetings (workspace_id, complaint_id, step_id, title, agenda, starts_at, ends_at, location, guests, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
        [actor.ws, id, body.stepId, body.title, body.agenda, body.startsAt, body.endsAt, body.location, JSON.stringify(body.guests), actor.userId],
      );
      const caseNumber = repo.caseNumberText(access.row.case_number);
      const ics = meetingInvitation({
        uid: `${m.id}@safeplace`,
        title: body.title,
        description: `${body.agenda}\n\nCase ${caseNumber}. Confidential.`,
        startsAt: body.startsAt,
        endsAt: body.endsAt,
        location: body.location,
        organizerEmail: actor.email,
        guests: body.guests,
        stamp: new Date().toISOString(),
      });
      await this.mail.sendMany(
        body.guests.map((to) => ({
          workspaceId: actor.ws,
          to,
          subject: `Invitation: ${body.title} (case ${caseNumber})`,
          text: `You are invited to "${body.title}" on case ${caseNumber}.\n\nWhen: ${body.startsAt} to ${body.endsAt}\nWhere: ${body.location}\n\nAgenda:\n${body.agenda}\n\nThe invitation is attached (invite.ics). This meeting is confidential.`,
          attachments: [{ fileName: 'invite.ics', contentType: 'text/calendar; method=REQUEST; charset=utf-8', content: ics }],
        })),
        tx,
      );
      await this.log(tx, actor, id, 'meeting.schedule', { meetingId: m.id, guests: body.guests.length });
      return (await this.meetings(tx, actor.ws, id)).find((x) => x.meetingId === m.id)!;
    });
  }

  async recordMeeting(actor: Actor, id: string, meetingId: string, body: { minutes?: string; outcome?: string }): Promise<CaseMeeting> {
    return this.db.tenant(actor.ws, async (tx) => {
      await this.access(tx, actor, id, { committeeOnly: true, lock: true });
      const done = await tx.query(
        `UPDATE complaint_meetings SET minutes = COALESCE($4, minutes), outcome = COALESCE($5, outcome), updated_at = now()
          WHERE workspace_id = $1 AND complaint_id = $2 AND id = $3 RETURNING id`,
        [actor.ws, id, meetingId, body.minutes ?? null, body.outcome ?? null],
      );
      if (done.length === 0) throw notFound('No such meeting on this case');
      await this.log(tx, actor, id, 'meeting.record', { meetingId, fields: Object.keys(body) });
      return (await this.meetings(tx, actor.ws, id)).find((x) => x.meetingId === meetingId)!;
    });
  }

  async completeStep(actor: Actor, id: string, stepId: string, note: string): Promise<ComplaintDetail> {
    await this.db.tenant(actor.ws, async (tx) => {
      const access = await this.access(tx, actor, id, { committeeOnly: true, lock: true });
      const row = access.row;
      if (row.status === 'CLOSED') throw conflict('The case is closed');
      const steps = await repo.stepsOf(tx, actor.ws, id, row.version_id);
      const step = steps.find((s) => s.id === stepId);
      if (!step) throw notFound('No such step in this case’s workflow');
      if (step.completed_at) throw conflict('This step is already complete');
      if (row.confirmation_pending) throw conflict('The complainant has not confirmed this complaint yet: the case proceeds once they do');
      const today = this.today();
      const caseNumber = repo.caseNumberText(row.case_number);
      const mails: OutgoingMail[] = [];
      if (step.kind === 'ACTION') {
        const settings = await listActionSettings(tx, actor.ws, row.version_id);
        const employers = await tx.query<{ email: string }>(
          `SELECT email FROM users WHERE workspace_id = $1 AND role = 'EMPLOYER' AND status <> 'INACTIVE' ORDER BY email`,
          [actor.ws],
        );
        for (const type of (step.settings.actionTypes ?? []) as ActionType[]) {
          const setting = settings.find((s) => s.actionType === type) ?? { ...DEFAULT_ACTION_MAILS[type], ccEmailList: [], includeComplaintCopy: type === 'INFORM_RESPONDENT' };
          const dueDate = type === 'INFORM_RESPONDENT' ? (this.clocks({ ...row, respondent_copy_sent_on: today }, await regimeOf(tx, actor.ws), today).find((c) => c.id === 'IN_RESPONDENT_REPLY')?.dueOn ?? '') : '';
          const fill = (text: string) =>
            text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => ({ caseNumber, stepName: step.name, workspaceName: actor.workspaceName, dueDate })[name as 'caseNumber'] ?? '');
          const copy = setting.includeComplaintCopy
            ? `\n\n--- Copy of the complaint (case ${caseNumber}) ---\nIncident on ${row.incident_on}:\n${row.incident_details}${row.witnesses.length ? `\nWitnesses: ${row.witnesses.join('; ')}` : ''}`
            : '';
          const party = type === 'INFORM_RESPONDENT' || (type === 'NOTIFY' && step.settings.party === 'RESPONDENT') ? 'RESPONDENT' : 'EMPLOYER';
          const recipients = party === 'RESPONDENT' ? (row.respondent_email ? [row.respondent_email] : []) : employers.map((e) => e.email);
          if (recipients.length === 0) {
            throw conflict(party === 'RESPONDENT' ? 'The complaint gives no email for the respondent: add it before this step' : 'The workspace has no employer to inform', {
              stepId: party === 'RESPONDENT' ? 'No respondent email' : 'No employer',
            });
          }
          for (const to of [...recipients, ...setting.ccEmailList]) mails.push({ workspaceId: actor.ws, to, subject: fill(setting.mailSubject), text: fill(setting.mailBody) + copy });
          if (type === 'INFORM_RESPONDENT' && !row.respondent_copy_sent_on) await this.setDate(tx, actor.ws, id, 'respondent_copy_sent_on', today);
        }
      } else if (row.compliance === 'CA_FEDERAL' && !row.negotiated_meeting_on) {
        // CA-04: the first meeting step completed is the negotiated-resolution meeting held.
        await this.setDate(tx, actor.ws, id, 'negotiated_meeting_on', today);
      }
      if (step.time_limit?.kind === 'STATUTORY') {
        const column = CLOCK_MET_BY[step.time_limit.clockId as ClockId];
        if (column && !row[column]) await this.setDate(tx, actor.ws, id, column, today);
      }
      await tx.query(`INSERT INTO complaint_step_completions (workspace_id, complaint_id, step_id, note, completed_by) VALUES ($1, $2, $3, $4, $5)`, [
        actor.ws,
        id,
        stepId,
        note,
        actor.userId,
      ]);
      await this.mail.sendMany(mails, tx);
      await this.log(tx, actor, id, 'step.complete', { stepId, stepName: step.name, mails: mails.length });
    });
    return this.read(actor, id, { audit: false });
  }

  async close(actor: Actor, id: string, body: { outcome: Outcome; summary: string }): Promise<ComplaintDetail> {
    await this.db.tenant(actor.ws, async (tx) => {
      const access = await this.access(tx, actor, id, { committeeOnly: true, lock: true });
      const row = access.row;
      if (row.status === 'CLOSED') throw conflict('The case is already closed');
      const today = this.today();
      // The committee's decision is its report: the inquiry is complete and the report issued today unless recorded
      // before; the appeal window (IN-10) runs from here, and the record is kept through it.
      await tx.query(
        `UPDATE complaints SET status = 'CLOSED', outcome = $3, outcome_summary = $4, closed_at = now(), closed_by = $5, updated_at = now(),
                inquiry_completed_on = COALESCE(inquiry_completed_on, $6::date), report_issued_on = COALESCE(report_issued_on, $6::date),
                resolved_on = COALESCE(resolved_on, $6::date)
          WHERE workspace_id = $1 AND id = $2`,
        [actor.ws, id, body.outcome, body.summary, actor.userId, today],
      );
      const caseNumber = repo.caseNumberText(row.case_number);
      const to = [...(row.complainant_email ? [row.complainant_email] : []), ...(row.respondent_copy_sent_on && row.respondent_email ? [row.respondent_email] : [])];
      if (row.intake) await notifyReporter(tx, this.mail, actor.ws, id);
      await this.mail.sendMany(
        to.map((address) => ({
          workspaceId: actor.ws,
          to: address,
          subject: `Case ${caseNumber} is closed`,
          text: `The Internal Committee has closed case ${caseNumber}. Sign in to read the outcome.${row.compliance === 'IN_POSH' ? ' You may appeal within 90 days (POSH Act s.18).' : ''}`,
        })),
        tx,
      );
      await this.log(tx, actor, id, 'complaint.close', { outcome: body.outcome });
    });
    return this.read(actor, id, { audit: false });
  }

  async recuse(actor: Actor, id: string, note: string): Promise<void> {
    await this.db.tenant(actor.ws, async (tx) => {
      const access = await this.access(tx, actor, id, { committeeOnly: true, lock: true });
      await tx.query(
        `INSERT INTO complaint_recusals (workspace_id, complaint_id, user_id, reason, note, recorded_by) VALUES ($1, $2, $3, 'SELF', $4, $3)
         ON CONFLICT DO NOTHING`,
        [actor.ws, id, actor.userId, note],
      );
      // The one presiding steps down: the next member who may preside does (IN-06).
      if (access.presiding?.userId === actor.userId) {
        const recused = new Set([...access.recused, actor.userId]);
        const next = access.members.find((m) => !recused.has(m.user_id) && m.role !== 'EXTERNAL_MEMBER' && m.role !== 'PRESIDING_OFFICER');
        await tx.query(`UPDATE complaints SET presiding_member_id = $3, updated_at = now() WHERE workspace_id = $1 AND id = $2`, [actor.ws, id, next?.user_id ?? null]);
      }
      await this.log(tx, actor, id, 'member.recuse', {});
    });
  }

  // ---------- inside ----------

  private store(): DirectFileUrls {
    if (!this.urls) throw new HttpError(503, 'NO_FILE_STORAGE', 'This server has no file storage configured.');
    return this.urls;
  }

  /** A stored evidence file's (plaintext) size and first bytes; null when nothing was uploaded yet. */
  private async evidenceBytes(ws: string, urls: DirectFileUrls, row: files.FileRow): Promise<{ size: number; head: Uint8Array } | null> {
    if (!this.vault) {
      const stored = await urls.stat(ws, row.storage_key);
      return stored ? { size: stored.size, head: await urls.readHead(ws, row.storage_key) } : null;
    }
    const [sealed] = await this.db.tenant(ws, (tx) =>
      tx.query<SealedFile>(`SELECT id, storage_key, evidence_key_id, evidence_wrapped_key FROM files WHERE workspace_id = $1 AND id = $2`, [ws, row.id]),
    );
    // The key is written once the ciphertext is whole: before that, nothing was uploaded.
    return sealed?.evidence_key_id ? this.vault.describe(ws, sealed) : null;
  }

  async log(tx: Sql, actor: Actor, complaintId: string, action: string, details: Record<string, unknown> = {}): Promise<void> {
    await repo.caseAudit(tx, { ws: actor.ws, complaintId, actorUserId: actor.userId, action, ip: actor.ip, details });
  }

  private async setDate(tx: Sql, ws: string, id: string, column: repo.DateColumn, day: string): Promise<void> {
    if (!repo.DATE_COLUMNS.includes(column)) throw new Error(`not a date column: ${column}`);
    await tx.query(`UPDATE complaints SET ${column} = $3::date, updated_at = now() WHERE workspace_id = $1 AND id = $2`, [ws, id, day]);
  }

  /** The caller's part in the case, or 404; `committeeOnly` answers a party with 403. */
  async access(tx: Sql, actor: Actor, id: string, options: { committeeOnly?: boolean; lock?: boolean } = {}): Promise<Access> {
    const row = await repo.findComplaint(tx, actor.ws, id, options.lock);
    if (!row) {
      // A purged case (retention): its committee learns it was purged and when, nothing more; anyone else 404.
      const t = await tombstoneFor(tx, actor.ws, id, actor.userId);
      if (t) throw new HttpError(410, 'CASE_PURGED', `Case ${repo.caseNumberText(t.case_number)} was purged on ${t.purged_on} under the workspace's retention rules`);
      throw notFound('Complaint not found');
    }
    const members = row.committee_id ? await repo.membersOf(tx, actor.ws, [row.committee_id]) : [];
    const recused = new Set((await repo.recusalsOf(tx, actor.ws, [id])).map((r) => r.user_id));
    const role = caseRole(actor.userId, {
      filedBy: row.filed_by,
      respondentUserId: row.respondent_user_id,
      respondentCopySent: row.respondent_copy_sent_on !== null,
      memberIds: members.map((m) => m.user_id),
      recusedIds: [...recused],
    });
    if (!role) throw notFound('Complaint not found');
    if (options.committeeOnly && role !== 'COMMITTEE') throw forbidden('Only the committee assigned to the case may do this');
    const found = presidingForCase(this.domainCommittee(members), recused, row.presiding_member_id);
    const presidingMember = found ? members.find((m) => m.user_id === found.memberId) : undefined;
    return {
      row,
      role,
      members,
      recused,
      presiding: presidingMember ? { userId: presidingMember.user_id, name: presidingMember.name || presidingMember.email, substitute: found!.substitute } : null,
    };
  }

  private domainCommittee(members: repo.MemberOfCase[]) {
    return {
      termStart: '2000-01-01',
      termEnd: '2000-01-02',
      members: members.map((m) => ({
        id: m.user_id,
        name: m.name,
        role: m.role === 'DESIGNATED_RECIPIENT' ? ('EMPLOYEE_MEMBER' as const) : m.role,
        gender: 'UNDISCLOSED' as const,
      })),
    };
  }

  private async publishedFor(tx: Sql, actor: Actor) {
    const [row] = await tx.query<{ workflow_id: string; version_id: string; workflow_name: string }>(
      `SELECT w.id AS workflow_id, v.id AS version_id, w.name AS workflow_name
         FROM workflow_versions v JOIN workflows w ON w.workspace_id = v.workspace_id AND w.id = v.workflow_id
        WHERE v.workspace_id = $1 AND v.status = 'PUBLISHED'
        ORDER BY (SELECT branch_id FROM users WHERE workspace_id = $1 AND id = $2) = ANY(v.branch_ids) IS TRUE DESC,
                 v.default_to_workspace DESC, v.published_at DESC
        LIMIT 1`,
      [actor.ws, actor.userId],
    );
    return row ?? null;
  }

  /** The committee of the filer's business unit, else the workspace's (IN-01); null: none constituted. */
  private async committeeFor(tx: Sql, actor: Actor): Promise<string | null> {
    const [row] = await tx.query<{ id: string }>(
      `SELECT c.id FROM committees c
        WHERE c.workspace_id = $1 AND (c.branch_id IS NULL OR c.branch_id = (SELECT branch_id FROM users WHERE workspace_id = $1 AND id = $2))
        ORDER BY c.branch_id IS NULL LIMIT 1`,
      [actor.ws, actor.userId],
    );
    return row?.id ?? null;
  }

  private clocks(
    row: Pick<repo.ComplaintRow, 'received_on' | 'compliance' | repo.DateColumn>,
    regime: Awaited<ReturnType<typeof regimeOf>>,
    today: string,
    /** One request's calendars by regime and years (a list of cases builds each once). */
    calendars?: Map<string, WorkingCalendar>,
  ): ClockView[] {
    const dates: CaseDates = {
      receivedOn: row.received_on,
      inquiryStartOn: row.inquiry_start_on,
      respondentCopySentOn: row.respondent_copy_sent_on,
      respondentReplyOn: row.respondent_reply_on,
      inquiryCompletedOn: row.inquiry_completed_on,
      reportIssuedOn: row.report_issued_on,
      employerActionOn: row.employer_action_on,
      firstContactOn: row.first_contact_on,
      negotiatedMeetingOn: row.negotiated_meeting_on,
      resolvedOn: row.resolved_on,
    };
    const from = Number(row.received_on.slice(0, 4));
    const to = Math.max(from, Number(today.slice(0, 4))) + 2;
    const key = `${row.compliance}:${from}:${to}`;
    const calendar = calendars?.get(key) ?? calendarOf({ ...regime, compliance: row.compliance }, from, to);
    calendars?.set(key, calendar);
    return caseClocks(dates, calendar, today);
  }

  private summary(row: SummaryRow, role: CaseRole, nextStep: string | null, clocks: ClockView[]): ComplaintSummary {
    return this.summaryOf(row, role, nextStep, nearestOf(clocks));
  }

  private summaryOf(row: SummaryRow, role: CaseRole, nextStep: string | null, nearest: ClockView | null): ComplaintSummary {
    return {
      complaintId: row.id,
      caseNumber: repo.caseNumberText(row.case_number),
      status: row.status,
      role,
      receivedOn: row.received_on,
      timeliness: row.timeliness,
      nextStep: row.status === 'OPEN' ? nextStep : null,
      nearestClock: nearest,
      outcome: row.outcome,
    };
  }

  /**
   * A listed case's nearest clock: `nearestOf(this.clocks(...))`, a pure function of the day, the workspace's regime
   * and holidays (`context`: both, as text), the case's regime and its dates, so it is kept per case with those in a
   * bounded table (NEAREST_CLOCKS) and computed again only when one of them changed, not at every list read
   * (bench/case-jobs.bench.ts).
   */
  private nearestClock(row: Pick<ListRow, 'head' | 'clock'>, regime: Awaited<ReturnType<typeof regimeOf>>, today: string, calendars: Map<string, WorkingCalendar>, context: string): string {
    const id = listedCaseId(row);
    const kept = NEAREST_CLOCKS.get(id);
    if (kept && kept.context === context && kept.clock === row.clock) return kept.nearest;
    const clock = nearestOf(this.clocks(clockInputs(row.clock), regime, today, calendars));
    const nearest = clock === null ? 'null' : JSON.stringify(ClockSchema.parse(clock));
    if (!kept && NEAREST_CLOCKS.size >= NEAREST_CLOCKS_MAX) NEAREST_CLOCKS.delete(NEAREST_CLOCKS.keys().next().value!);
    NEAREST_CLOCKS.set(id, { context, clock: row.clock, nearest });
    return nearest;
  }

  private async meetings(tx: Sql, ws: string, id: string, guestEmail?: string): Promise<CaseMeeting[]> {
    const rows = await tx.query<{
      id: string;
      step_id: string | null;
      title: string;
      agenda: string;
      starts_at: Date | string;
      ends_at: Date | string;
      location: string;
      guests: string[];
      minutes: string | null;
      outcome: string | null;
    }>(`SELECT id, step_id, title, agenda, starts_at, ends_at, location, guests, minutes, outcome FROM complaint_meetings WHERE workspace_id = $1 AND complaint_id = $2 ORDER BY starts_at, id`, [
      ws,
      id,
    ]);
    return rows
      .filter((r) => guestEmail === undefined || r.guests.map((g) => g.toLowerCase()).includes(guestEmail.toLowerCase()))
      .map((r) => ({
        meetingId: r.id,
        stepId: r.step_id,
        title: r.title,
        agenda: r.agenda,
        startsAt: iso(r.starts_at),
        endsAt: iso(r.ends_at),
        location: r.location,
        guests: guestEmail === undefined ? r.guests : [guestEmail],
        // What was said at a meeting is the committee's record.
        minutes: guestEmail === undefined ? r.minutes : null,
        outcome: guestEmail === undefined ? r.outcome : null,
      }));
  }

  private async detail(tx: Sql, actor: Actor, access: Access): Promise<ComplaintDetail> {
    const { row, role } = access;
    const committee = role === 'COMMITTEE';
    const regime = await regimeOf(tx, actor.ws);
    const today = this.today();
    const steps = await repo.stepsOf(tx, actor.ws, row.id, row.version_id);
    const clocks = committee && !row.confirmation_pending ? this.clocks(row, regime, today) : [];
    const messages = await tx.query<{ id: string; audience: Audience; body: string; created_at: Date | string; author_id: string; name: string | null }>(
      `SELECT m.id, m.audience, m.body, m.created_at, m.author_id, trim(u.first_name || ' ' || u.last_name) AS name
         FROM complaint_messages m LEFT JOIN users u ON u.workspace_id = m.workspace_id AND u.id = m.author_id
        WHERE m.workspace_id = $1 AND m.complaint_id = $2 AND m.audience = ANY($3::text[]) ORDER BY m.created_at, m.id`,
      [actor.ws, row.id, audiencesFor(role)],
    );
    const memberIds = new Set(access.members.map((m) => m.user_id));
    const evidence =
      role === 'RESPONDENT'
        ? []
        : await tx.query<{ id: string; declared_name: string; size: string | number; detected_type: string | null }>(
            `SELECT f.id, f.declared_name, f.size, f.detected_type FROM complaint_evidence e JOIN files f ON f.workspace_id = e.workspace_id AND f.id = e.file_id
              WHERE e.workspace_id = $1 AND e.complaint_id = $2 ORDER BY e.added_at, f.declared_name`,
            [actor.ws, row.id],
          );
    const timeliness = filingTimeliness(row.incident_on, row.received_on);
    return {
      ...this.summary(row, role, steps.find((s) => !s.completed_at)?.name ?? null, clocks),
      workflowName: row.workflow_name,
      workflowVersionId: row.version_id,
      compliance: row.compliance,
      filedAs: row.filed_as,
      complainant:
        role === 'RESPONDENT'
          ? { name: row.complainant_name, email: null, gender: null, phone: null }
          : { name: row.complainant_name, email: row.complainant_email, gender: row.complainant_gender, phone: row.complainant_phone },
      respondent: { name: row.respondent_name, email: row.respondent_email, gender: row.respondent_gender, phone: row.respondent_phone, description: role === 'RESPONDENT' ? null : row.respondent_description },
      incident: { details: row.incident_details, date: row.incident_on, witnesses: row.witnesses },
      evidence: evidence.map((f) => ({ fileId: f.id, fileName: f.declared_name, size: Number(f.size), contentType: f.detected_type ?? 'application/octet-stream' })),
      answers: role === 'RESPONDENT' ? {} : row.answers,
      againstEmployer: row.against_employer,
      confirmationPending: row.confirmation_pending,
      referral: row.committee_id ? null : 'LOCAL_COMMITTEE',
      lateFiling: row.timeliness === 'ON_TIME' ? null : { dueOn: timeliness.dueOn, extendableTo: timeliness.extendableTo },
      committee: committee
        ? {
            name: (await tx.query<{ name: string }>(`SELECT name FROM committees WHERE workspace_id = $1 AND id = $2`, [actor.ws, row.committee_id]))[0]?.name ?? '',
            members: access.members.map((m) => ({ userId: m.user_id, name: m.name || m.email, role: m.role, recused: access.recused.has(m.user_id) })),
            presiding: access.presiding,
            quorumPossible: quorumPossible(this.domainCommittee(access.members), access.recused),
          }
        : null,
      steps: steps.map((s) => ({
        stepId: s.id,
        position: s.position,
        kind: s.kind,
        name: s.name,
        description: s.description,
        actionTypes: s.settings.actionTypes ?? [],
        party: s.settings.party ?? null,
        completedAt: s.completed_at ? iso(s.completed_at) : null,
      })),
      messages: messages.map((m) => ({
        messageId: m.id,
        audience: m.audience,
        authorName: memberIds.has(m.author_id) ? (committee ? m.name || 'Committee member' : 'Internal Committee') : m.author_id === null ? 'The reporter' : m.name || 'Someone',
        fromCommittee: memberIds.has(m.author_id),
        body: m.body,
        createdAt: iso(m.created_at),
      })),
      meetings: await this.meetings(tx, actor.ws, row.id, committee ? undefined : actor.email),
      clocks,
      outcomeSummary: row.outcome_summary,
      closedAt: row.closed_at ? iso(row.closed_at) : null,
      callerPresides: committee && access.presiding?.userId === actor.userId,
      escalations: committee ? await escalationsOf(tx, actor.ws, row.id) : [],
    };
  }
}
