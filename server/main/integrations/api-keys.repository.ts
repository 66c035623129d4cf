import type { ApiKey } from '../../../src/contracts/main/api-keys.contract';
import type { ApiKeyScope } from '../../../src/domain/integrations/api-keys';
import type { Sql } from '../../platform/db/database';
import { instantText } from '../../../src/domain/shared/date-time';

interface ApiKeyRow {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  hint: string;
  created_at: Date | string;
  created_by_name: string | null;
  expires_at: Date | string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
  expired: boolean;
}

const COLUMNS = `k.id, k.name, k.scopes, k.hint, k.created_at, k.expires_at, k.last_used_at, k.revoked_at,
  k.expires_at <= now() AS expired,
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') AS created_by_name`;
const FROM = `api_keys k LEFT JOIN users u ON u.workspace_id = k.workspace_id AND u.id = k.created_by`;

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    hint: row.hint,
    status: row.revoked_at ? 'revoked' : row.expired ? 'expired' : 'active',
    createdAt: instantText(row.created_at),
    createdBy: row.created_by_name,
    expiresAt: instantText(row.expires_at),
    lastUsedAt: row.last_used_at ? instantText(row.last_used_at) : null,
    revokedAt: row.revoked_at ? instantText(row.revoked_at) : null,
  };
}

export async function listKeys(tx: Sql, workspaceId: string): Promise<ApiKey[]> {
  const rows = await tx.query<ApiKeyRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE k.workspace_id = $1 ORDER BY k.created_at DESC, k.id LIMIT 500`,
    [workspaceId],
  );
  return rows.map(toApiKey);
}

export async function findKey(tx: Sql, workspaceId: string, id: string): Promise<ApiKey | null> {
  const [row] = await tx.query<ApiKeyRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE k.workspace_id = $1 AND k.id = $2`, [
    workspaceId,
    id,
  ]);
  return row ? toApiKey(row) : null;
}

export async function insertKey(
  tx: Sql,
  input: {
    workspaceId: string;
    name: string;
    scopes: ApiKeyScope[];
    hint: string;
    secretHash: string;
    createdBy: string;
    expiresInDays: number;
  },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO api_keys (workspace_id, name, scopes, hint, secret_hash, created_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(days => $7))
     RETURNING id`,
    [input.workspaceId, input.name, input.scopes, input.hint, input.secretHash, input.createdBy, input.expiresInDays],
  );
  return row.id;
}

/** Revokes a key once; a key already revoked keeps its first revocation. */
export async function revokeKey(tx: Sql, workspaceId: string, id: string, by: string): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE api_keys SET revoked_at = now(), revoked_by = $3
      WHERE workspace_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING id`,
    [workspaceId, id, by],
  );
  return rows.length > 0;
}
