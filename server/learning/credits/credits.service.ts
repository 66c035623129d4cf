import type { CreditRequest, RequestCreditsBody } from '../../../src/contracts/learning/credits.contract';
import { audit } from '../../platform/audit';
import type { Database, Sql } from '../../platform/db/database';
import { ok, refuse, type Outcome, type Refusal } from '../../platform/refusal';
import type { Acting, Actor } from '../../platform/actor';
import { creditBalance, isCatalogueCourse, lockCourseCredits } from './credit-ledger';
import * as repo from './credits.repository';
import { instantText } from '../../../src/domain/shared/date-time';

const toRequest = (row: repo.RequestRow): CreditRequest => ({
  id: row.id,
  courseId: row.course_id,
  courseTitle: row.course_title,
  credits: row.credits,
  note: row.note,
  status: row.status,
  requestedAt: instantText(row.requested_at),
  grantedAt: row.granted_at ? instantText(row.granted_at) : null,
});

/** Only a catalogue course of the workspace takes credits: a refusal otherwise, null when it does. */
async function catalogueCourseProblem(tx: Sql, workspaceId: string, courseId: string): Promise<Refusal | null> {
  if (!(await repo.courseExists(tx, workspaceId, courseId)))
    return refuse('not-found', 'NOT_FOUND', 'Course not found');
  if (!(await isCatalogueCourse(tx, workspaceId, courseId))) {
    return refuse(
      'conflict',
      'NOT_A_CATALOGUE_COURSE',
      'Only a catalogue course takes credits: your own courses are free to assign.',
      { courseId: 'Not a catalogue course' },
    );
  }
  return null;
}

async function adminRow(tx: Sql, workspaceId: string, requestId: string) {
  const row = await repo.adminRequest(tx, workspaceId, requestId);
  return {
    ...toRequest(row),
    workspaceId: row.workspace_id,
    workspaceName: row.workspace_name,
    balance: await creditBalance(tx, workspaceId, row.course_id),
  };
}

/** Course credits: the workspace asks, the platform admin grants, assignments consume (docs/policies.md). */
export class CourseCredits {
  constructor(private readonly db: Database) {}

  request(actor: Acting<'workspaceId' | 'userId' | 'ip'>, body: RequestCreditsBody): Promise<Outcome<CreditRequest>> {
    const ws = actor.workspaceId;
    return this.db.tenant(ws, async (tx) => {
      const problem = await catalogueCourseProblem(tx, ws, body.courseId);
      if (problem) return problem;
      const inserted = await repo.insertRequest(tx, ws, {
        courseId: body.courseId,
        credits: body.credits,
        note: body.note ?? '',
        idempotencyKey: body.idempotencyKey,
        requestedBy: actor.userId,
      });
      if (inserted) {
        await audit(tx, {
          workspaceId: ws,
          actorUserId: actor.userId,
          action: 'credits.requested',
          target: inserted,
          ip: actor.ip,
          details: { courseId: body.courseId, credits: body.credits },
        });
      }
      const row = await repo.requestByKey(tx, ws, body.idempotencyKey);
      // The same key for another course or amount is another request, not a retry (nothing was written for it).
      if (row.course_id !== body.courseId || row.credits !== body.credits) {
        return refuse('conflict', 'KEY_REUSED', 'This idempotency key was used for another request', {
          idempotencyKey: 'Used for another request',
        });
      }
      return ok(toRequest(row));
    });
  }

  requests(workspaceId: string, courseId: string) {
    return this.db.tenant(workspaceId, async (tx) => {
      const problem = await catalogueCourseProblem(tx, workspaceId, courseId);
      if (problem) return problem;
      const rows = await repo.courseRequests(tx, workspaceId, courseId);
      return ok({ items: rows.map(toRequest), balance: await creditBalance(tx, workspaceId, courseId) });
    });
  }

  credited(workspaceId: string, courseId: string) {
    return this.db.tenant(workspaceId, async (tx) => {
      const problem = await catalogueCourseProblem(tx, workspaceId, courseId);
      if (problem) return problem;
      const rows = await repo.courseLedger(tx, workspaceId, courseId);
      return ok({
        items: rows.map((r) => ({
          kind: r.kind,
          credits: r.credits,
          userName: r.user_name,
          at: instantText(r.created_at),
        })),
        balance: await creditBalance(tx, workspaceId, courseId),
      });
    });
  }

  allRequests(query: { page: number; pageSize: number; status?: 'REQUESTED' | 'GRANTED' }) {
    return this.db.system(async (tx) => {
      const { ids, total } = await repo.requestPage(tx, query);
      const items = [];
      for (const id of ids) items.push(await adminRow(tx, id.workspace_id, id.id));
      return { items, total, page: query.page, pageSize: query.pageSize };
    });
  }

  /** Grants a request once: its own idempotency key makes a retry (or a second click) add nothing. */
  async grant(actor: Pick<Actor, 'platformAdminId' | 'ip'>, requestId: string, credits: number | undefined) {
    const ws = await repo.requestWorkspace(this.db, requestId);
    if (!ws) return refuse('not-found', 'NOT_FOUND', 'No such credit request');
    return this.db.tenant(ws, async (tx) => {
      const req = await repo.requestAsked(tx, ws, requestId);
      await lockCourseCredits(tx, ws, req.course_id);
      const amount = credits ?? req.credits;
      const granted = await repo.insertGrant(tx, ws, {
        courseId: req.course_id,
        credits: amount,
        requestId,
        createdBy: `platform:${actor.platformAdminId}`,
      });
      if (granted) {
        await repo.markGranted(tx, ws, requestId);
        await audit(tx, {
          workspaceId: ws,
          actorPlatformAdminId: actor.platformAdminId,
          action: 'credits.granted',
          target: requestId,
          ip: actor.ip,
          details: { courseId: req.course_id, credits: amount },
        });
      }
      return ok(await adminRow(tx, ws, requestId));
    });
  }
}
