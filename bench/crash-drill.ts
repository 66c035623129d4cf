// Crash drill (`npm run bench crash`): the real server as a child process, a 50,000-row import, SIGKILL at a
// random moment, five rounds. After each kill the database is read directly: the users written must be exactly
// the job's counted rows (whole batches only: rows_done is a multiple of the batch size, or the whole file),
// with one invite each. Then the server restarts: the job shows as INTERRUPTED with those rows, or has already been
// continued by the queue's sweep (docs/imports.md, "On the job queue"); nobody presses Resume: the job must end
// COMPLETED by itself. On even rounds the admin also re-runs the whole file as a new job meanwhile. Every round must
// end with exactly the file's users, one invite each. `DRILL_ROWS` and `DRILL_ROUNDS` size it (50,000 and 5 by default).
// PGlite by default (a data folder); PostgreSQL when BENCH_DATABASE_URL is set (a scratch database).
import { DEFAULT_BATCH_SIZE } from '../server/main/imports/import-runner';
import type { Database } from '../server/platform/db/database';
import { DEMO_PASSWORD } from '../server/seed/demo.seed';
import { csvUpload, serverDatabase, ServerProcess, sleep } from './server-process';

const ROWS = Number(process.env.DRILL_ROWS ?? 50_000);
const ROUNDS = Number(process.env.DRILL_ROUNDS ?? 5);
/** The server's batch size on PostgreSQL, and the largest on PGlite (the drill sets no IMPORT_BATCH_SIZE). */
const BATCH = DEFAULT_BATCH_SIZE;
const PORT = Number(process.env.DRILL_PORT ?? 8291);
const STALE_SECONDS = 2;
/** The queue's sweep runs every minute; a job left by a dead worker is continued at its next run. */
const SWEEP_WAIT_MS = 90_000;

function csv(round: number): string {
  const lines = ['Email,First Name,Last Name,Business Unit,Date of Joining'];
  for (let i = 0; i < ROWS; i++)
    lines.push(
      `drill.r${round}.u${i}@drill.test,First${i},Last${i},${i % 2 ? 'Acme Pune' : 'Acme Headquarters'},2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
    );
  return `${lines.join('\n')}\n`;
}

class Drill {
  readonly server: ServerProcess;

  constructor(
    env: Record<string, string>,
    private readonly openDb: () => Promise<Database>,
  ) {
    this.server = new ServerProcess(PORT, { IMPORT_STALE_SECONDS: String(STALE_SECONDS), ...env });
  }

  /** Reads the database directly (PGlite: only while the server is down, it holds the folder). */
  async inspect(prefix: string, jobId: string) {
    const db = await this.openDb();
    try {
      const [users] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE email LIKE $1`, [
        `${prefix}%`,
      ]);
      const [invites] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM invites i JOIN users u ON u.id = i.user_id WHERE u.email LIKE $1`,
        [`${prefix}%`],
      );
      const [job] = await db.query<{ status: string; rows_done: number; created: number; batches_done: number }>(
        `SELECT status, rows_done, created, batches_done FROM import_jobs WHERE id = $1`,
        [jobId],
      );
      const [batches] = await db.query<{ rows: number; created: number }>(
        `SELECT coalesce(sum(rows), 0)::int AS rows, coalesce(sum(created), 0)::int AS created FROM import_job_batches WHERE job_id = $1`,
        [jobId],
      );
      return { users: users.n, invites: invites.n, job: job ?? null, batches };
    } finally {
      await db.close();
    }
  }

  async upload(token: string, content: string, name: string): Promise<string> {
    const upload = await csvUpload(content, name, { email: 0, firstName: 1, lastName: 2, branch: 3, dateOfJoining: 4 });
    const res = await this.server.upload('/main-api/api/invite/bulk', token, upload);
    if (res.status !== 202) throw new Error(`import: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json.jobId;
  }

  waitFor(token: string, jobId: string, done: (status: string) => boolean, timeoutMs = 600_000) {
    return this.server.waitForJob<{ status: string; rowsDone: number; created: number; totalRows: number }>(
      token,
      jobId,
      done,
      200,
      timeoutMs,
    );
  }
}

export async function crashDrill(): Promise<void> {
  const kind = process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite';
  const database = await serverDatabase(kind, 'crash-drill');
  const drill = new Drill(database.env, database.open);
  console.log(
    `\nCrash drill, ${kind}: ${ROUNDS} rounds of a ${ROWS.toLocaleString('en')}-row import killed (SIGKILL) at a random moment; batches of up to ${BATCH.toLocaleString('en')} (sized by time on PGlite)`,
  );
  let failures = 0;
  try {
    // The first start migrates and seeds.
    let expectedMs = ROWS * 0.4;
    for (let round = 1; round <= ROUNDS; round++) {
      const problems: string[] = [];
      const startMs = await drill.server.start();
      let token = await drill.server.signIn('admin@acme.test', DEMO_PASSWORD);
      const prefix = `drill.r${round}.`;
      const content = csv(round);
      const began = performance.now();
      const jobId = await drill.upload(token, content, `drill-${round}.csv`);
      // A random moment of the import: uniform over its expected duration (learnt round by round). No polling
      // meanwhile: on PGlite a poll waits for the batch in hand, and would bias the moment.
      const killAt = 300 + Math.random() * expectedMs;
      await sleep(Math.max(0, killAt - (performance.now() - began)));
      await drill.server.stop('SIGKILL');
      const killedAfter = performance.now() - began;

      const atKill = await drill.inspect(prefix, jobId);
      const rowsDone = atKill.job?.rows_done ?? 0;
      const finishedFirst = atKill.job?.status === 'COMPLETED';
      expectedMs = finishedFirst
        ? killedAfter * 0.7
        : rowsDone > 0
          ? (killedAfter * ROWS) / rowsDone
          : expectedMs * 1.5;
      if (!atKill.job) problems.push('the job row is missing');
      if (atKill.users !== (atKill.job?.created ?? 0))
        problems.push(`users written ${atKill.users} != job.created ${atKill.job?.created}`);
      if (atKill.invites !== atKill.users) problems.push(`invites ${atKill.invites} != users ${atKill.users}`);
      if (atKill.batches.rows !== rowsDone)
        problems.push(`batch records hold ${atKill.batches.rows} rows, job says ${rowsDone}`);

      const restartMs = await drill.server.start();
      token = await drill.server.signIn('admin@acme.test', DEMO_PASSWORD);
      // What the admin sees first: the rows the dead worker had written, shown INTERRUPTED until the queue's sweep
      // (every minute) continues the job, or already continued (RUNNING, QUEUED) or finished.
      const seen = await drill.waitFor(token, jobId, () => true);
      if (seen.status === 'INTERRUPTED' && seen.rowsDone !== rowsDone)
        problems.push(`after restart rowsDone ${seen.rowsDone} != ${rowsDone}`);
      if (!['INTERRUPTED', 'RUNNING', 'QUEUED', 'COMPLETED'].includes(seen.status))
        problems.push(`after restart the job is ${seen.status}`);

      const finishBegan = performance.now();
      let how = finishedFirst ? 'nothing to finish' : 'resumed by the queue';
      if (!finishedFirst && round % 2 === 0) {
        how = 're-run beside the queue';
        // The admin uploads the file again while the sweep continues the first job: each person must be written once.
        const again = await drill.upload(token, content, `drill-${round}-again.csv`);
        const done = await drill.waitFor(token, again, (s) => s !== 'RUNNING' && s !== 'QUEUED');
        if (done.status !== 'COMPLETED') problems.push(`re-run ended ${done.status}, created ${done.created}`);
      }
      // The import resumes by itself (docs/imports.md "On the job queue"): nobody presses Resume. It must end
      // COMPLETED with every row within the sweep's minute, the stale heartbeat and the rest of the import.
      const ended = await drill
        .waitFor(
          token,
          jobId,
          (s) => s === 'COMPLETED' || s === 'FAILED' || s === 'CANCELLED',
          SWEEP_WAIT_MS + expectedMs * 3,
        )
        .catch((error: Error) => ({
          status: `not finished (${error.message})`,
          rowsDone: -1,
          created: -1,
          totalRows: ROWS,
        }));
      if (ended.status !== 'COMPLETED' || ended.rowsDone !== ROWS)
        problems.push(
          `the job ended ${ended.status} at ${ended.rowsDone} rows without a Resume, expected COMPLETED at ${ROWS}`,
        );
      const finishMs = performance.now() - finishBegan;
      await drill.server.stop('SIGTERM');
      const final = await drill.inspect(prefix, jobId);
      if (final.users !== ROWS) problems.push(`${final.users} users at the end, expected exactly ${ROWS}`);
      if (final.invites !== ROWS) problems.push(`${final.invites} invites at the end, expected ${ROWS}`);
      failures += problems.length > 0 ? 1 : 0;
      console.log(
        `  round ${round}: killed at ${(killedAfter / 1000).toFixed(1)} s${finishedFirst ? ' (after it had finished)' : ''}: ${rowsDone.toLocaleString('en')} rows done ` +
          `(${atKill.job?.batches_done ?? 0} batches), ${atKill.users.toLocaleString('en')} users written; server start ${(startMs / 1000).toFixed(1)} s, ` +
          `restart ${(restartMs / 1000).toFixed(1)} s, job ${seen.status}; ${how} in ${(finishMs / 1000).toFixed(1)} s -> ${final.users.toLocaleString('en')} users ` +
          (problems.length ? `FAIL: ${problems.join('; ')}` : 'OK'),
      );
    }
  } finally {
    await database.drop();
  }
  console.log(
    `  ${failures === 0 ? 'every round OK: no partial batch, no duplicate, exactly the expected users' : `${failures} round(s) FAILED`}`,
  );
  if (failures > 0) process.exitCode = 1;
}
