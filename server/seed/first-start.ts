import { checkPassword, describePasswordProblem } from '../../src/domain/auth/password-policy';
import type { Database } from '../platform/db/database';
import type { PasswordHasher } from '../platform/passwords';
import type { DirectFileUrls } from '../platform/signed-files';
import { seedDemo } from './demo.seed';

/**
 * The domains of the demo's accounts (server/seed/demo.seed.ts). `.test` is reserved (RFC 2606): no real person has
 * an address there, so an account at one of these in a production database can only be the demo's, with its public
 * password.
 */
export const DEMO_DOMAINS = ['demo.test', 'acme.test', 'globex.test'] as const;

export class DemoAccountsInProduction extends Error {
  constructor(readonly accounts: string[]) {
    super(
      `This production database holds demo accounts (${accounts.slice(0, 5).join(', ')}${accounts.length > 5 ? ', ...' : ''}), ` +
        'whose password is public. The server will not start until they are removed: delete them (and the demo workspaces acme and globex, ' +
        'if they are there) or start from a fresh database, then create the first platform admin with `npm run create-platform-admin -- <email>`.',
    );
    this.name = 'DemoAccountsInProduction';
  }
}

/** The demo's accounts present in this database: platform admins and workspace users at a demo domain. */
export async function demoAccounts(db: Database): Promise<string[]> {
  return db.system(async (tx) => {
    const rows = await tx.query<{ email: string }>(
      `SELECT email FROM (
         SELECT 0 AS platform_first, email FROM platform_admins WHERE lower(split_part(email, '@', 2)) = ANY($1::text[])
         UNION ALL
         SELECT 1, email FROM users WHERE lower(split_part(email, '@', 2)) = ANY($1::text[])) AS demo
       ORDER BY platform_first, email LIMIT 50`,
      [DEMO_DOMAINS],
    );
    return rows.map((r) => r.email);
  });
}

/**
 * What a server does with its database before it serves: outside production, seeds the demo on first start (when
 * `seed`); in production, never seeds, and refuses to start while a demo account is there (its password is in the
 * README: anyone could sign in as a platform admin).
 */
export async function prepareDatabase(
  db: Database,
  passwords: PasswordHasher,
  settings: {
    production: boolean;
    seed: boolean;
    mainHost: string;
    socialSignIn?: readonly ('google' | 'microsoft')[];
    /** The file store the demo's policy documents go to (none: the demo has no policies). */
    files?: DirectFileUrls;
  },
): Promise<{ seeded: boolean }> {
  if (settings.production) {
    const found = await demoAccounts(db);
    if (found.length > 0) throw new DemoAccountsInProduction(found);
    return { seeded: false };
  }
  return {
    seeded: settings.seed
      ? await seedDemo(db, passwords, settings.mainHost, settings.socialSignIn, { files: settings.files })
      : false,
  };
}

/**
 * Whether this start seeds the demo: outside production, with `seed` on, on a database with no workspace yet (the
 * same test `seedDemo` makes). The server then seeds in a process of its own (server/seed/demo-seed.cli.ts).
 */
export async function demoSeedWanted(db: Database, settings: { production: boolean; seed: boolean }): Promise<boolean> {
  if (settings.production || !settings.seed) return false;
  const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM workspaces');
  return n === 0;
}

export type CreatePlatformAdminOutcome =
  | { ok: true; id: string }
  | { ok: false; reason: 'invalid-email' | 'exists' | 'demo-domain' | 'weak-password'; message: string };

/**
 * The first platform admin of a production server (`npm run create-platform-admin -- <email>`): the password is typed
 * (or piped) in, never taken from the command line or printed, and held to the password rules.
 */
export async function createPlatformAdmin(
  db: Database,
  passwords: PasswordHasher,
  input: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<CreatePlatformAdminOutcome> {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    return { ok: false, reason: 'invalid-email', message: `Not an email address: ${email}` };
  if ((DEMO_DOMAINS as readonly string[]).includes(email.split('@')[1]!)) {
    return { ok: false, reason: 'demo-domain', message: `${email} is at a demo domain; use a real address` };
  }
  const problem = checkPassword(input.password, { words: ['safeplace', email, input.firstName, input.lastName] });
  if (problem) return { ok: false, reason: 'weak-password', message: describePasswordProblem(problem) };
  const hash = await passwords.hash(input.password);
  const [row] = await db.system((tx) =>
    tx.query<{ id: string }>(
      `INSERT INTO platform_admins (email, password_hash, first_name, last_name) VALUES ($1, $2, $3, $4)
       ON CONFLICT (email) DO NOTHING RETURNING id`,
      [email, hash, input.firstName ?? 'Platform', input.lastName ?? 'Admin'],
    ),
  );
  return row
    ? { ok: true, id: row.id }
    : { ok: false, reason: 'exists', message: `${email} is already a platform admin` };
}
