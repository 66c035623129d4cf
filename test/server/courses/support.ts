import type { TestServer } from '../support/test-app';

export const LEARNING = '/learning-api/api/course';

/** Counts a workspace's active users by a SQL condition on `users` — the expected figures, computed independently. */
export async function countUsers(
  server: TestServer,
  workspaceId: string,
  where: string,
  params: unknown[] = [],
): Promise<number> {
  return server.db.tenant(workspaceId, async (tx) => {
    const [{ n }] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE workspace_id = $1 AND status <> 'INACTIVE' AND (${where})`,
      [workspaceId, ...params],
    );
    return n;
  });
}

export async function userIdByEmail(server: TestServer, workspaceId: string, email: string): Promise<string> {
  return server.db.tenant(workspaceId, async (tx) => {
    const [row] = await tx.query<{ id: string }>(`SELECT id FROM users WHERE workspace_id = $1 AND email = $2`, [
      workspaceId,
      email,
    ]);
    return row.id;
  });
}
