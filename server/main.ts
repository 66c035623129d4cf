import path from 'node:path';
import { buildApp } from './app';
import { readConfig } from './config';
import { migrate } from './platform/db/migrate';
import { openDatabase } from './platform/db/open';
import { FolderFileStorage } from './platform/file-storage';
import { Argon2PasswordHasher } from './platform/passwords';
import { DEMO_PASSWORD, seedDemo } from './seed/demo.seed';

const config = readConfig();
const db = await openDatabase(config);
const applied = await migrate(db);
const passwords = new Argon2PasswordHasher();
const seeded = config.seed ? await seedDemo(db, passwords, config.mainHost) : false;

const app = await buildApp({
  db,
  passwords,
  files: new FolderFileStorage(path.join(config.dataDir, 'files')),
  settings: { mainHost: config.mainHost, maxUploadBytes: config.maxUploadBytes, outboxPage: config.outboxPage },
  webRoot: config.webRoot,
  logger: { level: process.env.LOG_LEVEL ?? 'warn' },
});

await app.listen({ port: config.port, host: config.host });

const where = (host: string) => `http://${host}:${config.port}`;
console.log(
  [
    '',
    `Database: ${db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/pglite` : 'PostgreSQL (DATABASE_URL)'}` +
      (applied.length ? `, ${applied.length} migration(s) applied` : '') +
      (seeded ? ', demo data seeded' : ''),
    `Main site:       ${where(config.mainHost)}`,
    `Demo workspace:  ${where(`acme.${config.mainHost}`)}   (second workspace: ${where(`globex.${config.mainHost}`)})`,
    `API references:  ${where(config.mainHost)}/main-api/docs  /learning-api/docs  /case-api/docs`,
    config.outboxPage ? `Outbox (mail and SMS are not sent; codes are here): ${where(config.mainHost)}/dev/outbox` : '',
    '',
    `Demo accounts (password ${DEMO_PASSWORD}):`,
    '  platform@demo.test   platform admin, on the main site',
    '  admin@acme.test      workspace admin      employer@acme.test   employer',
    '  buadmin@acme.test    business-unit admin  employee@acme.test   employee',
    '  admin@globex.test    Globex workspace admin',
    '',
  ].join('\n'),
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await db.close();
    process.exit(0);
  });
}
