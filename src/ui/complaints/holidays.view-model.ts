import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { CaseExtrasApi, type HolidaySettings } from '../../application/complaints/case-extras-api.port';
import { describeError } from '../../application/shared/api-error';
import { SaveComplaintSettings } from '../../application/complaints/save-complaint-settings.use-case';

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

  constructor(
    @inject(CaseExtrasApi) private readonly api: CaseExtrasApi,
    @inject(SaveComplaintSettings) private readonly saveSettings: SaveComplaintSettings,
  ) {
    makeAutoObservable<HolidaysViewModel, 'api' | 'saveSettings'>(
      this,
      { api: false, saveSettings: false },
      { autoBind: true },
    );
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

  /** Whether a named witness who sits on the committee is recused from the case (POSH: on). */
  async setRecuseWitnesses(recuseWitnesses: boolean): Promise<boolean> {
    return this.save(
      { recuseWitnesses },
      recuseWitnesses
        ? 'Named witnesses on the committee are now recused from their cases.'
        : 'Named witnesses on the committee are no longer recused from new cases.',
    );
  }

  private async save(
    change: Partial<Pick<HolidaySettings, 'extraHolidays' | 'removedHolidays' | 'saturdayOff' | 'recuseWitnesses'>>,
    success: string,
  ): Promise<boolean> {
    const s = this.settings!;
    this.saving = true;
    this.note = null;
    this.saveError = null;
    this.fieldErrors = {};
    try {
      const outcome = await this.saveSettings.execute({
        compliance: s.compliance,
        extraHolidays: change.extraHolidays ?? s.extraHolidays,
        removedHolidays: change.removedHolidays ?? s.removedHolidays,
        saturdayOff: change.saturdayOff ?? s.saturdayOff,
        // Left out unless it is the change: a holiday saved from a stale screen does not undo it.
        ...(change.recuseWitnesses === undefined ? {} : { recuseWitnesses: change.recuseWitnesses }),
      });
      runInAction(() => {
        if (outcome.ok) {
          this.settings = outcome.settings;
          this.note = success;
        } else {
          this.saveError = outcome.message;
          this.fieldErrors = outcome.fields;
        }
      });
      return outcome.ok;
    } catch (error) {
      runInAction(() => (this.saveError = describeError(error)));
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}
