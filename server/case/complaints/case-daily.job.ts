import type { Database } from '../../platform/db/database';
import type { JobQueue } from '../../platform/jobs';
import { JOB_CASE_CLOCKS, JOB_CASE_DAILY, JOB_CASE_TICK, workspacesWithCases, type CaseJobs } from './case-jobs';

/** The case jobs on the queue: each workspace's daily run, and the tick that queues the runs of the day. */
export function defineCaseJobs(jobs: JobQueue, db: Database, caseJobs: CaseJobs): void {
  jobs.define(JOB_CASE_DAILY, {
    handler: async (data) => {
      await caseJobs.runDaily(String(data.workspaceId), typeof data.day === 'string' ? data.day : undefined);
    },
    retryDelaySeconds: 60,
    expireInSeconds: 3600,
  });
  // After the holidays change: the stored due dates follow at once (the case page computes its own on read).
  jobs.define(JOB_CASE_CLOCKS, {
    handler: async (data) => {
      await caseJobs.recomputeClocks(String(data.workspaceId));
    },
  });
  jobs.define(JOB_CASE_TICK, {
    // Hourly: a workspace's run of the day is queued once (singleton key) and sends nothing twice if queued again.
    cron: '23 * * * *',
    handler: async () => {
      for (const w of await workspacesWithCases(db)) {
        // Each workspace's run is of its own day: the day of its zone when the tick runs.
        const day = await caseJobs.todayOf(w.id);
        await jobs.send(JOB_CASE_DAILY, { workspaceId: w.id, day }, { singletonKey: `${w.id}:${day}` });
      }
    },
  });
}
