import { emitPersonEvents } from '../../platform/webhooks/webhook-outbox';
import type { ColumnMapping } from '../../../src/domain/imports/import-columns';
import { audit } from '../../platform/audit';
import type { Database, Sql } from '../../platform/db/database';
import { HttpError } from '../../platform/errors';
import type { DirectFileUrls } from '../../platform/signed-files';
import type { JobQueue } from '../../platform/jobs';
import type { Mailer } from '../../platform/messages';
import { assertUserLimit } from '../../platform/user-limit';
import * as jobs from './import-jobs.repository';
import type { JobRow, StoredProblem } from './import-jobs.repository';
import { dataRows, NO_CELLS, RowAssessor, skipExistingUsers, type AssessedRow } from './import-rows';
import { sendInvitations } from '../invitations/invite-sender';
import * as repo from './imports.repository';

export interface ImportRunnerOptions {
  /** Data rows per batch (one transaction each). */
  batchSize?: number;
  /** A RUNNING job whose heartbeat is older than this has lost its worker and shows as INTERRUPTED. */
  staleAfterMs?: number;
  /** Tests only: runs before each batch's transaction (to cancel mid-job, or throw ImportRunnerHalted). */
  beforeBatch?: (jobId: string, batchNo: number) => Promise<void>;
}

/** Thrown by a test hook: the worker stops dead, as if its process were killed, leaving the job RUNNING. */
export class ImportRunnerHalted extends Error {}

/**
 * 2,000 rows: a batch's rows stay alive across its transaction, so the young generation's collections promote them to
 * the old one, where they pile up as garbage until the next full collection. Over a 100,000-row import on PostgreSQL
 * the import's own part of the server's growth went from about 60 MB with 5,000 rows to 28-41 MB, the speed the same
 * within the run-to-run noise (docs/imports.md "Memory").
 */
export const DEFAULT_BATCH_SIZE = 2000;
/**
 * On the embedded database a batch's statements run on the server's own thread and hold its one connection: every
 * request of every workspace waits behind them. There a batch is sized by time instead (docs/imports.md, "Batches on
 * the embedded database"): each batch aims at this long, from the time per row the batches before it took.
 */
export const PGLITE_BATCH_TARGET_MS = 200;
/** The first batch on the embedded database, before any time per row is known, and the smallest one. */
const PGLITE_FIRST_BATCH = 100;
const PGLITE_SMALLEST_BATCH = 20;

/**
 * The next batch's size on the embedded database: as many rows as the last batch's time per row fits into the target,
 * between the smallest batch and the configured size.
 */
export function nextBatchSize(lastRows: number, lastMs: number, largest: number): number {
  if (lastRows <= 0 || lastMs <= 0) return Math.min(largest, PGLITE_FIRST_BATCH);
  const fits = Math.floor((PGLITE_BATCH_TARGET_MS * lastRows) / lastMs);
  return Math.max(Math.min(PGLITE_SMALLEST_BATCH, largest), Math.min(largest, fits));
}
export const DEFAULT_STALE_AFTER_MS = 15_000;
/** How often a queued job looks whether the workspace's running import has ended. */
const QUEUE_WAIT_MS = 250;

type Outcome = 'done' | 'cancelled' | 'stopped';

/** The queue's jobs (docs/imports.md "On the job queue"): one import `{workspaceId, jobId}`, and the sweep of orphaned imports. */
export const JOB_USER_IMPORT = 'user-import';
export const JOB_USER_IMPORT_SWEEP = 'user-import-sweep';
/** A queued import waiting for the workspace's running one looks again this long after. */
const QUEUE_RETRY_SECONDS = 1;

/**
 * Works import jobs in this process, in the background. Each batch is ONE transaction that writes its users and
 * invites, records the batch (with its skipped rows' problems) and advances the job's counters: a batch is all or
 * nothing and the progress always matches what is written. The user limit is checked in each batch's transaction;
 * cancelling is a flag read (under the job's row lock) at the start of each batch. A killed process leaves its job
 * RUNNING with a heartbeat that stops; `interruptStale` turns it INTERRUPTED, and a resume continues after the
 * last written row (rows written before are "already a user" anyway, so re-running the file is idempotent too).
 */
export class ImportRunner {
  readonly batchSize: number;
  readonly staleAfterMs: number;
  private readonly working = new Map<string, Promise<void>>();
  private closing = false;

  constructor(
    private readonly db: Database,
    /** The one file store (the embedded folder or S3): the job reads its file there, on whichever process runs it. */
    private readonly files: DirectFileUrls | undefined,
    private readonly options: ImportRunnerOptions = {},
    private readonly log: (message: string, error?: unknown) => void = () => {},
    /** Mails the invitations of a job that sends them (through the outbox, in the batch's transaction). */
    private readonly mail: Mailer | null = null,
    /** After a batch commits: the people it created (auto-assignment, docs/learning.md). */
    private readonly afterBatch: (workspaceId: string, userIds: readonly string[]) => Promise<void> = async () => {},
    /**
     * The job queue (the server's): each import is a pg-boss job, so it survives a restart and one process of several
     * runs it. Without one (API tests, benches) the runner works jobs in this process, as before.
     */
    private readonly queue: JobQueue | null = null,
  ) {
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.staleAfterMs = options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  }

  /** Starts working a QUEUED job (on the queue: queues it, to be claimed by one process); returns at once. */
  async start(workspaceId: string, jobId: string): Promise<void> {
    if (this.queue) {
      await this.queue.send(JOB_USER_IMPORT, { workspaceId, jobId });
      return;
    }
    if (this.closing || this.working.has(jobId)) return;
    const work = this.work(workspaceId, jobId, false)
      .catch((error: unknown) => this.log(`import job ${jobId} stopped`, error))
      .finally(() => this.working.delete(jobId));
    this.working.set(jobId, work);
  }

  /** Queues again the jobs whose worker died or stopped (the sweep job, user-import.job.ts). */
  async queueOrphans(queue: JobQueue): Promise<void> {
    const orphans = await this.db.system((tx) => jobs.orphanedJobs(tx, this.staleAfterMs));
    for (const job of orphans) {
      if (!this.working.has(job.id))
        await queue.send(JOB_USER_IMPORT, { workspaceId: job.workspace_id, jobId: job.id });
    }
  }

  /** The queue's handler: works the job in this process until it ends or stops. */
  async run(workspaceId: string, jobId: string): Promise<void> {
    if (this.closing || this.working.has(jobId)) return;
    const work = this.work(workspaceId, jobId, true).finally(() => this.working.delete(jobId));
    this.working.set(jobId, work);
    await work;
  }

  /** Jobs of a dead worker become INTERRUPTED (all workspaces at start, or one before reading its jobs). */
  async interruptStale(workspaceId: string | null): Promise<number> {
    if (workspaceId === null)
      return this.db.system((tx) =>
        jobs.interruptStale(tx, this.staleAfterMs, this.alive(), null, this.queue !== null),
      );
    return this.db.tenant(workspaceId, (tx) => this.interruptStaleIn(tx, workspaceId));
  }

  /** The same, in the caller's transaction (one transaction per poll: on PGlite each waits for the batch in hand). */
  interruptStaleIn(tx: Sql, workspaceId: string): Promise<number> {
    return jobs.interruptStale(tx, this.staleAfterMs, this.alive(), workspaceId, this.queue !== null);
  }

  private alive(): string[] {
    return [...this.working.keys()];
  }

  /** Waits for the jobs in hand to stop after their current batch; they show as INTERRUPTED and can be resumed. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.working.values()]);
  }

  /** For tests and the benchmark: resolves when the job is no longer worked in this process. */
  async settled(jobId: string): Promise<void> {
    await this.working.get(jobId);
  }

  private async work(workspaceId: string, jobId: string, queued: boolean): Promise<void> {
    const timer = setInterval(
      () => {
        this.db
          .tenant(workspaceId, (tx) => jobs.heartbeat(tx, workspaceId, jobId))
          .catch((error: unknown) => this.log('import heartbeat failed', error));
      },
      Math.max(200, Math.floor(this.staleAfterMs / 3)),
    );
    timer.unref();
    try {
      // One running import per workspace: a second one waits QUEUED (its heartbeat kept) for its turn.
      let job: JobRow | 'busy' | null;
      for (;;) {
        job = await this.db
          .tenant(workspaceId, (tx) => jobs.claimJob(tx, workspaceId, jobId, queued ? this.staleAfterMs : null))
          .catch((error: unknown) => {
            if ((error as { code?: string }).code === '23505') return 'busy' as const;
            throw error;
          });
        if (job !== 'busy' || this.closing) break;
        await this.interruptStale(workspaceId);
        if (queued && this.queue) {
          // Not holding a worker of the queue while the workspace's running import goes on: look again in a moment
          // (queued before this run ends, so a process dying now loses nothing), the job's heartbeat kept.
          await this.db.tenant(workspaceId, (tx) => jobs.heartbeat(tx, workspaceId, jobId));
          await this.queue.send(JOB_USER_IMPORT, { workspaceId, jobId }, { startAfterSeconds: QUEUE_RETRY_SECONDS });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, QUEUE_WAIT_MS));
      }
      if (job === 'busy') {
        // The server is closing while this job waited its turn: it can be resumed after the restart.
        await this.db.tenant(workspaceId, (tx) => jobs.finishJob(tx, workspaceId, jobId, 'INTERRUPTED'));
        return;
      }
      if (!job) return;
      const outcome = await this.batches(job);
      if (outcome === 'done') await this.complete(job);
    } catch (error) {
      if (error instanceof ImportRunnerHalted) return;
      await this.fail(workspaceId, jobId, error);
    } finally {
      clearInterval(timer);
    }
  }

  /** A refusal (the user limit, a 4xx) fails the job with its reason; anything else interrupts it, to be resumed. */
  private async fail(workspaceId: string, jobId: string, error: unknown): Promise<void> {
    const known = error instanceof HttpError;
    if (!known) this.log(`import job ${jobId} failed`, error);
    const reason = known
      ? { code: error.code, message: error.message }
      : {
          code: 'IMPORT_FAILED',
          message: 'The import stopped on an unexpected error. Resume it or import the file again.',
        };
    await this.db.tenant(workspaceId, (tx) =>
      jobs.finishJob(tx, workspaceId, jobId, known ? 'FAILED' : 'INTERRUPTED', reason),
    );
  }

  private async batches(job: JobRow): Promise<Outcome> {
    const workspaceId = job.workspace_id;
    const mapping = job.mapping as ColumnMapping;
    // The stored file is streamed from storage, not read whole.
    const files = this.files;
    if (!files) throw new Error('No file store is configured for imports');
    const source = () => files.readStream(job.workspace_id, job.file_key);
    const assessor = await this.db.tenant(workspaceId, (tx) =>
      RowAssessor.load(tx, workspaceId, { role: job.actor_role ?? 'EMPLOYEE', branchId: job.actor_branch_id }, mapping),
    );
    let batchNo = job.batches_done;
    let batch: AssessedRow[] = [];
    // PostgreSQL serves other requests on other connections meanwhile: there the configured size holds.
    const timed = this.db.kind === 'pglite';
    let limit = timed ? nextBatchSize(0, 0, this.batchSize) : this.batchSize;
    const flush = async (): Promise<Outcome | null> => {
      batchNo += 1;
      const began = performance.now();
      const outcome = await this.writeBatch(job, batchNo, batch);
      if (timed) limit = nextBatchSize(batch.length, performance.now() - began, this.batchSize);
      batch = [];
      return outcome === 'done' ? null : outcome;
    };
    // Rows up to the last written one were done by an earlier run: only their emails are remembered.
    for await (const rows of dataRows(job.file_kind, source, mapping, job.last_row, (r) =>
      assessor.remember(r.cells),
    )) {
      for (const row of rows) {
        const assessed = assessor.assess(row);
        // The cells are not needed once checked: a batch waiting on the database holds less.
        assessed.cells = NO_CELLS;
        batch.push(assessed);
        if (batch.length >= limit) {
          const stop = await flush();
          if (stop) return stop;
        }
      }
    }
    if (batch.length > 0) {
      const stop = await flush();
      if (stop) return stop;
    }
    return 'done';
  }

  private async writeBatch(job: JobRow, batchNo: number, batch: AssessedRow[]): Promise<Outcome> {
    const workspaceId = job.workspace_id;
    await this.options.beforeBatch?.(job.id, batchNo);
    for (let attempt = 1; ; attempt++) {
      try {
        let created: string[] = [];
        const outcome = await this.db.tenant(workspaceId, async (tx) => {
          created = [];
          await repo.lockImports(tx, workspaceId);
          const current = await jobs.findJob(tx, workspaceId, job.id, null, true);
          if (!current || current.status !== 'RUNNING') return 'stopped';
          if (current.cancel_requested) {
            await jobs.finishJob(tx, workspaceId, job.id, 'CANCELLED');
            return 'cancelled';
          }
          if (this.closing) {
            await jobs.finishJob(tx, workspaceId, job.id, 'INTERRUPTED');
            return 'stopped';
          }
          await skipExistingUsers(tx, workspaceId, batch);
          const users = batch.flatMap((r) => (r.user ? [r.user] : []));
          // 409 USER_LIMIT naming the limit: this batch is rolled back, the job FAILED with the batches before it kept.
          await assertUserLimit(tx, workspaceId, users.length, 'file');
          await repo.insertInvitedUsers(tx, workspaceId, users);
          created = users.map((u) => u.id);
          await emitPersonEvents(tx, workspaceId, 'person.provisioned', created);
          await repo.insertInvites(
            tx,
            workspaceId,
            job.id,
            users.map((u) => ({ userId: u.id, branchId: u.branchId })),
          );
          // Invited in the same transaction: a batch's people and their invitation mails are written together, or neither.
          const invitationsSent = await this.invite(
            tx,
            current,
            users.map((u) => u.id),
          );
          const problems: StoredProblem[] = batch.flatMap((r) =>
            r.problems.map((p): StoredProblem => [r.row, r.email, p.column, p.reason]),
          );
          await jobs.recordBatch(tx, workspaceId, job.id, {
            batchNo,
            firstRow: batch[0].row,
            lastRow: batch[batch.length - 1].row,
            rows: batch.length,
            created: users.length,
            invitationsSent,
            problems,
          });
          return 'done' as const;
        });
        if (outcome === 'done') await this.afterBatch(workspaceId, created);
        return outcome;
      } catch (error) {
        // A user created meanwhile by another path: the batch rolled back whole; check it again (that row is now "already a user").
        if ((error as { code?: string }).code === '23505' && attempt < 3) continue;
        throw error;
      }
    }
  }

  private async invite(tx: Sql, job: JobRow, userIds: string[]): Promise<number> {
    if (!job.send_invitations || userIds.length === 0) return 0;
    if (!this.mail || !job.link_origin) throw new Error('This server cannot mail the invitations of an import');
    const [workspace] = await tx.query<{ id: string; company_name: string }>(
      `SELECT id, company_name FROM workspaces WHERE id = $1`,
      [job.workspace_id],
    );
    return sendInvitations(tx, this.mail, workspace!, job.link_origin, userIds);
  }

  private async complete(job: JobRow): Promise<void> {
    const workspaceId = job.workspace_id;
    await this.db.tenant(workspaceId, async (tx) => {
      const current = await jobs.findJob(tx, workspaceId, job.id, null, true);
      if (!current || current.status !== 'RUNNING') return;
      await jobs.finishJob(tx, workspaceId, job.id, 'COMPLETED');
      await audit(tx, {
        workspaceId,
        actorUserId: current.actor_id,
        action: 'USERS_IMPORTED',
        target: job.id,
        ip: current.actor_ip ?? '',
        details: {
          fileKey: current.file_key,
          totalRows: current.rows_done,
          created: current.created,
          skipped: current.skipped,
          invitationsSent: current.invitations_sent,
        },
      });
    });
  }
}
