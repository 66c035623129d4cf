import type { WorkspaceDetails, WorkspaceListItem } from '../../../src/contracts/main/platform-workspaces.contract';
import { modulesFrom } from '../../../src/domain/platform/workspace-modules';
import type { Sql } from '../../platform/db/database';

/**
 * The platform admin's reads and writes of workspaces. Cross-tenant by nature, so they run in `db.system`
 * (architecture.md, Tenancy); each names the workspace by id.
 */
interface ListRow {
  id: string;
  company_name: string;
  workspace_url: string;
  user_limit: number | null;
  contract_expires_on: string | null;
  created_at: Date | string;
  user_count: number;
}

const LIST_COLUMNS = `w.id, w.company_name, w.workspace_url, w.user_limit, w.contract_expires_on::text, w.created_at,
  (SELECT count(*)::int FROM users u WHERE u.workspace_id = w.id) AS user_count`;

function listItem(row: ListRow): WorkspaceListItem {
  return {
    workspaceId: row.id,
    companyName: row.company_name,
    workspaceUrl: row.workspace_url,
    userCount: row.user_count,
    userLimit: row.user_limit,
    contractExpiresOn: row.contract_expires_on,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** `50%_off` -> `%50\%\_off%`: the text is matched literally, anywhere in the value. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
}

export async function listWorkspaces(
  tx: Sql,
  options: { page: number; pageSize: number; search?: string; searchUrl?: boolean },
): Promise<{ items: WorkspaceListItem[]; total: number }> {
  const pattern = options.search ? containsPattern(options.search) : null;
  const where = `($1::text IS NULL OR lower(w.company_name) LIKE $1 OR ($2 AND w.workspace_url LIKE $1))`;
  const searchUrl = options.searchUrl ?? true;
  const rows = await tx.query<ListRow>(
    `SELECT ${LIST_COLUMNS} FROM workspaces w WHERE ${where} ORDER BY lower(w.company_name), w.id LIMIT $3 OFFSET $4`,
    [pattern, searchUrl, options.pageSize, options.page * options.pageSize],
  );
  const [count] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM workspaces w WHERE ${where}`, [
    pattern,
    searchUrl,
  ]);
  return { items: rows.map(listItem), total: count.n };
}

export async function workspaceDetails(tx: Sql, id: string): Promise<WorkspaceDetails | null> {
  const [row] = await tx.query<ListRow & { disabled_modules: string[]; invited_count: number; hq: string | null }>(
    `SELECT ${LIST_COLUMNS}, w.disabled_modules,
            (SELECT count(*)::int FROM users u WHERE u.workspace_id = w.id AND u.status = 'INVITED') AS invited_count,
            (SELECT b.name FROM branches b WHERE b.workspace_id = w.id AND b.headquarter) AS hq
       FROM workspaces w WHERE w.id = $1`,
    [id],
  );
  if (!row) return null;
  return {
    ...listItem(row),
    modules: modulesFrom(row.disabled_modules),
    invitedCount: row.invited_count,
    headquarterName: row.hq,
  };
}

/** The host's first label, or that with the first free number after it (`initech`, `initech-2`, ...). */
export async function freeSlug(tx: Sql, base: string): Promise<string> {
  const rows = await tx.query<{ slug: string }>(`SELECT slug FROM workspaces WHERE slug = $1 OR slug LIKE $2`, [
    base,
    `${base}-%`,
  ]);
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export async function workspaceAtUrl(tx: Sql, url: string): Promise<{ id: string; company_name: string } | null> {
  const [row] = await tx.query<{ id: string; company_name: string }>(
    `SELECT id, company_name FROM workspaces WHERE workspace_url = $1`,
    [url],
  );
  return row ?? null;
}

/** A jurisdiction of the catalogue by its ISO code (IN, IN-KA, CA-FED, ...). */
export async function jurisdictionByCode(tx: Sql, code: string): Promise<{ id: string; code: string } | null> {
  const [row] = await tx.query<{ id: string; code: string }>(`SELECT id, code FROM jurisdictions WHERE code = $1`, [
    code,
  ]);
  return row ?? null;
}
