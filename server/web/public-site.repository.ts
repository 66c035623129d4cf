import type { Sql } from '../platform/db/database';

/**
 * The host of the workspace that issued a certificate, from its verification code alone (the main site's `/verify/{code}`
 * sends the visitor there). Codes are unique per workspace; a code found in two workspaces names neither.
 */
export async function certificateHost(tx: Sql, code: string): Promise<string | null> {
  const rows = await tx.query<{ workspace_url: string }>(
    `SELECT w.workspace_url FROM certificates c JOIN workspaces w ON w.id = c.workspace_id WHERE c.code = $1 LIMIT 2`,
    [code],
  );
  return rows.length === 1 ? rows[0].workspace_url : null;
}
