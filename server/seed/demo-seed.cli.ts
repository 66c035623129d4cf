// The demo seed of a first start, in a process of its own (server/main.ts runs this file when the database has no
// workspace yet and SEED is on): seeding loads what serving does not need (pdfkit for the demo manual and policies, the
// seed's data) and grows the embedded database's WebAssembly memory, and all of it is returned to the system when this
// process exits (docs/architecture.md "Memory"). Reads the same settings as the server; the server holds no
// connection to an embedded database while this runs. Prints one JSON line: `{"seeded": true|false}`.
import { readConfig } from '../config';
import { openDatabase } from '../platform/db/open';
import { Argon2PasswordHasher } from '../platform/passwords';
import { openFileStores } from '../platform/stores';
import { prepareDatabase } from './first-start';

const config = readConfig();
const db = await openDatabase(config);
// The store the server serves files from (DATA_DIR/files or S3): the demo's policy PDFs are written to it.
const { fileUrls } = await openFileStores({ dataDir: config.dataDir, s3: config.s3 });
try {
  const { seeded } = await prepareDatabase(db, new Argon2PasswordHasher(), {
    production: config.production,
    seed: config.seed,
    mainHost: config.mainHost,
    socialSignIn: config.oidc.map((p) => p.provider),
    files: fileUrls,
  });
  process.stdout.write(`${JSON.stringify({ seeded })}\n`);
} finally {
  await db.close();
}
