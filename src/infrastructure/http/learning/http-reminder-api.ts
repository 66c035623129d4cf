import { refuse } from '../../../application/shared/refusal';
import { inject, injectable } from 'inversify';
import {
  courseDetails,
  getAssignmentSettings,
  saveAssignmentSettings,
  updateCourse,
  type AssignmentSettings,
} from '../../../contracts/learning/courses.contract';
import { courseDueReminder, courseReminder } from '../../../contracts/learning/notifications.contract';
import type {
  ReminderApi,
  RemindMode,
  RemindOutcome,
  SaveSettingsOutcome,
} from '../../../application/courses/reminder-api.port';
import { ApiError } from '../../../application/shared/api-error';
import { ApiClient, LearningHttp } from '../api-client';

@injectable()
export class HttpReminderApi implements ReminderApi {
  constructor(@inject(LearningHttp) private readonly learning: ApiClient) {}

  async remind(courseId: string, mode: RemindMode, userIds?: string[]): Promise<RemindOutcome> {
    try {
      const result = await this.learning.call(mode === 'ALL' ? courseReminder : courseDueReminder, {
        body: { courseId, ...(userIds ? { userIds } : {}) },
      });
      return { ok: true, ...result };
    } catch (error) {
      if (ApiError.is(error) && error.reason === 'conflict')
        return refuse('conflict', error.message, { code: 'reminders-off' });
      if (ApiError.is(error) && (error.reason === 'invalid' || error.reason === 'not-found'))
        return refuse(error.reason, error.message, { fields: error.fields });
      throw error;
    }
  }

  settings(): Promise<AssignmentSettings> {
    return this.learning.call(getAssignmentSettings, {});
  }

  async saveSettings(settings: AssignmentSettings): Promise<SaveSettingsOutcome> {
    try {
      return { ok: true, settings: await this.learning.call(saveAssignmentSettings, { body: settings }) };
    } catch (error) {
      if (ApiError.is(error) && error.reason === 'invalid')
        return refuse('invalid', error.message, { fields: error.fields });
      throw error;
    }
  }

  async validity(courseId: string): Promise<number | null> {
    return (await this.learning.call(courseDetails, { params: { id: courseId } })).validityYears;
  }

  async setValidity(courseId: string, years: 1 | 2 | 3 | null): Promise<void> {
    await this.learning.call(updateCourse, { params: { id: courseId }, body: { validityYears: years } });
  }
}
