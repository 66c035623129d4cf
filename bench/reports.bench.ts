// Reports benchmark: a workspace of people with two course assignments each (person x course rows), exported to CSV
// and XLSX by the export job (ReportExporter: cursor on PostgreSQL, numbered keys on PGlite, spool file, file store),
// beside `COPY (the same query) TO STDOUT` in CSV (PGlite: COPY to its blob device, as the owner, so without row-level
// security; PostgreSQL: psql, as the server's user) and beside the
// same query read whole in one statement; then the preview's first page beside its SQL run directly, p99 of 200 calls;
// then the dashboard's figures asked by 20 admins at once beside its statements run directly at the same concurrency.
// Figures: the export's speed as a fraction of COPY's (targets: CSV >= 0.12x, XLSX >= 0.08x), the process's RSS growth
// during each export (target <= 128 MB), the preview's p99 over the direct SQL's (target <= 2x).
// Each person has five course assignments (the dashboard's 500,000 at 100,000 people); the report is filtered to two
// of the courses (two rows a person: 200,000 at 100,000 people). A third of the assignments are completed, each with a
// certificate expiring within the next 120 days, so the dashboard's expiring figure has rows to count.
// `npm run bench reports` runs a small workspace (BENCH_REPORT_PEOPLE, default 10,000 people: 20,000 rows);
// `npm run bench reports -- --full` the size (100,000 people: 200,000 rows, 500,000 assignments).
// BENCH_REPORT_PARTS=preview,dashboard (any of export, preview, dashboard) runs only those parts.
// BENCH_PREVIEW_CALLS (default 200, 100 at the full size) and BENCH_DASHBOARD_ROUNDS (rounds of 20 admins a side;
// default 5, 3 at the full size) shorten the slow parts: PGlite runs one statement at a time, so at the full size each
// round of 20 dashboards is 20 calls one after another.
// BENCH_DATABASE_URL=postgres://... for PostgreSQL too (BENCH_ONLY_POSTGRES=1: only there).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ReportExporter } from '../server/learning/reports/report-export';
import { countQuery, fullQuery, pageQuery } from '../server/learning/reports/report-query';
import type { Database } from '../server/platform/db/database';
import { PgliteDatabase } from '../server/platform/db/pglite-database';
import { createScratchDatabase } from '../server/platform/db/scratch-postgres';
import { DEFAULT_POSTGRES_TIMEOUTS, openPostgres } from '../server/platform/db/postgres-database';
import { migrate } from '../server/platform/db/migrate';
import { EmbeddedFileUrls } from '../server/platform/signed-files';
import { UrlSigner } from '../server/platform/signed-urls';
import type { ReportDefinition } from '../src/contracts/learning/reports.contract';
import { alternate, openBenchDatabase, pct } from './support';

const FULL = process.argv.includes('--full');
const PEOPLE = FULL ? 100_000 : Number(process.env.BENCH_REPORT_PEOPLE ?? 10_000);
const MB = 1024 * 1024;
const COURSES = 5;
const PARTS = new Set((process.env.BENCH_REPORT_PARTS ?? 'export,preview,dashboard').split(',').map((s) => s.trim()));
const NOW = new Date('2026-11-28T12:00:00Z');
const ZONE = 'Asia/Kolkata';

/** The report: two of the five courses (filled in with their ids once seeded). */
const BASE_DEFINITION: ReportDefinition = {
  columns: [
    'dateOfJoining',
    'userStatus',
    'businessUnit',
    'department',
    'designation',
    'courseName',
    'courseVersion',
    'assignedOn',
    'status',
    'completedOn',
  ],
  filters: {},
  isCourseInclude: true,
  isPolicyInclude: false,
};

/** A parameterised statement as plain text, for COPY (which takes no parameters); the bench's own values only. */
function inline(text: string, params: unknown[]): string {
  const literal = (v: unknown): string =>
    Array.isArray(v)
      ? `ARRAY[${v.map(literal).join(',')}]`
      : typeof v === 'number'
        ? String(v)
        : `'${String(v).replace(/'/g, "''")}'`;
  let out = text;
  for (let i = params.length; i >= 1; i--) out = out.replaceAll(`$${i}`, literal(params[i - 1]));
  return out;
}

async function seed(db: Database, people: number): Promise<{ ws: string; courseIds: string[] }> {
  const courseIds: string[] = [];
  const [ws] = await db.system((tx) =>
    tx.query<{ id: string }>(
      `INSERT INTO workspaces (slug, workspace_url, company_name) VALUES ('bench-reports', 'bench-reports.localhost', 'Bench Reports') RETURNING id`,
    ),
  );
  await db.tenant(ws.id, async (tx) => {
    await tx.query(`INSERT INTO branches (workspace_id, name) SELECT $1, 'Unit ' || g FROM generate_series(1, 10) g`, [
      ws.id,
    ]);
    await tx.query(
      `INSERT INTO departments (workspace_id, branch_id, name) SELECT $1, b.id, 'Sales' FROM branches b WHERE b.workspace_id = $1`,
      [ws.id],
    );
    await tx.query(
      `INSERT INTO users (workspace_id, email, role, status, first_name, last_name, branch_id, department_id, designation, date_of_joining)
       SELECT $1, 'p' || g || '@bench.test', 'EMPLOYEE', 'ACTIVE', 'Person' || g, 'Bench' || (g % 997), d.branch_id, d.id, 'Analyst', DATE '2024-01-01' + (g % 700)
         FROM generate_series(1, $2::int) g
         JOIN LATERAL (SELECT id, branch_id FROM departments WHERE workspace_id = $1 ORDER BY id OFFSET (g % 10) LIMIT 1) d ON true`,
      [ws.id, people],
    );
    const titles = ['Respect at work', 'Speaking up', 'Data protection', 'Fire safety', 'Code of conduct'];
    for (const title of titles.slice(0, COURSES)) {
      const [course] = await tx.query<{ id: string }>(
        `INSERT INTO courses (workspace_id, title, description, status, published_at, version, published_version) VALUES ($1, $2, '', 'PUBLISHED', now(), 1, 1) RETURNING id`,
        [ws.id, title],
      );
      courseIds.push(course.id);
      await tx.query(
        `INSERT INTO course_versions (workspace_id, course_id, version, published_at) VALUES ($1, $2, 1, now())`,
        [ws.id, course.id],
      );
      await tx.query(
        `INSERT INTO course_assignments (workspace_id, course_id, user_id, assigned_at, status, completed_at, course_version, due_at, assignment_mail_pending, assigned_via)
         SELECT $1, $2, u.id, TIMESTAMPTZ '2026-01-01' + (row_number() OVER () % 200) * interval '1 day',
                CASE WHEN row_number() OVER () % 3 = 0 THEN 'COMPLETED' ELSE 'ASSIGNED' END,
                CASE WHEN row_number() OVER () % 3 = 0 THEN TIMESTAMPTZ '2026-08-01' ELSE NULL END, 1, TIMESTAMPTZ '2026-09-01', false, 'ADMIN'
           FROM users u WHERE u.workspace_id = $1`,
        [ws.id, course.id],
      );
    }
    await tx.query(
      `INSERT INTO course_completions (workspace_id, user_id, course_id, assignment_id, cycle, completed_at, completed_on, course_title, language, expires_on, source)
       SELECT a.workspace_id, a.user_id, a.course_id, a.id, a.cycle, a.completed_at, a.completed_at::date, 'Bench', 'ENGLISH',
              DATE '2026-11-28' + (abs(hashtext(a.id::text)) % 120), 'ADMIN'
         FROM course_assignments a WHERE a.workspace_id = $1 AND a.status = 'COMPLETED'`,
      [ws.id],
    );
  });
  await db.system((tx) => tx.query('ANALYZE'));
  return { ws: ws.id, courseIds };
}

/** Runs `work` while sampling this process's RSS every 20 ms; the time and the growth above the start. */
async function measured(work: () => Promise<void>): Promise<{ ms: number; growthMb: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return { ms: performance.now() - t0, growthMb: (Math.max(peak, process.memoryUsage().rss) - start) / MB };
}

/** COPY of the same query as CSV, all its bytes read: PGlite to its blob device, PostgreSQL through psql. */
async function copyOut(db: Database, sql: string, url: string | null): Promise<number> {
  const copy = `COPY (${sql}) TO ${db instanceof PgliteDatabase ? "'/dev/blob'" : 'STDOUT'} WITH (FORMAT csv, HEADER)`;
  if (db instanceof PgliteDatabase) {
    const result = await db.pg.query(copy);
    return result.blob?.size ?? 0;
  }
  return new Promise((resolve, reject) => {
    const child = spawn('psql', [url!, '-X', '-q', '-c', copy], { stdio: ['ignore', 'pipe', 'inherit'] });
    let bytes = 0;
    child.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(bytes) : reject(new Error(`psql exited ${code}`))));
  });
}

async function benchOn(kind: 'pglite' | 'postgres'): Promise<void> {
  let db: Database;
  let drop: () => Promise<void>;
  let url: string | null = null;
  if (kind === 'postgres') {
    const scratch = await createScratchDatabase(process.env.BENCH_DATABASE_URL!, 'bench_reports');
    url = scratch.url;
    // The server's own pool (10 connections), with a connect wait long enough for 20 callers queued on it: the
    // dashboard part measures the calls' times, queueing included, on both sides, not the pool's 5-second refusal.
    db = await openPostgres(scratch.url, 10, { ...DEFAULT_POSTGRES_TIMEOUTS, connectMs: 600_000 });
    await migrate(db);
    drop = async () => {
      await db.close();
      await scratch.drop();
    };
  } else {
    ({ db, drop } = await openBenchDatabase(kind, 'bench_reports'));
  }
  const files = await mkdtemp(path.join(os.tmpdir(), 'bench-reports-files-'));
  try {
    const t0 = performance.now();
    const { ws, courseIds } = await seed(db, PEOPLE);
    const DEFINITION: ReportDefinition = { ...BASE_DEFINITION, filters: { courseIds: courseIds.slice(0, 2) } };
    const rows = PEOPLE * 2;
    console.log(
      `\nReports over ${PEOPLE.toLocaleString('en')} people, ${(PEOPLE * COURSES).toLocaleString('en')} assignments, a report of ${rows.toLocaleString('en')} person x course rows, ${kind} (seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
    const exporter = new ReportExporter(db, new EmbeddedFileUrls(files, new UrlSigner(Buffer.alloc(32, 7))), () => NOW);
    const scope = { workspaceId: ws };
    const settings = { now: NOW, zone: ZONE };
    const full = fullQuery(DEFINITION, scope, settings);
    const sql = inline(full.text, full.params);

    if (PARTS.has('export')) {
      const copy = await measured(async () => {
        const bytes = await copyOut(db, sql, url);
        if (bytes === 0) throw new Error('COPY wrote nothing');
      });
      const direct = await measured(async () => {
        const all = await db.tenant(ws, (tx) => tx.query(full.text, full.params));
        if (all.length !== rows) throw new Error(`direct SQL read ${all.length} rows`);
      });
      console.log(`  reference COPY TO STDOUT (CSV):  ${copy.ms.toFixed(0)} ms`);
      console.log(
        `  reference the query, one read:   ${direct.ms.toFixed(0)} ms (RSS +${direct.growthMb.toFixed(0)} MB)`,
      );
      for (const format of ['CSV', 'XLSX'] as const) {
        const [job] = await db.tenant(ws, (tx) =>
          tx.query<{ id: string }>(
            `INSERT INTO report_exports (workspace_id, owner_id, name, definition, scoped, format) SELECT $1, id, 'Bench', $2::jsonb, false, $3 FROM users WHERE workspace_id = $1 LIMIT 1 RETURNING id`,
            [ws, JSON.stringify(DEFINITION), format],
          ),
        );
        const ours = await measured(() => exporter.run(ws, job.id));
        const [done] = await db.tenant(ws, (tx) =>
          tx.query<{ status: string; rows_done: number }>(
            `SELECT status, rows_done FROM report_exports WHERE workspace_id = $1 AND id = $2`,
            [ws, job.id],
          ),
        );
        if (done.status !== 'DONE' || done.rows_done !== rows)
          throw new Error(`export ${format}: ${done.status}, ${done.rows_done} rows`);
        const ratio = copy.ms / ours.ms;
        const target = format === 'CSV' ? 0.12 : 0.08;
        console.log(
          `  export ${format.padEnd(4)} ${ours.ms.toFixed(0).padStart(7)} ms  ${ratio.toFixed(3)}x COPY (target >= ${target}x: ${ratio >= target ? 'met' : 'NOT met'}); RSS +${ours.growthMb.toFixed(0)} MB (target <= 128: ${ours.growthMb <= 128 ? 'met' : 'NOT met'})`,
        );
      }
    }

    // The preview's first page (its count and its page) beside the same two statements run directly.
    const page = pageQuery(DEFINITION, scope, settings, 1, 50);
    const count = countQuery(DEFINITION, scope, settings);
    const timings = async (one: () => Promise<unknown>, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) {
        const s = performance.now();
        await one();
        out.push(performance.now() - s);
      }
      return out.sort((a, b) => a - b);
    };
    const { ReportsService } = await import('../server/learning/reports/reports.service');
    const service = new ReportsService(db, exporter, undefined, () => NOW);
    const actor = {
      workspaceId: ws,
      userId: '00000000-0000-0000-0000-000000000001',
      role: 'WORKSPACE_ADMIN' as const,
      branchId: null,
    };
    const calls = Number(process.env.BENCH_PREVIEW_CALLS ?? (FULL ? 100 : 200));
    if (PARTS.has('preview')) {
      await timings(() => service.preview(actor, DEFINITION, 1, 50), 5);
      // Ours and the direct SQL in alternating rounds, so a change in the shared machine's load falls on both alike.
      const [ours, ref] = (
        await alternate(
          [
            async () => void (await service.preview(actor, DEFINITION, 1, 50)),
            () =>
              db.tenant(ws, async (tx) => {
                await tx.query(count.text, count.params);
                await tx.query(page.text, page.params);
              }),
          ],
          1,
          calls,
          10,
        )
      ).map((side) => side.latencies);
      const ratio = pct(ours, 99) / pct(ref, 99);
      console.log(
        `  preview page 1: p99 ${pct(ours, 99).toFixed(1)} ms, direct SQL p99 ${pct(ref, 99).toFixed(1)} ms: ${ratio.toFixed(2)}x (target <= 2x: ${ratio <= 2 ? 'met' : 'NOT met'}); medians ${pct(ours, 50).toFixed(1)} and ${pct(ref, 50).toFixed(1)} ms`,
      );
    }

    if (PARTS.has('dashboard')) {
      // The dashboard: 20 admins asking at once, each call timed, beside its three statements run directly at the same
      // concurrency (service level, as the preview above: no HTTP).
      const { DashboardService } = await import('../server/learning/dashboard/dashboard.service');
      const dash = await import('../server/learning/dashboard/dashboard.repository');
      const dashboard = new DashboardService(db, () => NOW);
      const ADMINS = 20;
      const rounds = Number(process.env.BENCH_DASHBOARD_ROUNDS ?? (FULL ? 3 : 5));
      const scopeAll = { workspaceId: ws };
      await dashboard.figures(actor, undefined);
      // Ours and the statements run directly, 20 callers at a time, in alternating rounds (load changes fall on both).
      const [dashOurs, dashRef] = (
        await alternate(
          [
            async () => void (await dashboard.figures(actor, undefined)),
            () =>
              db.tenant(ws, async (tx) => {
                await dash.courseFigures(tx, scopeAll, NOW);
                await dash.policyFigures(tx, scopeAll, NOW);
                await dash.expiringCertificates(tx, scopeAll, '2026-11-28', '2027-01-27');
              }),
          ],
          ADMINS,
          ADMINS * rounds,
          rounds,
        )
      ).map((side) => side.latencies);
      const dashRatio = pct(dashOurs, 99) / pct(dashRef, 99);
      console.log(
        `  dashboard, ${ADMINS} admins at once (${dashOurs.length} calls): p99 ${pct(dashOurs, 99).toFixed(1)} ms, direct SQL p99 ${pct(dashRef, 99).toFixed(1)} ms: ${dashRatio.toFixed(2)}x (target <= 2x: ${dashRatio <= 2 ? 'met' : 'NOT met'})`,
      );
    }
  } finally {
    await rm(files, { recursive: true, force: true });
    await drop();
  }
}

export async function benchReports(): Promise<void> {
  if (!process.env.BENCH_ONLY_POSTGRES) await benchOn('pglite');
  if (process.env.BENCH_DATABASE_URL) await benchOn('postgres');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchReports();
