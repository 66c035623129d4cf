// User import benchmark: validate + import of a generated 100,000-row CSV through the real routes
// (multipart, parsing, checks, then the background job: batches of 5,000 rows, one transaction each, polled
// through GET /api/invite/bulk/jobs/{id} until COMPLETED), beside a raw COPY of the same rows
// into the same table on the same database, in the same run. Run:
//   npx tsx -e "import('./bench/import.bench.ts').then(m => m.benchImport())"
// Set BENCH_DATABASE_URL=postgres://... to measure on PostgreSQL too (a temporary database is created).
import { spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import type { Database } from '../server/platform/db/database';
import { PgliteDatabase } from '../server/platform/db/pglite-database';
import { PostgresDatabase } from '../server/platform/db/postgres-database';
import { FolderFileStorage } from '../server/platform/file-storage';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo.seed';
import { cheapPasswords, openBenchDatabase } from './support';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const HEADER = 'Email,First Name,Last Name,Employee ID,Gender,Department,Designation,Business Unit,Role,Home Address,Phone Number,Date of Joining';
const MAPPING = { email: 0, firstName: 1, lastName: 2, employeeId: 3, gender: 4, department: 5, designation: 6, branch: 7, role: 8, homeAddress: 9, phoneNumber: 10, dateOfJoining: 11 };
const UNITS = ['Acme Headquarters', 'Acme Pune'];
const DEPARTMENTS = ['Human Resources', 'Engineering', 'Sales'];


interface BenchRow {
  email: string;
  first: string;
  last: string;
  employeeId: string;
  gender: string;
  department: string;
  designation: string;
  unit: string;
  address: string;
  phone: string;
  joined: string;
}

function generateRows(): BenchRow[] {
  return Array.from({ length: ROWS }, (_, i) => ({
    email: `bench.user${i}@bench-import.test`,
    first: `First${i}`,
    last: `Last${i}`,
    employeeId: `E${100000 + i}`,
    gender: i % 2 ? 'F' : 'M',
    department: DEPARTMENTS[i % 3],
    designation: 'Analyst',
    unit: UNITS[i % 2],
    address: `${i} Long Street, Pune`,
    phone: `+91${9000000000 + i}`,
    joined: `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
  }));
}

function toCsv(rows: BenchRow[]): string {
  const lines = rows.map((r) =>
    [r.email, r.first, r.last, r.employeeId, r.gender, r.department, r.designation, r.unit, 'Employee', `"${r.address}"`, r.phone, r.joined].join(','),
  );
  return `${HEADER}\n${lines.join('\n')}\n`;
}

async function multipart(csv: string, withMapping: boolean) {
  const form = new FormData();
  if (withMapping) form.append('mapping', JSON.stringify(MAPPING));
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': response.headers.get('content-type')! } };
}

/** Samples RSS (and the JS heap) while `work` runs; returns the peak growth over the values just before. */
/** The peak RSS so far of the running measurement (to tell the validate call's part from the import's). */
let peakSoFar = () => 0;

async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number; heapGrowthMb: number; before: NodeJS.MemoryUsage }> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let peak = before.rss;
  let peakHeap = before.heapUsed + before.external;
  const sample = () => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed + now.external);
  };
  const timer = setInterval(sample, 10);
  peakSoFar = () => (sample(), (peak - before.rss) / 1024 / 1024);
  try {
    const result = await work();
    sample();
    return { result, growthMb: (peak - before.rss) / 1024 / 1024, heapGrowthMb: (peakHeap - before.heapUsed - before.external) / 1024 / 1024, before };
  } finally {
    clearInterval(timer);
  }
}


const COPY_COLUMNS = '(workspace_id, email, first_name, last_name, employee_id, gender, designation, branch_id, department_id, role, home_address, phone_number, date_of_joining, status)';

/** The same rows, with the ids our import resolves, as COPY's CSV input; emails kept apart by a prefix. */
async function copyInput(db: Database, rows: BenchRow[]): Promise<string> {
  const [ws] = await db.query<{ id: string }>(`SELECT id FROM workspaces WHERE slug = 'acme'`);
  const units = new Map((await db.query<{ id: string; name: string }>(`SELECT id, name FROM branches WHERE workspace_id = $1`, [ws.id])).map((u) => [u.name, u.id]));
  const departments = new Map(
    (await db.query<{ id: string; name: string; branch_id: string }>(`SELECT id, name, branch_id FROM departments WHERE workspace_id = $1`, [ws.id])).map((d) => [
      `${d.branch_id}|${d.name}`,
      d.id,
    ]),
  );
  return rows
    .map((r) => {
      const unit = units.get(r.unit)!;
      return [ws.id, `copy.${r.email}`, r.first, r.last, r.employeeId, r.gender, r.designation, unit, departments.get(`${unit}|${r.department}`), 'EMPLOYEE', `"${r.address}"`, r.phone, r.joined, 'INVITED'].join(',');
    })
    .join('\n') + '\n';
}

/** Times a raw COPY of the rows into users, inside a transaction rolled back afterwards (the table stays as it was). */
async function timeCopy(kind: 'pglite' | 'postgres', db: Database, input: string): Promise<number | string> {
  if (db instanceof PgliteDatabase) {
    let ms = 0;
    await db.pg
      .transaction(async (tx) => {
        const start = performance.now();
        await tx.query(`COPY users ${COPY_COLUMNS} FROM '/dev/blob' WITH (FORMAT csv)`, [], { blob: new Blob([input]) });
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

async function benchOn(kind: 'pglite' | 'postgres', rows: BenchRow[], csv: string): Promise<void> {
  const { db, drop } = await openBenchDatabase(kind, 'bench');
  const files = await mkdtemp(path.join(os.tmpdir(), 'bench-files-'));
  try {
    await seedDemo(db, cheapPasswords, 'localhost');
    const app = await buildApp({ db, passwords: cheapPasswords, files: new FolderFileStorage(files), settings: { mainHost: 'localhost', maxUploadBytes: 64 * 1024 * 1024 } });
    const signIn = await app.inject({ method: 'POST', url: '/main-api/api/user/signin', headers: { host: 'acme.localhost' }, payload: { userEmail: 'admin@acme.test', userPassword: DEMO_PASSWORD } });
    const token = signIn.json().token as string;
    // The upload bodies are built before measuring: in real use the browser builds them, not the server.
    const bodies = [await multipart(csv, true), await multipart(csv, true)];
    const headers = { host: 'acme.localhost', authorization: `Bearer ${token}` };
    const call = async (route: string) => {
      const body = bodies.pop()!;
      const res = await app.inject({ method: 'POST', url: `/main-api/api/invite/${route}`, headers: { ...headers, ...body.headers }, payload: body.payload });
      if (res.statusCode !== 200 && res.statusCode !== 202) throw new Error(`${route}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json();
    };
    /** Polls the job as the browser does (here every 50 ms) until it has finished. */
    const finish = async (jobId: string) => {
      for (;;) {
        const job = (await app.inject({ method: 'GET', url: `/main-api/api/invite/bulk/jobs/${jobId}`, headers })).json();
        if (job.status !== 'QUEUED' && job.status !== 'RUNNING') return job;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    const { result, growthMb, heapGrowthMb, before } = await withPeakRss(async () => {
      const start = performance.now();
      const validation = await call('bulk/validate');
      const validated = performance.now();
      const validatePeakMb = peakSoFar();
      const started = await call('bulk');
      const answered = performance.now();
      const imported = await finish(started.jobId);
      const end = performance.now();
      return { validation, imported, validatePeakMb, validateMs: validated - start, answerMs: answered - validated, importMs: end - validated, totalMs: end - start };
    });
    if (result.validation.validRows !== ROWS || result.imported.created !== ROWS) {
      throw new Error(`expected ${ROWS} rows imported, got ${JSON.stringify({ valid: result.validation.validRows, created: result.imported.created })}`);
    }
    await app.close();
    // The reference runs after ours, so memory it grows is not reused by our import.
    const copyMs = await timeCopy(kind, db, await copyInput(db, rows));

    const ours = ROWS / (result.totalMs / 1000);
    console.log(`\nUser import, ${ROWS.toLocaleString('en')} rows, ${kind}`);
    console.log(`  validate ${result.validateMs.toFixed(0)} ms + import ${result.importMs.toFixed(0)} ms (202 with the job after ${result.answerMs.toFixed(0)} ms) = ${result.totalMs.toFixed(0)} ms -> ${ours.toFixed(0)} rows/s`);
    console.log(`  import alone: ${(ROWS / (result.importMs / 1000)).toFixed(0)} rows/s`);
    if (typeof copyMs === 'number') {
      const reference = ROWS / (copyMs / 1000);
      const ratio = ours / reference;
      console.log(`  raw COPY of the same rows into users: ${copyMs.toFixed(0)} ms -> ${reference.toFixed(0)} rows/s`);
      console.log(`  ratio (ours / COPY): ${ratio.toFixed(2)} (target >= 0.30) ${ratio >= 0.3 ? 'OK' : 'BELOW TARGET'}`);
    } else {
      console.log(`  raw COPY: not measured: ${copyMs}`);
    }
    console.log(`  peak RSS growth during validate + import: ${growthMb.toFixed(0)} MB (target <= 150) ${growthMb <= 150 ? 'OK' : 'ABOVE TARGET'}; by the end of validate: ${result.validatePeakMb.toFixed(0)} MB`);
    const gc = (globalThis as { gc?: () => void }).gc;
    let retained = '';
    if (gc) {
      gc();
      const after = process.memoryUsage();
      retained = `; still held after a full GC: ${((after.heapUsed + after.external - before.heapUsed - before.external) / 1024 / 1024).toFixed(0)} MB`;
    }
    console.log(`  (JS heap + external at peak, garbage included: ${heapGrowthMb.toFixed(0)} MB${retained})`);
  } finally {
    await drop();
    await rm(files, { recursive: true, force: true });
  }
}

/**
 * Each database is measured in a fresh child process, so one run's memory (freed but kept by the
 * process) does not hide the next run's growth.
 */
export async function benchImport(): Promise<void> {
  const kinds: ('pglite' | 'postgres')[] = process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  for (const kind of kinds) {
    const code = await new Promise<number>((resolve, reject) => {
      const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--child', kind], { stdio: 'inherit' });
      child.on('error', reject);
      child.on('exit', (status) => resolve(status ?? 1));
    });
    if (code !== 0) throw new Error(`the ${kind} import benchmark failed (exit ${code})`);
  }
  if (!process.env.BENCH_DATABASE_URL) console.log('  (set BENCH_DATABASE_URL=postgres://... to measure on PostgreSQL too)');
}

if (process.argv[2] === '--child' && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const kind = process.argv[3] === 'postgres' ? 'postgres' : 'pglite';
  const rows = generateRows();
  await benchOn(kind, rows, toCsv(rows));
}
