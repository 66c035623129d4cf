import type { Readable } from 'node:stream';
import {
  PROBLEMS_SHOWN,
  type ImportJob,
  type ImportJobSummary,
  type ImportRowProblem,
  type ImportValidation,
  type ReportFormat,
} from '../../../src/contracts/main/invites.contract';
import { seesAllBusinessUnits } from '../../../src/domain/auth/roles';
import { IMPORT_COLUMNS, type ColumnMapping } from '../../../src/domain/imports/import-columns';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { ok, refuse, type Outcome, type Refusal } from '../../platform/refusal';
import { storeUpload, type DirectFileUrls } from '../../platform/signed-files';
import type { Acting } from '../../platform/actor';
import type { ImportUpload } from '../../platform/imports/import-upload';
import * as jobs from './import-jobs.repository';
import { reportStream } from './import-report';
import type { ImportRunner } from './import-runner';
import {
  countDataRows,
  dataRows,
  NO_CELLS,
  RowAssessor,
  skipExistingUsersAlone,
  type AssessedRow,
} from './import-rows';

/** Rows are checked in batches of this size when validating (one existence query each): small, so a batch waiting on the database holds little. */
const CHECK_BATCH = 1000;

export class UserImportService {
  constructor(
    private readonly db: Database,
    /** The one file store (the embedded folder or S3), where the job on any process reads the file again. */
    private readonly files: DirectFileUrls | undefined,
    private readonly runner: ImportRunner,
  ) {}

  async validate(
    actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId' | 'ip'>,
    upload: ImportUpload,
  ): Promise<ImportValidation> {
    const summary = new ProblemSummary();
    await this.assess(actor, upload, async (batch) => summary.add(batch));
    return summary.validation();
  }

  /**
   * The report before importing: every row's expected outcome, streamed batch by batch (each batch's existence check
   * is its own short transaction). The file is read once first, so a malformed one is a 400, not a cut-off download.
   */
  async report(
    actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId' | 'ip'>,
    upload: ImportUpload,
    format: ReportFormat,
  ): Promise<Readable> {
    await countDataRows(upload.kind, upload.source, upload.mapping);
    const workspaceId = actor.workspaceId;
    const { mapping } = upload;
    const mapped = IMPORT_COLUMNS.filter((c) => mapping[c.key] !== undefined);
    const db = this.db;
    const records = async (batch: AssessedRow[]) => {
      await skipExistingUsersAlone(db, workspaceId, batch);
      return batch.map((r) => [
        String(r.row),
        r.problems.length === 0 ? 'Ready to import' : 'Will be skipped',
        r.problems.map((p) => p.reason).join('; '),
        ...mapped.map((c) => r.cells[mapping[c.key]!] ?? ''),
      ]);
    };
    const batches = (async function* () {
      const assessor = await db.tenant(workspaceId, (tx) =>
        RowAssessor.load(tx, workspaceId, { role: actor.role, branchId: actor.branchId }, mapping),
      );
      let batch: AssessedRow[] = [];
      for await (const rows of dataRows(upload.kind, upload.source, mapping)) {
        for (const row of rows) {
          batch.push(assessor.assess(row, false));
          if (batch.length >= CHECK_BATCH) {
            yield await records(batch);
            batch = [];
          }
        }
      }
      if (batch.length > 0) yield await records(batch);
    })();
    return reportStream(format, ['Row', 'Outcome', 'Reasons', ...mapped.map((c) => c.label)], batches);
  }

  /**
   * Stores the file, reads it once (a malformed file, a bad mapping or too many rows answer 400 before anything is
   * written), creates a QUEUED job and hands it to the runner. Answers at once; the browser polls the job.
   */
  async start(
    actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId' | 'ip'>,
    upload: ImportUpload,
    invitationsTo: string | null = null,
  ): Promise<Outcome<ImportJob>> {
    const workspaceId = actor.workspaceId;
    if (!this.files) return refuse('unavailable', 'NO_FILE_STORAGE', 'This server has no file storage configured.');
    const totalRows = await countDataRows(upload.kind, upload.source, upload.mapping);
    await this.runner.interruptStale(workspaceId);
    const fileKey = await storeUpload(this.files, workspaceId, upload.source, upload.size);
    let job: Awaited<ReturnType<typeof jobs.createJob>>;
    try {
      job = await this.db.tenant(workspaceId, (tx) =>
        jobs.createJob(tx, workspaceId, {
          fileKey,
          fileName: upload.fileName,
          kind: upload.kind,
          mapping: upload.mapping,
          totalRows,
          actor: actor,
          invitationsTo,
        }),
      );
    } catch (error) {
      return alreadyRunning(error);
    }
    await this.runner.start(workspaceId, job.id);
    return ok({ ...jobs.toSummary(job), problems: [], problemsTruncated: false });
  }

  /** Polled by the browser: ONE transaction (the stale check and the read). */
  async job(
    actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId' | 'ip'>,
    jobId: string,
  ): Promise<Outcome<ImportJob>> {
    return this.db.tenant(actor.workspaceId, async (tx): Promise<Outcome<ImportJob>> => {
      await this.runner.interruptStaleIn(tx, actor.workspaceId);
      const job = await this.find(tx, actor, jobId);
      return job ? ok(await jobs.toJob(tx, job)) : noSuchJob();
    });
  }

  async recent(actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId' | 'ip'>): Promise<ImportJobSummary[]> {
    const rows = await this.db.tenant(actor.workspaceId, async (tx) => {
      await this.runner.interruptStaleIn(tx, actor.workspaceId);
      return jobs.recentJobs(tx, actor.workspaceId, ownJobsOnly(actor));
    });
    return rows.map(jobs.toSummary);
  }

  /** Asks the runner to stop after the current batch; the batches written stay (the job shows what they did). */
  async cancel(
    actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId' | 'ip'>,
    jobId: string,
  ): Promise<Outcome<ImportJob>> {
    await this.runner.interruptStale(actor.workspaceId);
    return this.db.tenant(actor.workspaceId, async (tx): Promise<Outcome<ImportJob>> => {
      const job = await this.find(tx, actor, jobId);
      if (!job) return noSuchJob();
      if (!(await jobs.requestCancel(tx, actor.workspaceId, jobId))) {
        return refuse(
          'conflict',
          'NOT_RUNNING',
          `This import is ${job.status.toLowerCase()}: there is nothing to cancel`,
          {
            jobId: 'Not running',
          },
        );
      }
      await audit(tx, {
        workspaceId: actor.workspaceId,
        actorUserId: actor.userId,
        action: 'USERS_IMPORT_CANCELLED',
        target: jobId,
        ip: actor.ip,
      });
      return ok(await jobs.toJob(tx, (await jobs.findJob(tx, actor.workspaceId, jobId, null))!));
    });
  }

  /** Continues an interrupted or cancelled job after its last written row, with the resumer's rules. */
  async resume(
    actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId' | 'ip'>,
    jobId: string,
  ): Promise<Outcome<ImportJob>> {
    const workspaceId = actor.workspaceId;
    await this.runner.interruptStale(workspaceId);
    let requeued: Outcome<NonNullable<Awaited<ReturnType<typeof jobs.findJob>>>>;
    try {
      requeued = await this.db.tenant(workspaceId, async (tx) => {
        const found = await this.find(tx, actor, jobId);
        if (!found) return noSuchJob();
        if (!(await jobs.requeueJob(tx, workspaceId, jobId, actor))) {
          return refuse(
            'conflict',
            'NOT_RESUMABLE',
            `This import is ${found.status.toLowerCase()}: only an interrupted or cancelled import can be resumed`,
            { jobId: 'Not resumable' },
          );
        }
        await audit(tx, {
          workspaceId,
          actorUserId: actor.userId,
          action: 'USERS_IMPORT_RESUMED',
          target: jobId,
          ip: actor.ip,
          details: { rowsDone: found.rows_done },
        });
        return ok((await jobs.findJob(tx, workspaceId, jobId, null))!);
      });
    } catch (error) {
      return alreadyRunning(error);
    }
    if (!requeued.ok) return requeued;
    const job = requeued.value;
    await this.runner.start(workspaceId, jobId);
    return ok(await this.db.tenant(workspaceId, (tx) => jobs.toJob(tx, job)));
  }

  /**
   * The job's report: every data row of the stored file with its outcome (Created, Skipped with the reasons, or Not
   * imported for rows after a cancelled or interrupted job stopped), read batch by batch beside the file.
   */
  async jobReport(
    actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId' | 'ip'>,
    jobId: string,
    format: ReportFormat,
  ): Promise<Outcome<{ stream: Readable; fileName: string }>> {
    const workspaceId = actor.workspaceId;
    const job = await this.db.tenant(workspaceId, (tx) => this.find(tx, actor, jobId));
    if (!job) return noSuchJob();
    const files = this.files;
    if (!files) return refuse('unavailable', 'NO_FILE_STORAGE', 'This server has no file storage configured.');
    const source = () => files.readStream(job.workspace_id, job.file_key);
    const mapping = job.mapping as ColumnMapping;
    const mapped = IMPORT_COLUMNS.filter((c) => mapping[c.key] !== undefined);
    const db = this.db;
    const batches = (async function* () {
      let pending: Awaited<ReturnType<typeof jobs.batchesFrom>> = [];
      let lastBatch = 0;
      let current: { lastRow: number; reasons: Map<number, string[]> } | null = null;
      const batchFor = async (row: number) => {
        while (!current || current.lastRow < row) {
          if (pending.length === 0) {
            pending = await db.tenant(workspaceId, (tx) => jobs.batchesFrom(tx, workspaceId, jobId, lastBatch));
            if (pending.length === 0) return null;
          }
          const next = pending.shift()!;
          lastBatch = next.batch_no;
          const reasons = new Map<number, string[]>();
          for (const [r, , , reason] of next.problems) reasons.set(r, [...(reasons.get(r) ?? []), reason]);
          current = { lastRow: next.last_row, reasons };
        }
        return current;
      };
      for await (const rows of dataRows(job.file_kind, source, mapping)) {
        const records: string[][] = [];
        for (const { row, cells } of rows) {
          const batch = row <= job.last_row ? await batchFor(row) : null;
          const reasons = batch?.reasons.get(row);
          const outcome = !batch ? 'Not imported' : reasons ? 'Skipped' : 'Created';
          records.push([
            String(row),
            outcome,
            reasons?.join('; ') ?? '',
            ...mapped.map((c) => cells[mapping[c.key]!] ?? ''),
          ]);
        }
        yield records;
      }
    })();
    return ok({
      stream: reportStream(format, ['Row', 'Outcome', 'Reasons', ...mapped.map((c) => c.label)], batches),
      fileName: job.file_name,
    });
  }

  private async find(
    tx: Parameters<typeof jobs.findJob>[0],
    actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId' | 'ip'>,
    jobId: string,
  ) {
    return jobs.findJob(tx, actor.workspaceId, jobId, ownJobsOnly(actor));
  }

  /**
   * Reads the file row by row, checks each row (domain rules, then the database), hands on batches. Each database
   * check is its own short transaction: the file is never read inside one (on PGlite, with its one connection, a
   * transaction held while a large workbook is read would make every other request wait for it).
   */
  private async assess(
    actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId' | 'ip'>,
    upload: ImportUpload,
    onBatch: (batch: AssessedRow[]) => Promise<void>,
  ): Promise<void> {
    const workspaceId = actor.workspaceId;
    const assessor = await this.db.tenant(workspaceId, (tx) =>
      RowAssessor.load(tx, workspaceId, { role: actor.role, branchId: actor.branchId }, upload.mapping),
    );
    let batch: AssessedRow[] = [];
    const flush = async () => {
      const checking = batch;
      await skipExistingUsersAlone(this.db, workspaceId, checking);
      await onBatch(batch);
      batch = [];
    };
    for await (const rows of dataRows(upload.kind, upload.source, upload.mapping)) {
      for (const row of rows) {
        const assessed = assessor.assess(row, false);
        // Validation needs no cells once a row is checked.
        assessed.cells = NO_CELLS;
        batch.push(assessed);
        if (batch.length >= CHECK_BATCH) await flush();
      }
    }
    if (batch.length > 0) await flush();
  }
}

/** A business-unit admin sees only the imports they started; the workspace's admins and employers see all. */
function ownJobsOnly(actor: Acting<'workspaceId' | 'userId' | 'role' | 'branchId' | 'ip'>): string | null {
  return seesAllBusinessUnits(actor.role) ? null : actor.userId;
}

const noSuchJob = () => refuse('not-found', 'NOT_FOUND', 'No such import job');

/** One import at a time per workspace (a unique index): the second answers 409; anything else is thrown on. */
function alreadyRunning(error: unknown): Refusal {
  if ((error as { code?: string }).code === '23505') {
    return refuse(
      'conflict',
      'IMPORT_RUNNING',
      'Another import of this workspace is running: wait for it to finish, or cancel it',
      { file: 'Another import is running' },
    );
  }
  throw error;
}

/** Counts rows and keeps the first problems for the answer (the report has them all). */
class ProblemSummary {
  total = 0;
  invalid = 0;
  private readonly problems: ImportRowProblem[] = [];
  private truncated = false;

  add(batch: AssessedRow[]): void {
    for (const r of batch) {
      this.total += 1;
      if (r.problems.length === 0) continue;
      this.invalid += 1;
      for (const p of r.problems) {
        if (this.problems.length >= PROBLEMS_SHOWN) {
          this.truncated = true;
          break;
        }
        this.problems.push({ row: r.row, email: r.email, column: p.column, reason: p.reason });
      }
    }
  }

  validation(): ImportValidation {
    return {
      totalRows: this.total,
      validRows: this.total - this.invalid,
      invalidRows: this.invalid,
      problems: this.problems,
      problemsTruncated: this.truncated,
    };
  }
}
