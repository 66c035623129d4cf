import type {
  ImportJob,
  ImportJobStatus,
  ImportJobSummary,
  ImportRowProblem,
} from '../../../src/contracts/main/invites.contract';
import { PROBLEMS_SHOWN } from '../../../src/contracts/main/invites.contract';
import type { Role } from '../../../src/domain/auth/roles';
import type { ColumnMapping, ImportColumnKey } from '../../../src/domain/imports/import-columns';
import type { Acting } from '../../platform/actor';
import type { Sql } from '../../platform/db/database';
import type { ImportFileKind } from '../../platform/imports/import-file.parser';
import { instantTextOrNull } from '../../../src/domain/shared/date-time';

/** The import_jobs row (0002 + 0012). Every query is scoped by workspace_id; row-level security is the second wall. */
export interface JobRow {
  id: string;
  workspace_id: string;
  file_key: string;
  file_name: string;
  file_kind: ImportFileKind;
  mapping: ColumnMapping;
  status: ImportJobStatus;
  total_rows: number;
  rows_done: number;
  last_row: number;
  batches_done: number;
  created: number;
  skipped: number;
  cancel_requested: boolean;
  error_code: string | null;
  error_message: string | null;
  created_by: string | null;
  actor_id: string | null;
  actor_role: Role | null;
  actor_branch_id: string | null;
  actor_ip: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
  send_invitations: boolean;
  invitations_sent: number;
  /** The site address invitation links go to (where the import was started). */
  link_origin: string | null;
}

const COLUMNS = `id, workspace_id, file_key, file_name, file_kind, mapping, status, total_rows, rows_done, last_row, batches_done, created,
  skipped, cancel_requested, error_code, error_message, created_by, actor_id, actor_role, actor_branch_id, actor_ip, created_at, finished_at,
  send_invitations, invitations_sent, link_origin`;

/** A positional problem as stored in import_job_batches.problems: [row, email, column, reason]. */
export type StoredProblem = [number, string, ImportColumnKey | null, string];

/** A new QUEUED job: it waits for its turn if another import of the workspace is running. */
export async function createJob(
  tx: Sql,
  workspaceId: string,
  job: {
    fileKey: string;
    fileName: string;
    kind: ImportFileKind;
    mapping: ColumnMapping;
    totalRows: number;
    actor: Acting<'userId' | 'role' | 'branchId' | 'ip'>;
    /** Invitation links' site address when the job mails invitations; null when it does not. */
    invitationsTo: string | null;
  },
): Promise<JobRow> {
  const [row] = await tx.query<JobRow>(
    `INSERT INTO import_jobs (workspace_id, file_key, file_name, file_kind, mapping, total_rows, created_by, actor_id, actor_role, actor_branch_id, actor_ip,
                              send_invitations, link_origin)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, $11, $12) RETURNING ${COLUMNS}`,
    [
      workspaceId,
      job.fileKey,
      job.fileName,
      job.kind,
      JSON.stringify(job.mapping),
      job.totalRows,
      job.actor.userId,
      job.actor.role,
      job.actor.branchId,
      job.actor.ip,
      job.invitationsTo !== null,
      job.invitationsTo,
    ],
  );
  return row;
}

/** A job of this workspace, or null; `ownOnly` (a business-unit admin) limits it to the caller's own jobs. */
export async function findJob(
  tx: Sql,
  workspaceId: string,
  jobId: string,
  ownOnly: string | null,
  lock = false,
): Promise<JobRow | null> {
  const [row] = await tx.query<JobRow>(
    `SELECT ${COLUMNS} FROM import_jobs WHERE workspace_id = $1 AND id = $2 AND ($3::uuid IS NULL OR created_by = $3)${lock ? ' FOR UPDATE' : ''}`,
    [workspaceId, jobId, ownOnly],
  );
  return row ?? null;
}

export async function recentJobs(tx: Sql, workspaceId: string, ownOnly: string | null, limit = 20): Promise<JobRow[]> {
  return tx.query<JobRow>(
    `SELECT ${COLUMNS} FROM import_jobs WHERE workspace_id = $1 AND ($2::uuid IS NULL OR created_by = $2)
      ORDER BY created_at DESC, id LIMIT $3`,
    [workspaceId, ownOnly, limit],
  );
}

/**
 * QUEUED -> RUNNING, once: the runner that wins this owns the job. 'busy' while another job of the workspace runs
 * (the partial unique index allows one RUNNING job per workspace).
 */
export async function claimJob(
  tx: Sql,
  workspaceId: string,
  jobId: string,
  takeOverAfterMs: number | null = null,
): Promise<JobRow | 'busy' | null> {
  const [running] = await tx.query(
    `SELECT 1 FROM import_jobs WHERE workspace_id = $1 AND status = 'RUNNING' AND id <> $2`,
    [workspaceId, jobId],
  );
  if (running) return 'busy';
  // On the job queue (takeOverAfterMs set) a job whose worker died is continued too: RUNNING with a stale heartbeat, or
  // INTERRUPTED by a dead worker or a shutdown (no error). The conditional UPDATE lets one process win.
  const [row] = await tx.query<JobRow>(
    `UPDATE import_jobs SET status = 'RUNNING', heartbeat_at = now()
      WHERE workspace_id = $1 AND id = $2
        AND (status = 'QUEUED' OR ($3::float8 IS NOT NULL AND (
              (status = 'RUNNING' AND heartbeat_at < now() - make_interval(secs => $3::float8 / 1000))
           OR (status = 'INTERRUPTED' AND error_code IS NULL))))
      RETURNING ${COLUMNS}`,
    [workspaceId, jobId, takeOverAfterMs],
  );
  return row ?? null;
}

/** Jobs of every workspace whose worker died or stopped (within a day): the queue's sweep sends them again. */
export async function orphanedJobs(tx: Sql, staleMs: number): Promise<{ workspace_id: string; id: string }[]> {
  return tx.query<{ workspace_id: string; id: string }>(
    `SELECT workspace_id, id FROM import_jobs
      WHERE heartbeat_at > now() - interval '1 day'
        AND ((status IN ('QUEUED', 'RUNNING') AND heartbeat_at < now() - make_interval(secs => $1::float8 / 1000))
          OR (status = 'INTERRUPTED' AND error_code IS NULL))
      ORDER BY created_at`,
    [staleMs],
  );
}

/** The worker is alive: a queued job waiting its turn, or a running one. */
export async function heartbeat(tx: Sql, workspaceId: string, jobId: string): Promise<void> {
  await tx.query(
    `UPDATE import_jobs SET heartbeat_at = now() WHERE workspace_id = $1 AND id = $2 AND status IN ('QUEUED', 'RUNNING')`,
    [workspaceId, jobId],
  );
}

/** The batch's record and the job's counters, in the batch's transaction: progress always matches what is written. */
export async function recordBatch(
  tx: Sql,
  workspaceId: string,
  jobId: string,
  batch: {
    batchNo: number;
    firstRow: number;
    lastRow: number;
    rows: number;
    created: number;
    invitationsSent: number;
    problems: StoredProblem[];
  },
): Promise<void> {
  const skipped = batch.rows - batch.created;
  await tx.query(
    `INSERT INTO import_job_batches (workspace_id, job_id, batch_no, first_row, last_row, rows, created, skipped, problems)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)`,
    [
      workspaceId,
      jobId,
      batch.batchNo,
      batch.firstRow,
      batch.lastRow,
      batch.rows,
      batch.created,
      skipped,
      JSON.stringify(batch.problems),
    ],
  );
  await tx.query(
    `UPDATE import_jobs SET rows_done = rows_done + $3, created = created + $4, skipped = skipped + $5, last_row = $6,
            batches_done = $7, invitations_sent = invitations_sent + $8, heartbeat_at = now()
      WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, jobId, batch.rows, batch.created, skipped, batch.lastRow, batch.batchNo, batch.invitationsSent],
  );
}

export async function finishJob(
  tx: Sql,
  workspaceId: string,
  jobId: string,
  status: 'COMPLETED' | 'FAILED' | 'CANCELLED' | 'INTERRUPTED',
  error: { code: string; message: string } | null = null,
): Promise<void> {
  await tx.query(
    `UPDATE import_jobs SET status = $3, error_code = $4, error_message = $5, cancel_requested = false,
            finished_at = CASE WHEN $3 = 'INTERRUPTED' THEN NULL ELSE now() END
      WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, jobId, status, error?.code ?? null, error?.message ?? null],
  );
}

/** A running job stops at its next batch; a job still waiting its turn is cancelled at once. */
export async function requestCancel(tx: Sql, workspaceId: string, jobId: string): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE import_jobs SET cancel_requested = (status = 'RUNNING'),
            status = CASE WHEN status = 'QUEUED' THEN 'CANCELLED' ELSE status END,
            finished_at = CASE WHEN status = 'QUEUED' THEN now() ELSE finished_at END
      WHERE workspace_id = $1 AND id = $2 AND status IN ('QUEUED', 'RUNNING') RETURNING id`,
    [workspaceId, jobId],
  );
  return rows.length > 0;
}

/** INTERRUPTED or CANCELLED -> QUEUED, for the resumer. */
export async function requeueJob(
  tx: Sql,
  workspaceId: string,
  jobId: string,
  actor: Acting<'userId' | 'role' | 'branchId' | 'ip'>,
): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE import_jobs SET status = 'QUEUED', cancel_requested = false, error_code = NULL, error_message = NULL, finished_at = NULL,
            actor_id = $3, actor_role = $4, actor_branch_id = $5, actor_ip = $6, heartbeat_at = now()
      WHERE workspace_id = $1 AND id = $2 AND status IN ('INTERRUPTED', 'CANCELLED') RETURNING id`,
    [workspaceId, jobId, actor.userId, actor.role, actor.branchId, actor.ip],
  );
  return rows.length > 0;
}

/**
 * Jobs whose worker is gone: QUEUED or RUNNING with a heartbeat older than `staleMs`, not worked by this process
 * (`alive`). As the owner, across workspaces (the server's start), or in one workspace.
 */
export async function interruptStale(
  tx: Sql,
  staleMs: number,
  alive: string[],
  workspaceId: string | null,
  /** On the job queue a QUEUED job waits for a worker of the queue, not for a process of its own: only RUNNING ones. */
  runningOnly = false,
): Promise<number> {
  const rows = await tx.query(
    `UPDATE import_jobs SET status = 'INTERRUPTED', cancel_requested = false
      WHERE status IN ('RUNNING', CASE WHEN $4 THEN 'RUNNING' ELSE 'QUEUED' END)
        AND heartbeat_at < now() - make_interval(secs => $1::float8 / 1000)
        AND NOT (id = ANY($2::uuid[])) AND ($3::uuid IS NULL OR workspace_id = $3)
      RETURNING id`,
    [staleMs, alive, workspaceId, runningOnly],
  );
  return rows.length;
}

/** The first problems of a job (in row order), one batch at a time until enough are read. */
export async function firstProblems(
  tx: Sql,
  workspaceId: string,
  jobId: string,
): Promise<{ problems: ImportRowProblem[]; truncated: boolean }> {
  const problems: ImportRowProblem[] = [];
  let after = 0;
  for (;;) {
    const [batch] = await tx.query<{ batch_no: number; problems: StoredProblem[] }>(
      `SELECT batch_no, problems FROM import_job_batches WHERE workspace_id = $1 AND job_id = $2 AND batch_no > $3 AND skipped > 0
        ORDER BY batch_no LIMIT 1`,
      [workspaceId, jobId, after],
    );
    if (!batch) return { problems, truncated: false };
    for (const [row, email, column, reason] of batch.problems) {
      if (problems.length >= PROBLEMS_SHOWN) return { problems, truncated: true };
      problems.push({ row, email, column, reason });
    }
    after = batch.batch_no;
  }
}

/** The batches of a job in order, a few at a time (for the report). */
export async function batchesFrom(tx: Sql, workspaceId: string, jobId: string, afterBatch: number, limit = 4) {
  return tx.query<{ batch_no: number; first_row: number; last_row: number; problems: StoredProblem[] }>(
    `SELECT batch_no, first_row, last_row, problems FROM import_job_batches WHERE workspace_id = $1 AND job_id = $2 AND batch_no > $3
      ORDER BY batch_no LIMIT $4`,
    [workspaceId, jobId, afterBatch, limit],
  );
}

export function toSummary(row: JobRow): ImportJobSummary {
  return {
    jobId: row.id,
    status: row.status,
    fileName: row.file_name,
    totalRows: row.total_rows,
    rowsDone: row.rows_done,
    created: row.created,
    skipped: row.skipped,
    createdAt: instantTextOrNull(row.created_at)!,
    finishedAt: instantTextOrNull(row.finished_at),
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
    cancelRequested: row.cancel_requested,
    sendInvitations: row.send_invitations,
    invitationsSent: row.invitations_sent,
  };
}

export async function toJob(tx: Sql, row: JobRow): Promise<ImportJob> {
  const { problems, truncated } = await firstProblems(tx, row.workspace_id, row.id);
  return { ...toSummary(row), problems, problemsTruncated: truncated };
}
