import { inject, injectable } from 'inversify';
import { SaveAssignmentSettings } from '../../application/courses/save-assignment-settings.use-case';
import { makeAutoObservable, runInAction } from 'mobx';
import type { AssignmentSettings } from '../../contracts/learning/courses.contract';
import { ReminderApi } from '../../application/courses/reminder-api.port';
import { describeError } from '../../application/shared/api-error';
import { reminderPlan } from '../../domain/courses/assignment-lifecycle';

/** The form's values: the screen edits numbers and switches; "none" is a switch beside its number. */
export interface SettingsForm {
  hasDefaultDue: boolean;
  defaultDueDays: number;
  beforeDays: number[];
  onDueDate: boolean;
  overdueEveryDays: number;
  overdueTimes: number;
  tellManager: boolean;
  managerAfterDays: number;
  recertifyDaysBefore: number;
  creditNoticeDaysBefore: number;
}

export function toForm(s: AssignmentSettings): SettingsForm {
  return {
    hasDefaultDue: s.defaultDueDays !== null,
    defaultDueDays: s.defaultDueDays ?? 30,
    beforeDays: [...s.beforeDays],
    onDueDate: s.onDueDate,
    overdueEveryDays: s.overdueEveryDays,
    overdueTimes: s.overdueTimes,
    tellManager: s.managerAfterDays !== null,
    managerAfterDays: s.managerAfterDays ?? 14,
    recertifyDaysBefore: s.recertifyDaysBefore,
    creditNoticeDaysBefore: s.creditNoticeDaysBefore,
  };
}

export function fromForm(f: SettingsForm): AssignmentSettings {
  return {
    defaultDueDays: f.hasDefaultDue ? f.defaultDueDays : null,
    beforeDays: [...new Set(f.beforeDays)].sort((a, b) => b - a),
    onDueDate: f.onDueDate,
    overdueEveryDays: f.overdueEveryDays,
    overdueTimes: f.overdueTimes,
    managerAfterDays: f.tellManager ? f.managerAfterDays : null,
    recertifyDaysBefore: f.recertifyDaysBefore,
    creditNoticeDaysBefore: f.creditNoticeDaysBefore,
  };
}

/** In words, what a learner due on day 0 receives under these settings (the preview beside the form). */
export function cadenceSummary(s: AssignmentSettings): string[] {
  const plan = reminderPlan(
    {
      beforeDays: s.beforeDays,
      onDueDate: s.onDueDate,
      overdueEveryDays: s.overdueEveryDays,
      overdueTimes: s.overdueTimes,
      managerAfterDays: s.managerAfterDays,
    },
    '2000-01-31',
  );
  const offset = (on: string) =>
    Math.round((Date.parse(`${on}T00:00:00Z`) - Date.parse('2000-01-31T00:00:00Z')) / 86_400_000);
  const lines = plan.map((r) => {
    const d = offset(r.on);
    const when =
      d < 0
        ? `${-d} ${d === -1 ? 'day' : 'days'} before the due date`
        : d === 0
          ? 'on the due date'
          : `${d} ${d === 1 ? 'day' : 'days'} after the due date`;
    return r.kind === 'MANAGER' ? `The department manager is told, ${when}` : `A reminder ${when}`;
  });
  lines.push(
    s.overdueTimes > 0 || s.onDueDate || s.beforeDays.length ? 'Then no more reminders.' : 'No reminders are sent.',
  );
  return lines;
}

/** The workspace's due period, reminder cadence and recertification timing (Courses > Reminder settings). */
@injectable()
export class AssignmentSettingsViewModel {
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;
  saving = false;
  saved: AssignmentSettings | null = null;
  notice: { type: 'success' | 'error'; text: string } | null = null;
  fieldErrors: Record<string, string> = {};

  constructor(
    @inject(ReminderApi) private readonly api: ReminderApi,
    @inject(SaveAssignmentSettings) private readonly saveSettings: SaveAssignmentSettings,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const settings = await this.api.settings();
      runInAction(() => {
        this.saved = settings;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  async save(form: SettingsForm): Promise<boolean> {
    this.saving = true;
    this.notice = null;
    this.fieldErrors = {};
    try {
      const outcome = await this.saveSettings.execute(fromForm(form));
      runInAction(() => {
        if (outcome.ok) {
          this.saved = outcome.settings;
          this.notice = { type: 'success', text: 'Settings saved. They apply from the next reminder run.' };
        } else {
          this.fieldErrors = outcome.fields;
          this.notice = { type: 'error', text: outcome.message };
        }
      });
      return outcome.ok;
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', text: describeError(error) }));
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}
