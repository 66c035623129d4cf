import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkSeedIndependence } from '../../scripts/lint/seed-independence.mjs';

// Server tests build their own data: the rule refuses a test that names the demo seed's accounts or seeds the demo,
// outside the seed's own tests and the files listed with a reason (scripts/lint/seed-independence.mjs).

let root: string | null = null;

function tree(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), 'seed-independence-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = null;
});

const SIGNS_IN_AS_SEED = `const token = await server.signIn('acme.localhost', 'admin@acme.test');\n`;
const BUILDS_ITS_OWN = `const ws = await buildWorkspace(server);\nconst user = await buildUser(server, ws);\n`;

describe('the seed-independence rule of the server tests', () => {
  it('refuses a server test that signs in as a seeded account, of any seeded workspace or the platform', () => {
    const dir = tree({
      'test/server/a/one.test.ts': SIGNS_IN_AS_SEED,
      'test/server/a/two.test.ts': `await server.signIn('globex.localhost', 'admin@globex.test');\n`,
      'test/server/b/three.test.ts': `await server.signIn('localhost', 'platform@demo.test');\n`,
    });
    expect(checkSeedIndependence(dir, {})).toEqual([
      expect.stringMatching(/^test\/server\/a\/one\.test\.ts: names a demo seed account/),
      expect.stringMatching(/^test\/server\/a\/two\.test\.ts: /),
      expect.stringMatching(/^test\/server\/b\/three\.test\.ts: /),
    ]);
  });

  it('refuses a server test that seeds the demo itself', () => {
    const dir = tree({ 'test/server/x.test.ts': `await seedDemo(db, testPasswords, 'localhost');\n` });
    expect(checkSeedIndependence(dir, {})).toEqual([expect.stringMatching(/^test\/server\/x\.test\.ts: /)]);
  });

  it('lets a test that builds its own data pass, and the seed’s own tests name the seed', () => {
    const dir = tree({
      'test/server/a/own.test.ts': BUILDS_ITS_OWN,
      'test/server/seed/demo.test.ts': SIGNS_IN_AS_SEED,
      // A look-alike address of another domain is not the seed's.
      'test/server/a/other.test.ts': `const email = 'admin@acme.test.example';\nconst b = 'x@acme-new.test';\n`,
    });
    expect(checkSeedIndependence(dir, { 'test/server/seed/': 'the seed’s own tests' })).toEqual([]);
  });

  it('refuses an allowance that is no longer used: the list only shrinks', () => {
    const dir = tree({ 'test/server/a/own.test.ts': BUILDS_ITS_OWN });
    expect(checkSeedIndependence(dir, { 'test/server/a/own.test.ts': 'still to move' })).toEqual([
      expect.stringMatching(/^test\/server\/a\/own\.test\.ts: no longer names the demo seed/),
    ]);
  });

  it('holds for the project’s own server tests', () => {
    expect(checkSeedIndependence(process.cwd())).toEqual([]);
  });
});
