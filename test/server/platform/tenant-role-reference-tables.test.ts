import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/platform/db/database';
import { DATABASES, openTestDatabase } from '../support/test-app';

/**
 * The tenant role writes only tables that row-level security guards (migration 0085, server/platform/db/migrate.ts).
 * Every table without it, read from the catalogue so that a later table is tried too, is attacked from inside a
 * tenant transaction: INSERT, UPDATE, DELETE and TRUNCATE are refused for lack of privilege (SQLSTATE 42501) before any row
 * is looked at, while reading it still works.
 */
describe.each(DATABASES)('the tenant role on the reference tables on %s', (kind) => {
  let db: Database;
  let tables: { table: string; column: string }[];
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    tables = await db.query<{ table: string; column: string }>(
      `SELECT c.relname AS table,
              (SELECT a.attname FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
                ORDER BY a.attnum LIMIT 1) AS column
         FROM pg_class c
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relrowsecurity
        ORDER BY 1`,
    );
  });
  afterAll(async () => db?.close());

  /** The SQLSTATE a statement fails with as the tenant role of some workspace (null: it ran). */
  async function asTenant(sql: string): Promise<string | null> {
    try {
      await db.tenant(randomUUID(), (tx) => tx.query(sql));
      return null;
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  }

  it('finds the reference tables in the catalogue, workspaces and platform_admins among them', () => {
    expect(tables.map((t) => t.table)).toEqual(
      expect.arrayContaining(['workspaces', 'platform_admins', 'feature_flags', 'rate_limits']),
    );
  });

  it('refuses INSERT, UPDATE, DELETE and TRUNCATE on every one of them', async () => {
    const ran: string[] = [];
    for (const { table, column } of tables) {
      const attempts = {
        insert: `INSERT INTO "${table}" DEFAULT VALUES`,
        update: `UPDATE "${table}" SET "${column}" = "${column}"`,
        delete: `DELETE FROM "${table}"`,
        truncate: `TRUNCATE "${table}"`,
      };
      for (const [what, sql] of Object.entries(attempts)) {
        const code = await asTenant(sql);
        if (code !== '42501') ran.push(`${what} on ${table}: ${code ?? 'ran'}`);
      }
    }
    expect(ran).toEqual([]);
  });

  it('refuses TRUNCATE on every table row-level security guards too (TRUNCATE passes over the policies)', async () => {
    const guarded = await db.query<{ table: string }>(
      `SELECT c.relname AS table FROM pg_class c
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND c.relrowsecurity ORDER BY 1`,
    );
    expect(guarded.length).toBeGreaterThan(0);
    const ran: string[] = [];
    for (const { table } of guarded) {
      const code = await asTenant(`TRUNCATE "${table}" CASCADE`);
      if (code !== '42501') ran.push(`truncate on ${table}: ${code ?? 'ran'}`);
    }
    expect(ran).toEqual([]);
  });

  it('still lets the tenant role read them, and write a table row-level security guards', async () => {
    for (const { table } of tables) expect(await asTenant(`SELECT count(*) FROM "${table}"`), table).toBeNull();
    expect(await asTenant(`DELETE FROM users WHERE false`)).toBeNull();
  });

  it('leaves the owner role its writes (a platform admin’s work runs as the owner)', async () => {
    await db.system((tx) => tx.query(`UPDATE workspaces SET company_name = company_name WHERE false`));
  });
});
