import { inject, injectable } from 'inversify';
import { SendUnusedInvitations } from '../../application/invitations/send-unused-invitations.use-case';
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type {
  ImportJob,
  ImportJobSummary,
  ImportRowProblem,
  ImportValidation,
  ReportFormat,
} from '../../contracts/main/invites.contract';
import { DownloadImportReport } from '../../application/imports/download-import-report.use-case';
import {
  CancelImportJob,
  DownloadImportJobReport,
  GetImportJob,
  isJobActive,
  ListImportJobs,
  ResumeImportJob,
} from '../../application/imports/import-job.use-cases';
import { ImportUsers } from '../../application/imports/import-users.use-case';
import { ReadImportHeaders } from '../../application/imports/read-import-headers.use-case';
import type { ImportFile } from '../../application/imports/user-import-api.port';
import { ValidateUserImport } from '../../application/imports/validate-user-import.use-case';
import { describeError } from '../../application/shared/api-error';
import {
  IMPORT_COLUMN_LABELS,
  IMPORT_COLUMN_KEYS,
  type ColumnMapping,
  type ImportColumnKey,
} from '../../domain/imports/import-columns';

export type ImportStep = 'upload' | 'map' | 'validate' | 'import';
export const IMPORT_STEPS: readonly ImportStep[] = ['upload', 'map', 'validate', 'import'];

/** The Select values of the mapping form: a file column number per import column, or nothing. */
export type MappingValues = Partial<Record<ImportColumnKey, number | null>>;

export interface ProblemRow {
  key: string;
  row: number;
  email: string;
  column: string;
  reason: string;
}

/**
 * The import wizard: upload -> map columns -> validate -> import. The antd Form owns the mapping values. The import
 * is a background job on the server: the view-model polls it (every `pollMs`) while it is queued or running.
 */
@injectable()
export class ImportUsersViewModel {
  step: ImportStep = 'upload';
  status: 'idle' | 'reading' | 'validating' | 'downloading' | 'importing' | 'cancelling' | 'resuming' = 'idle';
  error: string | null = null;
  file: ImportFile | null = null;
  headers: string[] = [];
  sample: string[][] = [];
  proposed: ColumnMapping = {};
  mapping: ColumnMapping = {};
  validation: ImportValidation | null = null;
  /** The import job once started, as last polled. */
  job: ImportJob | null = null;
  /** Polling interval of a running job. */
  pollMs = 1000;
  /** A poll that failed (the job goes on on the server; polling continues). */
  pollError: string | null = null;
  private pollTimer: ReturnType<typeof setTimeout> | null = null;
  /** Counts the polls stopped: a poll in flight when polling stopped (or the screen went) arms nothing when it answers. */
  private pollGeneration = 0;
  /** The screen is gone: no answer arriving later starts polling again. */
  private disposed = false;
  /** The recent imports shown on the upload step (null while loading; an error leaves the list out). */
  recent: ImportJobSummary[] | null = null;
  recentError: string | null = null;
  /** Whether the import emails each new person an invitation as it creates them (the wizard's checkbox, on by default). */
  inviteOnImport = true;
  /** Sending the invitations of everyone not yet joined, after an import. */
  invitations: { status: 'idle' | 'sending' | 'sent' | 'error'; sent?: number; error?: string } = { status: 'idle' };

  constructor(
    @inject(ReadImportHeaders) private readonly readHeaders: ReadImportHeaders,
    @inject(ValidateUserImport) private readonly validateImport: ValidateUserImport,
    @inject(DownloadImportReport) private readonly downloadReport: DownloadImportReport,
    @inject(ImportUsers) private readonly importUsers: ImportUsers,
    @inject(SendUnusedInvitations) private readonly sendUnused: SendUnusedInvitations,
    @inject(GetImportJob) private readonly getJob: GetImportJob,
    @inject(CancelImportJob) private readonly cancelJob: CancelImportJob,
    @inject(ResumeImportJob) private readonly resumeJob: ResumeImportJob,
    @inject(DownloadImportJobReport) private readonly downloadJobReport: DownloadImportJobReport,
    @inject(ListImportJobs) private readonly listJobs: ListImportJobs,
  ) {
    makeAutoObservable<this, 'pollTimer' | 'pollGeneration' | 'disposed'>(
      this,
      {
        file: observableRef,
        validation: observableRef,
        job: observableRef,
        recent: observableRef,
        pollTimer: false,
        pollGeneration: false,
        disposed: false,
      },
      { autoBind: true },
    );
  }

  async loadRecent(): Promise<void> {
    try {
      const jobs = await this.listJobs.execute();
      runInAction(() => {
        this.recent = jobs;
        this.recentError = null;
      });
    } catch (error) {
      runInAction(() => {
        this.recent = [];
        this.recentError = describeError(error);
      });
    }
  }

  /** Opens an earlier job: its progress or outcome, with Resume when it was interrupted. */
  async openJob(jobId: string): Promise<void> {
    this.error = null;
    try {
      const job = await this.getJob.execute(jobId);
      runInAction(() => {
        this.step = 'import';
        this.follow(job);
      });
    } catch (error) {
      runInAction(() => (this.error = describeError(error)));
    }
  }

  /** The job, once it has finished (completed, failed, cancelled or interrupted). */
  get result(): ImportJob | null {
    return this.job && !isJobActive(this.job) ? this.job : null;
  }

  get jobActive(): boolean {
    return this.job !== null && isJobActive(this.job);
  }

  /** 0-100, for the progress bar. */
  get percent(): number {
    if (!this.job || this.job.totalRows === 0) return this.job?.status === 'COMPLETED' ? 100 : 0;
    return Math.floor((this.job.rowsDone / this.job.totalRows) * 100);
  }

  get stepIndex(): number {
    return IMPORT_STEPS.indexOf(this.step);
  }

  get busy(): boolean {
    return this.status !== 'idle';
  }

  /** Plain options for the twelve Selects: "Column 2: First Name". */
  get columnOptions(): { value: number; label: string }[] {
    return this.headers.map((header, index) => ({
      value: index,
      label: `Column ${index + 1}: ${header || '(no header)'}`,
    }));
  }

  get problemRows(): ProblemRow[] {
    return toRows(this.validation?.problems ?? []);
  }

  get skippedRows(): ProblemRow[] {
    return toRows(this.result?.problems ?? []);
  }

  async chooseFile(file: ImportFile): Promise<void> {
    this.status = 'reading';
    this.error = null;
    try {
      const outcome = await this.readHeaders.execute(file);
      runInAction(() => {
        this.status = 'idle';
        if (!outcome.ok) {
          this.error = outcome.message;
          return;
        }
        this.file = file;
        this.headers = outcome.headers;
        this.sample = outcome.sample;
        this.proposed = outcome.proposed;
        this.mapping = outcome.proposed;
        this.validation = null;
        this.job = null;
        this.step = 'map';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'idle';
        this.error = describeError(error);
      });
    }
  }

  async validate(values: MappingValues): Promise<void> {
    if (!this.file) return;
    const mapping = toMapping(values);
    this.status = 'validating';
    this.error = null;
    try {
      const outcome = await this.validateImport.execute({ file: this.file, mapping });
      runInAction(() => {
        this.status = 'idle';
        if (!outcome.ok) {
          this.error = outcome.message;
          return;
        }
        this.mapping = mapping;
        this.validation = outcome.validation;
        this.step = 'validate';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'idle';
        this.error = describeError(error);
      });
    }
  }

  /** The detailed report for the screen to save. */
  async report(format: ReportFormat = 'csv'): Promise<{ name: string; content: Blob } | null> {
    if (!this.file) return null;
    this.status = 'downloading';
    this.error = null;
    try {
      const report = this.job
        ? await this.downloadJobReport.execute(this.job, format)
        : await this.downloadReport.execute({ file: this.file, mapping: this.mapping }, format);
      runInAction(() => (this.status = 'idle'));
      return report;
    } catch (error) {
      runInAction(() => {
        this.status = 'idle';
        this.error = describeError(error);
      });
      return null;
    }
  }

  async runImport(): Promise<void> {
    if (!this.file) return;
    this.status = 'importing';
    this.step = 'import';
    this.error = null;
    try {
      const outcome = await this.importUsers.execute({
        file: this.file,
        mapping: this.mapping,
        sendInvitations: this.inviteOnImport,
      });
      runInAction(() => {
        this.status = 'idle';
        if (!outcome.ok) {
          this.error = outcome.message;
          this.step = 'map';
          return;
        }
        this.follow(outcome.result);
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'idle';
        this.error = describeError(error);
        this.step = 'validate';
      });
    }
  }

  /** Stops the job after its current batch; the rows written so far stay. */
  cancel(): Promise<void> {
    return this.act('cancelling', (jobId) => this.cancelJob.execute(jobId));
  }

  /** Continues an interrupted or cancelled job. */
  resume(): Promise<void> {
    return this.act('resuming', (jobId) => this.resumeJob.execute(jobId));
  }

  /** Cancels or resumes the job shown, then follows what the server answers. */
  private async act(status: 'cancelling' | 'resuming', call: (jobId: string) => Promise<ImportJob>): Promise<void> {
    if (!this.job) return;
    this.status = status;
    this.error = null;
    try {
      const job = await call(this.job.jobId);
      runInAction(() => {
        this.status = 'idle';
        this.follow(job);
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'idle';
        this.error = describeError(error);
      });
    }
  }

  /** Shows the job and, while it runs, polls it. */
  private follow(job: ImportJob): void {
    this.job = job;
    this.stopPolling();
    if (isJobActive(job)) this.schedulePoll(job.jobId, this.pollMs);
  }

  private schedulePoll(jobId: string, delay: number): void {
    if (this.disposed) return;
    const generation = this.pollGeneration;
    this.pollTimer = setTimeout(() => void this.poll(jobId, generation), delay);
  }

  private async poll(jobId: string, generation: number): Promise<void> {
    this.pollTimer = null;
    const current = () => generation === this.pollGeneration && !this.disposed && this.job?.jobId === jobId;
    try {
      const job = await this.getJob.execute(jobId);
      runInAction(() => {
        if (!current()) return;
        this.pollError = null;
        this.follow(job);
      });
    } catch (error) {
      runInAction(() => {
        if (!current()) return;
        this.pollError = describeError(error);
        this.schedulePoll(jobId, this.pollMs * 3);
      });
    }
  }

  private stopPolling(): void {
    this.pollGeneration += 1;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
  }

  /** The screen is shown (again): answers may start polling. */
  activate(): void {
    this.disposed = false;
  }

  /** The screen is left: stop polling, and let no answer still on its way start it again (the job goes on on the server). */
  dispose(): void {
    this.disposed = true;
    this.stopPolling();
  }

  setInviteOnImport(value: boolean): void {
    this.inviteOnImport = value;
  }

  backToMapping(): void {
    this.error = null;
    this.step = 'map';
  }

  async sendInvitations(): Promise<void> {
    this.invitations = { status: 'sending' };
    try {
      const outcome = await this.sendUnused.execute();
      runInAction(
        () =>
          (this.invitations = outcome.ok
            ? { status: 'sent', sent: outcome.sent }
            : { status: 'error', error: outcome.message }),
      );
    } catch (error) {
      runInAction(() => (this.invitations = { status: 'error', error: describeError(error) }));
    }
  }

  startOver(): void {
    this.stopPolling();
    void this.loadRecent();
    this.job = null;
    this.pollError = null;
    this.invitations = { status: 'idle' };
    this.inviteOnImport = true;
    this.step = 'upload';
    this.status = 'idle';
    this.error = null;
    this.file = null;
    this.headers = [];
    this.sample = [];
    this.proposed = {};
    this.mapping = {};
    this.validation = null;
  }
}

function toMapping(values: MappingValues): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const key of IMPORT_COLUMN_KEYS) {
    const value = values[key];
    if (typeof value === 'number') mapping[key] = value;
  }
  return mapping;
}

function toRows(problems: readonly ImportRowProblem[]): ProblemRow[] {
  return problems.map((p, i) => ({
    key: `${p.row}-${i}`,
    row: p.row,
    email: p.email,
    column: p.column ? IMPORT_COLUMN_LABELS[p.column] : '',
    reason: p.reason,
  }));
}
