import type { JobQueue } from '../../platform/jobs';
import type { Recertification } from './recertification';
import type { Reminders } from './reminders.service';

export const JOB_POLICY_REMINDERS = 'policy-reminders';
export const JOB_COMPLETION_MAIL = 'course-completion-mail';
export const JOB_LEARNING_TICK = 'learning-reminders-tick';
export const JOB_RECERTIFICATION = 'course-recertification';

/**
 * The reminder jobs beside the course ones of course-notifications.job.ts: each workspace's daily policy run and
 * recertification run, the completion mail, and an hourly tick that queues them for every active workspace (a run
 * already made today sends nothing new: the keys).
 */
export function defineReminderJobs(jobs: JobQueue, reminders: Reminders, recertification: Recertification): void {
  jobs.define(JOB_POLICY_REMINDERS, {
    handler: async (data) => {
      await reminders.runPolicyReminders(String(data.workspaceId), typeof data.day === 'string' ? data.day : undefined);
    },
    retryDelaySeconds: 60,
  });
  jobs.define(JOB_COMPLETION_MAIL, {
    handler: async (data) => {
      await reminders.sendCompletionMails(String(data.workspaceId));
    },
  });
  jobs.define(JOB_RECERTIFICATION, {
    handler: async (data) => {
      await recertification.run(String(data.workspaceId), typeof data.day === 'string' ? data.day : undefined);
    },
    retryDelaySeconds: 60,
  });
  jobs.define(JOB_LEARNING_TICK, {
    cron: '17 * * * *',
    handler: async () => {
      const day = reminders.today();
      for (const w of await reminders.activeWorkspaces()) {
        await jobs.send(JOB_COMPLETION_MAIL, { workspaceId: w.id }, { singletonKey: w.id });
        await jobs.send(JOB_POLICY_REMINDERS, { workspaceId: w.id, day }, { singletonKey: `${w.id}:${day}` });
        await jobs.send(JOB_RECERTIFICATION, { workspaceId: w.id, day }, { singletonKey: `${w.id}:${day}` });
      }
    },
  });
}
