import type { RemindMode, RemindOutcome, ReminderApi } from './reminder-api.port';

/** The admin reminds a course's learners (all, or those due), or one learner; with reminders off the refusal's code is `reminders-off`. */
export class RemindLearners {
  constructor(private readonly api: ReminderApi) {}

  execute(courseId: string, mode: RemindMode, userIds?: string[]): Promise<RemindOutcome> {
    return this.api.remind(courseId, mode, userIds);
  }
}
