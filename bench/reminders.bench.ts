// Reminder run benchmark: a workspace's daily reminder run (CourseNotifications.runReminders, what the
// queue's course-reminders job calls) over 100,000 assignments, 20,000 of them due today, beside one SQL statement
// that selects the same due set and inserts the same outbox rows (same subject and body, into outbox_messages
// itself), measured in the same run. Ours also writes one idempotency key per reminder (course_reminders) in the
// transaction of its mail, in set-based batches of 20,000 learners; the statement writes only the outbox rows.
// Targets: ours at least 0.3x the statement's speed (time_ref / time_ours >= 0.3); the process's memory (RSS, sampled
// every 20 ms) at most 64 MB above what it was before the run. `npm run bench` runs it in a process started with the
// server's node flags (package.json "start": its heap settings).
// `npm run bench reminders`; BENCH_REMINDER_ASSIGNMENTS=10000 for a quick run (a fifth of them due);
// BENCH_DATABASE_URL=postgres://... for PostgreSQL too (BENCH_ONLY_POSTGRES=1: only there).
import { execSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { CourseNotifications } from '../server/learning/courses/course-notifications';
import { ManualClock } from '../server/platform/clock';
import { OutboxMessages } from '../server/platform/messages';
import { cheapPasswords, openBenchDatabase } from './support';
import { seedDemo } from '../server/seed/demo.seed';

const ASSIGNMENTS = Number(process.env.BENCH_REMINDER_ASSIGNMENTS ?? 100_000);
const DUE = Math.floor(ASSIGNMENTS / 5);
const DAY = '2026-11-25';
const MB = 1024 * 1024;

async function benchOn(kind: 'pglite' | 'postgres'): Promise<void> {
  const { db, drop } = await openBenchDatabase(kind, 'bench_reminders');
  try {
    await seedDemo(db, cheapPasswords, 'localhost');
    const t0 = performance.now();
    // A workspace of its own: one course with reminders on, one assignment per person; the first fifth due today,
    // the rest due in 60 days (beyond every reminder of the default cadence: 7 and 1 days before, on the day).
    const seedWorkspace = async (slug: string, people: number, due: number): Promise<{ id: string }> => {
      const [created] = await db.system((tx) =>
        tx.query<{ id: string }>(
          `INSERT INTO workspaces (slug, workspace_url, company_name) VALUES ($1, $1 || '.localhost', 'Bench Reminders') RETURNING id`,
          [slug],
        ),
      );
      await db.tenant(created!.id, async (tx) => {
        const [course] = await tx.query<{ id: string }>(
          `INSERT INTO courses (workspace_id, title, reminder_enabled) VALUES ($1, 'Bench safety course', true) RETURNING id`,
          [created!.id],
        );
        await tx.query(
          `INSERT INTO users (workspace_id, email, role, status, first_name, last_name)
           SELECT $1, 'learner' || g || '@bench.test', 'EMPLOYEE', 'ACTIVE', 'Learner' || g, 'Bench' FROM generate_series(1, $2::int) g`,
          [created!.id, people],
        );
        await tx.query(
          `INSERT INTO course_assignments (workspace_id, course_id, user_id, assigned_at, course_version, due_at, assignment_mail_pending, assigned_via)
           SELECT $1, $2, u.id, $4::date - 30, NULL,
                  CASE WHEN row_number() OVER (ORDER BY u.email) <= $3 THEN ($4::date)::timestamp AT TIME ZONE 'UTC' ELSE ($4::date + 60)::timestamp AT TIME ZONE 'UTC' END,
                  false, 'ADMIN'
             FROM users u WHERE u.workspace_id = $1`,
          [created!.id, course!.id, due, DAY],
        );
      });
      return created!;
    };
    const ws = await seedWorkspace('bench-reminders', ASSIGNMENTS, DUE);
    // A small workspace whose run warms our code (V8 compiles it hot) before the measured run: the reference is one
    // statement with no code of ours to warm, and ours measured cold, first, is far slower than warm.
    const warm = await seedWorkspace('bench-reminders-warm', 500, 100);
    await db.system((tx) => tx.query('ANALYZE'));
    console.log(
      `\nReminder run over ${ASSIGNMENTS.toLocaleString('en')} assignments, ${DUE.toLocaleString('en')} due today, ${kind} (seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );

    const outbox = new OutboxMessages(db);
    const notifications = new CourseNotifications(db, outbox, new ManualClock(`${DAY}T06:00:00Z`), 'http://localhost');

    await notifications.runReminders(warm.id, DAY);
    // Both sides read the same due rows, their learners and the course: read them once before either is timed, so
    // neither pays for reading them from disk (ours ran first and paid for both).
    await db.tenant(ws.id, (tx) =>
      tx.query(
        `SELECT count(u.email), count(c.id) FROM course_assignments a
           JOIN courses c ON c.workspace_id = a.workspace_id AND c.id = a.course_id
           JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id
          WHERE a.workspace_id = $1`,
        [ws.id],
      ),
    );

    // Ours, with the process's RSS sampled while it runs.
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    let start = performance.now();
    const run = await notifications.runReminders(ws.id, DAY);
    const oursMs = performance.now() - start;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (run.digests !== DUE) throw new Error(`ours sent ${run.digests} digests, not ${DUE}`);

    // The reference: the same due set selected and the same outbox rows inserted by one statement. The body is
    // the template of one of ours with the learner's first name put back, so the rows are the same.
    const [sample] = await db.tenant(ws.id, (tx) =>
      tx.query<{ subject: string; body: string; first_name: string }>(
        `SELECT o.subject, o.body, u.first_name FROM outbox_messages o JOIN users u ON u.workspace_id = o.workspace_id AND u.email = o.recipient
          WHERE o.workspace_id = $1 LIMIT 1`,
        [ws.id],
      ),
    );
    const template = sample.body.replace(`Hello ${sample.first_name},`, 'Hello %%FIRST%%,');
    start = performance.now();
    const inserted = await db.tenant(ws.id, (tx) =>
      tx.query(
        `INSERT INTO outbox_messages (workspace_id, channel, recipient, subject, body, attachments)
         SELECT $1, 'EMAIL', u.email, $4, replace($5, '%%FIRST%%', u.first_name), '[]'::jsonb
           FROM course_assignments a
           JOIN courses c ON c.workspace_id = a.workspace_id AND c.id = a.course_id
           JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id
          WHERE a.workspace_id = $1 AND a.unassigned_at IS NULL AND a.status <> 'COMPLETED' AND c.reminder_enabled
            AND a.due_at >= ($2::date)::timestamp AT TIME ZONE 'UTC' AND a.due_at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'
         RETURNING 1`,
        [ws.id, DAY, DAY, sample.subject, template],
      ),
    );
    const refMs = performance.now() - start;
    if (inserted.length !== DUE) throw new Error(`the statement inserted ${inserted.length}, not ${DUE}`);
    const [diff] = await db.tenant(ws.id, (tx) =>
      tx.query<{ groups: string; odd: string }>(
        `SELECT count(*) AS groups, count(*) FILTER (WHERE n <> 2) AS odd
           FROM (SELECT recipient, subject, body, count(*) AS n FROM outbox_messages WHERE workspace_id = $1 GROUP BY 1, 2, 3) g`,
        [ws.id],
      ),
    );
    // Printed beside it, not the target: one statement doing the same work as ours (the idempotency keys written too,
    // and the mails of the keys that were new), on the next day so that its keys are new.
    start = performance.now();
    const withKeys = await db.tenant(ws.id, (tx) =>
      tx.query(
        `WITH due AS (
           SELECT a.user_id, a.course_id, a.cycle, u.email, u.first_name
             FROM course_assignments a
             JOIN courses c ON c.workspace_id = a.workspace_id AND c.id = a.course_id
             JOIN users u ON u.workspace_id = a.workspace_id AND u.id = a.user_id
            WHERE a.workspace_id = $1 AND a.unassigned_at IS NULL AND a.status <> 'COMPLETED' AND c.reminder_enabled
              AND a.due_at >= ($2::date)::timestamp AT TIME ZONE 'UTC' AND a.due_at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'
         ), k AS (
           INSERT INTO course_reminders (workspace_id, user_id, course_id, kind, on_day, cycle, sent_to)
           SELECT $1, user_id, course_id, 'ON_DUE', $2::date + 1, cycle, email FROM due
           ON CONFLICT (workspace_id, user_id, course_id, kind, on_day) DO NOTHING RETURNING user_id, course_id
         )
         INSERT INTO outbox_messages (workspace_id, channel, recipient, subject, body, attachments)
         SELECT $1, 'EMAIL', due.email, $3, replace($4, '%%FIRST%%', due.first_name), '[]'::jsonb FROM due JOIN k USING (user_id, course_id)
         RETURNING 1`,
        [ws.id, DAY, sample.subject, template],
      ),
    );
    const withKeysMs = performance.now() - start;
    if (withKeys.length !== DUE) throw new Error(`the statement with keys inserted ${withKeys.length}, not ${DUE}`);
    const [keys] = await db.tenant(ws.id, (tx) =>
      tx.query<{ n: string }>(
        `SELECT count(*) AS n FROM course_reminders WHERE workspace_id = $1 AND on_day = $2::date`,
        [ws.id, DAY],
      ),
    );

    const growth = (peak - before) / MB;
    const ratio = refMs / oursMs;
    console.log(`  load (uptime): ${execSync('uptime').toString().trim()}`);
    console.log(
      `  ours, CourseNotifications.runReminders (${run.digests} digests into the outbox, ${keys.n} idempotency keys, set-based batches of 20,000 learners): ${(oursMs / 1000).toFixed(2)} s`,
    );
    console.log(
      `  one INSERT ... SELECT of the same due set into outbox_messages (${inserted.length} rows, no keys): ${(refMs / 1000).toFixed(2)} s`,
    );
    console.log(
      `  printed, not the target: one statement writing the keys too, then the mails of the new ones: ${(withKeysMs / 1000).toFixed(2)} s, ratio ${(withKeysMs / oursMs).toFixed(2)}x`,
    );
    console.log(`  outbox rows that differ between the two: ${diff.odd} of ${diff.groups} (recipient, subject, body)`);
    console.log(
      `  speed ratio (statement time / ours): ${ratio.toFixed(2)}x (target >= 0.30, same rows) ${ratio >= 0.3 && Number(diff.odd) === 0 ? 'OK' : 'BELOW TARGET'}`,
    );
    console.log(
      `  memory (process RSS${kind === 'pglite' ? ', PGlite in the same process' : ''}): ${(before / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB, growth ${growth.toFixed(1)} MB (target <= 64) ${growth <= 64 ? 'OK' : 'ABOVE TARGET'}`,
    );
  } finally {
    await drop();
  }
}

export async function benchReminders(): Promise<void> {
  const kinds: ('pglite' | 'postgres')[] = process.env.BENCH_ONLY_POSTGRES
    ? ['postgres']
    : process.env.BENCH_DATABASE_URL
      ? ['pglite', 'postgres']
      : ['pglite'];
  for (const kind of kinds) await benchOn(kind);
  if (!process.env.BENCH_DATABASE_URL)
    console.log('  (set BENCH_DATABASE_URL=postgres://... to measure on PostgreSQL too)');
}

if (process.argv[2] === '--child' && import.meta.url === pathToFileURL(process.argv[1]).href) await benchReminders();
