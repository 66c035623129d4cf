import { JOB_FILES_MIGRATE, JOB_FILES_SWEEP, type FileJobs } from './file-jobs';
import type { JobQueue } from './jobs';

/** The two jobs on the queue; `files-migrate` is also sent once at start (main.ts). */
export function defineFileJobs(jobs: JobQueue, fileJobs: FileJobs): void {
  jobs.define(JOB_FILES_SWEEP, {
    cron: '41 * * * *',
    handler: async () => {
      await fileJobs.sweep();
    },
  });
  jobs.define(JOB_FILES_MIGRATE, {
    cron: '17 * * * *',
    // A large store takes a while; a run that dies is retried and resumes file by file.
    expireInSeconds: 6 * 3600,
    handler: async () => {
      await fileJobs.migrate();
    },
  });
}
