// What the database benchmarks share: a password hasher that costs nothing (sign-in is not what they measure)
// and a fresh database of either kind.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../server/platform/db/database';
import { migrate } from '../server/platform/db/migrate';
import { openPglite } from '../server/platform/db/pglite-database';
import { openScratchPostgres } from '../server/platform/db/scratch-postgres';
import type { PasswordHasher } from '../server/platform/passwords';
import { FULL_MAPPING, HEADER } from '../test/server/imports/people-columns';
import { HttpLoad } from './http-load';

export const cheapPasswords: PasswordHasher = {
  async hash(p) {
    return `bench$${p}`;
  },
  async verify(h, p) {
    return h === `bench$${p}`;
  },
  async verifyNothing() {},
};

/**
 * A migrated, empty database: PGlite persisted in a temporary data folder (in memory, the tables themselves would
 * count as RSS), or a scratch database on BENCH_DATABASE_URL's server. `drop` removes it.
 */
export async function openBenchDatabase(
  kind: 'pglite' | 'postgres',
  name: string,
): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `${name}-pglite-`));
    const db = await openPglite({ dataDir });
    await migrate(db);
    return {
      db,
      drop: async () => {
        await db.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const db = await openScratchPostgres(process.env.BENCH_DATABASE_URL!, name);
  return { db, drop: () => db.close() };
}

/** `clients` concurrent callers run `one` until `total` calls are made; latencies sorted, errors counted (the first printed). */
export async function load(
  one: () => Promise<void>,
  clients: number,
  total: number,
): Promise<{ latencies: number[]; errors: number; ms: number }> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < total) {
        next += 1;
        const t0 = performance.now();
        try {
          await one();
          latencies.push(performance.now() - t0);
        } catch (error) {
          if (errors === 0) console.log(`  first error: ${(error as Error).message}`);
          errors += 1;
        }
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), errors, ms: performance.now() - start };
}

/**
 * One side of `alternate`: its latencies (sorted), errors, wall time, this process's CPU time per call (without the
 * HTTP clients' thread, for a side driven by `HttpLoad`) and the whole machine's (the database's too), in ms.
 */
export interface Side {
  latencies: number[];
  errors: number;
  ms: number;
  cpuMs: number;
  machineMs: number;
}

/** The machine's busy CPU time so far in ms, every process's (the database's too), from /proc/stat; 0 where there is none. */
function machineBusyMs(): number {
  try {
    const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
    const [user, nice, system, , , irq, softirq, steal] = cpu!.trim().split(/\s+/).slice(1).map(Number);
    // /proc/stat counts in USER_HZ, 100 a second on Linux.
    return (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) * 10;
  } catch {
    return 0;
  }
}

/** A side: a call run by `load` on this thread, or HTTP clients on a thread of their own. */
export type Caller = (() => Promise<void>) | HttpLoad;

/**
 * Each of `calls` measured in `rounds` alternating rounds of `total / rounds` calls, `clients` at a time: a change in
 * the machine's load, and the garbage one side leaves for the process's next full collection, fall on every side
 * alike (with one phase a side, the reference's garbage was collected in ours).
 */
export async function alternate(
  calls: readonly Caller[],
  clients: number,
  total: number,
  rounds: number,
): Promise<Side[]> {
  const sides = calls.map((): Side => ({ latencies: [], errors: 0, ms: 0, cpuMs: 0, machineMs: 0 }));
  for (let round = 0; round < rounds; round++) {
    for (const [i, call] of calls.entries()) {
      const side = sides[i]!;
      const cpu0 = process.cpuUsage();
      const busy0 = machineBusyMs();
      const r =
        call instanceof HttpLoad
          ? await call.run(clients, total / rounds)
          : { ...(await load(call, clients, total / rounds)), threadCpuMs: 0 };
      const cpu = process.cpuUsage(cpu0);
      side.cpuMs += ((cpu.user + cpu.system) / 1000 - r.threadCpuMs) / total;
      side.machineMs += (machineBusyMs() - busy0) / total;
      side.latencies.push(...r.latencies);
      side.errors += r.errors;
      side.ms += r.ms;
    }
  }
  for (const side of sides) side.latencies.sort((a, b) => a - b);
  return sides;
}

/** The p-th percentile of sorted latencies. */
export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** The header of the people CSV the import benchmarks upload (the import's template). */
export const PEOPLE_CSV_HEADER = HEADER;

/** One generated person, with every column of the people CSV. */
export interface BenchPerson {
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

const BENCH_UNITS = ['Acme Headquarters', 'Acme Pune'];
const BENCH_DEPARTMENTS = ['Human Resources', 'Engineering', 'Sales'];

/**
 * `count` people for the import and SCIM benchmarks: `bench.user<i>@<domain>`, employee ids `<idPrefix><100000 + i>`.
 * Benchmarks that create the same people twice (SCIM beside the import) tell the sets apart by domain and prefix.
 */
export function benchPeople(count: number, domain: string, idPrefix = 'E'): BenchPerson[] {
  return Array.from({ length: count }, (_, i) => ({
    email: `bench.user${i}@${domain}`,
    first: `First${i}`,
    last: `Last${i}`,
    employeeId: `${idPrefix}${100000 + i}`,
    gender: i % 2 ? 'F' : 'M',
    department: BENCH_DEPARTMENTS[i % 3]!,
    designation: 'Analyst',
    unit: BENCH_UNITS[i % 2]!,
    address: `${i} Long Street, Pune`,
    phone: `+91${9000000000 + i}`,
    joined: `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
  }));
}

/** The people as the import's CSV (every column of its template), the file a bulk import uploads. */
export function peopleCsv(people: readonly BenchPerson[]): string {
  const lines = people.map((r) =>
    [
      r.email,
      r.first,
      r.last,
      r.employeeId,
      r.gender,
      r.department,
      r.designation,
      r.unit,
      'Employee',
      `"${r.address}"`,
      r.phone,
      r.joined,
    ].join(','),
  );
  return `${PEOPLE_CSV_HEADER}\n${lines.join('\n')}\n`;
}

/** The column of each field in `peopleCsv`, as the import's mapping names them. */
export const PEOPLE_CSV_MAPPING = FULL_MAPPING;
