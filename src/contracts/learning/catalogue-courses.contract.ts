import { z } from 'zod';
import { Id, PageQuery, pageOf, route } from '../route';
import { CourseRef, CourseSummary, CreateCourseBody } from './courses.contract';

/**
 * Catalogue courses (docs/policies.md "Catalogue courses"): the platform admin authors them on the main site
 * with the workspace builder (the builder's calls take the platform admin there: `catalogueAuthor`), and offers them
 * to workspaces, which see a read-only copy they assign with credits.
 */

/** A catalogue course as the platform admin lists it: the builder's summary and how many workspaces have it. */
export const CatalogueCourse = CourseSummary.extend({ workspaceCount: z.number().int() });
export type CatalogueCourse = z.infer<typeof CatalogueCourse>;

export const adminCourseCreate = route({
  api: 'learning',
  method: 'POST',
  path: '/api/admin/course/create',
  summary: 'Creates a draft catalogue course in one language (then built with the course builder on the main site)',
  body: CreateCourseBody,
  response: CourseRef,
  access: 'platform-admin',
});

export const adminCourseList = route({
  api: 'learning',
  method: 'GET',
  path: '/api/admin/course/all',
  summary: 'The catalogue courses, newest first, searchable by title, with how many workspaces have each',
  query: PageQuery.extend({ search: z.string().trim().max(200).optional() }).strict(),
  response: pageOf(CatalogueCourse),
  access: 'platform-admin',
});

/** A catalogue course in a workspace: offered (copied) at a version, its credits and assignments. */
export const WorkspaceCourse = z.object({
  workspaceId: z.string(),
  workspaceName: z.string(),
  courseId: z.string(),
  title: z.string(),
  /** The catalogue's version the workspace has. */
  version: z.number().int(),
  /** The catalogue's published version now: newer than `version` when the workspace's copy is behind. */
  latestVersion: z.number().int().nullable(),
  offeredAt: z.string(),
  balance: z.number().int(),
  assigned: z.number().int(),
});
export type WorkspaceCourse = z.infer<typeof WorkspaceCourse>;

export const adminWorkspaceCourses = route({
  api: 'learning',
  method: 'GET',
  path: '/api/admin/course/workspace-course',
  summary: 'Which workspaces have which catalogue courses (filter by course or workspace), with balances',
  query: z.strictObject({ courseId: Id.optional(), workspaceId: Id.optional() }),
  response: z.object({ items: z.array(WorkspaceCourse) }),
  access: 'platform-admin',
});

export const OfferCourseBody = z.strictObject({ courseId: Id, workspaceId: Id });
export type OfferCourseBody = z.infer<typeof OfferCourseBody>;

/** New path (not in endpoints.tsv): offering is how a workspace gets a catalogue course. */
export const adminOfferCourse = route({
  api: 'learning',
  method: 'POST',
  path: '/api/admin/course/offer',
  summary:
    'Offers a published catalogue course to a workspace: copies its published version there (read-only, assigned with credits); again, answers the same copy',
  body: OfferCourseBody,
  response: WorkspaceCourse,
  access: 'platform-admin',
});

export const PushVersionBody = z.strictObject({
  courseId: Id,
  /** The workspaces to bring up to date; absent: every workspace whose copy is older. */
  workspaceIds: z.array(Id).min(1).max(1000).optional(),
});
export type PushVersionBody = z.infer<typeof PushVersionBody>;

/** New path (not in endpoints.tsv): brings workspaces' copies up to the catalogue's published version. */
export const adminPushCourseVersion = route({
  api: 'learning',
  method: 'POST',
  path: '/api/admin/course/push-version',
  summary:
    'Brings workspaces holding an older copy of a catalogue course to its published version; learners who were given the older version keep it, new assignments get the new one',
  body: PushVersionBody,
  response: z.object({ items: z.array(WorkspaceCourse.extend({ fromVersion: z.number().int() })) }),
  access: 'platform-admin',
});
