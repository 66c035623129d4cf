import type { JobQueue } from '../../platform/jobs';
import {
  JOB_ASSIGNMENT_MAIL,
  JOB_REMINDERS,
  JOB_REMINDERS_TICK,
  type CourseNotifications,
} from './course-notifications';

/** The learning API's jobs on the queue: the assignment mail, each workspace's daily run, and the tick that queues the runs. */
export function defineCourseJobs(jobs: JobQueue, notifications: CourseNotifications): void {
  jobs.define(JOB_ASSIGNMENT_MAIL, {
    handler: async (data) => {
      await notifications.sendAssignmentMails(String(data.workspaceId));
    },
  });
  jobs.define(JOB_REMINDERS, {
    handler: async (data) => {
      await notifications.runReminders(String(data.workspaceId), typeof data.day === 'string' ? data.day : undefined);
    },
    retryDelaySeconds: 60,
  });
  jobs.define(JOB_REMINDERS_TICK, {
    // Hourly: queues today's run for each active workspace (a run already made today sends nothing new) and sweeps
    // assignment mails whose job was lost (a process that stopped between the assignment and the queueing).
    cron: '7 * * * *',
    handler: async () => {
      const day = notifications.today();
      for (const w of await notifications.activeWorkspaces()) {
        await jobs.send(JOB_ASSIGNMENT_MAIL, { workspaceId: w.id }, { singletonKey: `${w.id}` });
        await jobs.send(JOB_REMINDERS, { workspaceId: w.id, day }, { singletonKey: `${w.id}:${day}` });
      }
    },
  });
}
