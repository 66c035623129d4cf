import type { AllowListEntry } from '../../../src/contracts/main/allow-list.contract';
import { allowedBy, type AllowListEntryValue } from '../../../src/domain/platform/allow-list';
import type { Sql } from '../../platform/db/database';
import { instantText } from '../../../src/domain/shared/date-time';

interface EntryRow {
  id: string;
  workspace_id: string;
  entry: string;
  kind: 'EMAIL' | 'DOMAIN';
  created_at: Date | string;
}

const toEntry = (r: EntryRow): AllowListEntry => ({
  entryId: r.id,
  workspaceId: r.workspace_id,
  entry: r.entry,
  kind: r.kind,
  createdAt: instantText(r.created_at),
});

/**
 * Whether an address may sign up to a workspace: it is listed, or its domain is. For the sign-up feature;
 * call it inside the workspace's tenant transaction.
 */
export async function isAllowedToSignUp(tx: Sql, workspaceId: string, email: string): Promise<boolean> {
  const value = email.trim().toLowerCase();
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const rows = await tx.query<{ entry: string }>(
    'SELECT entry FROM signup_allow_list WHERE workspace_id = $1 AND entry = ANY($2::text[])',
    [workspaceId, [value, value.slice(at)]],
  );
  return allowedBy(
    rows.map((r) => r.entry),
    value,
  );
}

/** Adds entries (by a platform admin, or by a workspace admin: `byUser`); those already listed are left as they are. Returns the rows added. */
export async function addEntries(
  tx: Sql,
  workspaceId: string,
  entries: readonly AllowListEntryValue[],
  by: string | null,
  byUser: string | null = null,
): Promise<AllowListEntry[]> {
  if (entries.length === 0) return [];
  const rows = await tx.query<EntryRow>(
    `INSERT INTO signup_allow_list (workspace_id, entry, kind, added_by_platform_admin, added_by_user)
     SELECT $1, t.entry, t.kind, $4, $5 FROM unnest($2::text[], $3::text[]) AS t(entry, kind)
     ON CONFLICT (workspace_id, entry) DO NOTHING
     RETURNING id, workspace_id, entry, kind, created_at`,
    [workspaceId, entries.map((e) => e.entry), entries.map((e) => e.kind), by, byUser],
  );
  return rows.map(toEntry);
}

export async function listEntries(
  tx: Sql,
  workspaceId: string,
  page: { page: number; pageSize: number; q?: string },
): Promise<{ items: AllowListEntry[]; total: number }> {
  const q = page.q ? `%${page.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const [count] = await tx.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM signup_allow_list WHERE workspace_id = $1 AND ($2::text IS NULL OR entry LIKE $2)',
    [workspaceId, q],
  );
  const rows = await tx.query<EntryRow>(
    `SELECT id, workspace_id, entry, kind, created_at FROM signup_allow_list
      WHERE workspace_id = $1 AND ($2::text IS NULL OR entry LIKE $2)
      ORDER BY created_at DESC, entry LIMIT $3 OFFSET $4`,
    [workspaceId, q, page.pageSize, page.page * page.pageSize],
  );
  return { items: rows.map(toEntry), total: Number(count.n) };
}

/** Removes one entry of this workspace; returns it, or null when the pair does not exist. */
export async function removeEntry(tx: Sql, workspaceId: string, entryId: string): Promise<AllowListEntry | null> {
  const [row] = await tx.query<EntryRow>(
    'DELETE FROM signup_allow_list WHERE workspace_id = $1 AND id = $2 RETURNING id, workspace_id, entry, kind, created_at',
    [workspaceId, entryId],
  );
  return row ? toEntry(row) : null;
}
