// The HTTP load generator of bench/http-load.ts, on its own thread: it asks, reads and checks the answers while the
// server's thread only serves them, as a browser on another machine would.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import type { HttpLoadOptions, HttpLoadRun } from './http-load';

const options = workerData as HttpLoadOptions;
const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });

function send(): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const data = options.body === undefined ? '' : JSON.stringify(options.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: options.port,
        path: options.path,
        method: options.method,
        agent,
        headers: {
          host: options.host,
          ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
          authorization: `Bearer ${options.token}`,
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
}

/** One call: a 200 whose `items` has the expected length, or an error. */
async function one(): Promise<void> {
  const res = await send();
  if (res.status !== 200) throw new Error(`${res.status} ${res.body.slice(0, 200)}`);
  const items = (JSON.parse(res.body) as { items?: unknown[] }).items;
  if (items?.length !== options.items) throw new Error(`${items?.length ?? 'no'} items instead of ${options.items}`);
}

parentPort!.on('message', async (message: { clients: number; total: number } | 'close') => {
  if (message === 'close') {
    agent.destroy();
    parentPort!.close();
    return;
  }
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let next = 0;
  const cpu0 = process.threadCpuUsage();
  const start = performance.now();
  await Promise.all(
    Array.from({ length: message.clients }, async () => {
      while (next < message.total) {
        next += 1;
        const t0 = performance.now();
        try {
          await one();
          latencies.push(performance.now() - t0);
        } catch (error) {
          firstError ??= (error as Error).message;
          errors += 1;
        }
      }
    }),
  );
  const ms = performance.now() - start;
  const cpu = process.threadCpuUsage(cpu0);
  const run: HttpLoadRun = { latencies, errors, firstError, ms, threadCpuMs: (cpu.user + cpu.system) / 1000 };
  parentPort!.postMessage(run);
});
