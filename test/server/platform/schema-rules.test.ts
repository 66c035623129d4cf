import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/platform/db/database';
import { DATABASES, openTestDatabase } from '../support/test-app';

/**
 * The schema's scale-out rules (docs/architecture.md, Data), read from the catalogue of the migrated database, so
 * every later table follows them. A tenant table is a table with a workspace_id column (the Citus distribution
 * column); every other table must be listed here as a reference table, with the reason it is cross-tenant.
 */
const REFERENCE_TABLES: Record<string, string> = {
  schema_migrations: 'the migrations applied: one list for the whole database',
  workspaces: 'the tenants themselves: every host is resolved against it before any workspace is known',
  platform_admins: 'the platform’s own staff, who belong to no workspace',
  feature_flags: 'the platform admin’s flags, one row per flag for every workspace',
  feature_flag_workspaces:
    'which workspaces a flag is on for: written by flag on the main site and read whole by every process’s gates; small (flags × workspaces)',
  rate_limits:
    'attempt counters keyed by a hash of an address or account, checked before any workspace or account is known (sign-in on the main site spans workspaces); short-lived rows, pruned',
  // The platform's catalogue (migration 0026): written by the platform admin, read by every workspace that publishes.
  jurisdictions: 'the catalogue’s jurisdictions, the same for every workspace',
  compliance_categories: 'the catalogue’s compliance categories, the same for every workspace',
  compliances: 'the catalogue’s obligations, the same for every workspace',
  compliance_policies: 'which catalogue policies meet a catalogue obligation',
  compliance_course_titles: 'which courses meet a catalogue obligation',
  catalogue_policies: 'the platform’s policies, published by any workspace',
  catalogue_policy_versions: 'the versions of the platform’s policies',
  catalogue_policy_documents: 'the PDFs of the platform’s policies, per version and language',
  catalogue_policy_reviews: 'the reviews of the platform’s policies',
  leads:
    'demo requests from the public site, made before any workspace exists and read only by the platform admin; closed to the tenant role by row-level security',
};

/** Tenant tables that may break a rule, each with its reason. Keep it short: the rules are the point. */
const EXCEPTIONS: {
  table: string;
  rule: 'primary key' | 'unique index' | 'foreign key' | 'row-level security';
  reason: string;
}[] = [];

const excused = (table: string, rule: string) => EXCEPTIONS.some((e) => e.table === table && e.rule === rule);

interface TableRow {
  table: string;
  rls: boolean;
  policies: number;
  workspace_not_null: boolean | null;
}

describe.each(DATABASES)('the schema’s scale-out rules on %s', (kind) => {
  let db: Database;
  let tenant: Set<string>;
  let tables: TableRow[];
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    tables = await db.query<TableRow>(
      `SELECT c.relname AS table, c.relrowsecurity AS rls,
              (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies,
              (SELECT a.attnotnull FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'workspace_id' AND NOT a.attisdropped) AS workspace_not_null
         FROM pg_class c
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
        ORDER BY 1`,
    );
    tenant = new Set(
      tables.filter((t) => t.workspace_not_null !== null && !(t.table in REFERENCE_TABLES)).map((t) => t.table),
    );
  });
  afterAll(async () => db?.close());

  it('knows every table: a tenant table has workspace_id, any other is a listed reference table', () => {
    const unknown = tables
      .filter((t) => t.workspace_not_null === null && !(t.table in REFERENCE_TABLES))
      .map((t) => t.table);
    expect(unknown, 'add workspace_id, or list the table in REFERENCE_TABLES with why it is cross-tenant').toEqual([]);
    expect(tenant.size).toBeGreaterThan(30);
    for (const listed of Object.keys(REFERENCE_TABLES)) expect(tables.map((t) => t.table)).toContain(listed);
  });

  it('gives every tenant row a workspace: workspace_id is NOT NULL (a distribution column holds no null)', () => {
    const nullable = tables.filter((t) => tenant.has(t.table) && !t.workspace_not_null).map((t) => t.table);
    expect(nullable).toEqual([]);
  });

  it('starts every tenant primary key with workspace_id', async () => {
    const keys = await db.query<{ table: string; first: string | null }>(
      `SELECT c.relname AS table,
              (SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
                WHERE i.indrelid = c.oid AND i.indisprimary) AS first
         FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')`,
    );
    const wrong = keys
      .filter((k) => tenant.has(k.table) && k.first !== 'workspace_id' && !excused(k.table, 'primary key'))
      .map((k) => `${k.table}: ${k.first === null ? 'no primary key' : `starts with ${k.first}`}`);
    expect(wrong).toEqual([]);
  });

  it('starts every unique index of a tenant table with workspace_id', async () => {
    const indexes = await db.query<{ table: string; index: string; definition: string; first: string | null }>(
      `SELECT t.relname AS table, x.relname AS index, pg_get_indexdef(i.indexrelid) AS definition, a.attname AS first
         FROM pg_index i
         JOIN pg_class t ON t.oid = i.indrelid
         JOIN pg_class x ON x.oid = i.indexrelid
         LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
        WHERE t.relnamespace = 'public'::regnamespace AND i.indisunique`,
    );
    const wrong = indexes
      .filter((i) => tenant.has(i.table) && i.first !== 'workspace_id' && !excused(i.table, 'unique index'))
      .map((i) => i.definition);
    expect(wrong).toEqual([]);
  });

  it('carries workspace_id in every foreign key between tenant tables, column to column', async () => {
    const keys = await db.query<{ table: string; name: string; target: string; pairs: string[]; definition: string }>(
      `SELECT c.conrelid::regclass::text AS table, c.conname AS name, c.confrelid::regclass::text AS target,
              pg_get_constraintdef(c.oid) AS definition,
              ARRAY(SELECT a.attname || '>' || b.attname
                      FROM unnest(c.conkey, c.confkey) AS k(src, dst)
                      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.src
                      JOIN pg_attribute b ON b.attrelid = c.confrelid AND b.attnum = k.dst) AS pairs
         FROM pg_constraint c
        WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace`,
    );
    const wrong = keys
      .filter(
        (k) =>
          tenant.has(k.table) &&
          tenant.has(k.target) &&
          !k.pairs.includes('workspace_id>workspace_id') &&
          !excused(k.table, 'foreign key'),
      )
      .map((k) => `${k.table}.${k.name}: ${k.definition}`);
    expect(wrong).toEqual([]);
    // Sanity: the rule looked at real keys (departments -> branches, users -> departments, ...).
    expect(keys.filter((k) => tenant.has(k.table) && tenant.has(k.target)).length).toBeGreaterThan(20);
  });

  it('guards every tenant table with row-level security and a policy', () => {
    const open = tables
      .filter((t) => tenant.has(t.table) && (!t.rls || t.policies === 0) && !excused(t.table, 'row-level security'))
      .map((t) => t.table);
    expect(open).toEqual([]);
  });

  it('has the lower(email) index the cross-workspace sign-in lookups use', async () => {
    const [found] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'users' AND indexdef LIKE '%USING btree (lower(email))%'`,
    );
    expect(found.n).toBe(1);
    // The main site's lookups (server/main/auth/sign-in.service.ts, auth.routes.ts "find your workspace") filter on
    // the same expression, so the planner can use it rather than read every workspace's users.
    const plans = await db.system(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const plan = async (sql: string) =>
        (await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`)).map((r) => r['QUERY PLAN']).join('\n');
      return [
        await plan(
          `SELECT password_hash FROM users WHERE lower(email) = 'ann@acme.test' AND password_hash IS NOT NULL AND status <> 'INACTIVE' AND email_confirmed LIMIT 20`,
        ),
        await plan(
          `SELECT w.company_name FROM users u JOIN workspaces w ON w.id = u.workspace_id WHERE lower(u.email) = 'ann@acme.test' AND u.status <> 'INACTIVE' AND w.active`,
        ),
      ];
    });
    for (const plan of plans) expect(plan).toContain('users_email_lookup_idx');
  });
});
