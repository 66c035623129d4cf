import type { FeatureFlag } from '../../../src/contracts/main/flags.contract';
import type { Sql } from '../../platform/db/database';

interface FlagRow {
  key: string;
  value: string;
  urls: string[];
}

const FLAGS_SQL = `
  SELECT f.key, f.value,
         coalesce(array_agg(w.workspace_url ORDER BY w.workspace_url) FILTER (WHERE w.id IS NOT NULL), '{}') AS urls
    FROM feature_flags f
    LEFT JOIN feature_flag_workspaces fw ON fw.flag_key = f.key
    LEFT JOIN workspaces w ON w.id = fw.workspace_id
   WHERE $1::text IS NULL OR f.key = $1
   GROUP BY f.key, f.value ORDER BY f.key`;

function toFlag(row: FlagRow, visible: (url: string) => boolean): FeatureFlag {
  return {
    key: row.key,
    value: row.value,
    enabledWorkspaces: row.urls.filter(visible).map((workspaceUrl) => ({ workspaceUrl })),
  };
}

/** Every flag, each with the workspaces `visible` lets the caller see. */
export async function listFlags(tx: Sql, visible: (url: string) => boolean): Promise<FeatureFlag[]> {
  const rows = await tx.query<FlagRow>(FLAGS_SQL, [null]);
  return rows.map((row) => toFlag(row, visible));
}

/** One flag with all its workspaces (for the platform admin), or null. */
export async function readFlag(tx: Sql, key: string): Promise<FeatureFlag | null> {
  const [row] = await tx.query<FlagRow>(FLAGS_SQL, [key]);
  return row ? toFlag(row, () => true) : null;
}

/** Locks the flag's row for the rest of the transaction; its value, or null when there is no such flag. */
export async function lockFlag(tx: Sql, key: string): Promise<{ value: string } | null> {
  const [row] = await tx.query<{ value: string }>('SELECT value FROM feature_flags WHERE key = $1 FOR UPDATE', [key]);
  return row ?? null;
}

/** True when created, false when the key exists already. */
export async function insertFlag(tx: Sql, key: string, value: string): Promise<boolean> {
  const created = await tx.query<{ key: string }>(
    'INSERT INTO feature_flags (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key',
    [key, value],
  );
  return created.length > 0;
}

export async function updateFlagValue(tx: Sql, key: string, value: string): Promise<void> {
  await tx.query('UPDATE feature_flags SET value = $2, updated_at = now() WHERE key = $1', [key, value]);
}

/** The workspaces among `urls` that exist, by address. */
export async function workspacesByUrl(tx: Sql, urls: string[]): Promise<{ id: string; workspace_url: string }[]> {
  return tx.query<{ id: string; workspace_url: string }>(
    'SELECT id, workspace_url FROM workspaces WHERE workspace_url = ANY($1::text[])',
    [urls],
  );
}

/** Replaces the flag's workspaces; answers the ids it was on for before. */
export async function replaceFlagWorkspaces(tx: Sql, key: string, workspaceIds: string[]): Promise<string[]> {
  const before = await tx.query<{ workspace_id: string }>(
    'SELECT workspace_id FROM feature_flag_workspaces WHERE flag_key = $1',
    [key],
  );
  await tx.query('DELETE FROM feature_flag_workspaces WHERE flag_key = $1', [key]);
  await tx.query('INSERT INTO feature_flag_workspaces (flag_key, workspace_id) SELECT $1, unnest($2::uuid[])', [
    key,
    workspaceIds,
  ]);
  await tx.query('UPDATE feature_flags SET updated_at = now() WHERE key = $1', [key]);
  return before.map((r) => r.workspace_id);
}

/** Deletes the flag (its workspace list goes with it: ON DELETE CASCADE); answers the ids it was on for. */
export async function deleteFlag(tx: Sql, key: string): Promise<string[]> {
  const before = await tx.query<{ workspace_id: string }>(
    'SELECT workspace_id FROM feature_flag_workspaces WHERE flag_key = $1',
    [key],
  );
  await tx.query('DELETE FROM feature_flags WHERE key = $1', [key]);
  return before.map((r) => r.workspace_id);
}
