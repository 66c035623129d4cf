/**
 * One server process of the two-process queue test (jobs-two-process.test.ts): the whole app (buildApp) over the
 * PostgreSQL database named by QUEUE_DB_URL, working the job queue as main.ts does, with the import's files in the
 * shared folder QUEUE_FILES. It prints `ready`, each import batch it starts (`batch <jobId> <n>`) and each job it runs to
 * its end (`job <name> <id> done`), one line each, for the test to read. Not a test itself.
 */
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../../../server/app';
import { openPostgres } from '../../../../server/platform/db/postgres-database';
import { JobQueue } from '../../../../server/platform/jobs';
import { EmbeddedFileUrls } from '../../../../server/platform/signed-files';
import { UrlSigner } from '../../../../server/platform/signed-urls';

const say = (line: string) => process.stdout.write(`${line}\n`);
const db = await openPostgres(process.env.QUEUE_DB_URL!, 4);
const jobs = new JobQueue(db, { work: true, pollingIntervalSeconds: 0.5, trace: true, log: say });
const filesRoot = process.env.QUEUE_FILES!;
const app = await buildApp({
  db,
  jobs,
  passwords: {
    hash: async (p) => `test$${p}`,
    verify: async (h, p) => h === `test$${p}`,
    verifyNothing: async () => {},
  },
  fileUrls: new EmbeddedFileUrls(filesRoot, new UrlSigner(randomBytes(32))),
  settings: {
    mainHost: 'localhost',
    publicUrl: 'http://localhost:8080',
    maxUploadBytes: 5 * 1024 * 1024,
    outboxPage: true,
    imports: {
      batchSize: Number(process.env.QUEUE_BATCH ?? 10),
      staleAfterMs: 1500,
      // Slow enough for the test to kill this process between two batches of a job.
      beforeBatch: async (jobId, batchNo) => {
        say(`batch ${jobId} ${batchNo}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      },
    },
  },
});
await jobs.start();
say('ready');
process.once('SIGTERM', async () => {
  await jobs.stop();
  await app.close();
  await db.close();
  process.exit(0);
});
