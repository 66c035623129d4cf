import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { Region } from '../../contracts/main/workspace-calendar.contract';
import { WorkspaceCalendarApi } from '../../application/organisation/workspace-calendar-api.port';
import { SaveWorkspaceCalendar } from '../../application/organisation/save-workspace-calendar.use-case';
import { describeError } from '../../application/shared/api-error';
import { defaultZoneOf, formatDateTime, localeOf } from '../../domain/shared/date-time';
import type { LoadStatus, Notice } from './notice';

/** Every IANA zone this browser knows (all of them in current browsers), the workspace's own first if missing. */
function knownZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}

/** The workspace's time zone and state or province, on the settings screen's Calendar tab. */
@injectable()
export class WorkspaceCalendarViewModel {
  status: LoadStatus = 'loading';
  error: string | null = null;
  timeZone = '';
  regionCode: string | null = null;
  regions: Region[] = [];
  /** Changed on every load or save, so the form takes the saved values. */
  version = 0;
  saving = false;
  notice: Notice = null;
  fieldErrors: Record<string, string> = {};

  constructor(
    @inject(WorkspaceCalendarApi) private readonly api: WorkspaceCalendarApi,
    @inject(SaveWorkspaceCalendar) private readonly saveCalendar: SaveWorkspaceCalendar,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get zoneOptions(): { value: string; label: string }[] {
    return knownZones(this.timeZone).map((z) => ({ value: z, label: z.replaceAll('_', ' ') }));
  }

  get regionOptions(): { value: string; label: string }[] {
    return [
      { value: '', label: 'National holidays only' },
      ...this.regions.map((r) => ({ value: r.code, label: `${r.name} (${r.country === 'IN' ? 'India' : 'Canada'})` })),
    ];
  }

  /** The zone a region suggests (the admin may keep another). */
  suggestedZone(regionCode: string | null): string {
    return defaultZoneOf(regionCode);
  }

  /** What "now" reads as in the chosen zone, so the admin sees the effect before saving. */
  preview(timeZone: string, regionCode: string | null): string {
    try {
      return formatDateTime(new Date(), { zone: timeZone, locale: localeOf(regionCode) });
    } catch {
      return '';
    }
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const calendar = await this.api.read();
      runInAction(() => {
        this.timeZone = calendar.timeZone;
        this.regionCode = calendar.regionCode;
        this.regions = calendar.regions;
        this.version += 1;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  async save(values: { timeZone: string; regionCode: string }): Promise<void> {
    this.saving = true;
    this.notice = null;
    this.fieldErrors = {};
    try {
      const outcome = await this.saveCalendar.execute({
        timeZone: values.timeZone,
        regionCode: values.regionCode || null,
      });
      runInAction(() => {
        if (outcome.ok) {
          this.timeZone = outcome.calendar.timeZone;
          this.regionCode = outcome.calendar.regionCode;
          this.version += 1;
          this.notice = {
            type: 'success',
            message: 'Calendar saved. Dates, mails and the cases’ clocks now follow it.',
          };
        } else {
          this.fieldErrors = outcome.fields;
          if (Object.keys(outcome.fields).length === 0) this.notice = { type: 'error', message: outcome.message };
        }
      });
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}
