// Three parallel XLSX zip bombs against the server of `npm start` (`npm run bench zip-bomb`): its resident memory
// before, at the peak and after, read from /proc by this process. Two rounds: bombs whose zip directory lies (it
// claims 1 KB for shared strings that inflate to 400 MB) and bombs that claim just under the per-entry limit (so the
// reader inflates until the shared strings' limit stops it). Reference: the same server's idle RSS, measured in the
// same run just before each round. What is expected: every bomb refused (413, or 429 beyond the bound on uploads
// parsed at once), the peak bounded, and the memory back near where it was (docs/imports.md "Parsing uploads").
import { DEMO_PASSWORD } from '../server/seed/demo.seed';
import { repetitiveSharedStrings, workbookParts, zipArchive } from '../test/server/imports/zip';
import { ResidentMemory, serverDatabase, ServerProcess, sleep, type Upload } from './server-process';

const PORT = Number(process.env.BENCH_PORT ?? 8294);
/** The parallel bombs of a round. */
const BOMBS = Number(process.env.BENCH_BOMBS ?? 3);
/** Seconds the server is left alone before a round (the idle figure). */
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 5);
/**
 * Seconds the server may take to give the memory back after a round: V8 returns freed heap pages to the system only
 * when its memory reducer runs, some seconds after allocation stops (measured: back within 20 s, still +190 MB at 5 s).
 */
const BACK_WITHIN_SECONDS = Number(process.env.BENCH_BACK_SECONDS ?? 30);
/** The "after" figure may be this much above the idle one and still count as back. */
const BACK_WITHIN_MB = 64;
const URL = '/main-api/api/invite/bulk/file/mappings';

async function bombUpload(declaredStringsSize: number): Promise<Upload> {
  const bytes = await zipArchive(
    workbookParts('<row r="1"><c r="A1" t="s"><v>0</v></c></row>', repetitiveSharedStrings(400 * 1024 * 1024), {
      declaredStringsSize,
    }),
  );
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(bytes)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    'bomb.xlsx',
  );
  const response = new Response(form);
  return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type')! };
}

const mb = (n: number) => `${n.toFixed(0)} MB`;

export async function benchZipBomb(): Promise<void> {
  const database = await serverDatabase('pglite', 'bench-zip-bomb');
  const server = new ServerProcess(PORT, { ...database.env, MAX_UPLOAD_BYTES: String(16 * 1024 * 1024) });
  try {
    await server.start();
    const token = await server.signIn('admin@acme.test', DEMO_PASSWORD);
    const memory = new ResidentMemory(server.pid);
    const rounds: [string, number][] = [
      ['directory lies (claims 1 KB)', 1024],
      ['claims 250 MB (under the entry limit)', 250 * 1024 * 1024],
    ];
    // Warm: one header read of a small CSV, so the figures below are not the first upload's code loading.
    const form = new FormData();
    form.append('file', new Blob(['Email\nasha@acme.test\n'], { type: 'text/csv' }), 'warm.csv');
    const warm = new Response(form);
    await server.upload(URL, token, {
      body: Buffer.from(await warm.arrayBuffer()),
      contentType: warm.headers.get('content-type')!,
    });
    console.log(
      `zip-bomb: ${BOMBS} parallel XLSX bombs (1.4 MB each, 400 MB of shared strings), server of \`npm start\` on PGlite`,
    );
    for (const [name, declared] of rounds) {
      const upload = await bombUpload(declared);
      await sleep(SETTLE_SECONDS * 1000);
      const before = memory.now();
      memory.resetPeak();
      const began = performance.now();
      const answers = await Promise.all(Array.from({ length: BOMBS }, () => server.upload(URL, token, upload)));
      const ms = performance.now() - began;
      const peak = memory.peak();
      memory.stop();
      const statuses = answers.map((a) => a.status);
      if (statuses.some((s) => s !== 413 && s !== 429))
        throw new Error(
          `a bomb was not refused: ${statuses.join(', ')} ${JSON.stringify(answers.map((a) => a.json)).slice(0, 300)}`,
        );
      const ended = performance.now();
      let after = memory.now();
      while (after - before > BACK_WITHIN_MB && performance.now() - ended < BACK_WITHIN_SECONDS * 1000) {
        await sleep(1000);
        after = memory.now();
      }
      const back = after - before <= BACK_WITHIN_MB;
      const backSeconds = (performance.now() - ended) / 1000;
      console.log(
        `  ${name}: answers ${statuses.join(', ')} in ${ms.toFixed(0)} ms; RSS before ${mb(before)} (reference), peak ${mb(peak)} (+${mb(peak - before)}), ` +
          `after ${backSeconds.toFixed(0)} s ${mb(after)} (+${mb(after - before)}); after/before ${(after / before).toFixed(2)}x; ` +
          `back within ${BACK_WITHIN_MB} MB: ${back ? 'yes' : `no (in ${BACK_WITHIN_SECONDS} s)`}`,
      );
      if (!back) process.exitCode = 1;
    }
  } finally {
    await server.stop('SIGTERM').catch(() => undefined);
    await database.drop();
  }
}
