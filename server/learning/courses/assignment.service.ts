import type { AssignCourseBody, AssignCourseResult } from '../../../src/contracts/learning/courses.contract';
import { canAssign } from '../../../src/domain/courses/course';
import type { Database, Sql } from '../../platform/db/database';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors';
import { consumeCatalogueCredits } from '../credits/credit-ledger';
import { checkFilterTargets, findPeople, peopleWhere, type UnitScope } from './user-directory';

export interface Assigner {
  workspaceId: string;
  userId: string;
  scope: UnitScope;
  ip: string | null;
}

/**
 * Assigns a published course to the people a filter matches, or to listed people, in one transaction.
 * Assigning twice changes nothing: the (course, user) pair is unique and inserts skip existing pairs.
 */
export class CourseAssignmentService {
  constructor(private readonly db: Database) {}

  assign(actor: Assigner, body: AssignCourseBody): Promise<AssignCourseResult> {
    return this.db.tenant(actor.workspaceId, async (tx) => {
      // FOR SHARE: the course cannot be unpublished or deleted while people are being assigned to it.
      const [course] = await tx.query<{ status: 'DRAFT' | 'PUBLISHED' }>(
        `SELECT status FROM courses WHERE workspace_id = $1 AND id = $2 FOR SHARE`,
        [actor.workspaceId, body.courseId],
      );
      if (!course) throw notFound('Course not found');
      if (!canAssign(course.status)) throw conflict('Only a published course can be assigned', { courseId: 'This course is not published' });

      const targets = body.userIds ? await this.listed(tx, actor, body.userIds) : await this.matching(tx, actor, body);
      const inserted =
        targets.length === 0
          ? []
          : await tx.query<{ user_id: string }>(
              `INSERT INTO course_assignments (workspace_id, course_id, user_id, assigned_by, course_version)
               SELECT $1, $2, t.id, $3, c.published_version FROM unnest($4::uuid[]) AS t(id)
                 JOIN courses c ON c.workspace_id = $1 AND c.id = $2
               ON CONFLICT (workspace_id, course_id, user_id) DO NOTHING
               RETURNING user_id`,
              [actor.workspaceId, body.courseId, actor.userId, targets],
            );
      // A catalogue course: each new assignee consumes a credit (docs/policies.md); too few credits refuse them all.
      await consumeCatalogueCredits(tx, actor.workspaceId, body.courseId, inserted.map((r) => r.user_id), actor.userId);
      if (inserted.length > 0) {
        // One audit event per assignment, written in the same transaction (one statement, not one per row).
        await tx.query(
          `INSERT INTO audit_events (workspace_id, actor_user_id, action, target, ip, details)
           SELECT $1, $2, 'course.assigned', t.id::text, $3, jsonb_build_object('courseId', $4::text, 'via', $5::text)
             FROM unnest($6::uuid[]) AS t(id)`,
          [actor.workspaceId, actor.userId, actor.ip, body.courseId, body.userIds ? 'userIds' : 'filter', inserted.map((r) => r.user_id)],
        );
      }
      return { assigned: inserted.length, alreadyAssigned: targets.length - inserted.length };
    });
  }

  /** Listed people must be of this workspace (else 404) and, for a business-unit admin, of their unit (else 400); both name them. */
  private async listed(tx: Sql, actor: Assigner, userIds: string[]): Promise<string[]> {
    const ids = [...new Set(userIds)];
    const found = await findPeople(tx, actor.workspaceId, ids);
    const unknown = ids.filter((id) => !found.has(id));
    // Someone of another workspace is indistinguishable from no one: 404, naming the ids.
    if (unknown.length > 0) {
      throw new HttpError(404, 'NOT_FOUND', `Users not found: ${unknown.join(', ')}`, { userIds: `No such users: ${unknown.join(', ')}` });
    }
    const outside = actor.scope ? ids.filter((id) => found.get(id) !== actor.scope) : [];
    if (outside.length > 0) {
      throw badRequest(`Users outside your business unit: ${outside.join(', ')}`, {
        userIds: `Not in your business unit: ${outside.join(', ')}`,
      });
    }
    return ids;
  }

  private async matching(tx: Sql, actor: Assigner, filter: AssignCourseBody): Promise<string[]> {
    await checkFilterTargets(tx, actor.workspaceId, filter, actor.scope);
    const params: unknown[] = [actor.workspaceId];
    const rows = await tx.query<{ id: string }>(`SELECT u.id FROM users u WHERE ${peopleWhere(filter, actor.scope, params)}`, params);
    return rows.map((r) => r.id);
  }
}
