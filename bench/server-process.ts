// The real server as `npm start` runs it (the bundle of `server/main.ts`, dist-server/main.js, rebuilt once per bench
// run from the current sources) as a child process, for the measurements that must see it as it runs in production:
// over HTTP, in a process of its own (its memory is not mixed with the benchmark's), on a database of its own. Used by
// the import, memory and upload benchmarks and the crash drill.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../server/platform/db/database';
import { openPglite } from '../server/platform/db/pglite-database';
import { openPostgres } from '../server/platform/db/postgres-database';
import { createScratchDatabase } from '../server/platform/db/scratch-postgres';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The node flags `npm start` gives the server (package.json), so the process measured is the one users run. */
export const START_FLAGS: string[] = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.start as string
)
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));

let bundled: Promise<void> | null = null;

/** dist-server/ made from the current sources (scripts/build-server.mjs), once per bench process. */
export function buildServerBundle(): Promise<void> {
  bundled ??= (async () => {
    // @ts-expect-error: a JavaScript build script without types
    const { bundleServer } = (await import('../scripts/build-server.mjs')) as {
      bundleServer: (entries?: Record<string, string>, outdir?: string) => Promise<void>;
    };
    await bundleServer();
  })();
  return bundled;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A database for a server child: an empty PGlite data folder, or (kind postgres) a new database on
 * BENCH_DATABASE_URL's server. The server migrates and seeds it on its first start. `open` reads it directly
 * (PGlite: only while the server is down, it holds the folder); `drop` removes it.
 */
export interface ServerDatabase {
  env: Record<string, string>;
  open: () => Promise<Database>;
  drop: () => Promise<void>;
}

export async function serverDatabase(kind: 'pglite' | 'postgres', prefix: string): Promise<ServerDatabase> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
  const removeFolder = () => rm(dataDir, { recursive: true, force: true });
  if (kind === 'pglite') {
    return {
      env: { DATA_DIR: dataDir },
      open: () => openPglite({ dataDir: path.join(dataDir, 'pglite') }),
      drop: removeFolder,
    };
  }
  const scratch = await createScratchDatabase(process.env.BENCH_DATABASE_URL!, prefix);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
    open: () => openPostgres(scratch.url, 2),
    drop: async () => {
      await scratch.drop();
      await removeFolder();
    },
  };
}

export interface Answer {
  status: number;
  json: any;
}

export interface Upload {
  body: Buffer;
  contentType: string;
}

/** The multipart body the browser sends for an import: the column mapping and the CSV file. */
export async function csvUpload(
  csv: string,
  fileName: string,
  mapping: Record<string, number>,
  fields: Record<string, string> = {},
): Promise<Upload> {
  const form = new FormData();
  form.append('mapping', JSON.stringify(mapping));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([csv], { type: 'text/csv' }), fileName);
  const response = new Response(form);
  return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type')! };
}

/** The server on 127.0.0.1:`port`, answering for `acme.localhost` (the seeded demo workspace). */
export class ServerProcess {
  private child: ChildProcess | null = null;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get pid(): number {
    return this.child!.pid!;
  }

  /** Starts the server and waits until it answers; returns how long that took (ms). `onSpawn` gets its pid at once. */
  async start(onSpawn?: (pid: number) => void): Promise<number> {
    await buildServerBundle();
    const began = performance.now();
    const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    this.child = spawn(process.execPath, [...START_FLAGS, ...extra, path.join(ROOT, 'dist-server/main.js')], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        MAIN_HOST: 'localhost',
        LOG_LEVEL: 'warn',
        ...this.env,
      },
      stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
    });
    onSpawn?.(this.child.pid!);
    // A first start migrates and seeds: on a loaded machine that takes minutes (BENCH_START_SECONDS, 180 by default).
    const until = began + Number(process.env.BENCH_START_SECONDS ?? 180) * 1000;
    while (performance.now() < until) {
      if (this.child.exitCode !== null) throw new Error(`the server exited (${this.child.exitCode}) while starting`);
      const ok = await this.request('GET', '/config.json').then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return performance.now() - began;
      await sleep(100);
    }
    this.child.kill('SIGKILL');
    throw new Error('the server did not start');
  }

  /** SIGTERM: the server closes its database and exits; SIGKILL: it dies where it stands. */
  async stop(signal: NodeJS.Signals): Promise<void> {
    const child = this.child!;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
    this.child = null;
  }

  request(
    method: string,
    url: string,
    options: { token?: string; json?: unknown; body?: Buffer; contentType?: string } = {},
  ): Promise<Answer> {
    const payload = options.json !== undefined ? Buffer.from(JSON.stringify(options.json)) : options.body;
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path: url,
          headers: {
            host: `acme.localhost:${this.port}`,
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
            ...(payload
              ? {
                  'content-type': options.json !== undefined ? 'application/json' : options.contentType!,
                  'content-length': payload.length,
                }
              : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown = text;
            try {
              json = JSON.parse(text);
            } catch {}
            resolve({ status: res.statusCode ?? 0, json });
          });
        },
      );
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  }

  async signIn(email: string, password: string): Promise<string> {
    const res = await this.request('POST', '/main-api/api/user/signin', {
      json: { userEmail: email, userPassword: password },
    });
    if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json.token;
  }

  /** A multipart upload (see `csvUpload`) to `url`. */
  upload(url: string, token: string, upload: Upload): Promise<Answer> {
    return this.request('POST', url, { token, body: upload.body, contentType: upload.contentType });
  }

  /** Polls an import job (every `everyMs`, as the browser does) until `done` says so. */
  async waitForJob<T extends { status: string }>(
    token: string,
    jobId: string,
    done: (status: string) => boolean,
    everyMs = 200,
    timeoutMs = 600_000,
  ): Promise<T> {
    const until = performance.now() + timeoutMs;
    for (;;) {
      const res = await this.request('GET', `/main-api/api/invite/bulk/jobs/${jobId}`, { token });
      if (res.status !== 200) throw new Error(`job: ${res.status} ${JSON.stringify(res.json)}`);
      if (done(res.json.status)) return res.json as T;
      if (performance.now() > until) throw new Error(`job ${jobId} stuck at ${res.json.status}`);
      await sleep(everyMs);
    }
  }
}

/**
 * The resident memory of a process, read from /proc by another process (the one measured does nothing for it).
 * `resetPeak` makes the kernel's high-water mark start again from now (clear_refs 5); `peak` reads it, and also
 * samples the current figure every 10 ms in case the kernel does not allow the reset.
 */
export class ResidentMemory {
  private sampled = 0;
  private timer: NodeJS.Timeout | null = null;
  private kernelPeak = true;

  constructor(private readonly pid: number) {}

  private field(name: 'VmRSS' | 'VmHWM'): number {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const kb = Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    return kb / 1024;
  }

  /** The current resident size in MB. */
  now(): number {
    return this.field('VmRSS');
  }

  resetPeak(): void {
    try {
      writeFileSync(`/proc/${this.pid}/clear_refs`, '5');
    } catch {
      this.kernelPeak = false;
    }
    this.sampled = this.now();
    if (this.timer) clearInterval(this.timer);
    this.timer = setInterval(() => {
      this.sampled = Math.max(this.sampled, this.now());
    }, 10);
  }

  /** The peak resident size in MB since `resetPeak`. */
  peak(): number {
    this.sampled = Math.max(this.sampled, this.now());
    return this.kernelPeak ? Math.max(this.sampled, this.field('VmHWM')) : this.sampled;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
