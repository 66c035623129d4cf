// The PGlite server's memory (`npm run bench memory`): the server of `npm start` on a new data folder, its resident
// size read from /proc by this process. First start: the peak while it migrates, seeds the demo and starts answering
// (target <= 600 MB). Idle: its size some seconds after it answers, and again after a few ordinary requests have
// loaded the code they use (target <= 300 MB). Reference, measured in the same run: PGlite alone in a process with the
// same node flags, on a new folder running the same migrations (first start) and opened on the server's folder
// (idle): the part of the figure no server code can remove. A new data folder is unpacked from the template of the
// installed PGlite (server/platform/db/pglite-template.ts), which `npm run build` and `npm start` make once in a process
// of their own (scripts/pglite-template.ts): that process's peak is printed too, made afresh into a scratch folder.
// "Peak" is the kernel's high-water mark (VmHWM) of the one process named; a first start seeds the demo in a child of
// the server (server/seed/demo-seed.cli.ts), whose own peak is printed beside the server's. The reference runs bundled
// as the server does (plain node, no TypeScript loader).
// docs/architecture.md "Memory".
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '../server/seed/demo.seed';
import { ResidentMemory, serverDatabase, ServerProcess, sleep, START_FLAGS } from './server-process';

const PORT = Number(process.env.BENCH_PORT ?? 8295);
/** Seconds left idle before the idle figure. */
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 8);
const IDLE_TARGET_MB = 300;
const FIRST_START_TARGET_MB = 600;

const mb = (n: number) => `${n.toFixed(0)} MB`;

/** The template-making step of `npm run build` (scripts/pglite-template.ts) in a child; its peak RSS in MB. */
async function templateStep(env: Record<string, string>): Promise<number> {
  const script = fileURLToPath(new URL('../scripts/pglite-template.ts', import.meta.url));
  const child = spawn(process.execPath, ['--liftoff-only', '--import', 'tsx', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve, reject) => {
    child.on('exit', resolve);
    child.on('error', reject);
  });
  process.stdout.write(`  ${out.trim()}\n`);
  return Number(/peak RSS (\d+) MB/.exec(out)?.[1] ?? 0);
}

/**
 * bench/memory-reference.ts bundled as the server is (plain node, no TypeScript loader), beside node_modules so that
 * its packages resolve.
 */
async function referenceScript(): Promise<string> {
  const outdir = fileURLToPath(new URL('../node_modules/.cache/safeplace/bench-memory-reference', import.meta.url));
  // @ts-expect-error: a JavaScript build script without types
  const { bundleServer } = (await import('../scripts/build-server.mjs')) as {
    bundleServer: (entries: Record<string, string>, outdir: string) => Promise<void>;
  };
  await bundleServer({ 'memory-reference': 'bench/memory-reference.ts' }, outdir);
  return path.join(outdir, 'memory-reference.js');
}

/** PGlite alone (bench/memory-reference.ts) in a child with the server's node flags: its peak and settled RSS. */
async function reference(mode: 'migrate' | 'open', dataDir: string): Promise<{ peak: number; idle: number }> {
  const script = await referenceScript();
  const child = spawn(process.execPath, [...START_FLAGS, script, mode, dataDir, String(IDLE_SECONDS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const memory = new ResidentMemory(child.pid!);
  memory.resetPeak();
  await new Promise((resolve, reject) => {
    child.on('exit', resolve);
    child.on('error', reject);
  });
  memory.stop();
  const figures = JSON.parse(out.trim().split('\n').pop()!) as { peak: number; idle: number };
  return figures;
}

/** The largest high-water mark among `pid`'s child processes (a first start's demo seed), sampled every 10 ms. */
function childrenPeak(pid: number): () => number {
  let peak = 0;
  const timer = setInterval(() => {
    try {
      const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean);
      for (const child of children) {
        const status = readFileSync(`/proc/${child}/status`, 'utf8');
        peak = Math.max(peak, Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
      }
    } catch {
      // the server or its child exited between two reads
    }
  }, 10);
  return () => {
    clearInterval(timer);
    return peak;
  };
}

export async function benchMemory(): Promise<void> {
  // The template the server's first start unpacks, as `npm run build` leaves it (made here if it is not yet).
  await templateStep({});
  const scratchTemplates = await mkdtemp(path.join(os.tmpdir(), 'bench-memory-template-'));
  const templatePeak = await templateStep({ PGLITE_TEMPLATE_DIR: scratchTemplates });
  await rm(scratchTemplates, { recursive: true, force: true });
  const database = await serverDatabase('pglite', 'bench-memory');
  const server = new ServerProcess(PORT, database.env);
  console.log(`memory: the server of \`npm start\` (${START_FLAGS.join(' ')}) on a new PGlite data folder`);
  let firstPeak = 0;
  let idleStart = 0;
  let idleUsed = 0;
  let seedPeak = 0;
  try {
    // The kernel's high-water mark of the child (VmHWM) is its first start's peak: read once it answers.
    let seedChild = () => 0;
    const startMs = await server.start((pid) => (seedChild = childrenPeak(pid)));
    seedPeak = seedChild();
    const memory = new ResidentMemory(server.pid);
    firstPeak = memory.peak();
    await sleep(IDLE_SECONDS * 1000);
    idleStart = memory.now();
    // Ordinary use: a sign-in, the config, a list and the web page, as a person's first minute would load them.
    const token = await server.signIn('admin@acme.test', DEMO_PASSWORD);
    for (let i = 0; i < 5; i++) {
      await server.request('GET', '/config.json');
      await server.request('GET', '/main-api/api/user/details', { token });
      await server.request('POST', '/main-api/api/workspace/users', { token, json: { page: 0, pageSize: 20 } });
      await server.request('GET', '/');
    }
    await sleep(IDLE_SECONDS * 1000);
    idleUsed = memory.now();
    memory.stop();
    console.log(`  first start (migrate, seed, first answer) in ${(startMs / 1000).toFixed(1)} s`);
  } finally {
    await server.stop('SIGTERM').catch(() => undefined);
  }
  const fresh = await mkdtemp(path.join(os.tmpdir(), 'bench-memory-ref-'));
  try {
    const migrateOnly = await reference('migrate', fresh);
    const openOnly = await reference('open', path.join(database.env.DATA_DIR, 'pglite'));
    const row = (name: string, ours: number, ref: number, target: number) =>
      console.log(
        `  ${name}: ${mb(ours)} (target <= ${target} MB: ${ours <= target ? 'met' : 'not met'}); reference ${mb(ref)}; ratio ${(ours / ref).toFixed(2)}x`,
      );
    row(
      'first-start peak RSS, server | PGlite alone migrating a new folder (from the template)',
      firstPeak,
      migrateOnly.peak,
      FIRST_START_TARGET_MB,
    );
    console.log(
      `  the first start's demo seed (a process of its own, server/seed/demo-seed.cli.ts): peak ${mb(seedPeak)} (target <= ${FIRST_START_TARGET_MB} MB: ${seedPeak <= FIRST_START_TARGET_MB ? 'met' : 'not met'})`,
    );
    console.log(
      `  the build's template step (PGlite's initdb, once per PGlite version, a process of its own): peak ${mb(templatePeak)}`,
    );
    row(
      `idle RSS ${IDLE_SECONDS} s after start, server | PGlite alone opened on its folder`,
      idleStart,
      openOnly.idle,
      IDLE_TARGET_MB,
    );
    row(`idle RSS after 20 ordinary requests, server | PGlite alone`, idleUsed, openOnly.idle, IDLE_TARGET_MB);
    if (firstPeak > FIRST_START_TARGET_MB || seedPeak > FIRST_START_TARGET_MB || idleUsed > IDLE_TARGET_MB)
      process.exitCode = 1;
  } finally {
    await rm(fresh, { recursive: true, force: true });
    await database.drop();
  }
}
