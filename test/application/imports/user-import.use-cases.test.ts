import { describe, expect, it } from 'vitest';
import { DownloadImportReport } from '../../../src/application/imports/download-import-report.use-case';
import { GetImportJob, isJobActive } from '../../../src/application/imports/import-job.use-cases';
import { ImportUsers } from '../../../src/application/imports/import-users.use-case';
import { ReadImportHeaders } from '../../../src/application/imports/read-import-headers.use-case';
import { ValidateUserImport } from '../../../src/application/imports/validate-user-import.use-case';
import { csvFile, FakeUserImportApi, FixedClock, SAMPLE } from '../../fakes/imports.fakes';

describe('ReadImportHeaders', () => {
  it('returns the header row with the proposed mapping', async () => {
    const api = new FakeUserImportApi();
    const outcome = await new ReadImportHeaders(api, 20 * 1024 * 1024).execute(csvFile('users.csv', SAMPLE));
    expect(outcome).toEqual({
      ok: true,
      headers: ['Email', 'First Name', 'Last Name'],
      proposed: { email: 0, firstName: 1, lastName: 2 },
      sample: [
        ['ann@acme.test', 'Ann', 'Lee'],
        ['broken', 'Bob', 'Ray'],
        ['c@acme.test', 'Cy', 'Day'],
      ],
      unmatchedRequired: [],
    });
  });

  it('says which required columns it could not match', async () => {
    const outcome = await new ReadImportHeaders(new FakeUserImportApi(), 20 * 1024 * 1024).execute(
      csvFile('u.csv', 'Mail,Name\n'),
    );
    expect(outcome).toMatchObject({ ok: true, unmatchedRequired: ['First name'] });
  });

  it('refuses other file types and files over the limit without uploading', async () => {
    const api = new FakeUserImportApi();
    expect(await new ReadImportHeaders(api, 20 * 1024 * 1024).execute(csvFile('users.pdf', SAMPLE))).toMatchObject({
      ok: false,
      code: 'unsupported-type',
      message: 'Choose a .csv or .xlsx file.',
    });
    expect(await new ReadImportHeaders(api, 10).execute(csvFile('users.csv', SAMPLE))).toMatchObject({
      ok: false,
      reason: 'too-large',
      message: 'The file is too large: the limit is 1 KB.',
    });
    expect(api.uploads).toEqual([]);
  });
});

describe('ValidateUserImport', () => {
  it('lists the bad rows and says whether anything can be imported', async () => {
    const outcome = await new ValidateUserImport(new FakeUserImportApi()).execute({
      file: csvFile('u.csv', SAMPLE),
      mapping: { email: 0, firstName: 1 },
    });
    expect(outcome).toMatchObject({
      ok: true,
      canImport: true,
      validation: { totalRows: 3, validRows: 2, invalidRows: 1 },
    });
    if (outcome.ok)
      expect(outcome.validation.problems[0]).toEqual({
        row: 3,
        email: 'broken',
        column: 'email',
        reason: '"broken" is not a valid email address',
      });
  });

  it('refuses a mapping without an email column or with a column used twice, before uploading', async () => {
    const api = new FakeUserImportApi();
    const validate = new ValidateUserImport(api);
    expect(await validate.execute({ file: csvFile('u.csv', SAMPLE), mapping: { firstName: 1 } })).toMatchObject({
      ok: false,
      code: 'bad-mapping',
      message: 'Choose the file column that holds the email address.',
    });
    expect(
      await validate.execute({ file: csvFile('u.csv', SAMPLE), mapping: { email: 0, firstName: 0 } }),
    ).toMatchObject({ ok: false, code: 'bad-mapping' });
    expect(api.uploads).toEqual([]);
  });
});

describe('ImportUsers', () => {
  it('uploads the file renamed with a timestamp prefix and returns the queued job', async () => {
    const api = new FakeUserImportApi();
    const importUsers = new ImportUsers(api, new FixedClock(new Date('2026-11-23T01:15:00Z')));
    const outcome = await importUsers.execute({
      file: csvFile('users.csv', SAMPLE),
      mapping: { email: 0, firstName: 1 },
    });
    expect(api.uploads).toEqual([
      { call: 'importUsers', name: '20261123-011500_users.csv', mapping: { email: 0, firstName: 1 } },
    ]);
    expect(outcome).toMatchObject({
      ok: true,
      result: { status: 'QUEUED', totalRows: 3, fileName: '20261123-011500_users.csv' },
    });
    const job = await new GetImportJob(api).execute((outcome as { result: { jobId: string } }).result.jobId);
    expect(job).toMatchObject({ status: 'COMPLETED', created: 2, skipped: 1 });
    expect(isJobActive(job)).toBe(false);
  });

  it('creates nobody twice when the same file is imported again', async () => {
    const api = new FakeUserImportApi();
    const importUsers = new ImportUsers(api, new FixedClock(new Date('2026-11-23T01:15:00Z')));
    const input = { file: csvFile('users.csv', SAMPLE), mapping: { email: 0, firstName: 1 } };
    await importUsers.execute(input);
    const again = await importUsers.execute(input);
    expect(await new GetImportJob(api).execute((again as { result: { jobId: string } }).result.jobId)).toMatchObject({
      created: 0,
      skipped: 3,
    });
  });
});

describe('DownloadImportReport', () => {
  it('names the report after the file when the server gives no name', async () => {
    const report = await new DownloadImportReport(new FakeUserImportApi()).execute({
      file: csvFile('people.xlsx', SAMPLE),
      mapping: { email: 0 },
    });
    expect(report.name).toBe('people-report.csv');
    expect(await report.content.text()).toBe('Row,Outcome\n');
    const xlsx = await new DownloadImportReport(new FakeUserImportApi()).execute(
      { file: csvFile('people.csv', SAMPLE), mapping: { email: 0 } },
      'xlsx',
    );
    expect(xlsx.name).toBe('people-report.xlsx');
  });
});
