// The HTTP load generator of bench/http-load.ts, on its own thread: it asks, reads and checks the answers while the
// server's thread only serves them, as a browser on another machine would. Each client is one keep-alive HTTP/1.1
// connection that sends its request's bytes (built once) and reads the answer framed by its Content-Length, as load
// generators do (wrk, autocannon); node's http client cost about 0.13 ms of CPU a request, taken from the same two
// cores as the server and the database.
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import type { HttpLoadOptions, HttpLoadRun } from './http-load';

const options = workerData as HttpLoadOptions;
const body = options.body === undefined ? '' : JSON.stringify(options.body);
const request = Buffer.from(
  [
    `${options.method} ${options.path} HTTP/1.1`,
    `host: ${options.host}`,
    `authorization: Bearer ${options.token}`,
    'connection: keep-alive',
    ...(body ? ['content-type: application/json', `content-length: ${Buffer.byteLength(body)}`] : []),
    '',
    body,
  ].join('\r\n'),
);
const HEAD_END = Buffer.from('\r\n\r\n');
/** Where every connection's socket reads land (`onread`): the reads allocate nothing. */
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

/**
 * One keep-alive connection: `ask()` sends the request and resolves with the answer's status and body. The answer is
 * read into a buffer the connection keeps (grown when an answer is larger), and the body handed over is a view of it,
 * valid until the connection's next request. A new Buffer per read, concatenated, makes about 200 KB of garbage a case
 * list, whose collection stops this thread for up to 10 ms every few hundred milliseconds, and every answer in flight
 * then looks that much slower (docs/case.md "Benchmarks").
 */
class Connection {
  private readonly socket: net.Socket;
  private buffered: Buffer = Buffer.allocUnsafe(256 * 1024);
  private length = 0;
  private waiting: {
    resolve: (answer: { status: number; body: Buffer }) => void;
    reject: (error: Error) => void;
  } | null = null;

  constructor() {
    this.socket = net.connect({
      host: '127.0.0.1',
      port: options.port,
      noDelay: true,
      onread: {
        buffer: READ_BUFFER,
        callback: (size: number, buffer: Uint8Array) => {
          this.take(buffer, size);
          return true;
        },
      },
    });
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('the server closed the connection')));
  }

  ask(): Promise<{ status: number; body: Buffer }> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  /** Keeps what was read, then answers the waiting request if its whole answer is there. */
  private take(read: Uint8Array, size: number): void {
    if (this.length + size > this.buffered.length) {
      const larger = Buffer.allocUnsafe(Math.max(this.buffered.length * 2, this.length + size));
      this.buffered.copy(larger, 0, 0, this.length);
      this.buffered = larger;
    }
    this.buffered.set(read.subarray(0, size), this.length);
    this.length += size;
    this.answer();
  }

  /** Resolves the waiting request once its whole answer has arrived. */
  private answer(): void {
    const end = this.buffered.subarray(0, this.length).indexOf(HEAD_END);
    if (end < 0 || !this.waiting) return;
    const head = this.buffered.toString('latin1', 0, end);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) return this.fail(new Error(`an answer without Content-Length (${status})`));
    const total = end + HEAD_END.length + Number(length[1]);
    if (this.length < total) return;
    // One request at a time on a connection: nothing follows its answer.
    if (this.length > total) return this.fail(new Error('bytes after the answer'));
    const answer = { status, body: this.buffered.subarray(end + HEAD_END.length, total) };
    this.length = 0;
    const { resolve } = this.waiting;
    this.waiting = null;
    resolve(answer);
  }

  private fail(error: Error): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(error);
  }
}

const connections: Connection[] = [];

/**
 * The last answer parsed and found right. An answer with the same bytes is right too: it is compared, not parsed
 * again. JSON.parse of a case list's 84 KB took about 0.2 ms of this thread's CPU an answer (docs/case.md "Benchmarks"),
 * from the same two cores as the server and the database; a browser parses on a machine of its own.
 */
let checked: Buffer | null = null;

/** One call: a 200 whose `items` has the expected length (or the bytes of one that had), or an error. */
async function one(connection: Connection): Promise<void> {
  const res = await connection.ask();
  if (res.status !== 200) throw new Error(`${res.status} ${res.body.toString('utf8', 0, 200)}`);
  if (checked?.equals(res.body)) return;
  const items = (JSON.parse(res.body.toString('utf8')) as { items?: unknown[] }).items;
  if (items?.length !== options.items) throw new Error(`${items?.length ?? 'no'} items instead of ${options.items}`);
  checked = Buffer.from(res.body);
}

parentPort!.on('message', async (message: { clients: number; total: number } | 'close') => {
  if (message === 'close') {
    for (const connection of connections) connection.close();
    parentPort!.close();
    return;
  }
  while (connections.length < message.clients) connections.push(new Connection());
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  let next = 0;
  const cpu0 = process.threadCpuUsage();
  const start = performance.now();
  await Promise.all(
    connections.slice(0, message.clients).map(async (connection, i) => {
      while (next < message.total) {
        next += 1;
        const t0 = performance.now();
        try {
          await one(connection);
          latencies.push(performance.now() - t0);
        } catch (error) {
          firstError ??= (error as Error).message;
          errors += 1;
          // A connection that failed is replaced.
          connections[i] = connection = new Connection();
        }
      }
    }),
  );
  const ms = performance.now() - start;
  const cpu = process.threadCpuUsage(cpu0);
  const run: HttpLoadRun = { latencies, errors, firstError, ms, threadCpuMs: (cpu.user + cpu.system) / 1000 };
  parentPort!.postMessage(run);
});
