// A benchmark's HTTP clients, on a worker thread of their own (bench/http-load.worker.ts), not on the server's thread:
// their requests, reads and JSON parsing would take the server thread's CPU (about 0.13 ms a request with node's http
// client), and a browser is never in the server's process (docs/people.md "Benchmark").
import { Worker } from 'node:worker_threads';

export interface HttpLoadOptions {
  port: number;
  /** The Host header: the workspace's host name. */
  host: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  token: string;
  /** Every answer must be a 200 whose `items` has this many entries. */
  items: number;
}

/** One run: latencies in ms (unsorted), errors and the first one's message, wall time, the client thread's CPU in ms. */
export interface HttpLoadRun {
  latencies: number[];
  errors: number;
  firstError: string | null;
  ms: number;
  threadCpuMs: number;
}

export class HttpLoad {
  private readonly worker: Worker;

  constructor(options: HttpLoadOptions) {
    this.worker = new Worker(new URL('./http-load.worker.ts', import.meta.url), { workerData: options });
  }

  /** `total` calls, `clients` at a time, each client on a keep-alive connection of its own (kept between runs). */
  run(clients: number, total: number): Promise<HttpLoadRun> {
    return new Promise((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      this.worker.once('error', onError);
      this.worker.once('message', (run: HttpLoadRun) => {
        this.worker.off('error', onError);
        if (run.firstError) console.log(`  first error: ${run.firstError}`);
        resolve(run);
      });
      this.worker.postMessage({ clients, total });
    });
  }

  async close(): Promise<void> {
    this.worker.postMessage('close');
    await new Promise((resolve) => this.worker.once('exit', resolve));
  }
}
