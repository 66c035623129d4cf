import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ImportRunnerHalted, JOB_USER_IMPORT, JOB_USER_IMPORT_SWEEP } from '../../../server/main/imports/import-runner';
import { DATABASES, startTestServer, type TestServer } from '../support/test-app';
import { csv, FULL_MAPPING, getJob, importFile, multipart, post, waitForJob } from './upload';

const BATCH = 10;

/** `count` good rows (emails prefix.N@jobs.test), and a bad row (no first name) at every row number in `bad`. */
function rows(prefix: string, count: number, bad: number[] = []): string {
  const lines: string[] = [];
  for (let i = 1; i <= count; i++) {
    lines.push(
      bad.includes(i) ? `${prefix}.${i}@jobs.test,,NoName,,,,,,,,,` : `${prefix}.${i}@jobs.test,P${i},Person,,,,,,,,,`,
    );
  }
  return csv(...lines);
}

describe.each(DATABASES)('import jobs on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  /** What the test hook does before batch N of a job. */
  let beforeBatch: (jobId: string, batchNo: number) => Promise<void> = async () => {};

  beforeAll(async () => {
    server = await startTestServer(kind, {
      publicUrl: 'http://localhost:8080',
      imports: { batchSize: BATCH, staleAfterMs: 1000, beforeBatch: (jobId, n) => beforeBatch(jobId, n) },
    });
    admin = await server.signIn('acme.localhost', 'admin@acme.test');
  });
  afterAll(async () => server?.close());

  const users = async (prefix: string) =>
    (
      await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE email LIKE $1`, [
        `${prefix}.%@jobs.test`,
      ])
    )[0].n;
  const start = async (content: string, name = 'people.csv') => {
    const res = await post(server, 'bulk', admin, { name, content });
    expect(res.statusCode).toBe(202);
    return res.json().jobId as string;
  };

  /** Starts an import with the `sendInvitations` field as given. */
  const startInviting = async (content: string, sendInvitations: string) => {
    const body = await multipart(
      { name: 'people.csv', content },
      { mapping: JSON.stringify(FULL_MAPPING), sendInvitations },
    );
    return server.request('acme.localhost:8080', {
      method: 'POST',
      url: '/main-api/api/invite/bulk',
      token: admin,
      ...body,
    });
  };
  const mailsTo = (prefix: string) =>
    server.db.query<{ to: string; body: string }>(
      `SELECT recipient AS to, body FROM outbox_messages WHERE recipient LIKE $1`,
      [`${prefix}.%@jobs.test`],
    );

  it('emails each new person an invitation in the same batches when asked, and says how many went', async () => {
    const res = await startInviting(rows('inv', 25, [7]), 'true');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ sendInvitations: true, invitationsSent: 0 });
    const job = await waitForJob(server, admin, res.json().jobId);
    expect(job).toMatchObject({
      status: 'COMPLETED',
      created: 24,
      skipped: 1,
      sendInvitations: true,
      invitationsSent: 24,
    });
    const mails = await mailsTo('inv');
    expect(mails).toHaveLength(24);
    expect(new Set(mails.map((m) => m.to)).size).toBe(24);
    // The link works: the invitation is live (sent, with a code) and names the workspace's site.
    const code = /http:\/\/acme\.localhost:8080\/invite\/([A-Za-z0-9_-]+)/.exec(
      mails.find((m) => m.to === 'inv.1@jobs.test')!.body,
    )![1];
    const peek = await server.request('acme.localhost:8080', {
      method: 'POST',
      url: `/main-api/api/invite/claim/${code}`,
      payload: {},
    });
    expect(peek.statusCode).toBe(200);
    expect(peek.json().invite).toMatchObject({ email: 'inv.1@jobs.test' });
  });

  it('sends no email when the admin chose not to, and refuses a choice that is not true or false', async () => {
    const res = await startInviting(rows('quiet', 3), 'false');
    expect(res.statusCode).toBe(202);
    const job = await waitForJob(server, admin, res.json().jobId);
    expect(job).toMatchObject({ status: 'COMPLETED', created: 3, sendInvitations: false, invitationsSent: 0 });
    expect(await mailsTo('quiet')).toEqual([]);
    const bad = await startInviting(rows('bad-choice', 1), 'yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('sendInvitations');
    // Only the import takes the choice.
    const body = await multipart(
      { name: 'people.csv', content: rows('v', 1) },
      { mapping: JSON.stringify(FULL_MAPPING), sendInvitations: 'true' },
    );
    const validate = await server.request('acme.localhost', {
      method: 'POST',
      url: '/main-api/api/invite/bulk/validate',
      token: admin,
      ...body,
    });
    expect(validate.statusCode).toBe(400);
  });

  it('works the file in batches, its progress counting the rows written, and lists the job', async () => {
    const seen: { batch: number; rowsDone: number }[] = [];
    beforeBatch = async (jobId, batch) => {
      seen.push({ batch, rowsDone: (await getJob(server, admin, jobId)).json().rowsDone });
    };
    const job = await importFile(server, admin, { name: 'progress.csv', content: rows('progress', 35, [12, 30]) });
    beforeBatch = async () => {};
    expect(job).toMatchObject({ status: 'COMPLETED', totalRows: 35, rowsDone: 35, created: 33, skipped: 2 });
    expect(job.problems.map((p: { row: number }) => p.row)).toEqual([13, 31]);
    // Before each batch, the rows done are exactly the batches written before it.
    expect(seen).toEqual([
      { batch: 1, rowsDone: 0 },
      { batch: 2, rowsDone: 10 },
      { batch: 3, rowsDone: 20 },
      { batch: 4, rowsDone: 30 },
    ]);
    expect(await users('progress')).toBe(33);
    const list = await server.request('acme.localhost', {
      method: 'GET',
      url: '/main-api/api/invite/bulk/jobs',
      token: admin,
    });
    expect(list.json().jobs[0]).toMatchObject({ jobId: job.jobId, fileName: 'progress.csv', status: 'COMPLETED' });
  });

  it('creates nobody twice when the same file is imported again', async () => {
    const content = rows('twice', 25);
    expect(await importFile(server, admin, { name: 'twice.csv', content })).toMatchObject({ created: 25, skipped: 0 });
    const again = await importFile(server, admin, { name: 'twice.csv', content });
    expect(again).toMatchObject({ status: 'COMPLETED', created: 0, skipped: 25 });
    expect(again.problems[0].reason).toBe('twice.1@jobs.test is already a user of this workspace');
    expect(await users('twice')).toBe(25);
  });

  it('cancels after the current batch: the batches written stay, the rest is not imported', async () => {
    let jobId = '';
    beforeBatch = async (id, batch) => {
      if (batch === 3) {
        const res = await server.request('acme.localhost', {
          method: 'POST',
          url: `/main-api/api/invite/bulk/jobs/${id}/cancel`,
          token: admin,
          payload: {},
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ status: 'RUNNING', cancelRequested: true });
      }
    };
    jobId = await start(rows('cancel', 45));
    const job = await waitForJob(server, admin, jobId);
    beforeBatch = async () => {};
    expect(job).toMatchObject({ status: 'CANCELLED', rowsDone: 20, created: 20, totalRows: 45 });
    expect(await users('cancel')).toBe(20);
    const again = await server.request('acme.localhost', {
      method: 'POST',
      url: `/main-api/api/invite/bulk/jobs/${jobId}/cancel`,
      token: admin,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    // A cancelled job can be resumed: it finishes the rest.
    const resumed = await server.request('acme.localhost', {
      method: 'POST',
      url: `/main-api/api/invite/bulk/jobs/${jobId}/resume`,
      token: admin,
      payload: {},
    });
    expect(resumed.statusCode).toBe(202);
    expect(await waitForJob(server, admin, jobId)).toMatchObject({ status: 'COMPLETED', rowsDone: 45, created: 45 });
    expect(await users('cancel')).toBe(45);
    const events = await server.db.query<{ action: string }>(
      `SELECT action FROM audit_events WHERE target = $1 ORDER BY id`,
      [jobId],
    );
    expect(events.map((e) => e.action)).toEqual(['USERS_IMPORT_CANCELLED', 'USERS_IMPORT_RESUMED', 'USERS_IMPORTED']);
  });

  it('imports an XLSX workbook as a job too', async () => {
    const { xlsx } = await import('./upload');
    const content = await xlsx([
      ['Email', 'First Name'],
      ...Array.from({ length: 23 }, (_, i) => [`sheet.${i}@jobs.test`, `Sheet${i}`]),
    ]);
    const job = await importFile(server, admin, { name: 'people.xlsx', content }, { email: 0, firstName: 1 });
    expect(job).toMatchObject({ status: 'COMPLETED', totalRows: 23, rowsDone: 23, created: 23 });
    expect(await users('sheet')).toBe(23);
  });

  it('shows a job whose worker died as interrupted with its rows done, and resumes it without duplicates', async () => {
    // The last row repeats an email of a batch written before the crash: the resumed run still knows it (remembered).
    const content = `${rows('crash', 47, [5, 41])}crash.3@jobs.test,Again,Person,,,,,,,,,\n`;
    let halted!: () => void;
    const haltedAtBatch3 = new Promise<void>((resolve) => (halted = resolve));
    beforeBatch = async (_id, batch) => {
      if (batch !== 3) return;
      halted();
      throw new ImportRunnerHalted('simulated crash');
    };
    const jobId = await start(content);
    // The dead worker's job stays RUNNING until its heartbeat is stale (1 s here). Batches 1 and 2 are written before
    // batch 3 starts (waiting for that, not for a fixed time: a busy machine took longer than 100 ms).
    await haltedAtBatch3;
    beforeBatch = async () => {};
    const [row] = await server.db.query<{ status: string; rows_done: number }>(
      `SELECT status, rows_done FROM import_jobs WHERE id = $1`,
      [jobId],
    );
    expect(row).toEqual({ status: 'RUNNING', rows_done: 20 });
    await server.db.query(`UPDATE import_jobs SET heartbeat_at = now() - interval '1 minute' WHERE id = $1`, [jobId]);
    const interrupted = (await getJob(server, admin, jobId)).json();
    expect(interrupted).toMatchObject({ status: 'INTERRUPTED', rowsDone: 20, created: 19, skipped: 1, totalRows: 48 });
    // Nothing half-written: exactly the two batches' users exist.
    expect(await users('crash')).toBe(19);

    const resumed = await server.request('acme.localhost', {
      method: 'POST',
      url: `/main-api/api/invite/bulk/jobs/${jobId}/resume`,
      token: admin,
      payload: {},
    });
    expect(resumed.statusCode).toBe(202);
    const done = await waitForJob(server, admin, jobId);
    expect(done).toMatchObject({ status: 'COMPLETED', rowsDone: 48, created: 45, skipped: 3 });
    expect(done.problems.map((p: { row: number; reason: string }) => [p.row, p.reason])).toEqual([
      [6, 'First name is required'],
      [42, 'First name is required'],
      [49, 'crash.3@jobs.test appears more than once in the file'],
    ]);
    expect(await users('crash')).toBe(45);
    // Re-running the whole file afterwards creates nobody.
    expect(await importFile(server, admin, { name: 'crash.csv', content })).toMatchObject({
      created: 0,
      skipped: 48,
    });
    expect(await users('crash')).toBe(45);

    const notResumable = await server.request('acme.localhost', {
      method: 'POST',
      url: `/main-api/api/invite/bulk/jobs/${jobId}/resume`,
      token: admin,
      payload: {},
    });
    expect(notResumable.statusCode).toBe(409);
    expect(notResumable.json().code).toBe('NOT_RESUMABLE');
  });

  it('runs one import per workspace at a time: a second one waits its turn, and can be cancelled while it waits', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = '';
    // The first job to reach a batch is held there (its id may not be known yet: on a busy machine the runner can
    // start its batch before the 202 has been read).
    beforeBatch = async (id, batch) => {
      if (batch !== 1 || (first !== '' && id !== first)) return;
      first = id;
      await held;
    };
    const started = await start(rows('single', 5));
    const second = await start(rows('single-b', 5), 'second.csv');
    const third = await start(rows('single-c', 5), 'third.csv');
    // Wait for a job to reach its first batch (a fixed 300 ms was not enough on a busy machine), then check it is the first one.
    await vi.waitFor(() => expect(first).not.toBe(''), { timeout: 30_000, interval: 20 });
    expect(first).toBe(started);
    expect((await getJob(server, admin, second)).json()).toMatchObject({ status: 'QUEUED', rowsDone: 0 });
    const cancelled = await server.request('acme.localhost', {
      method: 'POST',
      url: `/main-api/api/invite/bulk/jobs/${third}/cancel`,
      token: admin,
      payload: {},
    });
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', rowsDone: 0 });
    release();
    beforeBatch = async () => {};
    expect(await waitForJob(server, admin, first)).toMatchObject({ status: 'COMPLETED', created: 5 });
    expect(await waitForJob(server, admin, second)).toMatchObject({ status: 'COMPLETED', created: 5 });
    expect(await users('single-c')).toBe(0);
  });

  it('stops at the user limit mid-import: the batches before it stay, the failing batch is rolled back', async () => {
    const globex = await server.signIn('globex.localhost', 'admin@globex.test');
    const [{ n }] = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users u JOIN workspaces w ON w.id = u.workspace_id WHERE w.slug = 'globex'`,
    );
    await server.db.query(`UPDATE workspaces SET user_limit = $1 WHERE slug = 'globex'`, [n + 15]);
    const job = await importFile(
      server,
      globex,
      { name: 'limit.csv', content: rows('limit', 30) },
      FULL_MAPPING,
      'globex.localhost',
    );
    await server.db.query(`UPDATE workspaces SET user_limit = NULL WHERE slug = 'globex'`);
    expect(job).toMatchObject({ status: 'FAILED', rowsDone: 10, created: 10, error: { code: 'USER_LIMIT' } });
    expect(job.error.message).toContain(`at most ${n + 15} users`);
    expect(await users('limit')).toBe(10);
  });

  it("answers 404 for another workspace's job, and a business-unit admin sees only their own jobs", async () => {
    const job = await importFile(server, admin, { name: 'mine.csv', content: rows('mine', 2) });
    const globex = await server.signIn('globex.localhost', 'admin@globex.test');
    const bu = await server.signIn('acme.localhost', 'buadmin@acme.test');
    for (const [host, token] of [
      ['globex.localhost', globex],
      ['acme.localhost', bu],
    ] as const) {
      expect((await getJob(server, token, job.jobId, host)).statusCode).toBe(404);
      for (const action of ['cancel', 'resume']) {
        const res = await server.request(host, {
          method: 'POST',
          url: `/main-api/api/invite/bulk/jobs/${job.jobId}/${action}`,
          token,
          payload: {},
        });
        expect(res.statusCode).toBe(404);
      }
      const report = await server.request(host, {
        method: 'GET',
        url: `/main-api/api/invite/bulk/jobs/${job.jobId}/report`,
        token,
      });
      expect(report.statusCode).toBe(404);
      const list = await server.request(host, { method: 'GET', url: '/main-api/api/invite/bulk/jobs', token });
      expect(list.json().jobs.map((j: { jobId: string }) => j.jobId)).not.toContain(job.jobId);
    }
    expect((await getJob(server, admin, 'not-a-uuid')).statusCode).toBe(400);
  });

  it("downloads the job's report, every row's outcome, as CSV and XLSX with formula cells escaped", async () => {
    const content = csv(
      'rep.1@jobs.test,=cmd(),One,,,,,,,,,',
      'broken,Bad,Row,,,,,,,,,',
      'rep.2@jobs.test,@two,+Two,,,,,,,,,',
    );
    const job = await importFile(server, admin, { name: '20261123-060000_report.csv', content });
    const url = `/main-api/api/invite/bulk/jobs/${job.jobId}/report`;
    const res = await server.request('acme.localhost', { method: 'GET', url, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="20261123-060000_report-report.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^2,Created,,rep\.1@jobs\.test,'=cmd\(\),One,/);
    expect(lines[2]).toMatch(/^3,Skipped,"""broken"" is not a valid email address",broken,Bad,Row/);
    expect(lines[3]).toMatch(/^4,Created,,rep\.2@jobs\.test,'@two,'\+Two/);

    const xlsx = await server.request('acme.localhost', { method: 'GET', url: `${url}?format=xlsx`, token: admin });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(2).getCell(2).value).toBe('Created');
    expect(sheet.getRow(2).getCell(5).value).toBe("'=cmd()");
    expect(sheet.getRow(3).getCell(3).value).toBe('"broken" is not a valid email address');

    const bad = await server.request('acme.localhost', { method: 'GET', url: `${url}?format=pdf`, token: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('the pre-import report downloads as XLSX too', async () => {
    const res = await post(
      server,
      'download/bulk/detailed-report',
      admin,
      { name: 'pre.csv', content: csv('pre.1@jobs.test,=x,One,,,,,,,,,') },
      FULL_MAPPING,
    );
    expect(res.statusCode).toBe(200);
    const form = await import('./upload');
    const body = await form.multipart(
      { name: 'pre.csv', content: csv('pre.1@jobs.test,=x,One,,,,,,,,,') },
      { mapping: JSON.stringify(FULL_MAPPING), format: 'xlsx' },
    );
    const xlsx = await server.request('acme.localhost', {
      method: 'POST',
      url: '/main-api/api/invite/download/bulk/detailed-report',
      token: admin,
      ...body,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="pre-report.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].getRow(2).getCell(5).value).toBe("'=x");
  });
});

/**
 * The same jobs on the server's job queue (pg-boss, as main.ts runs them): the import is a queue job that one process
 * claims; a job whose worker died is continued by the sweep (test/server/platform/jobs-two-process.test.ts does it with
 * two real processes). The queue is not worked here: `runPending` runs what is queued, as a worker would.
 */
describe.each(DATABASES)('import jobs on the job queue on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let beforeBatch: (jobId: string, batchNo: number) => Promise<void> = async () => {};

  beforeAll(async () => {
    server = await startTestServer(
      kind,
      { imports: { batchSize: BATCH, staleAfterMs: 1000, beforeBatch: (jobId, n) => beforeBatch(jobId, n) } },
      { jobs: true },
    );
    admin = await server.signIn('acme.localhost', 'admin@acme.test');
  }, 120_000);
  afterAll(async () => server?.close());

  const users = async (prefix: string) =>
    (
      await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE email LIKE $1`, [
        `${prefix}.%@jobs.test`,
      ])
    )[0].n;
  const start = async (content: string, name = 'people.csv') => {
    const res = await post(server, 'bulk', admin, { name, content });
    expect(res.statusCode).toBe(202);
    return res.json().jobId as string;
  };
  const work = () => server.jobs!.runPending([JOB_USER_IMPORT, JOB_USER_IMPORT_SWEEP]);
  const status = async (jobId: string) => (await getJob(server, admin, jobId)).json();
  const workspaceId = async () =>
    (await server.db.query<{ id: string }>(`SELECT id FROM workspaces WHERE slug = 'acme'`))[0].id;

  it('waits QUEUED until a process works the queue, runs once, and a second delivery of the job changes nothing', async () => {
    const jobId = await start(rows('q-once', 25, [4]));
    // Longer than the heartbeat's 1 s: a job waiting for a worker of the queue is not taken as interrupted.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await status(jobId)).toMatchObject({ status: 'QUEUED', rowsDone: 0 });
    expect(await users('q-once')).toBe(0);
    expect((await work()).completed).toBe(1);
    expect(await status(jobId)).toMatchObject({ status: 'COMPLETED', rowsDone: 25, created: 24, skipped: 1 });
    // The same job delivered again (pg-boss is at least once): the claim refuses a finished job.
    await server.jobs!.send(JOB_USER_IMPORT, { workspaceId: await workspaceId(), jobId });
    expect((await work()).completed).toBe(1);
    expect(await status(jobId)).toMatchObject({ status: 'COMPLETED', rowsDone: 25, created: 24 });
    expect(await users('q-once')).toBe(24);
  });

  it('queues again an import whose queue job was lost (a process that died between the commit and the queueing)', async () => {
    const jobId = await start(rows('q-lost', 12));
    await server.db.query(`DELETE FROM pgboss.job WHERE name = $1`, [JOB_USER_IMPORT]);
    expect((await work()).completed).toBe(0);
    await server.db.query(`UPDATE import_jobs SET heartbeat_at = now() - interval '1 minute' WHERE id = $1`, [jobId]);
    expect(await status(jobId)).toMatchObject({ status: 'QUEUED' });
    await server.jobs!.send(JOB_USER_IMPORT_SWEEP, {});
    await work();
    expect(await status(jobId)).toMatchObject({ status: 'COMPLETED', created: 12 });
    expect(await users('q-lost')).toBe(12);
  });

  it('continues a job whose worker died: the sweep queues it again once its heartbeat is stale, and it ends without duplicates', async () => {
    beforeBatch = async (_id, batch) => {
      if (batch === 3) throw new ImportRunnerHalted('simulated crash');
    };
    // The last row repeats an email of a batch written before the crash: the continued run still knows it.
    const jobId = await start(`${rows('q-crash', 47, [5, 41])}q-crash.3@jobs.test,Again,Person,,,,,,,,,\n`);
    await work();
    beforeBatch = async () => {};
    const [row] = await server.db.query<{ status: string; rows_done: number }>(
      `SELECT status, rows_done FROM import_jobs WHERE id = $1`,
      [jobId],
    );
    expect(row).toEqual({ status: 'RUNNING', rows_done: 20 });
    // Still fresh: the sweep leaves it to its (live, as far as anyone knows) worker.
    await server.jobs!.send(JOB_USER_IMPORT_SWEEP, {});
    await work();
    expect(
      (await server.db.query<{ rows_done: number }>(`SELECT rows_done FROM import_jobs WHERE id = $1`, [jobId]))[0]
        .rows_done,
    ).toBe(20);
    // Stale: the admin sees it interrupted; the sweep continues it after its last written row.
    await server.db.query(`UPDATE import_jobs SET heartbeat_at = now() - interval '1 minute' WHERE id = $1`, [jobId]);
    expect(await status(jobId)).toMatchObject({ status: 'INTERRUPTED', rowsDone: 20, created: 19 });
    await server.jobs!.send(JOB_USER_IMPORT_SWEEP, {});
    await work();
    const done = await status(jobId);
    expect(done).toMatchObject({ status: 'COMPLETED', rowsDone: 48, created: 45, skipped: 3 });
    expect(done.problems.map((p: { row: number; reason: string }) => [p.row, p.reason])).toEqual([
      [6, 'First name is required'],
      [42, 'First name is required'],
      [49, 'q-crash.3@jobs.test appears more than once in the file'],
    ]);
    expect(await users('q-crash')).toBe(45);
    const batches = await server.db.query<{ batch_no: number }>(
      `SELECT batch_no FROM import_job_batches WHERE job_id = $1 ORDER BY batch_no`,
      [jobId],
    );
    expect(batches.map((b) => b.batch_no)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps a second import of the workspace QUEUED while one runs, without holding a worker, and runs it after', async () => {
    beforeBatch = async (_id, batch) => {
      if (batch === 2) throw new ImportRunnerHalted('held');
    };
    const first = await start(rows('q-first', 15));
    await work();
    beforeBatch = async () => {};
    const second = await start(rows('q-second', 5), 'second.csv');
    // The second run finds the first RUNNING: it returns at once and looks again a second later.
    expect((await work()).completed).toBe(1);
    expect(await status(second)).toMatchObject({ status: 'QUEUED', rowsDone: 0 });
    await server.db.query(`UPDATE import_jobs SET heartbeat_at = now() - interval '1 minute' WHERE id = $1`, [first]);
    await server.jobs!.send(JOB_USER_IMPORT_SWEEP, {});
    await work();
    expect(await status(first)).toMatchObject({ status: 'COMPLETED', created: 15 });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await work();
    expect(await status(second)).toMatchObject({ status: 'COMPLETED', created: 5 });
  });
});
