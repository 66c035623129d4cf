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
import { HttpError, notFound } from '../../platform/errors';
import * as authoring from '../courses/authoring.service';
import { listCourses } from '../courses/courses.repository';
import { auditCatalogue, type PlatformActor } from './catalogue-audit';

/**
 * Catalogue courses (docs/policies.md "Catalogue courses"). A catalogue course is a course of the main site: its rows
 * carry the main site's nil workspace id, so the workspace builder and the authoring service serve it unchanged.
 * Offering it to a workspace copies its published version there under the same ids, read-only (`from_catalogue`).
 */
const CATALOGUE = MAIN_SITE_WORKSPACE_ID;
const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The course's rows that a copy takes, table by table: each row whole (every column, whatever later migrations add),
 * with the workspace's id in place of the main site's. `$1` the catalogue id, `$2` the course.
 */
const COPIED: { table: string; where: string }[] = [
  { table: 'course_languages', where: 's.course_id = $2' },
  { table: 'course_contents', where: 's.course_id = $2' },
  {
    table: 'course_content_titles',
    where: `s.content_id IN (SELECT id FROM course_contents WHERE workspace_id = $1 AND course_id = $2)`,
  },
  {
    table: 'lesson_blocks',
    where: `s.content_id IN (SELECT id FROM course_contents WHERE workspace_id = $1 AND course_id = $2)`,
  },
  {
    table: 'quizzes',
    where: `s.content_id IN (SELECT id FROM course_contents WHERE workspace_id = $1 AND course_id = $2)`,
  },
  {
    table: 'quiz_questions',
    where: `s.content_id IN (SELECT id FROM course_contents WHERE workspace_id = $1 AND course_id = $2)`,
  },
  {
    table: 'quiz_options',
    where: `s.question_id IN (SELECT q.id FROM quiz_questions q JOIN course_contents k ON k.workspace_id = q.workspace_id AND k.id = q.content_id
                               WHERE q.workspace_id = $1 AND k.course_id = $2)`,
  },
  {
    table: 'course_versions',
    where:
      's.course_id = $2 AND s.version = (SELECT published_version FROM courses WHERE workspace_id = $1 AND id = $2)',
  },
];

interface WorkspaceCourseRow {
  workspace_id: string;
  workspace_name: string;
  id: string;
  title: string;
  catalogue_version: number;
  latest_version: number | null;
  offered_at: Date | string;
  balance: number;
  assigned: number;
}

const WORKSPACE_COURSE_SELECT = `
  SELECT c.workspace_id, w.company_name AS workspace_name, c.id, coalesce(nullif(l.title, ''), c.title) AS title, c.catalogue_version,
         src.published_version AS latest_version, c.offered_at,
         (SELECT coalesce(sum(CASE WHEN g.kind = 'CONSUME' THEN -g.credits ELSE g.credits END), 0)::int FROM credit_ledger g
           WHERE g.workspace_id = c.workspace_id AND g.course_id = c.id) AS balance,
         (SELECT count(*)::int FROM course_assignments a WHERE a.workspace_id = c.workspace_id AND a.course_id = c.id) AS assigned
    FROM courses c JOIN workspaces w ON w.id = c.workspace_id
    LEFT JOIN course_languages l ON l.workspace_id = c.workspace_id AND l.course_id = c.id AND l.priority = 'PRIMARY'
    LEFT JOIN courses src ON src.workspace_id = '${CATALOGUE}' AND src.id = c.id
   WHERE c.from_catalogue AND c.catalogue_version IS NOT NULL`;

const toWorkspaceCourse = (r: WorkspaceCourseRow): WorkspaceCourse => ({
  workspaceId: r.workspace_id,
  workspaceName: r.workspace_name,
  courseId: r.id,
  title: r.title,
  version: r.catalogue_version,
  latestVersion: r.latest_version,
  offeredAt: iso(r.offered_at),
  balance: r.balance,
  assigned: r.assigned,
});

export class CatalogueCourses {
  constructor(private readonly db: Database) {}

  /** A draft catalogue course, through the authoring service (the builder does the rest). */
  create(actor: PlatformActor, body: z.output<typeof CreateCourseBody>): Promise<{ courseId: string }> {
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
      tx.query<{ id: string; n: number }>(
        `SELECT id, count(*)::int AS n FROM courses WHERE from_catalogue AND catalogue_version IS NOT NULL AND id = ANY($1::uuid[]) GROUP BY id`,
        [page.items.map((c) => c.courseId)],
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
      const rows = await tx.query<WorkspaceCourseRow>(
        `${WORKSPACE_COURSE_SELECT} AND ($1::uuid IS NULL OR c.id = $1) AND ($2::uuid IS NULL OR c.workspace_id = $2)
          ORDER BY w.company_name, title, c.id`,
        [query.courseId ?? null, query.workspaceId ?? null],
      );
      return { items: rows.map(toWorkspaceCourse) };
    });
  }

  /**
   * Copies the catalogue course's published version into the workspace, in one transaction: the course row (PUBLISHED,
   * read-only, `from_catalogue`), its languages, contents, titles, blocks, quizzes, questions, options, the published
   * version's snapshot, and the files its blocks and cover name (the same stored bytes, rows of the workspace). Offered
   * again: the same copy, nothing written.
   */
  offer(actor: PlatformActor, body: OfferCourseBody): Promise<WorkspaceCourse> {
    return this.db.system(async (tx) => {
      const [source] = await tx.query<{ id: string; title: string; version: number; published_version: number | null }>(
        `SELECT id, title, version, published_version FROM courses WHERE workspace_id = $1 AND id = $2 FOR SHARE`,
        [CATALOGUE, body.courseId],
      );
      if (!source) throw notFound('No such catalogue course');
      const [workspace] = await tx.query<{ id: string }>(`SELECT id FROM workspaces WHERE id = $1`, [body.workspaceId]);
      if (!workspace) throw notFound('No such workspace');
      // One offer at a time per (workspace, course): two at once would both copy.
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
        `catalogue-offer:${body.workspaceId}:${body.courseId}`,
      ]);
      const existing = await this.copyOf(tx, body.workspaceId, body.courseId);
      if (existing) return existing;
      if (source.published_version === null) {
        throw new HttpError(409, 'NOT_PUBLISHED', 'Publish the course before offering it', {
          courseId: 'Not published yet',
        });
      }
      if (source.version !== source.published_version) {
        // The live rows are the next version's draft: the copy would not be the published version.
        throw new HttpError(
          409,
          'DRAFT_OPEN',
          `Publish or finish the draft of version ${source.version} before offering the course`,
          {
            courseId: `Version ${source.version} is a draft`,
          },
        );
      }
      await this.copy(tx, body.workspaceId, body.courseId);
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
      const copy = await this.copyOf(tx, body.workspaceId, body.courseId);
      if (!copy) throw new Error('The copy of the catalogue course was not written');
      return copy;
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
    actor: PlatformActor,
    body: PushVersionBody,
  ): Promise<{ items: (WorkspaceCourse & { fromVersion: number })[] }> {
    return this.db.system(async (tx) => {
      const [source] = await tx.query<{ title: string; version: number; published_version: number | null }>(
        `SELECT title, version, published_version FROM courses WHERE workspace_id = $1 AND id = $2 FOR SHARE`,
        [CATALOGUE, body.courseId],
      );
      if (!source) throw notFound('No such catalogue course');
      if (source.published_version === null)
        throw new HttpError(409, 'NOT_PUBLISHED', 'Publish the course first', { courseId: 'Not published yet' });
      if (source.version !== source.published_version) {
        throw new HttpError(
          409,
          'DRAFT_OPEN',
          `Publish or finish the draft of version ${source.version} before giving it to workspaces`,
          {
            courseId: `Version ${source.version} is a draft`,
          },
        );
      }
      const copies = await tx.query<{ workspace_id: string; catalogue_version: number }>(
        `SELECT workspace_id, catalogue_version FROM courses
          WHERE id = $1 AND from_catalogue AND catalogue_version IS NOT NULL AND workspace_id <> $2
            AND ($3::uuid[] IS NULL OR workspace_id = ANY($3::uuid[]))
          ORDER BY workspace_id`,
        [body.courseId, CATALOGUE, body.workspaceIds ?? null],
      );
      if (body.workspaceIds) {
        const held = new Set(copies.map((c) => c.workspace_id));
        const missing = body.workspaceIds.find((id) => !held.has(id));
        if (missing) throw notFound('This workspace does not have the course');
      }
      const items: (WorkspaceCourse & { fromVersion: number })[] = [];
      for (const copy of copies) {
        if (copy.catalogue_version >= source.published_version) continue;
        const ws = copy.workspace_id;
        await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
          `catalogue-offer:${ws}:${body.courseId}`,
        ]);
        await this.replaceLiveRows(tx, ws, body.courseId);
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
        const now = await this.copyOf(tx, ws, body.courseId);
        if (now) items.push({ ...now, fromVersion: copy.catalogue_version });
      }
      return { items };
    });
  }

  private async replaceLiveRows(tx: Sql, workspaceId: string, courseId: string): Promise<void> {
    const files = `SELECT f.id FROM files f WHERE f.workspace_id = $1 AND f.status = 'CONFIRMED' AND (
        f.id = (SELECT cover_file_id FROM courses WHERE workspace_id = $1 AND id = $2)
        OR EXISTS (SELECT 1 FROM lesson_blocks b JOIN course_contents k ON k.workspace_id = b.workspace_id AND k.id = b.content_id
                    WHERE b.workspace_id = $1 AND k.course_id = $2 AND strpos(b.block::text, f.id::text) > 0))`;
    await tx.query(
      `INSERT INTO files SELECT (jsonb_populate_record(NULL::files, to_jsonb(s) || jsonb_build_object('workspace_id', $3::uuid,
         'replaces_file_id', NULL, 'cover_of_course_id', NULL))).*
         FROM files s WHERE s.workspace_id = $1 AND s.id IN (${files}) ON CONFLICT DO NOTHING`,
      [CATALOGUE, courseId, workspaceId],
    );
    // The live rows go (their children with them); the snapshots of older versions, which learners read, stay.
    await tx.query(`DELETE FROM course_contents WHERE workspace_id = $1 AND course_id = $2`, [workspaceId, courseId]);
    await tx.query(`DELETE FROM course_languages WHERE workspace_id = $1 AND course_id = $2`, [workspaceId, courseId]);
    await tx.query(
      `UPDATE courses c SET title = s.title, description = s.description, version = s.published_version, published_version = s.published_version,
              catalogue_version = s.published_version, cover_file_id = s.cover_file_id, published_at = s.published_at, updated_at = clock_timestamp()
         FROM courses s WHERE s.workspace_id = $1 AND s.id = $2 AND c.workspace_id = $3 AND c.id = $2`,
      [CATALOGUE, courseId, workspaceId],
    );
    for (const { table, where } of COPIED) {
      await tx.query(
        `INSERT INTO ${table} SELECT (jsonb_populate_record(NULL::${table}, to_jsonb(s) || jsonb_build_object('workspace_id', $3::uuid))).*
           FROM ${table} s WHERE s.workspace_id = $1 AND ${where}${table === 'course_versions' ? ' ON CONFLICT DO NOTHING' : ''}`,
        [CATALOGUE, courseId, workspaceId],
      );
    }
  }

  private async copyOf(tx: Sql, workspaceId: string, courseId: string): Promise<WorkspaceCourse | null> {
    const [row] = await tx.query<WorkspaceCourseRow>(
      `${WORKSPACE_COURSE_SELECT} AND c.workspace_id = $1 AND c.id = $2`,
      [workspaceId, courseId],
    );
    if (row) return toWorkspaceCourse(row);
    const [other] = await tx.query(`SELECT 1 FROM courses WHERE workspace_id = $1 AND id = $2`, [
      workspaceId,
      courseId,
    ]);
    if (other)
      throw new HttpError(409, 'COURSE_EXISTS', 'The workspace has a course of its own with this id', {
        courseId: 'Taken in this workspace',
      });
    return null;
  }

  private async copy(tx: Sql, workspaceId: string, courseId: string): Promise<void> {
    const files = `SELECT f.id FROM files f WHERE f.workspace_id = $1 AND f.status = 'CONFIRMED' AND (
        f.id = (SELECT cover_file_id FROM courses WHERE workspace_id = $1 AND id = $2)
        OR EXISTS (SELECT 1 FROM lesson_blocks b JOIN course_contents k ON k.workspace_id = b.workspace_id AND k.id = b.content_id
                    WHERE b.workspace_id = $1 AND k.course_id = $2 AND strpos(b.block::text, f.id::text) > 0))`;
    // Files first (the course's cover names one), each a row of the workspace over the same stored bytes; a file the
    // workspace already has (an earlier offer of another course showing it) is kept.
    await tx.query(
      `INSERT INTO files SELECT (jsonb_populate_record(NULL::files, to_jsonb(s) || jsonb_build_object('workspace_id', $3::uuid,
         'replaces_file_id', NULL, 'cover_of_course_id', NULL))).*
         FROM files s WHERE s.workspace_id = $1 AND s.id IN (${files}) ON CONFLICT DO NOTHING`,
      [CATALOGUE, courseId, workspaceId],
    );
    await tx.query(
      `INSERT INTO courses SELECT (jsonb_populate_record(NULL::courses, to_jsonb(s) || jsonb_build_object(
         'workspace_id', $3::uuid, 'status', 'PUBLISHED', 'from_catalogue', true, 'catalogue_version', s.published_version,
         'offered_at', clock_timestamp(), 'reminder_enabled', false, 'created_by', NULL, 'updated_by', NULL))).*
         FROM courses s WHERE s.workspace_id = $1 AND s.id = $2`,
      [CATALOGUE, courseId, workspaceId],
    );
    for (const { table, where } of COPIED) {
      await tx.query(
        `INSERT INTO ${table} SELECT (jsonb_populate_record(NULL::${table}, to_jsonb(s) || jsonb_build_object('workspace_id', $3::uuid))).*
           FROM ${table} s WHERE s.workspace_id = $1 AND ${where}`,
        [CATALOGUE, courseId, workspaceId],
      );
    }
  }
}
