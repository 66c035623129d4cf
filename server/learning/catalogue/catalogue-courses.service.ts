import type {
  CatalogueCourse,
  OfferCourseBody,
  PushVersionBody,
  WorkspaceCourse,
} from '../../../src/contracts/learning/catalogue-courses.contract';
import type { z } from 'zod';
import type { CreateCourseBody } from '../../../src/contracts/learning/courses.contract';
import { audit } from '../../platform/audit';
import { MAIN_SITE_WORKSPACE_ID, type Database, type Sql } from '../../platform/db/database';
import { ok, refuse, type Outcome } from '../../platform/refusal';
import * as authoring from '../courses/authoring.service';
import { listCourses } from '../courses/courses.repository';
import { auditCatalogue } from './catalogue-audit';
import * as repo from './catalogue-courses.repository';
import { instantText } from '../../../src/domain/shared/date-time';
import type { Actor } from '../../platform/actor';

/**
 * Catalogue courses (docs/policies.md "Catalogue courses"). A catalogue course is a course of the main site: its rows
 * carry the main site's nil workspace id, so the workspace builder and the authoring service serve it unchanged.
 * Offering it to a workspace copies its published version there under the same ids, read-only (`from_catalogue`).
 */
const CATALOGUE = MAIN_SITE_WORKSPACE_ID;
const noCatalogueCourse = () => refuse('not-found', 'NOT_FOUND', 'No such catalogue course');

const toWorkspaceCourse = (r: repo.WorkspaceCourseRow): WorkspaceCourse => ({
  workspaceId: r.workspace_id,
  workspaceName: r.workspace_name,
  courseId: r.id,
  title: r.title,
  version: r.catalogue_version,
  latestVersion: r.latest_version,
  offeredAt: instantText(r.offered_at),
  balance: r.balance,
  assigned: r.assigned,
});

export class CatalogueCourses {
  constructor(private readonly db: Database) {}

  /** A draft catalogue course, through the authoring service (the builder does the rest). */
  create(
    actor: Pick<Actor, 'platformAdminId' | 'ip'>,
    body: z.output<typeof CreateCourseBody>,
  ): Promise<{ courseId: string }> {
    const who: authoring.Author = {
      workspaceId: CATALOGUE,
      userId: actor.platformAdminId ?? CATALOGUE,
      ip: actor.ip,
      platformAdmin: true,
    };
    return this.db.tenant(CATALOGUE, (tx) => authoring.createCourse(tx, who, body));
  }

  async list(query: {
    page: number;
    pageSize: number;
    search?: string;
  }): Promise<{ items: CatalogueCourse[]; total: number }> {
    const page = await this.db.tenant(CATALOGUE, (tx) => listCourses(tx, CATALOGUE, null, query));
    const counts = await this.db.system((tx) =>
      repo.copyCounts(
        tx,
        page.items.map((c) => c.courseId),
      ),
    );
    const byId = new Map(counts.map((c) => [c.id, c.n]));
    return {
      total: page.total,
      items: page.items.map((c) => ({ ...c, fromCatalogue: false, workspaceCount: byId.get(c.courseId) ?? 0 })),
    };
  }

  workspaceCourses(query: { courseId?: string; workspaceId?: string }): Promise<{ items: WorkspaceCourse[] }> {
    return this.db.system(async (tx) => {
      const rows = await repo.workspaceCourses(tx, query);
      return { items: rows.map(toWorkspaceCourse) };
    });
  }

  /**
   * Copies the catalogue course's published version into the workspace, in one transaction: the course row (PUBLISHED,
   * read-only, `from_catalogue`), its languages, contents, titles, blocks, quizzes, questions, options, the published
   * version's snapshot, and the files its blocks and cover name (the same stored bytes, rows of the workspace). Offered
   * again: the same copy, nothing written.
   */
  offer(actor: Pick<Actor, 'platformAdminId' | 'ip'>, body: OfferCourseBody): Promise<Outcome<WorkspaceCourse>> {
    return this.db.system(async (tx) => {
      const source = await repo.sourceCourse(tx, body.courseId);
      if (!source) return noCatalogueCourse();
      if (!(await repo.workspaceExists(tx, body.workspaceId)))
        return refuse('not-found', 'NOT_FOUND', 'No such workspace');
      // One offer at a time per (workspace, course): two at once would both copy.
      await repo.lockOffer(tx, body.workspaceId, body.courseId);
      const existing = await this.copyOf(tx, body.workspaceId, body.courseId);
      if (!existing.ok) return existing;
      if (existing.value) return ok(existing.value);
      if (source.published_version === null) {
        return refuse('conflict', 'NOT_PUBLISHED', 'Publish the course before offering it', {
          courseId: 'Not published yet',
        });
      }
      if (source.version !== source.published_version) {
        // The live rows are the next version's draft: the copy would not be the published version.
        return refuse(
          'conflict',
          'DRAFT_OPEN',
          `Publish or finish the draft of version ${source.version} before offering the course`,
          {
            courseId: `Version ${source.version} is a draft`,
          },
        );
      }
      await repo.copyCourse(tx, body.workspaceId, body.courseId);
      await auditCatalogue(tx, actor, 'catalogue-course.offered', body.courseId, {
        workspaceId: body.workspaceId,
        version: source.published_version,
      });
      await audit(tx, {
        workspaceId: body.workspaceId,
        actorPlatformAdminId: actor.platformAdminId,
        action: 'catalogue-course.offered',
        target: body.courseId,
        ip: actor.ip,
        details: { title: source.title, version: source.published_version },
      });
      const copy = await repo.copyRow(tx, body.workspaceId, body.courseId);
      if (!copy) throw new Error('The copy of the catalogue course was not written');
      return ok(toWorkspaceCourse(copy));
    });
  }

  /**
   * Brings workspaces' older copies to the catalogue's published version, each in the same transaction: the new
   * version's snapshot is added beside the old ones (learners keep the version they were given: the player reads
   * their version's snapshot), the live rows (languages, contents and everything under them) are replaced by the new
   * version's, and the course row takes the new title, description, cover and version numbers. A copy already up to
   * date is left alone; the answer lists the copies that moved.
   */
  pushVersion(
    actor: Pick<Actor, 'platformAdminId' | 'ip'>,
    body: PushVersionBody,
  ): Promise<Outcome<{ items: (WorkspaceCourse & { fromVersion: number })[] }>> {
    return this.db.system(async (tx) => {
      const source = await repo.sourceCourse(tx, body.courseId);
      if (!source) return noCatalogueCourse();
      if (source.published_version === null)
        return refuse('conflict', 'NOT_PUBLISHED', 'Publish the course first', { courseId: 'Not published yet' });
      if (source.version !== source.published_version) {
        return refuse(
          'conflict',
          'DRAFT_OPEN',
          `Publish or finish the draft of version ${source.version} before giving it to workspaces`,
          {
            courseId: `Version ${source.version} is a draft`,
          },
        );
      }
      const copies = await repo.copiesOf(tx, body.courseId, body.workspaceIds ?? null);
      if (body.workspaceIds) {
        const held = new Set(copies.map((c) => c.workspace_id));
        const missing = body.workspaceIds.find((id) => !held.has(id));
        if (missing) return refuse('not-found', 'NOT_FOUND', 'This workspace does not have the course');
      }
      const items: (WorkspaceCourse & { fromVersion: number })[] = [];
      for (const copy of copies) {
        if (copy.catalogue_version >= source.published_version) continue;
        const ws = copy.workspace_id;
        await repo.lockOffer(tx, ws, body.courseId);
        await repo.replaceLiveRows(tx, ws, body.courseId);
        await auditCatalogue(tx, actor, 'catalogue-course.version-pushed', body.courseId, {
          workspaceId: ws,
          from: copy.catalogue_version,
          to: source.published_version,
        });
        await audit(tx, {
          workspaceId: ws,
          actorPlatformAdminId: actor.platformAdminId,
          action: 'catalogue-course.version-pushed',
          target: body.courseId,
          ip: actor.ip,
          details: { title: source.title, from: copy.catalogue_version, to: source.published_version },
        });
        const now = await repo.copyRow(tx, ws, body.courseId);
        if (now) items.push({ ...toWorkspaceCourse(now), fromVersion: copy.catalogue_version });
      }
      return ok({ items });
    });
  }

  /** The workspace's copy, null when it has none; a course of its own under the same id is a conflict. */
  private async copyOf(tx: Sql, workspaceId: string, courseId: string): Promise<Outcome<WorkspaceCourse | null>> {
    const row = await repo.copyRow(tx, workspaceId, courseId);
    if (row) return ok(toWorkspaceCourse(row));
    if (await repo.courseExists(tx, workspaceId, courseId))
      return refuse('conflict', 'COURSE_EXISTS', 'The workspace has a course of its own with this id', {
        courseId: 'Taken in this workspace',
      });
    return ok(null);
  }
}
