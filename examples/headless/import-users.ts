import { GetImportJob } from '../../src/application/imports/import-job.use-cases';
import { ImportUsers } from '../../src/application/imports/import-users.use-case';
import { csvFile, FakeUserImportApi, FixedClock } from '../../test/fakes/imports.fakes';

/** Importing people from a CSV file with a column mapping, then reading the job: two created, one row refused. */
export async function importUsersExample() {
  const imports = new FakeUserImportApi();
  const importUsers = new ImportUsers(imports, new FixedClock(new Date('2026-11-23T01:15:00Z')));
  const queued = await importUsers.execute({
    file: csvFile(
      'people.csv',
      'Email,First Name,Last Name\nann@acme.test,Ann,Lee\nnot-an-email,Bob,Ray\ncy@acme.test,Cy,Day\n',
    ),
    mapping: { email: 0, firstName: 1, lastName: 2 },
  });
  if (!queued.ok) return { queued, job: null };
  const job = await new GetImportJob(imports).execute(queued.result.jobId);
  return { queued, job };
}
