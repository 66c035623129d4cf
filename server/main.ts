import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { readConfig } from './config';
import { migrate } from './platform/db/migrate';
import { openDatabase } from './platform/db/open';
import { openFileStores } from './platform/stores';
import { checkEvidenceKeys } from './platform/evidence-key-check';
import { holdDataDir } from './platform/backup/backup';
import { loadSecret } from './platform/signed-urls';
import { Argon2PasswordHasher } from './platform/passwords';
import { OidcProviders } from './main/auth/oidc-providers';
import { HttpSmsGateway } from './platform/transports/http-sms-gateway';
import { DEMO_PASSWORD } from './seed/demo.seed';
import { DemoAccountsInProduction, demoSeedWanted, prepareDatabase } from './seed/first-start';
import { seedDemoFiles } from './seed/learning.seed';
import { JobQueue } from './platform/jobs';
import { JOB_FILES_MIGRATE } from './platform/file-jobs';
import { rewrapEvidenceKeys } from './platform/evidence-vault';
import { systemClock } from './platform/clock';

const config = readConfig();
let db = await openDatabase(config);
// The embedded database belongs to this process: `npm run backup` and `npm run restore` refuse while it runs.
const releaseDataDir = db.kind === 'pglite' ? await holdDataDir(config.dataDir) : async () => {};
const applied = await migrate(db);
const passwords = new Argon2PasswordHasher();
// Production never seeds the demo, and refuses to start while one of its accounts (public password) is in the database.
try {
  await prepareDatabase(db, passwords, { production: config.production, seed: false, mainHost: config.mainHost });
} catch (error) {
  if (!(error instanceof DemoAccountsInProduction)) throw error;
  console.error(error.message);
  await db.close();
  await releaseDataDir();
  process.exit(1);
}

// The demo seed runs in a process of its own, so that what it loads (pdfkit, the seed's data) is never in this one;
// PGlite keeps every page of WebAssembly memory its work ever touched, and migrating (hundreds of tables' catalog
// entries) touches more than serving does: a start that migrated reopens the embedded database, and the first
// instance's memory is returned (docs/architecture.md "Memory").
let seeded = false;
if (await demoSeedWanted(db, config)) {
  if (db.kind === 'pglite') await db.close();
  seeded = await seedInChild();
  if (db.kind === 'pglite') db = await openDatabase(config);
} else if (db.kind === 'pglite' && applied.length > 0) {
  await db.close();
  db = await openDatabase(config);
}

/**
 * server/seed/demo-seed.cli.ts in a child with this process's node flags (and loader, when run from the sources);
 * beside main.js in the server bundle (scripts/build-server.mjs).
 */
async function seedInChild(): Promise<boolean> {
  const script = fileURLToPath(
    import.meta.url.endsWith('.js')
      ? new URL('./demo-seed.js', import.meta.url)
      : new URL('./seed/demo-seed.cli.ts', import.meta.url),
  );
  const child = spawn(process.execPath, [...process.execArgv, script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`the demo seed failed (exit code ${code})`);
  return (JSON.parse(out.trim().split('\n').pop() ?? '{}') as { seeded?: boolean }).seeded === true;
}

// Mail and SMS go to the outbox unless a transport is configured (README, settings).
const deliveryLog = (message: string, error?: unknown) =>
  console.error(
    `${systemClock.now().toISOString()} ${message}: ${error instanceof Error ? error.message : String(error ?? '')}`,
  );
// nodemailer is loaded only when SMTP is configured.
const mail = config.smtp
  ? new (await import('./platform/transports/smtp-mailer')).SmtpMailer(config.smtp, deliveryLog)
  : undefined;
const sms = config.smsGateway ? new HttpSmsGateway(config.smsGateway, deliveryLog) : undefined;

// Files, signed URLs and the evidence vault (encrypted at rest: EVIDENCE_MASTER_KEY, required in production).
const { fileUrls, evidence } = await openFileStores({ dataDir: config.dataDir, s3: config.s3 });
// Stored evidence must be readable with the keys configured: a restore without its key files stops here, naming the key.
try {
  await checkEvidenceKeys(db, evidence.keyring);
} catch (error) {
  console.error(`${systemClock.now().toISOString()} ${error instanceof Error ? error.message : String(error)}`);
  await db.close();
  await releaseDataDir();
  process.exit(1);
}
// A rotated master key: every data key is rewrapped under it at start (the files are not touched).
const rewrapped = await rewrapEvidenceKeys(db, evidence);
if (rewrapped)
  console.error(
    `${systemClock.now().toISOString()} evidence: ${rewrapped} data key(s) rewrapped under master key ${evidence.keyring.current.id}`,
  );
// The demo video: a real file of the store, served by the signed download URL (server/seed/learning.seed.ts).
if (config.seed)
  await seedDemoFiles(
    db,
    fileUrls,
    existsSync(path.join(config.webRoot, 'media')) ? path.join(config.webRoot, 'media') : path.resolve('public/media'),
  );

// The job queue (pg-boss over this database): this process works it; several processes share it (docs/learning.md).
const jobs = new JobQueue(db, {
  work: true,
  pollingIntervalSeconds: 2,
  log: (line) => console.error(`${systemClock.now().toISOString()} ${line}`),
});

// Keys the reporters' address hashes; kept out of the database so a copy of it cannot recover an address (docs/case.md).
const intakeAddressKey = await loadSecret(
  config.dataDir,
  'intake-address.key',
  'INTAKE_ADDRESS_KEY',
  process.env.INTAKE_ADDRESS_KEY,
);

const app = await buildApp({
  db,
  intakeAddressKey,
  jobs,
  passwords,
  mail,
  sms,
  oidc: new OidcProviders(config.oidc),
  fileUrls,
  evidence,
  settings: {
    mainHost: config.mainHost,
    publicUrl: config.publicUrl,
    maxUploadBytes: config.maxUploadBytes,
    uploadLimits: config.uploadLimits,
    outboxPage: config.outboxPage,
    imports: config.imports,
    codeLockoutAfter: config.codeLockoutAfter,
    courseDetailsCacheBytes: config.courseCacheBytes,
    requestTimeoutMs: config.requestTimeoutMs,
    complaintsPerDay: config.complaintsPerDay,
    salesEmail: config.salesEmail,
    webhooks: { allowPrivate: config.webhooksAllowPrivate },
  },
  webRoot: config.webRoot,
  logger: { level: process.env.LOG_LEVEL ?? 'warn' },
});

// Before listening: on a fresh database pg-boss creates its schema, which holds PGlite's one connection for a while.
await jobs.start();
// Files stored before the vault and random keys are brought up to date in the background (resumable; file-jobs.ts).
await jobs.send(JOB_FILES_MIGRATE, {}, { singletonKey: 'files-migrate-at-start' });
await app.listen({ port: config.port, host: config.host });

const where = (host: string) => `http://${host}:${config.port}`;
console.log(
  [
    '',
    `Database: ${db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)'}` +
      (applied.length ? `, ${applied.length} migration(s) applied` : '') +
      (seeded ? ', demo data seeded' : ''),
    `Main site:       ${where(config.mainHost)}`,
    config.production
      ? ''
      : `Demo workspace:  ${where(`acme.${config.mainHost}`)}   (second workspace: ${where(`globex.${config.mainHost}`)})`,
    `API references:  ${where(config.mainHost)}/main-api/docs  /learning-api/docs  /case-api/docs`,
    config.s3 ? `Course files: S3 (${config.s3.url}, bucket ${config.s3.bucket})` : '',
    mail ? `Mail: SMTP (${new URL(config.smtp!.url).host})` : '',
    config.oidc.length ? `Sign-in with: ${config.oidc.map((p) => p.provider).join(', ')}` : '',
    sms ? `SMS: HTTP gateway (${new URL(config.smsGateway!.url).host})` : '',
    config.outboxPage && (!mail || !sms)
      ? `Outbox (${!mail && !sms ? 'mail and SMS are' : !mail ? 'mail is' : 'SMS is'} not sent; codes are here): ${where(config.mainHost)}/dev/outbox`
      : '',
    '',
    ...(config.production
      ? [
          'No demo accounts in production: create the first platform admin with `npm run create-platform-admin -- <email>`.',
          '',
        ]
      : [
          `Demo accounts (password ${DEMO_PASSWORD}):`,
          '  platform@demo.test   platform admin, on the main site',
          '  admin@acme.test      workspace admin      employer@acme.test   employer',
          '  buadmin@acme.test    business-unit admin  employee@acme.test   employee',
          "  priya.rao1@acme.test presiding officer of Acme's Internal Committee (three cases; README lists the rest)",
          '  admin@globex.test    Globex workspace admin  recipient@globex.test  its designated recipient (Canada)',
          '',
        ]),
  ].join('\n'),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await jobs.stop();
    await app.close();
    mail?.close();
    await db.close();
    await releaseDataDir();
    process.exit(0);
  });
}
