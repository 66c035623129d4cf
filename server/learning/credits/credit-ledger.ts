import type { Sql } from '../../platform/db/database';
import { raise, refuse } from '../../platform/refusal';

/**
 * The course credit ledger (migration 0026, docs/policies.md): rows are only ever added; a workspace's balance for a
 * course is their sum; an idempotency key names each movement once. Every movement of a course runs under one
 * transaction-scoped advisory lock of that (workspace, course), so concurrent assignments read and spend the balance
 * one after another: it can never go below zero.
 */

export async function lockCourseCredits(tx: Sql, workspaceId: string, courseId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`credits:${workspaceId}:${courseId}`]);
}

export async function creditBalance(tx: Sql, workspaceId: string, courseId: string): Promise<number> {
  const [row] = await tx.query<{ balance: number }>(
    `SELECT coalesce(sum(CASE WHEN kind = 'CONSUME' THEN -credits ELSE credits END), 0)::int AS balance
       FROM credit_ledger WHERE workspace_id = $1 AND course_id = $2`,
    [workspaceId, courseId],
  );
  return row.balance;
}

export async function isCatalogueCourse(tx: Sql, workspaceId: string, courseId: string): Promise<boolean> {
  const [row] = await tx.query<{ from_catalogue: boolean }>(
    `SELECT from_catalogue FROM courses WHERE workspace_id = $1 AND id = $2`,
    [workspaceId, courseId],
  );
  return row?.from_catalogue ?? false;
}

/**
 * The hook of the assignment path: the people just assigned a catalogue course consume one credit each, in the
 * assignment's own transaction. Not enough credits: 409 NO_CREDITS, and the transaction (the assignments too) rolls
 * back. A course that is not from the catalogue costs nothing.
 */
export async function consumeCatalogueCredits(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  userIds: readonly string[],
  actorId: string,
): Promise<void> {
  if (userIds.length === 0 || !(await isCatalogueCourse(tx, workspaceId, courseId))) return;
  await lockCourseCredits(tx, workspaceId, courseId);
  const balance = await creditBalance(tx, workspaceId, courseId);
  if (balance < userIds.length) {
    raise(
      refuse(
        'conflict',
        'NO_CREDITS',
        balance === 0
          ? 'This course has no credits left: ask for more credits before assigning it.'
          : `This course has ${balance} credits left, not enough for ${userIds.length} people: ask for more, or assign fewer people.`,
        { courseId: `${balance} credits left` },
      ),
    );
  }
  // The n-th consumption for this person and course: a return and a new assignment get their own keys.
  await tx.query(
    `INSERT INTO credit_ledger (workspace_id, course_id, kind, credits, idempotency_key, user_id, created_by)
     SELECT $1, $2, 'CONSUME', 1,
            $5::text || u.id::text || ':' || (1 + (SELECT count(*) FROM credit_ledger l
               WHERE l.workspace_id = $1 AND l.course_id = $2 AND l.user_id = u.id AND l.kind = 'CONSUME'))::text,
            u.id, $4
       FROM unnest($3::uuid[]) AS u(id)`,
    [workspaceId, courseId, userIds, actorId, `assign:${courseId}:`],
  );
}

/**
 * An unassignment before the person started gives their credit back, once (the return's key names the consumption).
 * Answers whether a credit came back. For the unassignment path (not built yet: see docs/policies.md).
 */
export async function returnCatalogueCredit(
  tx: Sql,
  workspaceId: string,
  courseId: string,
  userId: string,
  actorId: string,
): Promise<boolean> {
  if (!(await isCatalogueCourse(tx, workspaceId, courseId))) return false;
  await lockCourseCredits(tx, workspaceId, courseId);
  const [consumed] = await tx.query<{ idempotency_key: string }>(
    `SELECT idempotency_key FROM credit_ledger WHERE workspace_id = $1 AND course_id = $2 AND user_id = $3 AND kind = 'CONSUME'
      ORDER BY created_at DESC, idempotency_key DESC LIMIT 1`,
    [workspaceId, courseId, userId],
  );
  if (!consumed) return false;
  const rows = await tx.query(
    `INSERT INTO credit_ledger (workspace_id, course_id, kind, credits, idempotency_key, user_id, created_by)
     VALUES ($1, $2, 'RETURN', 1, $3, $4, $5) ON CONFLICT (workspace_id, idempotency_key) DO NOTHING RETURNING id`,
    [workspaceId, courseId, `${consumed.idempotency_key}:return`, userId, actorId],
  );
  return rows.length > 0;
}
