import type { ImportHeaders, ImportJobResult, ImportValidation } from '../../../src/contracts/main/invites.contract';
import type { Clock } from '../../../src/application/imports/clock.port';
import type { ImportFile, MappedImportFile, UserImportApi } from '../../../src/application/imports/user-import-api.port';
import { ApiError } from '../../../src/application/shared/api-error';
import { proposeMapping } from '../../../src/domain/imports/import-columns';

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

  async importUsers(input: MappedImportFile): Promise<ImportJobResult> {
    this.record('importUsers', input.file, input.mapping);
    const checked = await this.check(input);
    const emails = await this.emails(input);
    const fresh = emails.filter((e) => e.includes('@') && !this.imported.has(e));
    fresh.forEach((e) => this.imported.add(e));
    return {
      jobId: 'job-1',
      status: 'DONE',
      fileName: input.file.name,
      totalRows: checked.totalRows,
      created: fresh.length,
      skipped: checked.totalRows - fresh.length,
      problems: checked.problems,
      problemsTruncated: false,
    };
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
    return { totalRows: emails.length, validRows: emails.length - problems.length, invalidRows: problems.length, problems, problemsTruncated: false };
  }
}

export class FixedClock implements Clock {
  constructor(private readonly at: Date) {}
  now(): Date {
    return this.at;
  }
}

export const csvFile = (name: string, text: string): ImportFile => ({ name, content: new Blob([text], { type: 'text/csv' }) });

export const SAMPLE = 'Email,First Name,Last Name\nann@acme.test,Ann,Lee\nbroken,Bob,Ray\nc@acme.test,Cy,Day\n';

export { ApiError };
