import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { CaseExtrasApi, type HolidaySettings } from '../../application/complaints/case-extras-api.port';
import { ApiError, describeError } from '../../application/shared/api-error';

type Status = 'idle' | 'loading' | 'ready' | 'error';

export interface HolidayRow {
  date: string;
  /** DEFAULT: the jurisdiction's; ADDED: the workspace's own. */
  source: 'DEFAULT' | 'ADDED';
  /** A default the workplace does not keep (its clocks count it as a working day). */
  removed: boolean;
}

/** "Public holidays": the working-day calendar the statutory clocks count over. Each change is saved at once. */
@injectable()
export class HolidaysViewModel {
  status: Status = 'idle';
  error: string | null = null;
  settings: HolidaySettings | null = null;
  saving = false;
  note: string | null = null;
  saveError: string | null = null;
  fieldErrors: Record<string, string> = {};

  constructor(@inject(CaseExtrasApi) private readonly api: CaseExtrasApi) {
    makeAutoObservable<HolidaysViewModel, 'api'>(this, { api: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    this.status = 'loading';
    this.error = null;
    try {
      const settings = await this.api.holidaySettings();
      runInAction(() => {
        this.settings = settings;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.error = describeError(error);
        this.status = 'error';
      });
    }
  }

  /** Every holiday by date: the defaults of this year and the next, and the added ones. */
  get rows(): HolidayRow[] {
    const s = this.settings;
    if (!s) return [];
    const rows: HolidayRow[] = [
      ...s.defaultHolidays.map((date) => ({
        date,
        source: 'DEFAULT' as const,
        removed: s.removedHolidays.includes(date),
      })),
      ...s.extraHolidays
        .filter((d) => !s.defaultHolidays.includes(d))
        .map((date) => ({ date, source: 'ADDED' as const, removed: false })),
    ];
    return rows.sort((a, b) => a.date.localeCompare(b.date));
  }

  async add(date: string): Promise<boolean> {
    const s = this.settings;
    if (!s) return false;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      this.fieldErrors = { extraHolidays: 'Choose a date' };
      return false;
    }
    if (s.removedHolidays.includes(date))
      return this.save({ removedHolidays: s.removedHolidays.filter((d) => d !== date) }, `${date} is a holiday again.`);
    if (s.extraHolidays.includes(date) || s.defaultHolidays.includes(date)) {
      this.fieldErrors = { extraHolidays: 'This day is a holiday already' };
      return false;
    }
    return this.save(
      { extraHolidays: [...s.extraHolidays, date].sort() },
      `${date} added: the clocks skip it from now on.`,
    );
  }

  async remove(row: HolidayRow): Promise<boolean> {
    const s = this.settings;
    if (!s) return false;
    return row.source === 'ADDED'
      ? this.save(
          { extraHolidays: s.extraHolidays.filter((d) => d !== row.date) },
          `${row.date} removed: it counts as a working day.`,
        )
      : this.save(
          { removedHolidays: [...s.removedHolidays, row.date].sort() },
          `${row.date} is now a working day here.`,
        );
  }

  async restore(row: HolidayRow): Promise<boolean> {
    const s = this.settings;
    if (!s) return false;
    return this.save(
      { removedHolidays: s.removedHolidays.filter((d) => d !== row.date) },
      `${row.date} is a holiday again.`,
    );
  }

  async setSaturdayOff(saturdayOff: boolean): Promise<boolean> {
    return this.save({ saturdayOff }, saturdayOff ? 'Saturdays are now days off.' : 'Saturdays are now working days.');
  }

  private async save(
    change: Partial<Pick<HolidaySettings, 'extraHolidays' | 'removedHolidays' | 'saturdayOff'>>,
    success: string,
  ): Promise<boolean> {
    const s = this.settings!;
    this.saving = true;
    this.note = null;
    this.saveError = null;
    this.fieldErrors = {};
    try {
      const saved = await this.api.saveHolidaySettings({
        compliance: s.compliance,
        extraHolidays: change.extraHolidays ?? s.extraHolidays,
        removedHolidays: change.removedHolidays ?? s.removedHolidays,
        saturdayOff: change.saturdayOff ?? s.saturdayOff,
      });
      runInAction(() => {
        this.settings = saved;
        this.note = success;
      });
      return true;
    } catch (error) {
      runInAction(() => {
        this.saveError = describeError(error);
        this.fieldErrors = ApiError.is(error) ? error.fields : {};
      });
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}
