import type { TestServer } from '../support/test-app';

export const ACME = 'acme.localhost';
export const GLOBEX = 'globex.localhost';
export const LEARNING = '/learning-api/api/course';

export interface AcmeFacts {
  workspaceId: string;
  courseId: string;
  hq: string;
  pune: string;
  /** Human Resources in Pune. */
  puneHr: string;
  /** Human Resources at headquarters. */
  hqHr: string;
}

/** Ids of the demo data, read from the database the way a test would find them by name. */
export async function acmeFacts(server: TestServer): Promise<AcmeFacts> {
  const [ws] = await server.db.query<{ id: string }>(`SELECT id FROM workspaces WHERE slug = 'acme'`);
  return server.db.tenant(ws.id, async (tx) => {
    const [course] = await tx.query<{ id: string }>(
      `SELECT id FROM courses WHERE workspace_id = $1 AND title = 'Preventing Sexual Harassment at Work'`,
      [ws.id],
    );
    const [hq] = await tx.query<{ id: string }>(
      `SELECT id FROM branches WHERE workspace_id = $1 AND name = 'Acme Headquarters'`,
      [ws.id],
    );
    const [pune] = await tx.query<{ id: string }>(
      `SELECT id FROM branches WHERE workspace_id = $1 AND name = 'Acme Pune'`,
      [ws.id],
    );
    const [pe] = await tx.query<{ id: string }>(
      `SELECT id FROM departments WHERE workspace_id = $1 AND branch_id = $2 AND name = 'Human Resources'`,
      [ws.id, pune.id],
    );
    const [he] = await tx.query<{ id: string }>(
      `SELECT id FROM departments WHERE workspace_id = $1 AND branch_id = $2 AND name = 'Human Resources'`,
      [ws.id, hq.id],
    );
    return { workspaceId: ws.id, courseId: course.id, hq: hq.id, pune: pune.id, puneHr: pe.id, hqHr: he.id };
  });
}

/** Counts Acme's active users by a SQL condition on `users` — the expected figures, computed independently. */
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
