import type { AssignmentSettings } from '../../contracts/learning/courses.contract';
import type { ReminderApi, SaveSettingsOutcome } from './reminder-api.port';

/** The admin saves the workspace's default due days and reminder settings; they apply from the next reminder run. The adapter answers the server's refusal as a Refusal. */
export class SaveAssignmentSettings {
  constructor(private readonly api: ReminderApi) {}

  execute(settings: AssignmentSettings): Promise<SaveSettingsOutcome> {
    return this.api.saveSettings(settings);
  }
}
