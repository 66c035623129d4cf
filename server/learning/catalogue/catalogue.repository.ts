import type { Compliance, ComplianceCategory, Jurisdiction } from '../../../src/contracts/learning/catalogue.contract';
import { reviewLimitYears } from '../../../src/domain/compliance/compliance-rules';
import type { Sql } from '../../platform/db/database';
import { instantText } from '../../../src/domain/shared/date-time';

/**
 * The platform's catalogue tables (reference tables, migration 0026): jurisdictions, compliance categories and
 * compliances. Written only by the platform admin's calls (as the owner), read by every workspace.
 */

interface JurisdictionRow {
  id: string;
  code: string;
  name: string;
  country: string;
  parent_id: string | null;
}

const toJurisdiction = (row: JurisdictionRow): Jurisdiction => ({
  id: row.id,
  code: row.code,
  name: row.name,
  country: row.country,
  parentId: row.parent_id,
  reviewLimitYears: reviewLimitYears(row.country),
});

export async function jurisdictions(tx: Sql): Promise<Jurisdiction[]> {
  // Countries first, each followed by its subdivisions by name.
  const rows = await tx.query<JurisdictionRow>(
    `SELECT j.id, j.code, j.name, j.country, j.parent_id
       FROM jurisdictions j LEFT JOIN jurisdictions p ON p.id = j.parent_id
      ORDER BY coalesce(p.name, j.name), j.parent_id IS NOT NULL, j.name`,
  );
  return rows.map(toJurisdiction);
}

export async function findJurisdiction(tx: Sql, id: string): Promise<Jurisdiction | null> {
  const [row] = await tx.query<JurisdictionRow>(
    `SELECT id, code, name, country, parent_id FROM jurisdictions WHERE id = $1`,
    [id],
  );
  return row ? toJurisdiction(row) : null;
}

export async function insertJurisdiction(
  tx: Sql,
  input: { code: string; name: string; country: string; parentId: string | null },
): Promise<Jurisdiction | null> {
  const [row] = await tx.query<JurisdictionRow>(
    `INSERT INTO jurisdictions (code, name, country, parent_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (code) DO NOTHING RETURNING id, code, name, country, parent_id`,
    [input.code, input.name, input.country, input.parentId],
  );
  return row ? toJurisdiction(row) : null;
}

export async function renameJurisdiction(tx: Sql, id: string, name: string): Promise<Jurisdiction | null> {
  const [row] = await tx.query<JurisdictionRow>(
    `UPDATE jurisdictions SET name = $2 WHERE id = $1 RETURNING id, code, name, country, parent_id`,
    [id, name],
  );
  return row ? toJurisdiction(row) : null;
}

/** What still names a jurisdiction (a delete is refused while anything does). */
export async function jurisdictionUses(
  tx: Sql,
  id: string,
): Promise<{ children: number; compliances: number; policies: number }> {
  const [row] = await tx.query<{ children: number; compliances: number; policies: number }>(
    `SELECT (SELECT count(*)::int FROM jurisdictions WHERE parent_id = $1) AS children,
            (SELECT count(*)::int FROM compliances WHERE jurisdiction_id = $1) AS compliances,
            (SELECT count(*)::int FROM catalogue_policies WHERE jurisdiction_id = $1) AS policies`,
    [id],
  );
  return row;
}

export async function deleteJurisdiction(tx: Sql, id: string): Promise<boolean> {
  return (await tx.query(`DELETE FROM jurisdictions WHERE id = $1 RETURNING id`, [id])).length > 0;
}

// ---------------------------------------------------------------- categories

interface CategoryRow {
  id: string;
  name: string;
  created_at: Date | string;
  compliance_count: number;
}

const CATEGORY_COLUMNS = `c.id, c.name, c.created_at, (SELECT count(*)::int FROM compliances m WHERE m.category_id = c.id) AS compliance_count`;
const toCategory = (row: CategoryRow): ComplianceCategory => ({
  id: row.id,
  name: row.name,
  createdAt: instantText(row.created_at),
  complianceCount: row.compliance_count,
});

export async function categories(
  tx: Sql,
  page: number,
  pageSize: number,
): Promise<{ items: ComplianceCategory[]; total: number }> {
  const rows = await tx.query<CategoryRow>(
    `SELECT ${CATEGORY_COLUMNS} FROM compliance_categories c ORDER BY c.created_at, c.id LIMIT $1 OFFSET $2`,
    [pageSize, page * pageSize],
  );
  const [{ n }] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM compliance_categories`);
  return { items: rows.map(toCategory), total: n };
}

export async function findCategory(tx: Sql, id: string): Promise<ComplianceCategory | null> {
  const [row] = await tx.query<CategoryRow>(`SELECT ${CATEGORY_COLUMNS} FROM compliance_categories c WHERE c.id = $1`, [
    id,
  ]);
  return row ? toCategory(row) : null;
}

/** null when the name is taken (names are unique whatever their case). */
export async function insertCategory(tx: Sql, name: string): Promise<string | null> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO compliance_categories (name) VALUES ($1) ON CONFLICT (lower(name)) DO NOTHING RETURNING id`,
    [name],
  );
  return row?.id ?? null;
}

export async function categoryNameTaken(tx: Sql, name: string, exceptId: string): Promise<boolean> {
  return (
    (await tx.query(`SELECT 1 FROM compliance_categories WHERE lower(name) = lower($1) AND id <> $2`, [name, exceptId]))
      .length > 0
  );
}

export async function renameCategory(tx: Sql, id: string, name: string): Promise<boolean> {
  return (
    (await tx.query(`UPDATE compliance_categories SET name = $2 WHERE id = $1 RETURNING id`, [id, name])).length > 0
  );
}

export async function deleteCategory(tx: Sql, id: string): Promise<boolean> {
  return (await tx.query(`DELETE FROM compliance_categories WHERE id = $1 RETURNING id`, [id])).length > 0;
}

// ---------------------------------------------------------------- compliances

interface ComplianceRow {
  id: string;
  title: string;
  description: string;
  kind: Compliance['kind'];
  created_at: Date | string;
  j_id: string;
  j_code: string;
  j_name: string;
  c_id: string | null;
  c_name: string | null;
  policies: { id: string; title: string }[] | null;
  course_titles: string[] | null;
}

const COMPLIANCE_SELECT = `
  SELECT m.id, m.title, m.description, m.kind, m.created_at, j.id AS j_id, j.code AS j_code, j.name AS j_name,
         c.id AS c_id, c.name AS c_name,
         (SELECT coalesce(json_agg(json_build_object('id', p.id, 'title', p.title) ORDER BY p.title), '[]'::json)
            FROM compliance_policies cp JOIN catalogue_policies p ON p.id = cp.policy_id WHERE cp.compliance_id = m.id) AS policies,
         (SELECT coalesce(json_agg(t.title ORDER BY t.title), '[]'::json) FROM compliance_course_titles t WHERE t.compliance_id = m.id) AS course_titles
    FROM compliances m JOIN jurisdictions j ON j.id = m.jurisdiction_id LEFT JOIN compliance_categories c ON c.id = m.category_id`;

const toCompliance = (row: ComplianceRow): Compliance => ({
  id: row.id,
  title: row.title,
  description: row.description,
  kind: row.kind,
  jurisdiction: { id: row.j_id, code: row.j_code, name: row.j_name },
  category: row.c_id ? { id: row.c_id, name: row.c_name ?? '' } : null,
  policies: row.policies ?? [],
  courseTitles: row.course_titles ?? [],
  createdAt: instantText(row.created_at),
});

export async function compliances(
  tx: Sql,
  filter: { jurisdictionId?: string; categoryId?: string; search?: string },
  page: number,
  pageSize: number,
): Promise<{ items: Compliance[]; total: number }> {
  const where = `($1::uuid IS NULL OR m.jurisdiction_id = $1) AND ($2::uuid IS NULL OR m.category_id = $2)
     AND ($3::text IS NULL OR m.title ILIKE '%' || $3 || '%')`;
  const params = [filter.jurisdictionId ?? null, filter.categoryId ?? null, filter.search || null];
  const rows = await tx.query<ComplianceRow>(
    `${COMPLIANCE_SELECT} WHERE ${where} ORDER BY m.created_at DESC, m.id LIMIT $4 OFFSET $5`,
    [...params, pageSize, page * pageSize],
  );
  const [{ n }] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM compliances m WHERE ${where}`, params);
  return { items: rows.map(toCompliance), total: n };
}

export async function findCompliance(tx: Sql, id: string): Promise<Compliance | null> {
  const [row] = await tx.query<ComplianceRow>(`${COMPLIANCE_SELECT} WHERE m.id = $1`, [id]);
  return row ? toCompliance(row) : null;
}

export interface ComplianceInput {
  jurisdictionId: string;
  categoryId: string | null;
  title: string;
  description: string;
  kind: Compliance['kind'];
  policyIds: string[];
  courseTitles: string[];
}

export async function saveCompliance(tx: Sql, id: string | null, input: ComplianceInput): Promise<string | null> {
  const [row] = id
    ? await tx.query<{ id: string }>(
        `UPDATE compliances SET jurisdiction_id = $2, category_id = $3, title = $4, description = $5, kind = $6 WHERE id = $1 RETURNING id`,
        [id, input.jurisdictionId, input.categoryId, input.title, input.description, input.kind],
      )
    : await tx.query<{ id: string }>(
        `INSERT INTO compliances (jurisdiction_id, category_id, title, description, kind) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [input.jurisdictionId, input.categoryId, input.title, input.description, input.kind],
      );
  if (!row) return null;
  await tx.query(`DELETE FROM compliance_policies WHERE compliance_id = $1`, [row.id]);
  await tx.query(
    `INSERT INTO compliance_policies (compliance_id, policy_id) SELECT $1, p FROM unnest($2::uuid[]) AS p ON CONFLICT DO NOTHING`,
    [row.id, input.policyIds],
  );
  await tx.query(`DELETE FROM compliance_course_titles WHERE compliance_id = $1`, [row.id]);
  await tx.query(
    `INSERT INTO compliance_course_titles (compliance_id, title) SELECT $1, t FROM unnest($2::text[]) AS t ON CONFLICT DO NOTHING`,
    [row.id, input.courseTitles],
  );
  return row.id;
}

export async function deleteCompliance(tx: Sql, id: string): Promise<boolean> {
  return (await tx.query(`DELETE FROM compliances WHERE id = $1 RETURNING id`, [id])).length > 0;
}

/** The ids among `ids` that are no catalogue policy. */
export async function unknownPolicies(tx: Sql, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx.query<{ id: string }>(
    `SELECT p AS id FROM unnest($1::uuid[]) AS p WHERE NOT EXISTS (SELECT 1 FROM catalogue_policies c WHERE c.id = p AND c.owner_workspace_id IS NULL)`,
    [ids],
  );
  return rows.map((r) => r.id);
}
