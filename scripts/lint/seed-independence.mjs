// Server tests build their own data (test/server/support/factories.ts): a workspace per describe, its people, units,
// committees and cases, made through the API. A server test that signs in as one of the demo seed's accounts, or
// seeds the demo itself, breaks when the seed changes; so no test file under test/server names the seed's addresses
// (`@acme.test`, `@globex.test`, `@demo.test`) or calls `seedDemo`, except the tests of the seed itself and the files
// listed below with the reason each still needs it. The list only shrinks: a listed file that no longer names the seed
// fails too (take it off the list).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A seeded account's address, or a call of the demo seed. */
export const SEEDED = /@(?:acme|globex|demo)\.test(?![\w.-])|\bseedDemo\b/;

/** Files of test/server that may name the seed, with why (paths relative to the project's root, `/`-separated). */
export const ALLOWED = {
  // The tests of the seed itself: what it seeds is what they check.
  'test/server/seed/': 'the seed’s own tests',
  'test/server/complaints/demo-story.test.ts': 'the demo’s case story, checked as seeded',
  // Names an address only inside the SQL text it checks.
  'test/server/platform/schema-rules.test.ts': 'an address inside SQL text under test',
  // The run's template databases (seeded and not) and the server they start from.
  'test/server/support/': 'the test server and the seeded template',
  // Migration tests: they fill a database migrated only up to the migration under test, which the API of today cannot
  // write to; the seed is what writes a workspace with people and a workflow at that schema.
  'test/server/complaints/list-entry-migration.test.ts': 'fills a schema older than the API',
  'test/server/complaints/case-log-migration.test.ts': 'fills a schema older than the API',
  'test/server/complaints/case-log-redaction.test.ts': 'fills a schema older than the API',
  'test/server/complaints/action-mail-migration.test.ts': 'fills a schema older than the API',
  'test/server/platform/tenant-keys-migration.test.ts': 'fills a schema older than the API',
  'test/server/complaints/list-read-digest-migration.test.ts': 'fills a schema older than the API',
  // Still to move to factories.
  'test/server/organisation/organisation.test.ts': 'still to move to factories',
  'test/server/organisation/sign-in-methods.test.ts': 'still to move to factories',
  'test/server/imports/user-import.test.ts': 'still to move to factories',
  'test/server/imports/import-jobs.test.ts': 'still to move to factories',
  'test/server/platform/workspace-console.test.ts': 'still to move to factories',
  'test/server/platform/backup-restore.test.ts': 'still to move to factories',
  'test/server/platform/jobs-two-process.test.ts': 'still to move to factories',
  'test/server/platform/web-assets.test.ts': 'still to move to factories',
};

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (name.endsWith('.ts')) yield full;
  }
}

/** The problems of the project at `root`: files that name the seed without being allowed, and allowances not used. */
export function checkSeedIndependence(root, allowed = ALLOWED) {
  const problems = [];
  const used = new Set();
  for (const full of files(path.join(root, 'test/server'))) {
    const file = path.relative(root, full).split(path.sep).join('/');
    if (!SEEDED.test(readFileSync(full, 'utf8'))) continue;
    const allowance = Object.keys(allowed).find((key) => (key.endsWith('/') ? file.startsWith(key) : file === key));
    if (allowance) used.add(allowance);
    else
      problems.push(
        `${file}: names a demo seed account or calls seedDemo; build the test's data with test/server/support/factories.ts`,
      );
  }
  for (const key of Object.keys(allowed))
    if (!key.endsWith('/') && !used.has(key))
      problems.push(
        `${key}: no longer names the demo seed; take it off the list in scripts/lint/seed-independence.mjs`,
      );
  return problems;
}
