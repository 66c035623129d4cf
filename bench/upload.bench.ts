// Course video upload benchmark: a 200 MB MP4 put through the embedded file storage of the real server, run as in
// production (`server/main.ts` in a process of its own, over HTTP): generate-upload-url, the PUT streamed from disk to
// the signed URL, then confirm-upload (size and type read back from the stored bytes). Beside it, in the same run, a
// plain copy of the same file on the same disk: a streamed read-and-write copy (the reference of the target), and
// fs.copyFile (printed too; it copies inside the kernel). Memory is the server
// process's resident size, read from /proc by this process: its growth from just before the PUT to the peak of PUT +
// confirm. `npm run bench upload`; BENCH_UPLOAD_MB changes the size.
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DEMO_PASSWORD } from '../server/seed/demo.seed';
import { ResidentMemory, serverDatabase, ServerProcess, sleep } from './server-process';

const PORT = Number(process.env.BENCH_PORT ?? 8293);
const MB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_MB ?? 200) * MB;

/** An MP4 of `size` bytes on disk: an `ftyp` box, then bytes that do not compress (as a video's do not). */
async function writeVideo(file: string, size: number): Promise<void> {
  const out = createWriteStream(file);
  const head = Buffer.from([0, 0, 0, 0x20, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2avc1mp41')]);
  out.write(head);
  let state = 0x9e3779b9;
  const piece = Buffer.alloc(MB);
  for (let written = head.length; written < size;) {
    for (let i = 0; i < piece.length; i += 4) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      piece.writeUInt32LE(state >>> 0, i);
    }
    const n = Math.min(piece.length, size - written);
    if (!out.write(n === piece.length ? piece : piece.subarray(0, n)))
      await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    written += n;
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/** PUTs a file from disk to the server as a browser does (its length declared, no bearer token), streamed. */
function putFile(port: number, url: string, file: string, size: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: url,
        headers: { host: `acme.localhost:${port}`, 'content-type': 'video/mp4', 'content-length': size },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    createReadStream(file, { highWaterMark: 256 * 1024 }).pipe(req);
  });
}

export async function benchUpload(): Promise<void> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'bench-upload-'));
  const database = await serverDatabase('pglite', 'bench-upload');
  const server = new ServerProcess(PORT, { ...database.env, MAX_VIDEO_BYTES: String(SIZE + MB) });
  let running = false;
  try {
    const source = path.join(work, 'module-1.mp4');
    const warmFile = path.join(work, 'warm-up.mp4');
    await writeVideo(source, SIZE);
    await writeVideo(warmFile, MB);
    await server.start();
    running = true;
    const token = await server.signIn('admin@acme.test', DEMO_PASSWORD);

    const uploadOnce = async (file: string, size: number) => {
      const ticket = await server.request('POST', '/learning-api/api/lesson-content/generate-upload-url', {
        token,
        json: { purpose: 'VIDEO', fileName: path.basename(file), size },
      });
      if (ticket.status !== 200)
        throw new Error(`generate-upload-url: ${ticket.status} ${JSON.stringify(ticket.json)}`);
      const began = performance.now();
      const put = await putFile(PORT, ticket.json.uploadUrl, file, size);
      if (put.status !== 201) throw new Error(`PUT: ${put.status} ${put.body}`);
      const sent = performance.now();
      const confirmed = await server.request(
        'POST',
        `/learning-api/api/lesson-content/confirm-upload/${ticket.json.fileId}`,
        { token },
      );
      if (confirmed.status !== 200 || confirmed.json.size !== size)
        throw new Error(`confirm: ${confirmed.status} ${JSON.stringify(confirmed.json)}`);
      return { putMs: sent - began, confirmMs: performance.now() - sent };
    };

    // A server that has been running has its code loaded: one small upload first.
    await uploadOnce(warmFile, MB);
    await sleep(500);

    const memory = new ResidentMemory(server.pid);
    const before = memory.now();
    memory.resetPeak();
    const ours = await uploadOnce(source, SIZE);
    const peak = memory.peak();
    const after = memory.now();
    memory.stop();
    await server.stop('SIGTERM');
    running = false;

    // The references, on the same disk (the server's files are under DATA_DIR in the same temporary folder).
    const copied = path.join(work, 'copy.mp4');
    let began = performance.now();
    await copyFile(source, copied);
    const copyMs = performance.now() - began;
    await rm(copied);
    began = performance.now();
    await pipeline(createReadStream(source, { highWaterMark: 256 * 1024 }), createWriteStream(copied));
    const streamMs = performance.now() - began;
    if ((await stat(copied)).size !== SIZE) throw new Error('the streamed copy is short');

    const rate = (ms: number) => SIZE / MB / (ms / 1000);
    const ratio = rate(ours.putMs) / rate(copyMs);
    const streamRatio = rate(ours.putMs) / rate(streamMs);
    const growth = peak - before;
    console.log(
      `\nCourse video upload, ${SIZE / MB} MB, embedded storage, through the HTTP API of the server in its own process`,
    );
    console.log(
      `  PUT to the signed URL: ${ours.putMs.toFixed(0)} ms -> ${rate(ours.putMs).toFixed(0)} MB/s; confirm (size, type by the bytes): ${ours.confirmMs.toFixed(0)} ms`,
    );
    console.log(
      `  fs.copyFile of the same file on the same disk: ${copyMs.toFixed(0)} ms -> ${rate(copyMs).toFixed(0)} MB/s`,
    );
    console.log(
      `  streamed copy (read + write, 256 KB pieces): ${streamMs.toFixed(0)} ms -> ${rate(streamMs).toFixed(0)} MB/s`,
    );
    // The target is read against the streamed copy: fs.copyFile is copy_file_range, a copy inside the kernel (or a
    // reflink) that never moves the bytes through a process, which no upload over a socket can do.
    console.log(
      `  ratio (ours / streamed copy): ${streamRatio.toFixed(2)} (target >= 0.50) ${streamRatio >= 0.5 ? 'OK' : 'BELOW TARGET'}`,
    );
    console.log(`  ours / fs.copyFile (in-kernel copy): ${ratio.toFixed(2)}`);
    console.log(
      `  server memory (resident): ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB, ${after.toFixed(0)} MB after`,
    );
    console.log(
      `  peak growth during PUT + confirm: ${growth.toFixed(1)} MB (target <= 32) ${growth <= 32 ? 'OK' : 'ABOVE TARGET'}`,
    );
  } finally {
    if (running) await server.stop('SIGTERM');
    await database.drop();
    await rm(work, { recursive: true, force: true });
  }
}
