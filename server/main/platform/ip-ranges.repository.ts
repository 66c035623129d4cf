import type { Sql } from '../../platform/db/database';

export interface IpRangeRow {
  cidr: string;
  label: string | null;
}

export async function rangesOf(tx: Sql, workspaceId: string): Promise<IpRangeRow[]> {
  return tx.query<IpRangeRow>('SELECT cidr, label FROM workspace_ip_ranges WHERE workspace_id = $1 ORDER BY cidr', [
    workspaceId,
  ]);
}

export async function workspaceExists(tx: Sql, id: string): Promise<boolean> {
  const [found] = await tx.query('SELECT 1 FROM workspaces WHERE id = $1', [id]);
  return Boolean(found);
}

/** The workspace's ranges become exactly these (canonical cidr -> label). */
export async function replaceRanges(tx: Sql, workspaceId: string, ranges: Map<string, string | null>): Promise<void> {
  await tx.query('DELETE FROM workspace_ip_ranges WHERE workspace_id = $1', [workspaceId]);
  await tx.query(
    `INSERT INTO workspace_ip_ranges (workspace_id, cidr, label) SELECT $1, t.cidr, t.label FROM unnest($2::text[], $3::text[]) AS t(cidr, label)`,
    [workspaceId, [...ranges.keys()], [...ranges.values()]],
  );
}
