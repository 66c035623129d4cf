import type { Sql } from '../../platform/db/database';

/** Course credit requests (migration 0026): the workspace's asks and the platform admin's grants. */

export interface RequestRow {
  id: string;
  course_id: string;
  course_title: string;
  credits: number;
  note: string;
  status: 'REQUESTED' | 'GRANTED';
  requested_at: Date | string;
  granted_at: Date | string | null;
}

export interface AdminRequestRow extends RequestRow {
  workspace_id: string;
  workspace_name: string;
}

export interface LedgerRow {
  kind: 'GRANT' | 'CONSUME' | 'RETURN';
  credits: number;
  user_name: string | null;
  created_at: Date | string;
}

const REQUEST_SELECT = `
  SELECT r.id, r.course_id, coalesce(c.title, '') AS course_title, r.credits, r.note, r.status, r.requested_at, r.granted_at
    FROM credit_requests r LEFT JOIN courses c ON c.workspace_id = r.workspace_id AND c.id = r.course_id`;

export async function courseExists(tx: Sql, workspaceId: string, courseId: string): Promise<boolean> {
  const rows = await tx.query(`SELECT 1 FROM courses WHERE workspace_id = $1 AND id = $2`, [workspaceId, courseId]);
  return rows.length > 0;
}

/** Inserts the request once per idempotency key; answers its id when this call inserted it. */
export async function insertRequest(
  tx: Sql,
  workspaceId: string,
  request: { courseId: string; credits: number; note: string; idempotencyKey: string; requestedBy: string },
): Promise<string | null> {
  const [inserted] = await tx.query<{ id: string }>(
    `INSERT INTO credit_requests (workspace_id, course_id, credits, note, idempotency_key, requested_by) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (workspace_id, idempotency_key) DO NOTHING RETURNING id`,
    [workspaceId, request.courseId, request.credits, request.note, request.idempotencyKey, request.requestedBy],
  );
  return inserted?.id ?? null;
}

export async function requestByKey(tx: Sql, workspaceId: string, idempotencyKey: string): Promise<RequestRow> {
  const [row] = await tx.query<RequestRow>(`${REQUEST_SELECT} WHERE r.workspace_id = $1 AND r.idempotency_key = $2`, [
    workspaceId,
    idempotencyKey,
  ]);
  return row;
}

export function courseRequests(tx: Sql, workspaceId: string, courseId: string): Promise<RequestRow[]> {
  return tx.query<RequestRow>(
    `${REQUEST_SELECT} WHERE r.workspace_id = $1 AND r.course_id = $2 ORDER BY r.requested_at DESC, r.id`,
    [workspaceId, courseId],
  );
}

export function courseLedger(tx: Sql, workspaceId: string, courseId: string): Promise<LedgerRow[]> {
  return tx.query<LedgerRow>(
    `SELECT l.kind, l.credits, trim(u.first_name || ' ' || u.last_name) AS user_name, l.created_at
       FROM credit_ledger l LEFT JOIN users u ON u.workspace_id = l.workspace_id AND u.id = l.user_id
      WHERE l.workspace_id = $1 AND l.course_id = $2 ORDER BY l.created_at DESC, l.id`,
    [workspaceId, courseId],
  );
}

/** A page of every workspace's requests, the open ones first (the platform admin's list, on the system role). */
export async function requestPage(
  tx: Sql,
  query: { page: number; pageSize: number; status?: 'REQUESTED' | 'GRANTED' },
): Promise<{ ids: { workspace_id: string; id: string }[]; total: number }> {
  const ids = await tx.query<{ workspace_id: string; id: string }>(
    `SELECT workspace_id, id FROM credit_requests WHERE ($1::text IS NULL OR status = $1)
      ORDER BY status = 'GRANTED', requested_at DESC, id LIMIT $2 OFFSET $3`,
    [query.status ?? null, query.pageSize, query.page * query.pageSize],
  );
  const [{ n }] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM credit_requests WHERE ($1::text IS NULL OR status = $1)`,
    [query.status ?? null],
  );
  return { ids, total: n };
}

export async function adminRequest(tx: Sql, workspaceId: string, requestId: string): Promise<AdminRequestRow> {
  const [row] = await tx.query<AdminRequestRow>(
    `SELECT r.workspace_id, w.company_name AS workspace_name, r.id, r.course_id, coalesce(c.title, '') AS course_title, r.credits, r.note, r.status,
            r.requested_at, r.granted_at
       FROM credit_requests r JOIN workspaces w ON w.id = r.workspace_id
       LEFT JOIN courses c ON c.workspace_id = r.workspace_id AND c.id = r.course_id
      WHERE r.workspace_id = $1 AND r.id = $2`,
    [workspaceId, requestId],
  );
  return row;
}

/** The workspace of a request, looked up across workspaces (the platform admin names a request by its id alone). */
export async function requestWorkspace(tx: Sql, requestId: string): Promise<string | null> {
  const [found] = await tx.query<{ workspace_id: string }>(`SELECT workspace_id FROM credit_requests WHERE id = $1`, [
    requestId,
  ]);
  return found?.workspace_id ?? null;
}

export async function requestAsked(
  tx: Sql,
  workspaceId: string,
  requestId: string,
): Promise<{ course_id: string; credits: number }> {
  const [req] = await tx.query<{ course_id: string; credits: number }>(
    `SELECT course_id, credits FROM credit_requests WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, requestId],
  );
  return req;
}

/** Writes the grant once (its key is the request's); answers whether this call wrote it. */
export async function insertGrant(
  tx: Sql,
  workspaceId: string,
  grant: { courseId: string; credits: number; requestId: string; createdBy: string },
): Promise<boolean> {
  const granted = await tx.query(
    `INSERT INTO credit_ledger (workspace_id, course_id, kind, credits, idempotency_key, request_id, created_by)
     VALUES ($1, $2, 'GRANT', $3, $4, $5, $6) ON CONFLICT (workspace_id, idempotency_key) DO NOTHING RETURNING id`,
    [workspaceId, grant.courseId, grant.credits, `grant:${grant.requestId}`, grant.requestId, grant.createdBy],
  );
  return granted.length > 0;
}

export async function markGranted(tx: Sql, workspaceId: string, requestId: string): Promise<void> {
  await tx.query(
    `UPDATE credit_requests SET status = 'GRANTED', granted_at = clock_timestamp() WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, requestId],
  );
}
