import type { ImportJob, ImportJobSummary, ReportFormat } from '../../contracts/main/invites.contract';
import { ACTIVE_IMPORT_STATUSES } from '../../contracts/main/invites.contract';
import type { DownloadedReport, UserImportApi } from './user-import-api.port';

/** Is the job still worked (the screen keeps polling it)? */
export const isJobActive = (job: ImportJob): boolean => ACTIVE_IMPORT_STATUSES.includes(job.status);

/** Reads an import job's progress. */
export class GetImportJob {
  constructor(private readonly api: UserImportApi) {}

  execute(jobId: string): Promise<ImportJob> {
    return this.api.getJob(jobId);
  }
}

/** Asks the server to stop the job after its current batch. */
export class CancelImportJob {
  constructor(private readonly api: UserImportApi) {}

  execute(jobId: string): Promise<ImportJob> {
    return this.api.cancelJob(jobId);
  }
}

/** Continues an interrupted or cancelled job from the rows already written. */
export class ResumeImportJob {
  constructor(private readonly api: UserImportApi) {}

  execute(jobId: string): Promise<ImportJob> {
    return this.api.resumeJob(jobId);
  }
}

/** The job's report: every row's outcome (created, skipped with reasons, not imported), as a file to save. */
export class DownloadImportJobReport {
  constructor(private readonly api: UserImportApi) {}

  async execute(job: ImportJob, format: ReportFormat): Promise<DownloadedReport> {
    const report = await this.api.jobReport(job.jobId, format);
    return { name: report.name || `${job.fileName.replace(/\.[^.]+$/, '')}-report.${format}`, content: report.content };
  }
}

/** The recent imports, so a job started earlier (or interrupted by a restart) can be opened again. */
export class ListImportJobs {
  constructor(private readonly api: UserImportApi) {}

  execute(): Promise<ImportJobSummary[]> {
    return this.api.listJobs();
  }
}
