// Requests of other people while an import with invitations runs (`npm run bench import-freeze`): the server of
// `npm start` in its own process; a probe (GET /config.json and a signed-in GET /main-api/api/user/details, in turn,
// one every 25 ms) measured while idle, then while a 10,000-row import that mails every new person an invitation runs.
// Target: no probe waits more than 1 s behind the import (docs/imports.md, "Batches on the embedded database").
// Each database: PGlite always, PostgreSQL with BENCH_DATABASE_URL.
import { DEMO_PASSWORD } from '../server/seed/demo.seed';
import { csvUpload, serverDatabase, ServerProcess, sleep } from './server-process';

const PORT = Number(process.env.BENCH_PORT ?? 8293);
const ROWS = Number(process.env.BENCH_FREEZE_ROWS ?? 10_000);
const MAPPING = { email: 0, firstName: 1, lastName: 2, branch: 3, role: 4 };
const TARGET_MS = 1000;

function csv(): string {
  const lines = Array.from(
    { length: ROWS },
    (_, i) =>
      `freeze.user${i}@bench-freeze.test,First${i},Last${i},${i % 2 ? 'Acme Pune' : 'Acme Headquarters'},Employee`,
  );
  return `Email,First Name,Last Name,Business Unit,Role\n${lines.join('\n')}\n`;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Probes one at a time until `stop()` says so; resolves with each probe's time in ms. */
async function probe(server: ServerProcess, token: string, stop: () => boolean): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; !stop(); i++) {
    const began = performance.now();
    const res =
      i % 2
        ? await server.request('GET', '/main-api/api/user/details', { token })
        : await server.request('GET', '/config.json');
    if (res.status !== 200) throw new Error(`probe ${i}: ${res.status}`);
    times.push(performance.now() - began);
    await sleep(25);
  }
  return times;
}

async function benchOn(kind: 'pglite' | 'postgres'): Promise<void> {
  const database = await serverDatabase(kind, 'bench-freeze');
  const server = new ServerProcess(PORT, { ...database.env, MAX_UPLOAD_BYTES: String(16 * 1024 * 1024) });
  try {
    await server.start();
    const token = await server.signIn('admin@acme.test', DEMO_PASSWORD);
    const upload = await csvUpload(csv(), 'freeze.csv', MAPPING, { sendInvitations: 'true' });
    // Warm: the probe's own paths once, then the idle figure over 200 probes.
    await probe(
      server,
      token,
      (() => {
        let n = 0;
        return () => n++ >= 20;
      })(),
    );
    let idleCount = 0;
    const idle = await probe(server, token, () => idleCount++ >= 200);

    let done = false;
    const during = probe(server, token, () => done);
    const started = await server.upload('/main-api/api/invite/bulk', token, upload);
    if (started.status !== 202)
      throw new Error(`import: ${started.status} ${JSON.stringify(started.json).slice(0, 300)}`);
    const began = performance.now();
    const job = await server.waitForJob<{ status: string; created: number; invitationsSent?: number }>(
      token,
      started.json.jobId,
      (s) => s !== 'QUEUED' && s !== 'RUNNING',
      200,
    );
    const importMs = performance.now() - began;
    done = true;
    const busy = await during;
    if (job.status !== 'COMPLETED' || job.created !== ROWS)
      throw new Error(`expected ${ROWS} created, got ${JSON.stringify(job)}`);

    const worst = Math.max(...busy);
    console.log(
      `\nRequests during a ${ROWS.toLocaleString('en')}-row import with invitations, ${kind} (import took ${(importMs / 1000).toFixed(1)} s)`,
    );
    console.log(
      `  idle:   p50 ${percentile(idle, 50).toFixed(1)} ms, p99 ${percentile(idle, 99).toFixed(1)} ms over ${idle.length} probes (the reference)`,
    );
    console.log(
      `  during: p50 ${percentile(busy, 50).toFixed(1)} ms, p99 ${percentile(busy, 99).toFixed(1)} ms, slowest ${worst.toFixed(0)} ms over ${busy.length} probes`,
    );
    console.log(
      `  p99 during / p99 idle: ${(percentile(busy, 99) / Math.max(0.1, percentile(idle, 99))).toFixed(1)}x; slowest ${worst.toFixed(0)} ms (target <= ${TARGET_MS}) ${worst <= TARGET_MS ? 'OK' : 'ABOVE TARGET'}`,
    );
  } finally {
    await server.stop('SIGTERM').catch(() => {});
    await database.drop();
  }
}

export async function benchImportFreeze(): Promise<void> {
  const kinds: ('pglite' | 'postgres')[] = process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  for (const kind of kinds) await benchOn(kind);
}
