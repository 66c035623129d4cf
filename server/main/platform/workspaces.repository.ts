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

/** The workspace row, its headquarters and its admin as an invited person with an invitation; answers their ids. */
export async function insertWorkspace(
  tx: Sql,
  workspace: {
    slug: string;
    url: string;
    companyName: string;
    userLimit: number | null;
    contractExpiresOn: string | null;
    admin: { email: string; firstName: string; lastName: string };
    jurisdictionId: string | null;
  },
): Promise<{ workspaceId: string; adminId: string }> {
  const [created] = await tx.query<{ id: string }>(
    `INSERT INTO workspaces (slug, workspace_url, company_name, user_limit, contract_expires_on)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [workspace.slug, workspace.url, workspace.companyName, workspace.userLimit, workspace.contractExpiresOn],
  );
  const [hq] = await tx.query<{ id: string }>(
    `INSERT INTO branches (workspace_id, name, headquarter) VALUES ($1, $2, true) RETURNING id`,
    [created.id, `${workspace.companyName} Headquarters`],
  );
  const [admin] = await tx.query<{ id: string }>(
    `INSERT INTO users (workspace_id, email, first_name, last_name, role, status, branch_id)
     VALUES ($1, $2, $3, $4, 'WORKSPACE_ADMIN', 'INVITED', $5) RETURNING id`,
    [created.id, workspace.admin.email, workspace.admin.firstName, workspace.admin.lastName, hq.id],
  );
  await tx.query(`INSERT INTO invites (workspace_id, user_id, branch_id) VALUES ($1, $2, $3)`, [
    created.id,
    admin.id,
    hq.id,
  ]);
  if (workspace.jurisdictionId) {
    await tx.query(`INSERT INTO workspace_jurisdictions (workspace_id, jurisdiction_id) VALUES ($1, $2)`, [
      created.id,
      workspace.jurisdictionId,
    ]);
  }
  return { workspaceId: created.id, adminId: admin.id };
}

/**
 * Deletes the workspace. Users, business units, courses, workflows, invites and codes cascade from the workspace row.
 * Sessions, audit events, mail and the manual have no key to workspaces (their rows of the main site carry its nil id,
 * which is no workspace: migration 0016), so they go here, in the same transaction. So do courses and files, whose
 * catalogue rows carry that nil id too (migration 0032); a course goes before the files its cover names. Its own
 * policies (migration 0041) sit in the catalogue's tables, which have no key to workspaces.
 */
export async function deleteWorkspace(tx: Sql, workspaceId: string): Promise<void> {
  for (const table of ['courses', 'files', 'sessions', 'audit_events', 'outbox_messages', 'user_manuals']) {
    await tx.query(`DELETE FROM ${table} WHERE workspace_id = $1`, [workspaceId]);
  }
  await tx.query(`DELETE FROM workspaces WHERE id = $1`, [workspaceId]);
  await tx.query(`DELETE FROM catalogue_policies WHERE owner_workspace_id = $1`, [workspaceId]);
}

/** The workspace's new address; its sessions end (nobody keeps working on an address the customer gave up). */
export async function moveWorkspace(tx: Sql, workspaceId: string, url: string): Promise<void> {
  await tx.query(`UPDATE workspaces SET workspace_url = $2 WHERE id = $1`, [workspaceId, url]);
  await tx.query(`UPDATE sessions SET revoked_at = now() WHERE workspace_id = $1 AND revoked_at IS NULL`, [
    workspaceId,
  ]);
}

export async function setUserLimit(tx: Sql, workspaceId: string, userLimit: number | null): Promise<void> {
  await tx.query(`UPDATE workspaces SET user_limit = $2 WHERE id = $1`, [workspaceId, userLimit]);
}

export async function setContractExpiry(tx: Sql, workspaceId: string, expiresOn: string | null): Promise<void> {
  await tx.query(`UPDATE workspaces SET contract_expires_on = $2 WHERE id = $1`, [workspaceId, expiresOn]);
}

/** Writes the disabled modules; answers them as stored. */
export async function setDisabledModules(tx: Sql, workspaceId: string, disabled: readonly string[]): Promise<string[]> {
  await tx.query(`UPDATE workspaces SET disabled_modules = $2 WHERE id = $1`, [workspaceId, disabled]);
  const [row] = await tx.query<{ disabled_modules: string[] }>(
    `SELECT disabled_modules FROM workspaces WHERE id = $1`,
    [workspaceId],
  );
  return row.disabled_modules;
}
