import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config';
import type { Database } from '../../../server/platform/db/database';
import { migrate } from '../../../server/platform/db/migrate';
import { seedDemo } from '../../../server/seed/demo.seed';
import {
  createPlatformAdmin,
  DemoAccountsInProduction,
  demoAccounts,
  prepareDatabase,
} from '../../../server/seed/first-start';
import { DATABASES, openEmptyDatabase, startTestServer, testPasswords } from '../support/test-app';

describe('the production setting', () => {
  it('turns the demo seed off whatever SEED says, and refuses SEED=1 outright', () => {
    expect(readConfig({}).seed).toBe(true);
    expect(readConfig({ NODE_ENV: 'production' }).seed).toBe(false);
    expect(readConfig({ NODE_ENV: 'production' }).production).toBe(true);
    expect(() => readConfig({ NODE_ENV: 'production', SEED: '1' })).toThrow(
      'SEED=1 cannot be used with NODE_ENV=production',
    );
  });
});

describe.each(DATABASES)('a production first start on %s', (kind) => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  async function freshDatabase(): Promise<Database> {
    db = await openEmptyDatabase(kind);
    await migrate(db);
    return db;
  }

  it('creates no demo account: the public demo password signs nobody in', async () => {
    const fresh = await freshDatabase();
    const config = readConfig({ NODE_ENV: 'production' });
    expect(
      await prepareDatabase(fresh, testPasswords, {
        production: config.production,
        seed: config.seed,
        mainHost: 'localhost',
      }),
    ).toEqual({ seeded: false });
    expect(await demoAccounts(fresh)).toEqual([]);
    const [{ n }] = await fresh.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM platform_admins) + (SELECT count(*) FROM workspaces) AS n',
    );
    expect(Number(n)).toBe(0);
  });

  it('refuses to start while a demo account is in the database, and says which and what to do', async () => {
    const fresh = await freshDatabase();
    await seedDemo(fresh, testPasswords, 'localhost', [], { learning: false });
    const refused = await prepareDatabase(fresh, testPasswords, {
      production: true,
      seed: false,
      mainHost: 'localhost',
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DemoAccountsInProduction);
    expect((refused as Error).message).toContain('platform@demo.test');
    expect((refused as Error).message).toContain('npm run create-platform-admin');
    // Only the demo's platform admin left (the workspaces removed by hand): still refused.
    await fresh.system((tx) => tx.query(`DELETE FROM platform_admins WHERE email <> 'platform@demo.test'`));
    expect(await demoAccounts(fresh)).toContain('platform@demo.test');
  });

  it('creates the first platform admin from the setup command, who signs in; a weak password or a demo domain is refused', async () => {
    const fresh = await freshDatabase();
    expect(
      await createPlatformAdmin(fresh, testPasswords, { email: 'ops@example.com', password: 'password' }),
    ).toMatchObject({ ok: false, reason: 'weak-password' });
    expect(
      await createPlatformAdmin(fresh, testPasswords, {
        email: 'root@demo.test',
        password: 'a long and unusual passphrase',
      }),
    ).toMatchObject({ ok: false, reason: 'demo-domain' });
    expect(
      await createPlatformAdmin(fresh, testPasswords, {
        email: 'Ops@Example.com',
        password: 'a long and unusual passphrase',
      }),
    ).toMatchObject({ ok: true });
    expect(
      await createPlatformAdmin(fresh, testPasswords, {
        email: 'ops@example.com',
        password: 'another long passphrase here',
      }),
    ).toMatchObject({ ok: false, reason: 'exists' });
    // The production start goes on with it.
    expect(
      await prepareDatabase(fresh, testPasswords, { production: true, seed: false, mainHost: 'localhost' }),
    ).toEqual({ seeded: false });
  });
});

describe.each(DATABASES)('a server started from a production database on %s', (kind) => {
  it('the new platform admin signs in on the main site', async () => {
    const server = await startTestServer(kind);
    try {
      await createPlatformAdmin(server.db, testPasswords, {
        email: 'ops@example.com',
        password: 'a long and unusual passphrase',
      });
      expect(await server.signIn('localhost', 'ops@example.com', 'a long and unusual passphrase')).toBeTruthy();
    } finally {
      await server.close();
    }
  });
});
