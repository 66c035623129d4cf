import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { JOB_REMINDERS } from '../../../server/learning/courses/course-notifications';
import { JOB_USER_IMPORT_SWEEP } from '../../../server/main/imports/import-runner';
import type { Database } from '../../../server/platform/db/database';
import { migrate } from '../../../server/platform/db/migrate';
import { openPostgres } from '../../../server/platform/db/postgres-database';
import { createScratchDatabase } from '../../../server/platform/db/scratch-postgres';
import { JobQueue } from '../../../server/platform/jobs';
import { EmbeddedFileUrls } from '../../../server/platform/signed-files';
import { UrlSigner } from '../../../server/platform/signed-urls';
import { seedDemo } from '../../../server/seed/demo.seed';
import { csv, FULL_MAPPING, multipart } from '../imports/upload';
import { PASSWORD, testPasswords } from '../support/test-app';

/**
 * The job queue shared by two server processes over one PostgreSQL database (docs/learning.md "The job queue"): two
 * real child processes (support/queue-server.ts, the whole app working the queue as main.ts does) and this test's
 * own app, which only queues jobs (its pg-boss never works them). A reminder run queued once runs once, in one of
 * them; an import queued once is worked by one process, which is killed (SIGKILL) between two batches: the other
 * finishes it, every person created once and mailed one invitation.
 */
const SERVER_URL = process.env.TEST_DATABASE_URL;
const ACME = 'acme.localhost:8080';
/** The demo's course the reminder run is about (its mails name it). */
const COURSE = 'Preventing Sexual Harassment at Work';

interface Worker {
  name: string;
  child: ChildProcess;
  lines: string[];
  exited: Promise<void>;
}

function startWorker(name: string, env: Record<string, string>): Worker {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.resolve('test/server/platform/support/queue-server.ts')],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines: string[] = [];
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString();
    const parts = text.split('\n');
    rest = parts.pop()!;
    lines.push(...parts);
  });
  child.stderr!.on('data', (chunk: Buffer) => lines.push(`stderr: ${chunk.toString().trim()}`));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { name, child, lines, exited };
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 60_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the job queue shared by two server processes on PostgreSQL', () => {
  let drop: () => Promise<void> = async () => {};
  let db: Database;
  let queue: JobQueue;
  let app: FastifyInstance;
  let workers: Worker[] = [];
  let admin: string;
  let workspaceId: string;

  beforeAll(async () => {
    // npm test (scripts/test.mjs) always provides a PostgreSQL server; this test has nothing to prove without one.
    if (!SERVER_URL)
      throw new Error(
        'The two-process queue test needs TEST_DATABASE_URL (npm test starts a PostgreSQL server for it)',
      );
    const scratch = await createScratchDatabase(SERVER_URL, 'queue2');
    drop = scratch.drop;
    db = await openPostgres(scratch.url, 4);
    await migrate(db);
    await seedDemo(db, testPasswords, 'localhost');
    const filesRoot = await mkdtemp(path.join(os.tmpdir(), 'safeplace-queue-'));
    queue = new JobQueue(db);
    app = await buildApp({
      db,
      jobs: queue,
      passwords: testPasswords,
      fileUrls: new EmbeddedFileUrls(filesRoot, new UrlSigner(randomBytes(32))),
      settings: {
        mainHost: 'localhost',
        publicUrl: 'http://localhost:8080',
        maxUploadBytes: 5 * 1024 * 1024,
        outboxPage: true,
        imports: { batchSize: 10, staleAfterMs: 1500 },
      },
    });
    // This process creates pg-boss's schema first; the two workers then share it.
    await queue.start();
    workers = ['A', 'B'].map((name) => startWorker(name, { QUEUE_DB_URL: scratch.url, QUEUE_FILES: filesRoot }));
    for (const w of workers)
      await until(`worker ${w.name} to start (${w.lines.join(' | ')})`, () => w.lines.includes('ready'), 150_000);
    const signIn = await app.inject({
      method: 'POST',
      url: '/main-api/api/user/signin',
      headers: { host: ACME },
      payload: { userEmail: 'admin@acme.test', userPassword: PASSWORD },
    });
    admin = signIn.json().token;
    [{ id: workspaceId }] = await db.query<{ id: string }>(`SELECT id FROM workspaces WHERE slug = 'acme'`);
  }, 240_000);

  afterAll(async () => {
    for (const w of workers) {
      if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
    }
    await Promise.race([
      Promise.all(workers.map((w) => w.exited)),
      new Promise((resolve) => setTimeout(resolve, 15_000)),
    ]);
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
    await queue?.stop();
    await app?.close();
    await db?.close();
    await drop();
  }, 60_000);

  const doneLines = (name: string, id: string) =>
    workers.flatMap((w) => w.lines.filter((l) => l === `job ${name} ${id} done`).map(() => w.name));
  /** Mails to each address; `about`: only those whose subject names it (a course's title). */
  const outbox = async (emails: string[], about = '') => {
    const rows = await db.query<{ recipient: string; n: number }>(
      `SELECT recipient, count(*)::int AS n FROM outbox_messages WHERE recipient = ANY($1) AND strpos(coalesce(subject, ''), $2) > 0
        GROUP BY recipient`,
      [emails, about],
    );
    return new Map(rows.map((r) => [r.recipient, r.n]));
  };

  it('runs a reminder run queued once exactly once, in one of the two processes, each learner mailed once', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const learners = await db.tenant(workspaceId, (tx) =>
      tx.query<{ id: string; email: string }>(
        // Employees with no course yet: the demo's learners already have theirs (and its mails would not be sent).
        `SELECT id, email FROM users u WHERE workspace_id = $1 AND role = 'EMPLOYEE' AND status <> 'INACTIVE'
            AND NOT EXISTS (SELECT 1 FROM course_assignments a WHERE a.workspace_id = u.workspace_id AND a.user_id = u.id)
          ORDER BY email LIMIT 5`,
        [workspaceId],
      ),
    );
    expect(learners).toHaveLength(5);
    const [course] = await db.tenant(workspaceId, (tx) =>
      tx.query<{ id: string }>(`SELECT id FROM courses WHERE workspace_id = $1 AND title = $2`, [workspaceId, COURSE]),
    );
    const assigned = await app.inject({
      method: 'POST',
      url: '/learning-api/api/course/add-users',
      headers: { host: ACME, authorization: `Bearer ${admin}` },
      payload: { courseId: course.id, userIds: learners.map((l) => l.id), due: { kind: 'DATE', date: day } },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const emails = learners.map((l) => l.email);
    // The assignment mails (queued by that call) are sent by one of the workers first.
    await until(
      'the assignment mails',
      async () => [...(await outbox(emails, COURSE)).values()].reduce((a, b) => a + b, 0) >= 5 && true,
    );
    const before = await outbox(emails, COURSE);

    const id = await queue.send(JOB_REMINDERS, { workspaceId, day });
    expect(id).toBeTruthy();
    await until('the reminder run', () => doneLines(JOB_REMINDERS, id!).length > 0);
    // Both workers poll every half second: give the other one time to (wrongly) run it too.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(doneLines(JOB_REMINDERS, id!)).toHaveLength(1);
    const after = await outbox(emails, COURSE);
    for (const email of emails) expect(after.get(email)! - before.get(email)!, email).toBe(1);
    const keys = await db.tenant(workspaceId, (tx) =>
      tx.query(`SELECT 1 FROM course_reminders WHERE workspace_id = $1 AND user_id = ANY($2) AND on_day = $3`, [
        workspaceId,
        learners.map((l) => l.id),
        day,
      ]),
    );
    expect(keys).toHaveLength(5);
  }, 120_000);

  it('finishes an import in the other process when the one working it is killed, nobody created or mailed twice', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => `two.${i + 1}@queue.test,P${i + 1},Person,,,,,,,,,`);
    const body = await multipart(
      { name: 'people.csv', content: csv(...rows) },
      { mapping: JSON.stringify(FULL_MAPPING), sendInvitations: 'true' },
    );
    const started = await app.inject({
      method: 'POST',
      url: '/main-api/api/invite/bulk',
      headers: { host: ACME, authorization: `Bearer ${admin}`, ...body.headers },
      payload: body.payload,
    });
    expect(started.statusCode, started.body).toBe(202);
    const jobId = started.json().jobId as string;

    // Whichever worker claimed the job is killed as it starts its third batch (batches 1 and 2 are committed).
    const victim = await until('a worker to reach batch 3', () =>
      workers.find((w) => w.lines.includes(`batch ${jobId} 3`)),
    );
    victim.child.kill('SIGKILL');
    await victim.exited;
    const survivor = workers.find((w) => w !== victim)!;
    expect(survivor.lines.some((l) => l.startsWith(`batch ${jobId} `))).toBe(false);
    const [halfway] = await db.query<{ status: string; rows_done: number }>(
      `SELECT status, rows_done FROM import_jobs WHERE id = $1`,
      [jobId],
    );
    expect(halfway).toEqual({ status: 'RUNNING', rows_done: 20 });

    // Once its heartbeat is stale, the sweep (every minute; sent now rather than waited for) hands it to the survivor.
    await until(
      "the dead worker's heartbeat to go stale",
      async () =>
        (
          await db.query(`SELECT 1 FROM import_jobs WHERE id = $1 AND heartbeat_at < now() - interval '2 seconds'`, [
            jobId,
          ])
        ).length > 0,
    );
    await queue.send(JOB_USER_IMPORT_SWEEP, {});
    const done = await until('the import to complete', async () => {
      const [job] = await db.query<{ status: string; rows_done: number; created: number; invitations_sent: number }>(
        `SELECT status, rows_done, created, invitations_sent FROM import_jobs WHERE id = $1`,
        [jobId],
      );
      return job.status === 'COMPLETED' ? job : null;
    });
    expect(done).toEqual({ status: 'COMPLETED', rows_done: 60, created: 60, invitations_sent: 60 });
    expect(survivor.lines.filter((l) => l.startsWith(`batch ${jobId} `))).toEqual(
      [3, 4, 5, 6].map((n) => `batch ${jobId} ${n}`),
    );
    const batches = await db.query<{ batch_no: number }>(
      `SELECT batch_no FROM import_job_batches WHERE job_id = $1 ORDER BY batch_no`,
      [jobId],
    );
    expect(batches.map((b) => b.batch_no)).toEqual([1, 2, 3, 4, 5, 6]);
    const [people] = await db.query<{ n: number; distinct: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT email)::int AS distinct FROM users WHERE email LIKE 'two.%@queue.test'`,
    );
    expect(people).toEqual({ n: 60, distinct: 60 });
    const mails = await outbox(rows.map((r) => r.split(',')[0]));
    expect(mails.size).toBe(60);
    expect([...mails.values()].every((n) => n === 1)).toBe(true);
  }, 180_000);
});
