// User import benchmark: validate + import of a generated 100,000-row CSV through the API of the real server, run
// as in production (`server/main.ts` in a process of its own, over HTTP): multipart upload, parsing, checks, then the
// background job (batches of 5,000 rows, one transaction each), polled through GET /api/invite/bulk/jobs/{id} until
// COMPLETED. Beside it, a raw COPY of the same rows into the same table on the same database, in the same run.
// Memory is the server process's resident size, read from /proc by this process: its growth from just before the
// validate call to the peak of validate + import. Run `npm run bench import`; set BENCH_DATABASE_URL=postgres://...
// to measure on PostgreSQL too (a temporary database is created). BENCH_SERVER_NODE_ARGS adds node flags to the
// measured server (e.g. `--trace-gc`, with BENCH_SERVER_STDOUT=1 to see its output).
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../server/platform/db/database';
import { PgliteDatabase } from '../server/platform/db/pglite-database';
import { PostgresDatabase } from '../server/platform/db/postgres-database';
import { DEMO_PASSWORD } from '../server/seed/demo.seed';
import { csvUpload, ResidentMemory, serverDatabase, ServerProcess, sleep } from './server-process';
import { benchPeople, PEOPLE_CSV_MAPPING, peopleCsv, type BenchPerson } from './support';

const PORT = Number(process.env.BENCH_PORT ?? 8292);
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const generateRows = (): BenchPerson[] => benchPeople(ROWS, 'bench-import.test');

const COPY_COLUMNS =
  '(workspace_id, email, first_name, last_name, employee_id, gender, designation, branch_id, department_id, role, home_address, phone_number, date_of_joining, status)';

/** The same rows, with the ids our import resolves, as COPY's CSV input; emails kept apart by a prefix. */
async function copyInput(db: Database, rows: BenchPerson[]): Promise<string> {
  const [ws] = await db.query<{ id: string }>(`SELECT id FROM workspaces WHERE slug = 'acme'`);
  const units = new Map(
    (
      await db.query<{ id: string; name: string }>(`SELECT id, name FROM branches WHERE workspace_id = $1`, [ws.id])
    ).map((u) => [u.name, u.id]),
  );
  const departments = new Map(
    (
      await db.query<{ id: string; name: string; branch_id: string }>(
        `SELECT id, name, branch_id FROM departments WHERE workspace_id = $1`,
        [ws.id],
      )
    ).map((d) => [`${d.branch_id}|${d.name}`, d.id]),
  );
  return (
    rows
      .map((r) => {
        const unit = units.get(r.unit)!;
        return [
          ws.id,
          `copy.${r.email}`,
          r.first,
          r.last,
          r.employeeId,
          r.gender,
          r.designation,
          unit,
          departments.get(`${unit}|${r.department}`),
          'EMPLOYEE',
          `"${r.address}"`,
          r.phone,
          r.joined,
          'INVITED',
        ].join(',');
      })
      .join('\n') + '\n'
  );
}

/** Times a raw COPY of the rows into users, inside a transaction rolled back afterwards (the table stays as it was). */
async function timeCopy(db: Database, input: string): Promise<number | string> {
  if (db instanceof PgliteDatabase) {
    let ms = 0;
    await db.pg
      .transaction(async (tx) => {
        const start = performance.now();
        await tx.query(`COPY users ${COPY_COLUMNS} FROM '/dev/blob' WITH (FORMAT csv)`, [], {
          blob: new Blob([input]),
        });
        ms = performance.now() - start;
        await tx.rollback();
      })
      .catch(() => {});
    return ms;
  }
  // pg has no COPY FROM STDIN without pg-copy-streams (not installed). A local server can COPY from a file
  // it reads itself: the same COPY, with the bytes coming from disk instead of the socket.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-copy-'));
  const file = path.join(dir, 'users.csv');
  await writeFile(file, input);
  await chmod(dir, 0o755);
  await chmod(file, 0o644);
  const client = await (db as PostgresDatabase).pool.connect();
  try {
    await client.query('BEGIN');
    const start = performance.now();
    await client.query(`COPY users ${COPY_COLUMNS} FROM '${file}' WITH (FORMAT csv)`);
    const ms = performance.now() - start;
    await client.query('ROLLBACK');
    return ms;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    return `COPY from a server-side file failed (${(error as Error).message}); COPY FROM STDIN needs pg-copy-streams, which is not installed`;
  } finally {
    client.release();
    await rm(dir, { recursive: true, force: true });
  }
}

async function benchOn(kind: 'pglite' | 'postgres'): Promise<void> {
  const database = await serverDatabase(kind, 'bench-import');
  const server = new ServerProcess(PORT, { ...database.env, MAX_UPLOAD_BYTES: String(64 * 1024 * 1024) });
  let running = false;
  try {
    await server.start();
    running = true;
    const token = await server.signIn('admin@acme.test', DEMO_PASSWORD);
    // The upload body is built before measuring: in real use the browser builds it, not the server.
    const upload = await csvUpload(peopleCsv(generateRows()), 'bench.csv', PEOPLE_CSV_MAPPING);
    const validate = () => server.upload('/main-api/api/invite/bulk/validate', token, upload);
    // A server that has been running has its code loaded: one small validate first (it writes nothing).
    const warmUp = await server.upload(
      '/main-api/api/invite/bulk/validate',
      token,
      await csvUpload(peopleCsv(generateRows().slice(0, 1000)), 'warm-up.csv', PEOPLE_CSV_MAPPING),
    );
    if (warmUp.status !== 200) throw new Error(`warm-up validate: ${warmUp.status} ${JSON.stringify(warmUp.json)}`);
    await sleep(500);

    const memory = new ResidentMemory(server.pid);
    const before = memory.now();
    memory.resetPeak();
    const start = performance.now();
    const validation = await validate();
    if (validation.status !== 200)
      throw new Error(`validate: ${validation.status} ${JSON.stringify(validation.json).slice(0, 300)}`);
    const validated = performance.now();
    const validatePeak = memory.peak();
    const started = await server.upload('/main-api/api/invite/bulk', token, upload);
    if (started.status !== 202)
      throw new Error(`import: ${started.status} ${JSON.stringify(started.json).slice(0, 300)}`);
    const answered = performance.now();
    const imported = await server.waitForJob<{ status: string; created: number }>(
      token,
      started.json.jobId,
      (s) => s !== 'QUEUED' && s !== 'RUNNING',
      50,
    );
    const end = performance.now();
    const peak = memory.peak();
    const after = memory.now();
    memory.stop();
    if (validation.json.validRows !== ROWS || imported.status !== 'COMPLETED' || imported.created !== ROWS) {
      throw new Error(
        `expected ${ROWS} rows imported, got ${JSON.stringify({ valid: validation.json.validRows, status: imported.status, created: imported.created })}`,
      );
    }
    await server.stop('SIGTERM');
    running = false;

    // The reference runs after ours, on the same database, read directly (the server is down: PGlite holds its folder).
    const db = await database.open();
    let copyMs: number | string;
    try {
      copyMs = await timeCopy(db, await copyInput(db, generateRows()));
    } finally {
      await db.close();
    }

    const validateMs = validated - start;
    const importMs = end - validated;
    const totalMs = end - start;
    const ours = ROWS / (totalMs / 1000);
    const growth = peak - before;
    // Issue 25's targets on PostgreSQL; the embedded database keeps the earlier ones (docs/imports.md "Benchmark").
    const ratioTarget = kind === 'postgres' ? 0.5 : 0.3;
    const growthTarget = kind === 'postgres' ? 64 : 150;
    console.log(
      `\nUser import, ${ROWS.toLocaleString('en')} rows, ${kind}, through the HTTP API of the server in its own process`,
    );
    console.log(
      `  validate ${validateMs.toFixed(0)} ms + import ${importMs.toFixed(0)} ms (202 with the job after ${(answered - validated).toFixed(0)} ms) = ${totalMs.toFixed(0)} ms -> ${ours.toFixed(0)} rows/s`,
    );
    console.log(`  import alone: ${(ROWS / (importMs / 1000)).toFixed(0)} rows/s`);
    if (typeof copyMs === 'number') {
      const reference = ROWS / (copyMs / 1000);
      const ratio = ours / reference;
      console.log(`  raw COPY of the same rows into users: ${copyMs.toFixed(0)} ms -> ${reference.toFixed(0)} rows/s`);
      console.log(
        `  ratio (ours / COPY): ${ratio.toFixed(2)} (target >= ${ratioTarget.toFixed(2)}) ${ratio >= ratioTarget ? 'OK' : 'BELOW TARGET'}`,
      );
    } else {
      console.log(`  raw COPY: not measured: ${copyMs}`);
    }
    console.log(
      `  server memory (resident): ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (by the end of validate ${validatePeak.toFixed(0)} MB), ${after.toFixed(0)} MB after`,
    );
    console.log(
      `  peak growth during validate + import: ${growth.toFixed(0)} MB (target <= ${growthTarget}) ${growth <= growthTarget ? 'OK' : 'ABOVE TARGET'}`,
    );
  } finally {
    if (running) await server.stop('SIGTERM');
    await database.drop();
  }
}

export async function benchImport(): Promise<void> {
  // BENCH_ONLY_POSTGRES=1 with BENCH_DATABASE_URL: PostgreSQL alone (bench/RESULTS.md).
  const kinds: ('pglite' | 'postgres')[] = !process.env.BENCH_DATABASE_URL
    ? ['pglite']
    : process.env.BENCH_ONLY_POSTGRES
      ? ['postgres']
      : ['pglite', 'postgres'];
  for (const kind of kinds) await benchOn(kind);
  if (!process.env.BENCH_DATABASE_URL)
    console.log('  (set BENCH_DATABASE_URL=postgres://... to measure on PostgreSQL too)');
}
