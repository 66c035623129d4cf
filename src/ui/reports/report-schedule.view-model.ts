import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { ReportApi } from '../../application/reports/report-api.port';
import { ScheduleReport, StopReportSchedule } from '../../application/reports/schedule-report.use-case';
import { describeError } from '../../application/shared/api-error';
import type { ExportFormat, ReportSchedule, ScheduleFrequency } from '../../contracts/learning/reports.contract';

/** The mailing schedule of one saved report: read, set, stopped (docs/reports.md "Scheduled reports"). */
@injectable()
export class ReportScheduleViewModel {
  savedId: string | null = null;
  status: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  error: string | null = null;
  schedule: ReportSchedule | null = null;
  choices: { id: string; name: string; email: string }[] = [];
  saving = false;
  saveError: string | null = null;
  fieldErrors: Record<string, string> = {};

  constructor(
    @inject(ReportApi) private readonly api: ReportApi,
    @inject(ScheduleReport) private readonly scheduleReport: ScheduleReport,
    @inject(StopReportSchedule) private readonly stopSchedule: StopReportSchedule,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Who may be chosen, and the ones already chosen (even if they no longer may: the schedule says it stopped). */
  get options(): { value: string; label: string }[] {
    const all = new Map(this.choices.map((c) => [c.id, c]));
    for (const r of this.schedule?.recipients ?? []) if (!all.has(r.id)) all.set(r.id, r);
    return [...all.values()].map((c) => ({ value: c.id, label: c.name ? `${c.name} (${c.email})` : c.email }));
  }

  async open(savedId: string): Promise<void> {
    this.savedId = savedId;
    this.status = 'loading';
    this.error = null;
    this.saveError = null;
    this.fieldErrors = {};
    try {
      const answer = await this.api.schedule(savedId);
      runInAction(() => {
        this.schedule = answer.schedule;
        this.choices = answer.choices;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  async save(values: { frequency: ScheduleFrequency; format: ExportFormat; recipientIds: string[] }): Promise<boolean> {
    if (!this.savedId) return false;
    this.saving = true;
    this.saveError = null;
    this.fieldErrors = {};
    const outcome = await this.scheduleReport.execute({ savedId: this.savedId, ...values });
    runInAction(() => {
      this.saving = false;
      if (outcome.ok) this.schedule = outcome.schedule;
      else {
        this.saveError = outcome.message;
        this.fieldErrors = outcome.fields;
      }
    });
    return outcome.ok;
  }

  async stop(): Promise<boolean> {
    if (!this.savedId) return false;
    const outcome = await this.stopSchedule.execute(this.savedId);
    runInAction(() => {
      if (outcome.ok) this.schedule = null;
      else this.saveError = outcome.message;
    });
    return outcome.ok;
  }
}
