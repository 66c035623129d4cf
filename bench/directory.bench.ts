// Directory benchmark: the first page of users, filtered and sorted, in a 100,000-user workspace, asked by 50
// concurrent clients over real HTTP (from a worker thread of their own: bench/http-load.ts), beside the same SQL (the
// same repository code) run directly through the database driver with the same concurrency, in the same run. Target: our p99 at most 1.5x the direct p99, no errors.
// Run alone: `npm run bench directory` (it runs this file in a node started with the server's flags).
// Set BENCH_DATABASE_URL=postgres://... to measure on PostgreSQL too (a temporary database is created; BENCH_ONLY_POSTGRES=1: only there).
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import type { Database } from '../server/platform/db/database';
import { DirectoryRepository } from '../server/main/users/directory.repository';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo.seed';
import { HttpLoad } from './http-load';
import { alternate, cheapPasswords, openBenchDatabase, load, pct, type Side } from './support';

const USERS = 100_000;
const CLIENTS = 50;
/** 4,000 a side (BENCH_DIRECTORY_REQUESTS): with 1,000 the p99 was the tenth-slowest call, and moved 2x between runs. */
const REQUESTS = Number(process.env.BENCH_DIRECTORY_REQUESTS ?? 4_000);
const ROUNDS = 8;
/**
 * Calls a side before the measured rounds, alike for both. With 100 (two a client) our first measured round was still
 * warming up (its p50 41 ms against 25-34 in the later rounds) and held 38 of our 40 slowest answers.
 */
const WARM_UP = 1_000;

/** 100,000 people in Acme, spread over its units, departments, statuses and joining dates, written by SQL. */
async function grow(db: Database): Promise<{ workspaceId: string; hq: string }> {
  const [acme] = await db.system((tx) => tx.query<{ id: string }>(`SELECT id FROM workspaces WHERE slug = 'acme'`));
  const workspaceId = acme!.id;
  const [hq] = await db.system((tx) =>
    tx.query<{ id: string }>(`SELECT id FROM branches WHERE workspace_id = $1 AND headquarter`, [workspaceId]),
  );
  await db.system((tx) =>
    tx.query(
      `INSERT INTO users (workspace_id, email, first_name, last_name, employee_id, branch_id, department_id, role, status, date_of_joining)
       SELECT $1, 'bench' || g || '@bench-directory.test', 'First' || (g * 7919 % 100000), 'Last' || g, 'E' || g,
              b.id, d.id, 'EMPLOYEE', CASE WHEN g % 10 = 0 THEN 'INACTIVE' WHEN g % 7 = 0 THEN 'INVITED' ELSE 'ACTIVE' END,
              date '2015-01-01' + (g % 3650)
         FROM generate_series(1, $2::int) g
         JOIN LATERAL (SELECT id FROM branches WHERE workspace_id = $1 ORDER BY headquarter DESC, id OFFSET (g % 2) LIMIT 1) b ON true
         LEFT JOIN LATERAL (SELECT id FROM departments WHERE workspace_id = $1 AND branch_id = b.id ORDER BY id OFFSET (g % 3) LIMIT 1) d ON true`,
      [workspaceId, USERS - 36],
    ),
  );
  await db.system((tx) => tx.query('ANALYZE users'));
  return { workspaceId, hq: hq!.id };
}

/** Runs `total` calls of `one`, `clients` at a time; returns each call's latency in ms and the errors. */

async function benchOn(kind: 'pglite' | 'postgres'): Promise<void> {
  const { db, drop } = await openBenchDatabase(kind, 'bench_dir');
  const files = await mkdtemp(path.join(os.tmpdir(), 'bench-files-'));
  try {
    await seedDemo(db, cheapPasswords, 'localhost');
    const seeded = performance.now();
    const { workspaceId, hq } = await grow(db);
    console.log(
      `\nDirectory, ${USERS.toLocaleString('en')} users, ${kind} (${((performance.now() - seeded) / 1000).toFixed(1)} s to insert them)`,
    );

    const app = await buildApp({
      db,
      passwords: cheapPasswords,
      settings: { mainHost: 'localhost', maxUploadBytes: 1024 * 1024 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    const post = (url: string, body: unknown, token?: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const data = JSON.stringify(body);
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: url,
            method: 'POST',
            agent,
            headers: {
              host: 'acme.localhost',
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(data),
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
          },
        );
        req.on('error', reject);
        req.end(data);
      });

    const signIn = await post('/main-api/api/user/signin', {
      userEmail: 'admin@acme.test',
      userPassword: DEMO_PASSWORD,
    });
    const token = (JSON.parse(signIn.body) as { token: string }).token;
    const query = { page: 0, pageSize: 20, sortBy: 'name', sortOrder: 'asc', branchId: hq, status: 'ACTIVE' } as const;

    // Both sides warm up (plans cached, pages in memory) before either is measured.
    const direct = () =>
      db.tenant(workspaceId, async (tx) => {
        const page = await new DirectoryRepository(tx, workspaceId).page(
          { branchId: hq, status: 'ACTIVE', confinedTo: null },
          { by: 'name', order: 'asc' },
          0,
          20,
        );
        if (page.items.length !== 20) throw new Error('short page');
      });
    // Our clients ask over HTTP from a thread of their own, as browsers elsewhere would (bench/http-load.ts).
    const viaApi = new HttpLoad({
      port,
      host: 'acme.localhost',
      method: 'POST',
      path: '/main-api/api/workspace/users',
      body: query,
      token,
      items: 20,
    });
    await load(direct, CLIENTS, WARM_UP);
    await viaApi.run(CLIENTS, WARM_UP);

    // Eight alternating rounds a side, so a change in the machine's load (it is shared) falls on both sides alike.
    const [ref, ours] = await alternate([direct, viaApi], CLIENTS, REQUESTS, ROUNDS);
    await viaApi.close();
    agent.destroy();
    await app.close();

    const ratio = pct(ours.latencies, 99) / pct(ref.latencies, 99);
    const line = (label: string, r: Side) =>
      `  ${label}: p50 ${pct(r.latencies, 50).toFixed(1)} ms, p99 ${pct(r.latencies, 99).toFixed(1)} ms, ${(REQUESTS / (r.ms / 1000)).toFixed(0)} req/s, ${r.cpuMs.toFixed(2)} ms of the server process's CPU per request (clients' thread left out; ${r.machineMs.toFixed(2)} ms machine-wide), ${r.errors} errors`;
    console.log(
      `  first page (unit + status filter, sorted by name), ${CLIENTS} concurrent clients, ${REQUESTS} requests each side`,
    );
    console.log(line('ours, through HTTP and the API', ours));
    console.log(line('the same SQL through the driver', ref));
    const ok = ratio <= 1.5 && ours.errors === 0;
    console.log(
      `  p99 ratio (ours / direct): ${ratio.toFixed(2)} (target <= 1.50, no errors) ${ok ? 'OK' : 'BELOW TARGET'}`,
    );
  } finally {
    await drop();
    await rm(files, { recursive: true, force: true });
  }
}

export async function benchDirectory(): Promise<void> {
  const kinds: ('pglite' | 'postgres')[] = process.env.BENCH_ONLY_POSTGRES
    ? ['postgres']
    : process.env.BENCH_DATABASE_URL
      ? ['pglite', 'postgres']
      : ['pglite'];
  for (const kind of kinds) await benchOn(kind);
  if (!process.env.BENCH_DATABASE_URL)
    console.log('  (set BENCH_DATABASE_URL=postgres://... to measure on PostgreSQL too)');
}

if (process.argv[2] === '--child' && import.meta.url === pathToFileURL(process.argv[1]).href) await benchDirectory();
