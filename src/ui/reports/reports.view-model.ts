import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { ReportApi } from '../../application/reports/report-api.port';
import { ExportReport } from '../../application/reports/export-report.use-case';
import { DeleteSavedReport, SaveReport } from '../../application/reports/save-report.use-case';
import { describeError } from '../../application/shared/api-error';
import type { ExportFormat, ExportStatus, PreviewAnswer, ReportDefinition, ReportFilters, ReportOptions, SavedReport } from '../../contracts/learning/reports.contract';
import { DEFAULT_REPORT_COLUMNS, ReportColumn } from '../../domain/reports/report-columns';
import type { ReportLink } from '../../domain/reports/report-link';

/** How often a running export is asked for its progress. */
const POLL_MS = 1000;

/**
 * The report builder: the definition being built (columns, rows included, filters), one page of its preview, the
 * admin's saved definitions, and the export in hand (followed until its file is ready; the screen keeps its id in the
 * address, so a reload follows it again).
 */
@injectable()
export class ReportsViewModel {
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;
  options: ReportOptions = { businessUnits: [], departments: [], courses: [], policies: [] };
  saved: SavedReport[] = [];
  savedId: string | null = null;
  name = 'Training and policy report';
  columns: ReportColumn[] = [...DEFAULT_REPORT_COLUMNS];
  isCourseInclude = true;
  isPolicyInclude = true;
  filters: ReportFilters = {};
  page = 1;
  pageSize = 20;
  preview: PreviewAnswer | null = null;
  previewing = false;
  previewError: string | null = null;
  saving = false;
  saveError: string | null = null;
  exportJob: ExportStatus | null = null;
  exportError: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private asked = 0;

  constructor(
    @inject(ReportApi) private readonly api: ReportApi,
    @inject(ExportReport) private readonly exportReport: ExportReport,
    @inject(SaveReport) private readonly saveReport: SaveReport,
    @inject(DeleteSavedReport) private readonly deleteSaved: DeleteSavedReport,
  ) {
    makeAutoObservable<ReportsViewModel, 'timer' | 'asked'>(this, { timer: false, asked: false }, { autoBind: true });
  }

  get definition(): ReportDefinition {
    // Kept in the catalogue's order, whatever order they were ticked in.
    const columns = ReportColumn.options.filter((c) => this.columns.includes(c));
    return { columns, filters: { ...this.filters }, isCourseInclude: this.isCourseInclude, isPolicyInclude: this.isPolicyInclude };
  }

  get exporting(): boolean {
    return this.exportJob !== null && (this.exportJob.status === 'QUEUED' || this.exportJob.status === 'RUNNING');
  }

  get exportPercent(): number {
    const job = this.exportJob;
    if (!job) return 0;
    if (job.status === 'DONE') return 100;
    return job.totalRows ? Math.min(99, Math.floor((100 * job.rowsDone) / job.totalRows)) : 0;
  }

  /** Loads the choices and saved reports, and previews the report the address names (a dashboard figure's link), if any. */
  async load(link: ReportLink | null = null): Promise<void> {
    this.status = 'loading';
    this.error = null;
    if (link) {
      this.isCourseInclude = link.rows !== 'policy';
      this.isPolicyInclude = link.rows !== 'course';
      this.filters = { ...link.filters };
      // A link to expiring certificates (the dashboard's figure) shows the day each one expires.
      if ((link.filters.expires || link.filters.expiresWithinDays !== undefined) && !this.columns.includes('expiresOn'))
        this.columns = [...this.columns, 'expiresOn'];
      this.page = 1;
    }
    try {
      const [options, saved] = await Promise.all([this.api.options(), this.api.saved()]);
      runInAction(() => {
        this.options = options;
        this.saved = saved.items;
        this.status = 'ready';
      });
      await this.refresh();
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  /** Reads the current page of the preview (a later answer replaces an earlier one, never the other way). */
  async refresh(): Promise<void> {
    const ask = ++this.asked;
    const def = this.definition;
    if (def.columns.length === 0 || (!def.isCourseInclude && !def.isPolicyInclude)) {
      this.preview = null;
      this.previewError = def.columns.length === 0 ? 'Choose at least one column.' : 'Include course rows, policy rows or both.';
      return;
    }
    this.previewing = true;
    this.previewError = null;
    try {
      const answer = await this.api.preview({ ...def, page: this.page, pageSize: this.pageSize });
      runInAction(() => {
        if (ask !== this.asked) return;
        this.preview = answer;
        this.previewing = false;
      });
    } catch (error) {
      runInAction(() => {
        if (ask !== this.asked) return;
        this.previewing = false;
        this.previewError = describeError(error);
      });
    }
  }

  setColumns(columns: ReportColumn[]): void {
    this.columns = columns;
    void this.refresh();
  }

  setInclude(side: 'course' | 'policy', on: boolean): void {
    if (side === 'course') this.isCourseInclude = on;
    else this.isPolicyInclude = on;
    this.page = 1;
    void this.refresh();
  }

  setFilter<K extends keyof ReportFilters>(key: K, value: ReportFilters[K] | undefined): void {
    const next = { ...this.filters };
    const empty = value === undefined || value === null || (Array.isArray(value) && value.length === 0);
    if (empty) delete next[key];
    else next[key] = value;
    this.filters = next;
    this.page = 1;
    void this.refresh();
  }

  setPage(page: number, pageSize: number): void {
    this.page = pageSize !== this.pageSize ? 1 : page;
    this.pageSize = pageSize;
    void this.refresh();
  }

  setName(name: string): void {
    this.name = name;
  }

  /** Loads a saved definition into the builder. */
  open(id: string | null): void {
    this.savedId = id;
    const saved = this.saved.find((s) => s.id === id);
    if (!saved) return;
    this.name = saved.name;
    this.columns = [...saved.definition.columns];
    this.filters = { ...saved.definition.filters };
    this.isCourseInclude = saved.definition.isCourseInclude;
    this.isPolicyInclude = saved.definition.isPolicyInclude;
    this.page = 1;
    void this.refresh();
  }

  /** Saves the definition under its name: over the open saved report, or as a new one. */
  async save(asNew: boolean): Promise<boolean> {
    this.saving = true;
    this.saveError = null;
    const outcome = await this.saveReport.execute({ id: asNew ? undefined : (this.savedId ?? undefined), name: this.name, definition: this.definition });
    runInAction(() => {
      this.saving = false;
      if (!outcome.ok) {
        this.saveError = outcome.message;
        return;
      }
      this.saved = [...this.saved.filter((s) => s.id !== outcome.saved.id), outcome.saved].sort((a, b) => a.name.localeCompare(b.name));
      this.savedId = outcome.saved.id;
    });
    return outcome.ok;
  }

  async removeSaved(): Promise<void> {
    const id = this.savedId;
    if (!id) return;
    const outcome = await this.deleteSaved.execute(id);
    runInAction(() => {
      if (!outcome.ok) {
        this.saveError = outcome.message;
        return;
      }
      this.saved = this.saved.filter((s) => s.id !== id);
      this.savedId = null;
    });
  }

  /** Starts an export; answers its job id (for the address) or null when refused. */
  async startExport(format: ExportFormat): Promise<string | null> {
    this.exportError = null;
    const outcome = await this.exportReport.execute({ name: this.name, definition: this.definition, format });
    if (!outcome.ok) {
      runInAction(() => (this.exportError = outcome.message));
      return null;
    }
    await this.follow(outcome.jobId);
    return outcome.jobId;
  }

  /** Follows an export until its file is ready or it failed (also after a reload: the job lives on the server). */
  async follow(jobId: string): Promise<void> {
    this.stop();
    try {
      const job = await this.api.exportStatus(jobId);
      runInAction(() => {
        this.exportJob = job;
        if (job.status === 'FAILED') this.exportError = 'The export could not be written. Please try again.';
      });
      if (job.status === 'QUEUED' || job.status === 'RUNNING') this.timer = setTimeout(() => void this.follow(jobId), POLL_MS);
    } catch (error) {
      runInAction(() => (this.exportError = describeError(error)));
    }
  }

  /** A fresh download URL of the finished export (each lasts minutes: the page may have sat longer). */
  async downloadUrl(): Promise<string | null> {
    const job = this.exportJob;
    if (!job || job.status !== 'DONE') return null;
    try {
      const fresh = await this.api.exportStatus(job.jobId);
      runInAction(() => (this.exportJob = fresh));
      return fresh.downloadUrl;
    } catch (error) {
      runInAction(() => (this.exportError = describeError(error)));
      return null;
    }
  }

  /** Forgets the export in hand (the screen clears it from the address). */
  clearExport(): void {
    this.stop();
    this.exportJob = null;
    this.exportError = null;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
