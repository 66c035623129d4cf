import type { CreditRequest, RequestCreditsBody } from '../../../src/contracts/learning/credits.contract';
import { audit } from '../../platform/audit';
import type { Database, Sql } from '../../platform/db/database';
import { HttpError, notFound } from '../../platform/errors';
import type { PlatformActor } from '../catalogue/catalogue-audit';
import { creditBalance, isCatalogueCourse, lockCourseCredits } from './credit-ledger';

const iso = (value: Date | string) => new Date(value).toISOString();

interface RequestRow {
  id: string;
  course_id: string;
  course_title: string;
  credits: number;
  note: string;
  status: 'REQUESTED' | 'GRANTED';
  requested_at: Date | string;
  granted_at: Date | string | null;
}

const REQUEST_SELECT = `
  SELECT r.id, r.course_id, coalesce(c.title, '') AS course_title, r.credits, r.note, r.status, r.requested_at, r.granted_at
    FROM credit_requests r LEFT JOIN courses c ON c.workspace_id = r.workspace_id AND c.id = r.course_id`;

const toRequest = (row: RequestRow): CreditRequest => ({
  id: row.id,
  courseId: row.course_id,
  courseTitle: row.course_title,
  credits: row.credits,
  note: row.note,
  status: row.status,
  requestedAt: iso(row.requested_at),
  grantedAt: row.granted_at ? iso(row.granted_at) : null,
});

async function requireCatalogueCourse(tx: Sql, workspaceId: string, courseId: string): Promise<void> {
  const [course] = await tx.query(`SELECT 1 FROM courses WHERE workspace_id = $1 AND id = $2`, [workspaceId, courseId]);
  if (!course) throw notFound('Course not found');
  if (!(await isCatalogueCourse(tx, workspaceId, courseId))) {
    throw new HttpError(
      409,
      'NOT_A_CATALOGUE_COURSE',
      'Only a catalogue course takes credits: your own courses are free to assign.',
      {
        courseId: 'Not a catalogue course',
      },
    );
  }
}

export interface WorkspaceActor {
  workspaceId: string;
  userId: string;
  ip: string;
}

/** Course credits: the workspace asks, the platform admin grants, assignments consume (docs/policies.md). */
export class CourseCredits {
  constructor(private readonly db: Database) {}

  request(actor: WorkspaceActor, body: RequestCreditsBody): Promise<CreditRequest> {
    const ws = actor.workspaceId;
    return this.db.tenant(ws, async (tx) => {
      await requireCatalogueCourse(tx, ws, body.courseId);
      const [inserted] = await tx.query<{ id: string }>(
        `INSERT INTO credit_requests (workspace_id, course_id, credits, note, idempotency_key, requested_by) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (workspace_id, idempotency_key) DO NOTHING RETURNING id`,
        [ws, body.courseId, body.credits, body.note ?? '', body.idempotencyKey, actor.userId],
      );
      if (inserted) {
        await audit(tx, {
          workspaceId: ws,
          actorUserId: actor.userId,
          action: 'credits.requested',
          target: inserted.id,
          ip: actor.ip,
          details: { courseId: body.courseId, credits: body.credits },
        });
      }
      const [row] = await tx.query<RequestRow>(
        `${REQUEST_SELECT} WHERE r.workspace_id = $1 AND r.idempotency_key = $2`,
        [ws, body.idempotencyKey],
      );
      // The same key for another course or amount is another request, not a retry.
      if (row.course_id !== body.courseId || row.credits !== body.credits) {
        throw new HttpError(409, 'KEY_REUSED', 'This idempotency key was used for another request', {
          idempotencyKey: 'Used for another request',
        });
      }
      return toRequest(row);
    });
  }

  requests(workspaceId: string, courseId: string) {
    return this.db.tenant(workspaceId, async (tx) => {
      await requireCatalogueCourse(tx, workspaceId, courseId);
      const rows = await tx.query<RequestRow>(
        `${REQUEST_SELECT} WHERE r.workspace_id = $1 AND r.course_id = $2 ORDER BY r.requested_at DESC, r.id`,
        [workspaceId, courseId],
      );
      return { items: rows.map(toRequest), balance: await creditBalance(tx, workspaceId, courseId) };
    });
  }

  credited(workspaceId: string, courseId: string) {
    return this.db.tenant(workspaceId, async (tx) => {
      await requireCatalogueCourse(tx, workspaceId, courseId);
      const rows = await tx.query<{
        kind: 'GRANT' | 'CONSUME' | 'RETURN';
        credits: number;
        user_name: string | null;
        created_at: Date | string;
      }>(
        `SELECT l.kind, l.credits, trim(u.first_name || ' ' || u.last_name) AS user_name, l.created_at
           FROM credit_ledger l LEFT JOIN users u ON u.workspace_id = l.workspace_id AND u.id = l.user_id
          WHERE l.workspace_id = $1 AND l.course_id = $2 ORDER BY l.created_at DESC, l.id`,
        [workspaceId, courseId],
      );
      return {
        items: rows.map((r) => ({ kind: r.kind, credits: r.credits, userName: r.user_name, at: iso(r.created_at) })),
        balance: await creditBalance(tx, workspaceId, courseId),
      };
    });
  }

  allRequests(query: { page: number; pageSize: number; status?: 'REQUESTED' | 'GRANTED' }) {
    return this.db.system(async (tx) => {
      const ids = await tx.query<{ workspace_id: string; id: string }>(
        `SELECT workspace_id, id FROM credit_requests WHERE ($1::text IS NULL OR status = $1)
          ORDER BY status = 'GRANTED', requested_at DESC, id LIMIT $2 OFFSET $3`,
        [query.status ?? null, query.pageSize, query.page * query.pageSize],
      );
      const [{ n }] = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM credit_requests WHERE ($1::text IS NULL OR status = $1)`,
        [query.status ?? null],
      );
      const items = [];
      for (const id of ids) items.push(await adminRow(tx, id.workspace_id, id.id));
      return { items, total: n, page: query.page, pageSize: query.pageSize };
    });
  }

  /** Grants a request once: its own idempotency key makes a retry (or a second click) add nothing. */
  async grant(actor: PlatformActor, requestId: string, credits: number | undefined) {
    const [found] = await this.db.query<{ workspace_id: string }>(
      `SELECT workspace_id FROM credit_requests WHERE id = $1`,
      [requestId],
    );
    if (!found) throw notFound('No such credit request');
    const ws = found.workspace_id;
    return this.db.tenant(ws, async (tx) => {
      const [req] = await tx.query<{ course_id: string; credits: number }>(
        `SELECT course_id, credits FROM credit_requests WHERE workspace_id = $1 AND id = $2`,
        [ws, requestId],
      );
      await lockCourseCredits(tx, ws, req.course_id);
      const amount = credits ?? req.credits;
      const granted = await tx.query(
        `INSERT INTO credit_ledger (workspace_id, course_id, kind, credits, idempotency_key, request_id, created_by)
         VALUES ($1, $2, 'GRANT', $3, $4, $5, $6) ON CONFLICT (workspace_id, idempotency_key) DO NOTHING RETURNING id`,
        [ws, req.course_id, amount, `grant:${requestId}`, requestId, `platform:${actor.platformAdminId}`],
      );
      if (granted.length > 0) {
        await tx.query(
          `UPDATE credit_requests SET status = 'GRANTED', granted_at = clock_timestamp() WHERE workspace_id = $1 AND id = $2`,
          [ws, requestId],
        );
        await audit(tx, {
          workspaceId: ws,
          actorPlatformAdminId: actor.platformAdminId,
          action: 'credits.granted',
          target: requestId,
          ip: actor.ip,
          details: { courseId: req.course_id, credits: amount },
        });
      }
      return adminRow(tx, ws, requestId);
    });
  }
}

async function adminRow(tx: Sql, workspaceId: string, requestId: string) {
  const [row] = await tx.query<RequestRow & { workspace_id: string; workspace_name: string }>(
    `SELECT r.workspace_id, w.company_name AS workspace_name, r.id, r.course_id, coalesce(c.title, '') AS course_title, r.credits, r.note, r.status,
            r.requested_at, r.granted_at
       FROM credit_requests r JOIN workspaces w ON w.id = r.workspace_id
       LEFT JOIN courses c ON c.workspace_id = r.workspace_id AND c.id = r.course_id
      WHERE r.workspace_id = $1 AND r.id = $2`,
    [workspaceId, requestId],
  );
  return {
    ...toRequest(row),
    workspaceId: row.workspace_id,
    workspaceName: row.workspace_name,
    balance: await creditBalance(tx, workspaceId, row.course_id),
  };
}
