import type {
  ImportHeaders,
  ImportJob,
  ImportJobSummary,
  ImportValidation,
  ReportFormat,
} from '../../src/contracts/main/invites.contract';
import type { Clock } from '../../src/application/imports/clock.port';
import type {
  ImportFile,
  ImportRequest,
  MappedImportFile,
  UserImportApi,
} from '../../src/application/imports/user-import-api.port';
import { ApiError } from '../../src/application/shared/api-error';
import { proposeMapping } from '../../src/domain/imports/import-columns';

/**
 * An in-memory import API: reads the header of a CSV text, treats rows whose email lacks "@" as bad,
 * and remembers imported emails so a second import reports them as existing users.
 */
export class FakeUserImportApi implements UserImportApi {
  readonly uploads: { call: string; name: string; mapping?: object }[] = [];
  readonly imported = new Set<string>();
  failNext: ApiError | null = null;

  async readHeaders(file: ImportFile): Promise<ImportHeaders> {
    this.record('readHeaders', file);
    const [header = '', ...rows] = (await file.content.text()).trim().split('\n');
    const headers = header.split(',');
    return { headers, proposed: proposeMapping(headers), sample: rows.slice(0, 3).map((r) => r.split(',')) };
  }

  async validate(input: MappedImportFile): Promise<ImportValidation> {
    this.record('validate', input.file, input.mapping);
    return this.check(input);
  }

  async detailedReport(input: MappedImportFile): Promise<{ name: string; content: Blob }> {
    this.record('detailedReport', input.file, input.mapping);
    return { name: '', content: new Blob(['Row,Outcome\n']) };
  }

  /** Jobs as the server would answer them: QUEUED when started, the finished job at the first poll. */
  readonly jobs = new Map<string, { queued: ImportJob; done: ImportJob }>();
  /** How many polls answer RUNNING (half done) before the finished job. */
  runningPolls = 0;
  readonly jobCalls: string[] = [];
  /** What each import asked about mailing invitations. */
  readonly sendInvitationsAsked: boolean[] = [];

  async importUsers(input: ImportRequest): Promise<ImportJob> {
    this.record('importUsers', input.file, input.mapping);
    this.sendInvitationsAsked.push(input.sendInvitations);
    const checked = await this.check(input);
    const emails = await this.emails(input);
    const fresh = emails.filter((e) => e.includes('@') && !this.imported.has(e));
    fresh.forEach((e) => this.imported.add(e));
    const jobId = `job-${this.jobs.size + 1}`;
    const base = {
      jobId,
      fileName: input.file.name,
      totalRows: checked.totalRows,
      createdAt: '2026-11-23T01:15:00.000Z',
      finishedAt: null,
      error: null,
      cancelRequested: false,
      problemsTruncated: false,
      sendInvitations: input.sendInvitations,
    };
    const queued: ImportJob = {
      ...base,
      status: 'QUEUED',
      rowsDone: 0,
      created: 0,
      skipped: 0,
      invitationsSent: 0,
      problems: [],
    };
    const done: ImportJob = {
      ...base,
      status: 'COMPLETED',
      rowsDone: checked.totalRows,
      created: fresh.length,
      skipped: checked.totalRows - fresh.length,
      invitationsSent: input.sendInvitations ? fresh.length : 0,
      finishedAt: '2026-11-23T01:15:05.000Z',
      problems: checked.problems,
    };
    this.jobs.set(jobId, { queued, done });
    return queued;
  }

  async getJob(jobId: string): Promise<ImportJob> {
    this.jobCalls.push(`get ${jobId}`);
    const job = this.jobs.get(jobId)!;
    if (this.runningPolls > 0) {
      this.runningPolls -= 1;
      return { ...job.queued, status: 'RUNNING', rowsDone: Math.floor(job.done.totalRows / 2) };
    }
    return job.done;
  }

  async listJobs(): Promise<ImportJobSummary[]> {
    return [...this.jobs.values()]
      .map(({ done: { problems: _p, problemsTruncated: _t, ...summary } }) => summary)
      .reverse();
  }

  async cancelJob(jobId: string): Promise<ImportJob> {
    this.jobCalls.push(`cancel ${jobId}`);
    const job = this.jobs.get(jobId)!;
    job.done = { ...job.done, status: 'CANCELLED', rowsDone: 0, created: 0, skipped: 0 };
    return { ...job.queued, status: 'RUNNING', cancelRequested: true };
  }

  async resumeJob(jobId: string): Promise<ImportJob> {
    this.jobCalls.push(`resume ${jobId}`);
    const job = this.jobs.get(jobId)!;
    job.done = { ...job.done, status: 'COMPLETED', rowsDone: job.done.totalRows };
    return job.queued;
  }

  async jobReport(jobId: string, format: ReportFormat): Promise<{ name: string; content: Blob }> {
    this.jobCalls.push(`report ${jobId} ${format}`);
    return { name: `users-report.${format}`, content: new Blob(['Row,Outcome\n']) };
  }

  private record(call: string, file: ImportFile, mapping?: object): void {
    if (this.failNext) {
      const error = this.failNext;
      this.failNext = null;
      throw error;
    }
    this.uploads.push({ call, name: file.name, mapping });
  }

  private async emails(input: MappedImportFile): Promise<string[]> {
    const [, ...rows] = (await input.file.content.text()).trim().split('\n');
    return rows.map((r) => r.split(',')[input.mapping.email!] ?? '');
  }

  private async check(input: MappedImportFile): Promise<ImportValidation> {
    const emails = await this.emails(input);
    const problems = emails.flatMap((email, i) =>
      !email.includes('@')
        ? [{ row: i + 2, email, column: 'email' as const, reason: `"${email}" is not a valid email address` }]
        : this.imported.has(email)
          ? [{ row: i + 2, email, column: 'email' as const, reason: `${email} is already a user of this workspace` }]
          : [],
    );
    return {
      totalRows: emails.length,
      validRows: emails.length - problems.length,
      invalidRows: problems.length,
      problems,
      problemsTruncated: false,
    };
  }
}

export class FixedClock implements Clock {
  constructor(private readonly at: Date) {}
  now(): Date {
    return this.at;
  }
}

export const csvFile = (name: string, text: string): ImportFile => ({
  name,
  content: new Blob([text], { type: 'text/csv' }),
});

export const SAMPLE = 'Email,First Name,Last Name\nann@acme.test,Ann,Lee\nbroken,Bob,Ray\nc@acme.test,Cy,Day\n';

export { ApiError };
