import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Database } from './database';
import { TENANT_ROLE } from './database';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies every `migrations/NNNN_name.sql` not yet applied, each in its own transaction, in name order.
 * `until` stops after that file (a test builds an older schema, fills it, then migrates the rest).
 */
export async function migrate(db: Database, options: { until?: string } = {}): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const files = (await readdir(MIGRATIONS_DIR))
    .filter((f) => /^\d{4}_.+\.sql$/.test(f) && (options.until === undefined || f <= options.until))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    const sql = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    const done = await db.system(async (tx) => {
      // A migration may wait for another process's and may rewrite a large table: no statement timeout here.
      if (db.kind === 'postgres') await tx.query(`SET LOCAL statement_timeout = 0`);
      if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(20261123)');
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (seen.length > 0) return false;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      return true;
    });
    if (done) applied.push(file);
  }
  await grantTenantRole(db);
  return applied;
}

/**
 * The tenant role reads every table and writes only those row-level security guards (which rows, it decides). A
 * table without it is cross-tenant (a reference table): no INSERT, UPDATE or DELETE as the tenant role (migration 0085).
 */
async function grantTenantRole(db: Database): Promise<void> {
  await db.exec(`
    DO $$ BEGIN
      IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${TENANT_ROLE}') THEN
        CREATE ROLE ${TENANT_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS;
      END IF;
    END $$;
    GRANT USAGE ON SCHEMA public TO ${TENANT_ROLE};
    GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${TENANT_ROLE};
    DO $$
    DECLARE
      t regclass;
      guarded boolean;
    BEGIN
      FOR t, guarded IN
        SELECT c.oid::regclass, c.relrowsecurity FROM pg_class c
         WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
      LOOP
        IF guarded THEN
          EXECUTE format('GRANT INSERT, UPDATE, DELETE ON %s TO ${TENANT_ROLE}', t);
        ELSE
          EXECUTE format('REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON %s FROM ${TENANT_ROLE}', t);
        END IF;
      END LOOP;
    END $$;
    GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${TENANT_ROLE};
  `);
  const [me] = await db.query<{ super: boolean; name: string }>(
    `SELECT rolsuper AS super, current_user AS name FROM pg_roles WHERE rolname = current_user`,
  );
  if (me && !me.super) await db.exec(`GRANT ${TENANT_ROLE} TO "${me.name}"`);
}

/**
 * Splits a migration into statements on semicolons at line ends, keeping `$$ ... $$` bodies whole.
 * Migrations are ours, so this small rule is enough: one statement may span lines; end it with `;` + newline.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    if (/^\s*--/.test(line) && !inDollar) continue;
    current += line + '\n';
    const dollars = line.match(/\$\$/g)?.length ?? 0;
    if (dollars % 2 === 1) inDollar = !inDollar;
    if (!inDollar && /;\s*$/.test(line)) {
      statements.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}
