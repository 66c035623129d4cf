import type { JobQueue } from '../../platform/jobs';
import { JOB_USER_IMPORT, JOB_USER_IMPORT_SWEEP, type ImportRunner } from './import-runner';

/**
 * The import's jobs on the queue. `user-import` works one job to its end (or its next stop); it also continues a job
 * whose worker died (a stale heartbeat) or stopped with the server. `user-import-sweep` (every minute) queues those
 * orphaned jobs again: a killed process's import is finished by another process, or by this one after a restart.
 * Running a job twice is harmless: the claim is a conditional UPDATE, so one run works it, and each batch is one
 * transaction that records the rows it wrote.
 */
export function defineImportJobs(queue: JobQueue, runner: ImportRunner): void {
  queue.define(JOB_USER_IMPORT, {
    handler: async (data) => runner.run(String(data.workspaceId), String(data.jobId)),
    // The import keeps its own heartbeat; pg-boss only re-runs a job it believes dead after this long (the sweep is sooner).
    expireInSeconds: 6 * 3600,
    retryLimit: 5,
    retryDelaySeconds: 5,
    localConcurrency: 4,
  });
  queue.define(JOB_USER_IMPORT_SWEEP, {
    cron: '* * * * *',
    handler: async () => {
      await runner.queueOrphans(queue);
    },
  });
}
