// Where a directory request spends its time on PGlite (docs/people.md "Benchmark"): per call, the CPU time, the time
// inside PGlite's calls into the database and how many there were, of the page through the driver (the benchmark's
// reference), through Fastify's inject (no socket), through real HTTP, and of the pieces in between (the site-and-
// session lookup, an empty tenant transaction, a 404 with no database). Not part of `npm run bench`:
//   npx tsx --max-semi-space-size=16 --heap-growing-percent=100 bench/directory-profile.ts
// DIRECTORY_PROFILE_PARTS=direct,http     only these parts (twenty alternating rounds)
// DIRECTORY_PROFILE_CLIENTS=50            that many callers at once, as the benchmark: adds latencies and collections
// DIRECTORY_PROFILE_CPU=<file>            a CPU profile (.cpuprofile) of the measured calls alone
// DIRECTORY_PROFILE_HEAP=<file>          a sampled allocation profile (.heapprofile) of the measured calls alone
// DIRECTORY_PROFILE_DB=<folder>           keeps the 100,000-user database between runs
// DIRECTORY_PROFILE_LOG=1                 prints the statements and protocol messages of one call of each part
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { migrate } from '../server/platform/db/migrate';
import { openPglite, type PgliteDatabase } from '../server/platform/db/pglite-database';
import { DirectoryRepository } from '../server/main/users/directory.repository';
import { DEMO_PASSWORD, seedDemo } from '../server/seed/demo.seed';
import { cheapPasswords, load, pct } from './support';
import { GCProfiler } from 'node:v8';

const CALLS = Number(process.env.DIRECTORY_PROFILE_CALLS ?? 1000);
const dataDir = process.env.DIRECTORY_PROFILE_DB ?? (await mkdtemp(path.join(os.tmpdir(), 'dir-profile-')));
const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
const db = (await openPglite({ dataDir })) as PgliteDatabase;
await migrate(db);
if (fresh) {
  await seedDemo(db, cheapPasswords, 'localhost');
  const [acme] = await db.query<{ id: string }>(`SELECT id FROM workspaces WHERE slug = 'acme'`);
  await db.system((tx) =>
    tx.query(
      `INSERT INTO users (workspace_id, email, first_name, last_name, employee_id, branch_id, department_id, role, status, date_of_joining)
       SELECT $1, 'bench' || g || '@bench-directory.test', 'First' || (g * 7919 % 100000), 'Last' || g, 'E' || g,
              b.id, d.id, 'EMPLOYEE', CASE WHEN g % 10 = 0 THEN 'INACTIVE' WHEN g % 7 = 0 THEN 'INVITED' ELSE 'ACTIVE' END,
              date '2015-01-01' + (g % 3650)
         FROM generate_series(1, 99964) g
         JOIN LATERAL (SELECT id FROM branches WHERE workspace_id = $1 ORDER BY headquarter DESC, id OFFSET (g % 2) LIMIT 1) b ON true
         LEFT JOIN LATERAL (SELECT id FROM departments WHERE workspace_id = $1 AND branch_id = b.id ORDER BY id OFFSET (g % 3) LIMIT 1) d ON true`,
      [acme!.id],
    ),
  );
  await db.system((tx) => tx.query('ANALYZE users'));
}
const [acme] = await db.query<{ id: string }>(`SELECT id FROM workspaces WHERE slug = 'acme'`);
const workspaceId = acme!.id;
const [hq] = await db.query<{ id: string }>(`SELECT id FROM branches WHERE workspace_id = $1 AND headquarter`, [
  workspaceId,
]);

const app = await buildApp({
  db,
  passwords: cheapPasswords,
  settings: { mainHost: 'localhost', maxUploadBytes: 1024 * 1024 },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as AddressInfo).port;
const CLIENTS = Number(process.env.DIRECTORY_PROFILE_CLIENTS ?? 1);
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
const signIn = await app.inject({
  method: 'POST',
  url: '/main-api/api/user/signin',
  headers: { host: 'acme.localhost' },
  payload: { userEmail: 'admin@acme.test', userPassword: DEMO_PASSWORD },
});
const token = signIn.json().token as string;
const query = { page: 0, pageSize: 20, sortBy: 'name', sortOrder: 'asc', branchId: hq!.id, status: 'ACTIVE' };
const body = JSON.stringify(query);
const headers = { host: 'acme.localhost', 'content-type': 'application/json', authorization: `Bearer ${token}` };

const parts: Record<string, () => Promise<unknown>> = {
  direct: () =>
    db.tenant(workspaceId, (tx) =>
      new DirectoryRepository(tx, workspaceId).page(
        { branchId: hq!.id, status: 'ACTIVE', confinedTo: null },
        { by: 'name', order: 'asc' },
        0,
        20,
      ),
    ),
  'empty tenant transaction': () => db.tenant(workspaceId, async () => null),
  'site and session': () => sessionLookup(),
  'site and session + direct': async () => {
    await sessionLookup();
    await parts.direct!();
  },
  inject: async () => {
    const res = await app.inject({ method: 'POST', url: '/main-api/api/workspace/users', headers, payload: body });
    if (res.statusCode !== 200) throw new Error(res.body);
  },
  'inject config.json (a host lookup)': () =>
    app.inject({ method: 'GET', url: '/config.json', headers: { host: 'acme.localhost' } }),
  http: () => post('/main-api/api/workspace/users', headers, 200),
  'http 404 on the main site (no database)': () =>
    post('/main-api/api/nothing-here', { host: 'localhost', 'content-type': 'application/json' }, 404),
};

function post(url: string, requestHeaders: Record<string, string>, expected: number) {
  return new Promise<void>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        agent,
        headers: { ...requestHeaders, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          if (res.statusCode !== expected) reject(new Error(`${res.statusCode} ${Buffer.concat(chunks).toString()}`));
          else {
            JSON.parse(Buffer.concat(chunks).toString());
            resolve();
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const { SessionRepository } = await import('../server/platform/sessions');
const sessions = new SessionRepository(db);
const sessionLookup = () => sessions.workspaceAndPrincipal('acme.localhost', token);

if (process.env.DIRECTORY_PROFILE_LOG) {
  const pg = db.pg as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const method of ['query', 'exec', 'execProtocolStream']) {
    const original = pg[method]!.bind(pg);
    pg[method] = (...args: unknown[]) => {
      const bytes = args[0] as Uint8Array;
      const text =
        method !== 'execProtocolStream'
          ? String(args[0])
          : bytes[0] === 80 || bytes[0] === 81
            ? Buffer.from(bytes).toString('latin1', 5)
            : String.fromCharCode(bytes[0]!);
      console.log(`  ${method}: ${text.slice(0, 100).replace(/[\s\0]+/g, ' ')}`);
      return original(...args);
    };
  }
  for (const name of Object.keys(parts).filter((n) => n !== 'http')) {
    for (let i = 0; i < 5; i++) await parts[name]!();
    console.log(`${name}:`);
    await parts[name]!();
  }
  process.exit(0);
}
const only = process.env.DIRECTORY_PROFILE_PARTS?.split(',');
const names = Object.keys(parts).filter((name) => !only || only.includes(name));
for (const name of names) {
  for (let i = 0; i < 200; i++) await parts[name]!();
  if (CLIENTS > 1) await load(async () => void (await parts[name]!()), CLIENTS, 100);
}
const totals = new Map<string, { cpu: number; wall: number }>();
// Time inside PGlite's synchronous calls into the database (wasm and its protocol code), per part.
let inDatabase = 0;
let callsIn = 0;
const wasmTotals = new Map<string, number>();
const callTotals = new Map<string, number>();
{
  const pg = db.pg as unknown as { execProtocolRawSync: (m: Uint8Array) => Uint8Array };
  const original = pg.execProtocolRawSync.bind(pg);
  pg.execProtocolRawSync = (m) => {
    const t0 = performance.now();
    callsIn += 1;
    try {
      return original(m);
    } finally {
      inDatabase += performance.now() - t0;
    }
  };
}
const profileTo = process.env.DIRECTORY_PROFILE_CPU;
const inspector = profileTo ? new (await import('node:inspector/promises')).Session() : null;
if (inspector) {
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.start');
}
const heapTo = process.env.DIRECTORY_PROFILE_HEAP;
const heapInspector = heapTo ? new (await import('node:inspector/promises')).Session() : null;
if (heapInspector) {
  heapInspector.connect();
  await heapInspector.post('HeapProfiler.enable');
  // Every 4 KB allocated on average, objects collected since kept too: what was allocated, not what survived.
  await heapInspector.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
}
const ROUNDS = 20;
// With DIRECTORY_PROFILE_CLIENTS=n, each round runs n callers at once (as the benchmark does) and the latencies and
// garbage collections of each part are kept too.
const latencies = new Map<string, number[]>();
const collections = new Map<string, { scavenges: number; majors: number; ms: number }>();
for (let round = 0; round < ROUNDS; round++) {
  for (const name of names) {
    const gcProfiler = new GCProfiler();
    gcProfiler.start();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const db0 = inDatabase;
    const calls0 = callsIn;
    if (CLIENTS > 1) {
      const r = await load(async () => void (await parts[name]!()), CLIENTS, CALLS / ROUNDS);
      latencies.set(name, [...(latencies.get(name) ?? []), ...r.latencies]);
    } else for (let i = 0; i < CALLS / ROUNDS; i++) await parts[name]!();
    const cpu = process.cpuUsage(cpu0);
    const c = collections.get(name) ?? { scavenges: 0, majors: 0, ms: 0 };
    for (const gc of gcProfiler.stop()?.statistics ?? []) {
      if (gc.gcType === 'Scavenge' || gc.gcType === 'MinorMarkSweep') c.scavenges += 1;
      else c.majors += 1;
      c.ms += gc.cost / 1000;
    }
    collections.set(name, c);
    const sum = totals.get(name) ?? { cpu: 0, wall: 0 };
    sum.cpu += (cpu.user + cpu.system) / 1000;
    sum.wall += performance.now() - t0;
    totals.set(name, sum);
    wasmTotals.set(name, (wasmTotals.get(name) ?? 0) + inDatabase - db0);
    callTotals.set(name, (callTotals.get(name) ?? 0) + callsIn - calls0);
  }
}
if (inspector) {
  const { profile } = await inspector.post('Profiler.stop');
  (await import('node:fs')).writeFileSync(profileTo!, JSON.stringify(profile));
  inspector.disconnect();
}
if (heapInspector) {
  const { profile } = await heapInspector.post('HeapProfiler.stopSampling');
  (await import('node:fs')).writeFileSync(heapTo!, JSON.stringify(profile));
  heapInspector.disconnect();
}
console.log(
  `per call, ${CALLS} calls each, ${CLIENTS} at a time (load ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}):`,
);
const reference = totals.get('direct')?.cpu;
for (const [name, { cpu, wall }] of totals) {
  const ratio = reference ? `, ${(cpu / reference).toFixed(2)}x direct's CPU` : '';
  console.log(
    `  ${name.padEnd(48)} CPU ${(cpu / CALLS).toFixed(3)} ms, wall ${(wall / CALLS).toFixed(3)} ms${ratio}; in the database ${(wasmTotals.get(name)! / CALLS).toFixed(3)} ms in ${(callTotals.get(name)! / CALLS).toFixed(2)} calls`,
  );
  const sorted = (latencies.get(name) ?? []).sort((a, b) => a - b);
  const gc = collections.get(name);
  if (sorted.length)
    console.log(
      `  ${''.padEnd(48)} ${CLIENTS} at once: p50 ${pct(sorted, 50).toFixed(1)} ms, p90 ${pct(sorted, 90).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
    );
  if (gc)
    console.log(`  ${''.padEnd(48)} GC: ${gc.scavenges} scavenges, ${gc.majors} major, ${gc.ms.toFixed(0)} ms in all`);
}
agent.destroy();
await app.close();
await db.close();
