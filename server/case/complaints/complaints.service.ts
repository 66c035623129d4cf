import { ClockSchema } from '../../../src/contracts/case/complaints.contract';
import type {
  AuditEntry,
  CaseMeeting,
  ClockView,
  ComplaintCounts,
  ComplaintStageCounts,
  ComplaintReadiness,
  ComplaintDetail,
  ComplaintSummary,
  Deadlines,
  DownloadLink,
} from '../../../src/contracts/case/complaints.contract';
import { audiencesFor, caseRole, type CaseRole } from '../../../src/domain/complaints/case-access';
import { presidingForCase, quorumPossible } from '../../../src/domain/complaints/committee';
import { hideSmallCounts, SMALLEST_SHOWN } from '../../../src/domain/complaints/small-counts';
import { audit } from '../../platform/audit';
import { caseClocks, filingTimeliness, type CaseDates } from '../../../src/domain/complaints/statutory-clocks';
import { STANDARD_ATTRIBUTES } from '../../../src/domain/workflows/builder-rules';
import { visibleFields, type FieldReader, type VisibleFields } from '../../../src/domain/complaints/field-visibility';
import { tenantBatch, type Database, type Sql } from '../../platform/db/database';
import type { Mailer } from '../../platform/messages';
import type { DirectFileUrls } from '../../platform/signed-files';
import type { EvidenceVault } from '../../platform/evidence-vault';
import { EvidenceFiles } from './evidence.service';
import * as evidenceRepo from './evidence.repository';
import {
  caseJobCounts,
  clockInputs,
  recordListRead,
  escalationsOf,
  listedCaseId,
  listStatement,
  LIST_FLAGS,
  type ListRow,
} from './case-jobs';
import * as repo from './complaints.repository';
import {
  calendarOf,
  dateTimeSettingsOf,
  recusesWitnesses,
  regimeFromRow,
  regimeOf,
  regimeStatement,
  todayIn,
  type RegimeRow,
  type RegimeSettings,
} from './regime';
import { tombstoneFor } from './retention.repository';
import { dueProcessOf } from './case-runtime.service';
import { ok, raise, refuse, refusing, type Outcome as Result, type Refusal } from '../../platform/refusal';
import { caseMeeting } from './hearing-view';
import { naturalJusticeOf } from './hearings.service';
import { meetingRows } from './hearings.repository';
import { unnamedActor } from './refused-access.repository';
import { clocksOfCase, respondentIdentified } from '../../../src/domain/complaints/case-runtime';
import { formerEmployeeNoticeOf } from './former-employee.repository';
import type { WorkingCalendar } from '../../../src/domain/shared/calendar';
import { systemClock, type Clock } from '../../platform/clock';
import { instantText } from '../../../src/domain/shared/date-time';

export interface Actor {
  ws: string;
  userId: string;
  email: string;
  name: string;
  ip: string | null;
  workspaceName: string;
}

export { MAX_EVIDENCE_BYTES } from './evidence.service';

const DOWNLOAD_SECONDS = 5 * 60;

export interface Access {
  row: repo.ComplaintRow;
  role: CaseRole;
  members: repo.MemberOfCase[];
  recused: Set<string>;
  /** Of the recused: members who joined after the case was filed, waiting to be admitted (NOT_ADMITTED). */
  awaiting: Set<string>;
  presiding: { userId: string; name: string; substitute: boolean } | null;
}

/**
 * The runtime of a complaint (docs/case.md "Complaints"). Every call is one tenant transaction that first decides the
 * caller's part in the case (src/domain/complaints/case-access.ts) and writes an event to the case's access log, so a
 * read that is answered is a read that is recorded. A case the caller has no part in is a 404, as another
 * workspace's case is: its existence is not told.
 */
/** What decides which clocks a case shows (case-runtime.ts `clocksOfCase`): closed or not, a respondent identified or not. */
function clockState(
  row: Pick<repo.ComplaintRow, 'status' | 'respondent_name' | 'respondent_email' | 'respondent_user_id'>,
) {
  return {
    closed: row.status === 'CLOSED',
    respondentIdentified: respondentIdentified({
      name: row.respondent_name,
      email: row.respondent_email,
      userId: row.respondent_user_id,
    }),
  };
}

/** The clock a list shows: the running one due soonest (not the appeal window, not one already met). */
function nearestOf(clocks: ClockView[]): ClockView | null {
  const running = clocks.filter(
    (c) => c.daysLeft !== null && c.id !== 'IN_APPEAL_WINDOW' && c.state !== 'MET' && c.state !== 'MET_LATE',
  );
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
    /** Evidence encrypted at rest (docs/files.md "Evidence at rest"); without it evidence uploads answer 503. */
    vault?: EvidenceVault,
    /** The server's clock port (tests move it; the daily case job reads the same). */
    private readonly clock: Clock = systemClock,
  ) {
    this.evidence = new EvidenceFiles(db, vault);
  }

  private readonly evidence: EvidenceFiles;

  /** Today in the workspace's zone (its clocks count local days). */
  today(regime: Pick<RegimeSettings, 'timeZone'>): string {
    return todayIn(regime, this.clock.now());
  }

  /** Today in the workspace's zone, read inside the caller's transaction. */
  async localToday(tx: Sql, ws: string): Promise<string> {
    return this.today(await regimeOf(tx, ws));
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
    const [settings, candidates] = await tenantBatch(this.db, actor.ws, [
      regimeStatement(actor.ws),
      listStatement(actor.ws, actor.userId, actor.ip),
    ]);
    const regime = regimeFromRow((settings as RegimeRow[])[0]);
    const rows = candidates as ListRow[];
    const today = this.today(regime);
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
      const nearest =
        role === 'COMMITTEE' && !(flags & LIST_FLAGS.CONFIRMATION_PENDING)
          ? this.nearestClock(row, regime, today, calendars, nearestKey)
          : 'null';
      body += `${first ? '' : ','}${row.head},"role":"${role}","nearestClock":${nearest}}`;
      first = false;
    }
    // The statement recorded the cases its `visible` let through; one it did not (should the two rules ever differ) is
    // recorded now, before anything is answered.
    if (unrecorded.length > 0)
      await this.db.tenant(actor.ws, (tx) =>
        recordListRead(tx, { ws: actor.ws, complaintIds: unrecorded, actorUserId: actor.userId, ip: actor.ip }),
      );
    return `${body}]}`;
  }

  /**
   * Whether the user sits on a committee of the workspace (any committee, any role in it), and the numbers of the
   * cases of their committees they wait to be admitted to (nothing else of those cases).
   */
  async seated(ws: string, userId: string): Promise<{ member: boolean; awaitingAdmission: string[] }> {
    return this.db.tenant(ws, async (tx) => {
      const member = await repo.seatedOnCommittee(tx, ws, userId);
      const waiting = await repo.awaitingAdmission(tx, ws, userId);
      return { member, awaitingAdmission: waiting.map(repo.caseNumberText) };
    });
  }

  async read(actor: Actor, id: string, options: { audit?: boolean } = {}): Promise<Result<ComplaintDetail>> {
    // A refused read is written in the case's log by the case API's hook on refusals (refused-access.service.ts).
    return this.db.tenant(actor.ws, async (tx) => {
      const decided = await this.decideAccess(tx, actor, id);
      if (!decided.ok) return decided;
      if (options.audit !== false) await this.log(tx, actor, id, 'complaint.read');
      return ok(await this.detail(tx, actor, decided.value));
    });
  }

  async deadlines(actor: Actor, id: string): Promise<Result<Deadlines>> {
    return refusing(async () =>
      ok(
        await this.db.tenant(actor.ws, async (tx) => {
          const access = await this.access(tx, actor, id, { committeeOnly: true });
          await this.log(tx, actor, id, 'complaint.deadlines');
          const regime = await regimeOf(tx, actor.ws);
          const today = this.today(regime);
          return {
            compliance: regime.compliance,
            today,
            clocks: access.row.confirmation_pending
              ? []
              : clocksOfCase(this.clocks(access.row, regime, today), clockState(access.row)),
          };
        }),
      ),
    );
  }

  async auditLog(actor: Actor, id: string): Promise<Result<AuditEntry[]>> {
    return refusing(async () =>
      ok(
        await this.db.tenant(actor.ws, async (tx) => {
          const access = await this.access(tx, actor, id, { committeeOnly: true });
          if (access.presiding?.userId !== actor.userId)
            raise(refuse('forbidden', 'FORBIDDEN', 'Only the member presiding over the case reads its access log'));
          await this.log(tx, actor, id, 'complaint.audit.read');
          const rows = await repo.caseLog(tx, actor.ws, id);
          return rows.map((r) => ({
            at: instantText(r.at),
            action: r.action,
            // No account: the reporter of an intake case, through their receipt key.
            actorName:
              r.action === 'log.redact'
                ? 'SafePlace (a migration)'
                : r.actor_user_id === null
                  ? unnamedActor(r.action)
                  : r.name || r.email || 'Someone no longer in the workspace',
            details: r.details,
          }));
        }),
      ),
    );
  }

  async evidenceLink(actor: Actor, id: string, fileId: string): Promise<Result<DownloadLink>> {
    return refusing(async () => {
      const file = await this.db.tenant(actor.ws, async (tx) => {
        const access = await this.access(tx, actor, id);
        if (access.role === 'RESPONDENT')
          raise(refuse('forbidden', 'FORBIDDEN', 'The evidence is shared with the committee and whoever filed it'));
        if (
          !(await this.visibleFields(tx, actor.ws, access.row, this.readerOf(actor, access))).system.has(
            'INCIDENT_EVIDENCE',
          )
        ) {
          raise(refuse('forbidden', 'FORBIDDEN', 'The complaint form does not let you see its evidence'));
        }
        const f = await evidenceRepo.caseFile(tx, actor.ws, id, fileId);
        if (!f) raise(refuse('not-found', 'NOT_FOUND', 'No such evidence on this case'));
        // The log names the file by id: its name is sealed (evidence-vault.ts) and kept out of the log too.
        await this.log(tx, actor, id, 'evidence.download', { fileId });
        return f;
      });
      return this.evidenceDownload(actor.ws, file);
    });
  }

  /**
   * A short-lived link to one evidence file the caller was let read (the case's own route, and the investigator's).
   * Always a download, never shown in the page: whatever the file is, it cannot run on our origin. An encrypted file
   * is decrypted by this server as it streams (evidence-vault.ts); a file still plain until the file jobs re-encrypt
   * it is served by the store, as an attachment. Neither URL carries its name.
   */
  async evidenceDownload(ws: string, file: evidenceRepo.EvidenceListRow): Promise<Result<DownloadLink>> {
    return refusing(async () => {
      const urls = this.store();
      const fileName = this.evidence.nameOf(file);
      const downloadUrl =
        file.evidence_key_id && file.evidence_sealed_at
          ? this.evidence.downloadUrl(file.storage_key, DOWNLOAD_SECONDS)
          : await urls.downloadUrl(ws, file.storage_key, {
              seconds: DOWNLOAD_SECONDS,
              disposition: 'attachment',
              type: 'application/octet-stream',
            });
      return ok({
        downloadUrl,
        fileName,
        expiresAt: new Date(systemClock.now().getTime() + DOWNLOAD_SECONDS * 1000).toISOString(),
      });
    });
  }

  /** What the admin's home warns about: no process published, no workspace-wide committee, cases no committee hears. */
  async readiness(ws: string): Promise<ComplaintReadiness> {
    return this.db.tenant(ws, async (tx) => {
      const row = await repo.readiness(tx, ws);
      const regime = await regimeOf(tx, ws);
      return {
        processPublished: row.published,
        committeeConstituted: row.committee,
        compliance: regime.compliance,
        casesWithoutCommittee: row.without,
      };
    });
  }

  async counts(ws: string): Promise<ComplaintCounts> {
    return this.db.tenant(ws, async (tx) => {
      const rows = await repo.allOpenOrClosed(tx, ws);
      const regime = await regimeOf(tx, ws);
      const today = this.today(regime);
      const byClock = new Map<
        string,
        { id: string; label: string; running: number; dueSoon: number; missed: number; met: number; metLate: number }
      >();
      let pendingOver90Days = 0;
      for (const row of rows.filter((r) => r.status === 'OPEN' && !r.confirmation_pending)) {
        for (const clock of clocksOfCase(this.clocks(row, regime, today), clockState(row))) {
          if (clock.id === 'IN_APPEAL_WINDOW') continue;
          const entry = byClock.get(clock.id) ?? {
            id: clock.id,
            label: clock.label,
            running: 0,
            dueSoon: 0,
            missed: 0,
            met: 0,
            metLate: 0,
          };
          if (clock.state === 'RUNNING') entry.running += 1;
          if (clock.state === 'MET') entry.met += 1;
          if (clock.state === 'MET_LATE') entry.metLate += 1;
          if (clock.state === 'DUE_SOON') entry.dueSoon += 1;
          if (clock.state === 'MISSED') entry.missed += 1;
          byClock.set(clock.id, entry);
        }
        if (new Date(today).getTime() - new Date(row.received_on).getTime() > 90 * 86_400_000) pendingOver90Days += 1;
      }
      // Purged cases (retention) still count: their tombstones say they existed and were closed.
      const purged = await repo.purgedCount(tx, ws);
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

  /**
   * Open cases by stage, with the cases whose clocks are due soon or missed (docs/case.md "Counts by stage"): counts
   * only, workspace-wide, small counts hidden; the read is recorded in the workspace's log (no case in it).
   */
  async stageCounts(actor: Actor): Promise<Result<ComplaintStageCounts>> {
    const value = await this.db.tenant(actor.ws, async (tx) => {
      const regime = await regimeOf(tx, actor.ws);
      const today = this.today(regime);
      const rows = (await repo.allOpenOrClosed(tx, actor.ws)).filter((r) => r.status === 'OPEN');
      const stageOf = new Map((await repo.openCaseStages(tx, actor.ws)).map((s) => [s.id, s]));
      type Kind = ComplaintStageCounts['stages'][number]['kind'];
      const groups = new Map<
        string,
        { name: string; kind: Kind; order: number; open: number; dueSoon: number; missed: number }
      >();
      const calendars = new Map<string, WorkingCalendar>();
      for (const row of rows) {
        const at = stageOf.get(row.id);
        const [key, name, kind, order]: [string, string, Kind, number] = row.confirmation_pending
          ? ['~confirmation', 'Awaiting the complainant’s confirmation', 'AWAITING_CONFIRMATION', -1]
          : !at?.has_next_step
            ? ['~done', 'Every step done', 'STEPS_DONE', Number.MAX_SAFE_INTEGER]
            : at.stage_name === null
              ? ['~none', 'Outside a stage', 'NO_STAGE', Number.MAX_SAFE_INTEGER - 1]
              : [`stage:${at.stage_name}`, at.stage_name, 'STAGE', at.stage_position ?? 0];
        const group = groups.get(key) ?? { name, kind, order, open: 0, dueSoon: 0, missed: 0 };
        group.order = Math.min(group.order, order);
        group.open += 1;
        if (!row.confirmation_pending) {
          const states = clocksOfCase(this.clocks(row, regime, today, calendars), clockState(row))
            .filter((c) => c.id !== 'IN_APPEAL_WINDOW')
            .map((c) => c.state);
          if (states.includes('MISSED')) group.missed += 1;
          else if (states.includes('DUE_SOON')) group.dueSoon += 1;
        }
        groups.set(key, group);
      }
      const ordered = [...groups.values()].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
      const open = hideSmallCounts(ordered.map((g) => g.open));
      const dueSoon = hideSmallCounts(ordered.map((g) => g.dueSoon));
      const missed = hideSmallCounts(ordered.map((g) => g.missed));
      await audit(tx, {
        workspaceId: actor.ws,
        actorUserId: actor.userId,
        action: 'complaint.counts.read',
        target: 'stages',
        ip: actor.ip,
      });
      return {
        asOf: today,
        smallestShown: SMALLEST_SHOWN,
        open: rows.length,
        stages: ordered.map((g, i) => ({
          name: g.name,
          kind: g.kind,
          open: open[i],
          dueSoon: dueSoon[i],
          missed: missed[i],
        })),
      };
    });
    return { ok: true, value };
  }

  // ---------- inside ----------

  store(): DirectFileUrls {
    if (!this.urls) raise(refuse('unavailable', 'NO_FILE_STORAGE', 'This server has no file storage configured.'));
    return this.urls;
  }

  async log(
    tx: Sql,
    actor: Actor,
    complaintId: string,
    action: string,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    await repo.caseAudit(tx, { ws: actor.ws, complaintId, actorUserId: actor.userId, action, ip: actor.ip, details });
  }

  private async nameOf(tx: Sql, ws: string, userId: string | null): Promise<string> {
    if (!userId) return '';
    const who = await repo.whoIs(tx, ws, userId);
    return who?.name || who?.email || '';
  }

  /** The caller's part in the case, or 404; `committeeOnly` answers a party with 403. */
  async access(
    tx: Sql,
    actor: Actor,
    id: string,
    options: { committeeOnly?: boolean; lock?: boolean } = {},
  ): Promise<Access> {
    const found = await this.decideAccess(tx, actor, id, options);
    if (!found.ok) raise(found);
    return found.value;
  }

  /** `access` as a result or a refusal (not-found, forbidden for a party when `committeeOnly`, gone when purged). */
  async decideAccess(
    tx: Sql,
    actor: Actor,
    id: string,
    options: { committeeOnly?: boolean; lock?: boolean } = {},
  ): Promise<Result<Access>> {
    const notThere: Refusal = { ok: false, refusal: 'not-found', code: 'NOT_FOUND', message: 'Complaint not found' };
    const row = await repo.findComplaint(tx, actor.ws, id, options.lock);
    if (!row) {
      // A purged case (retention): its committee learns it was purged and when, nothing more; anyone else 404.
      const t = await tombstoneFor(tx, actor.ws, id, actor.userId);
      if (t)
        return {
          ok: false,
          refusal: 'gone',
          code: 'CASE_PURGED',
          message: `Case ${repo.caseNumberText(t.case_number)} was purged on ${t.purged_on} under the workspace's retention rules`,
        };
      return notThere;
    }
    const members = row.committee_id ? await repo.membersOf(tx, actor.ws, [row.committee_id]) : [];
    const recusals = await repo.recusalsOf(tx, actor.ws, [id]);
    const recused = new Set(recusals.map((r) => r.user_id));
    const awaiting = new Set(recusals.filter((r) => r.reason === 'NOT_ADMITTED').map((r) => r.user_id));
    // Defence in depth behind the recusal rows: a seated named witness is recused where the process says so, whether
    // or not the row was written.
    const witnesses = new Set(row.witness_emails ?? []);
    if (
      witnesses.size > 0 &&
      members.some((m) => witnesses.has(m.email.toLowerCase())) &&
      (await recusesWitnesses(tx, actor.ws))
    ) {
      for (const m of members) {
        if (witnesses.has(m.email.toLowerCase())) {
          recused.add(m.user_id);
          awaiting.delete(m.user_id);
        }
      }
    }
    const role = caseRole(actor.userId, {
      filedBy: row.filed_by,
      respondentUserId: row.respondent_user_id,
      respondentCopySent: row.respondent_copy_sent_on !== null,
      memberIds: members.map((m) => m.user_id),
      recusedIds: [...recused],
    });
    if (!role) return notThere;
    if (options.committeeOnly && role !== 'COMMITTEE')
      return {
        ok: false,
        refusal: 'forbidden',
        code: 'FORBIDDEN',
        message: 'Only the committee assigned to the case may do this',
      };
    const found = presidingForCase(this.domainCommittee(members), recused, row.presiding_member_id);
    const presidingMember = found ? members.find((m) => m.user_id === found.memberId) : undefined;
    return {
      ok: true,
      value: {
        row,
        role,
        members,
        recused,
        awaiting,
        presiding: presidingMember
          ? {
              userId: presidingMember.user_id,
              name: presidingMember.name || presidingMember.email,
              substitute: found!.substitute,
            }
          : null,
      },
    };
  }

  /** What `reader` sees of the case's form: the version's "who sees each field" for the case's regime (field-visibility.ts). */
  async visibleFields(
    tx: Sql,
    ws: string,
    row: Pick<repo.ComplaintRow, 'version_id' | 'compliance'>,
    reader: FieldReader,
  ): Promise<VisibleFields> {
    const rows = await repo.formFieldReaders<FieldReader>(tx, ws, row.version_id, row.compliance);
    const fields = rows.map((r) => ({ attributeId: r.id, systemKey: r.system_key, roles: r.roles }));
    // A law's field the version holds no row for (never the case after filing: ensureStandardForm) keeps its default.
    for (const a of STANDARD_ATTRIBUTES)
      if (!fields.some((f) => f.systemKey === a.key))
        fields.push({ attributeId: a.key, systemKey: a.key, roles: null });
    return visibleFields(reader, fields);
  }

  /** The reader of a case's form for the caller's part in it: the one presiding, another member, or the party. */
  readerOf(actor: Pick<Actor, 'userId'>, access: Pick<Access, 'role' | 'presiding'>): FieldReader {
    if (access.role === 'COMMITTEE')
      return access.presiding?.userId === actor.userId ? 'PRESIDING_OFFICER' : 'COMMITTEE_MEMBER';
    return access.role;
  }

  domainCommittee(members: repo.MemberOfCase[]) {
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

  async publishedFor(tx: Sql, actor: Actor) {
    return repo.publishedVersionFor(tx, actor.ws, actor.userId);
  }

  /** The committee of the filer's business unit, else the workspace's (IN-01); null: none constituted. */
  async committeeFor(tx: Sql, actor: Actor): Promise<string | null> {
    return repo.committeeOfFiler(tx, actor.ws, actor.userId);
  }

  clocks(
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

  private summaryOf(
    row: SummaryRow,
    role: CaseRole,
    nextStep: string | null,
    nearest: ClockView | null,
  ): ComplaintSummary {
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
  private nearestClock(
    row: Pick<ListRow, 'head' | 'clock'>,
    regime: Awaited<ReturnType<typeof regimeOf>>,
    today: string,
    calendars: Map<string, WorkingCalendar>,
    context: string,
  ): string {
    const id = listedCaseId(row);
    const kept = NEAREST_CLOCKS.get(id);
    if (kept && kept.context === context && kept.clock === row.clock) return kept.nearest;
    const inputs = clockInputs(row.clock);
    const clock = nearestOf(
      clocksOfCase(this.clocks(inputs, regime, today, calendars), {
        closed: inputs.status === 'CLOSED',
        respondentIdentified: inputs.respondent_identified,
      }),
    );
    const nearest = clock === null ? 'null' : JSON.stringify(ClockSchema.parse(clock));
    if (!kept && NEAREST_CLOCKS.size >= NEAREST_CLOCKS_MAX) NEAREST_CLOCKS.delete(NEAREST_CLOCKS.keys().next().value!);
    NEAREST_CLOCKS.set(id, { context, clock: row.clock, nearest });
    return nearest;
  }

  async meetings(tx: Sql, access: Access, ws: string, id: string, guestEmail?: string): Promise<CaseMeeting[]> {
    const rows = await meetingRows(tx, ws, id);
    return rows
      .filter(
        (r) => guestEmail === undefined || r.guests.map((g) => g.toLowerCase()).includes(guestEmail.toLowerCase()),
      )
      .map((r) => caseMeeting(r, access, guestEmail));
  }

  private async detail(tx: Sql, actor: Actor, access: Access): Promise<ComplaintDetail> {
    const { row, role } = access;
    const committee = role === 'COMMITTEE';
    const regime = await regimeOf(tx, actor.ws);
    const today = this.today(regime);
    const steps = await repo.stepsOf(tx, actor.ws, row.id, row.version_id);
    const clocks =
      committee && !row.confirmation_pending ? clocksOfCase(this.clocks(row, regime, today), clockState(row)) : [];
    const messages = await repo.messagesOf(tx, actor.ws, row.id, audiencesFor(role));
    const memberIds = new Set(access.members.map((m) => m.user_id));
    const evidence = role === 'RESPONDENT' ? [] : await evidenceRepo.caseFiles(tx, actor.ws, row.id);
    const timeliness = filingTimeliness(row.incident_on, row.received_on);
    // Who sees each field of the form (field-visibility.ts): every field the caller may not see is left out.
    const sees = await this.visibleFields(tx, actor.ws, row, this.readerOf(actor, access));
    const shown = <T>(key: string, value: T): T | null => (sees.system.has(key) ? value : null);
    return {
      ...this.summary(row, role, steps.find((s) => !s.completed_at)?.name ?? null, clocks),
      workflowName: row.workflow_name,
      workflowVersionId: row.version_id,
      compliance: row.compliance,
      filedAs: row.filed_as,
      complainant: {
        name: shown('COMPLAINANT_NAME', row.complainant_name),
        // The respondent never reads the complainant's contact details, whatever the form says (IN-11).
        email: role === 'RESPONDENT' ? null : shown('COMPLAINANT_EMAIL', row.complainant_email),
        gender: shown('COMPLAINANT_GENDER', row.complainant_gender),
        phone: role === 'RESPONDENT' ? null : shown('COMPLAINANT_PHONE', row.complainant_phone),
      },
      respondent: {
        name: shown('RESPONDENT_NAME', row.respondent_name),
        email: shown('RESPONDENT_EMAIL', row.respondent_email),
        gender: shown('RESPONDENT_GENDER', row.respondent_gender),
        phone: shown('RESPONDENT_PHONE', row.respondent_phone),
        description: shown('RESPONDENT_DESCRIPTION', row.respondent_description),
      },
      incident: {
        details: shown('INCIDENT_DETAILS', row.incident_details),
        date: shown('INCIDENT_DATE', row.incident_on),
        witnesses: shown('INCIDENT_WITNESSES', row.witnesses) ?? [],
      },
      evidence: sees.system.has('INCIDENT_EVIDENCE') ? this.evidence.describe(evidence) : [],
      answers: Object.fromEntries(Object.entries(row.answers).filter(([attributeId]) => sees.added.has(attributeId))),
      againstEmployer: row.against_employer,
      confirmationPending: row.confirmation_pending,
      referral: row.committee_id ? null : 'LOCAL_COMMITTEE',
      lateFiling:
        row.timeliness === 'ON_TIME'
          ? null
          : {
              dueOn: timeliness.dueOn,
              extendableTo: timeliness.extendableTo,
              // Present once the committee extended the limit (IN-03).
              ...(row.filing_extended_on && row.filing_extension_reasons
                ? {
                    extension: {
                      reasons: row.filing_extension_reasons,
                      on: row.filing_extended_on,
                      byName: await this.nameOf(tx, actor.ws, row.filing_extended_by),
                    },
                  }
                : {}),
            },
      // CA-01: a former employee's notice and the extension it relied on; never shown to the respondent.
      ...(role !== 'RESPONDENT' ? { formerEmployee: await formerEmployeeNoticeOf(tx, actor.ws, row.id) } : {}),
      // IN-03: filed for her (absent otherwise); never shown to the respondent.
      ...(row.filed_for_capacity && role !== 'RESPONDENT'
        ? {
            filedFor: {
              capacity: row.filed_for_capacity,
              reason: row.filed_for_reason ?? '',
              writtenConsent: row.filed_for_consent === true,
              filerName: await this.nameOf(tx, actor.ws, row.filed_by),
            },
          }
        : {}),
      committee: committee
        ? {
            name: await repo.committeeName(tx, actor.ws, row.committee_id),
            members: access.members.map((m) => ({
              userId: m.user_id,
              name: m.name || m.email,
              role: m.role,
              recused: access.recused.has(m.user_id),
              awaitingAdmission: access.awaiting.has(m.user_id),
            })),
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
        completedAt: s.completed_at ? instantText(s.completed_at) : null,
      })),
      messages: messages.map((m) => ({
        messageId: m.id,
        audience: m.audience,
        authorName: memberIds.has(m.author_id)
          ? committee
            ? m.name || 'Committee member'
            : 'Internal Committee'
          : m.author_id === null
            ? 'The reporter'
            : m.name || 'Someone',
        fromCommittee: memberIds.has(m.author_id),
        body: m.body,
        createdAt: instantText(m.created_at),
      })),
      meetings: await this.meetings(tx, access, actor.ws, row.id, committee ? undefined : actor.email),
      clocks,
      outcomeSummary: row.outcome_summary,
      closedAt: row.closed_at ? instantText(row.closed_at) : null,
      callerPresides: committee && access.presiding?.userId === actor.userId,
      escalations: committee ? await escalationsOf(tx, actor.ws, row.id) : [],
      ownReply:
        role === 'RESPONDENT' && row.compliance === 'IN_POSH'
          ? {
              dueOn: this.clocks(row, regime, today).find((c) => c.id === 'IN_RESPONDENT_REPLY')?.dueOn ?? null,
              repliedOn: row.respondent_reply_on,
            }
          : null,
      dueProcess: await dueProcessOf(tx, actor.ws, row, steps, committee),
      natural: await naturalJusticeOf(tx, actor.ws, access, today),
      dateTime: dateTimeSettingsOf(regime),
    };
  }
}
