import type { JobQueue } from '../../platform/jobs';
import { JOB_REPORT_EXPORT, JOB_REPORT_EXPORT_SWEEP, type ReportExporter } from './report-export';
import { JOB_REPORT_SCHEDULES, type ReportScheduleRunner } from './report-schedule-runner';

/** An export's job (one file written to its end), and the sweep that queues again the exports whose worker died. */
export function defineReportExportJobs(queue: JobQueue, exporter: ReportExporter): void {
  queue.define(JOB_REPORT_EXPORT, {
    handler: async (data) => exporter.run(String(data.workspaceId), String(data.jobId)),
    expireInSeconds: 6 * 3600,
    retryLimit: 3,
    retryDelaySeconds: 10,
    localConcurrency: 2,
  });
  queue.define(JOB_REPORT_EXPORT_SWEEP, {
    cron: '* * * * *',
    handler: async () => {
      await exporter.sweep();
    },
  });
}

/** The scheduled reports' job: every 15 minutes, on whichever process takes it. */
export function defineReportScheduleJobs(queue: JobQueue, runner: ReportScheduleRunner): void {
  queue.define(JOB_REPORT_SCHEDULES, {
    cron: '*/15 * * * *',
    expireInSeconds: 6 * 3600,
    handler: async () => {
      await runner.runDue();
    },
  });
}
