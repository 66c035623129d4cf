import { z } from 'zod';
import { CourseLanguage } from '../../domain/courses/course';
import { Id, IdParams, Ok, pageOf, route } from '../route';
import { LessonBlock } from './blocks.contract';
import { AUTHORS, ContentBlock, CourseTitle } from './courses.contract';

/** Lessons and their content blocks. Only authors (workspace admins, employers) call these. */

/** Lesson content and quiz questions are served 100 to a page (api/endpoints.tsv). */
export const CONTENT_PAGE_SIZE = 100;

export const ContentPageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(CONTENT_PAGE_SIZE).default(CONTENT_PAGE_SIZE),
});

export const Lesson = z.object({
  lessonId: z.string(),
  courseId: z.string(),
  position: z.number().int(),
  titles: z.partialRecord(CourseLanguage, z.string()),
});
export type Lesson = z.infer<typeof Lesson>;

export const CreateLessonBody = z.strictObject({
  title: CourseTitle,
  /** The title's language; the course's primary when absent. */
  language: CourseLanguage.optional(),
});
export type CreateLessonBody = z.infer<typeof CreateLessonBody>;

export const createLesson = route({
  api: 'learning',
  method: 'POST',
  path: '/api/lesson/create/{courseId}',
  summary: "Add a lesson at the end of a course's contents",
  params: z.strictObject({ courseId: Id }),
  body: CreateLessonBody,
  response: Lesson,
  access: AUTHORS,
  catalogueAuthor: true,
  permission: 'courses.author',
});

export const UpdateLessonBody = z.strictObject({
  title: CourseTitle,
  /** The title's language; the course's primary when absent. */
  language: CourseLanguage.optional(),
});
export type UpdateLessonBody = z.infer<typeof UpdateLessonBody>;

export const updateLesson = route({
  api: 'learning',
  method: 'PUT',
  path: '/api/lesson/update/{id}',
  summary: "Rename a lesson in one of the course's languages",
  params: IdParams,
  body: UpdateLessonBody,
  response: Lesson,
  access: AUTHORS,
  catalogueAuthor: true,
  permission: 'courses.author',
});

export const deleteLesson = route({
  api: 'learning',
  method: 'DELETE',
  path: '/api/lesson/delete/{id}',
  summary: 'Delete a lesson and its blocks; the contents after it move up',
  params: IdParams,
  response: Ok,
  access: AUTHORS,
  catalogueAuthor: true,
  permission: 'courses.author',
});

export const LessonContentPage = pageOf(ContentBlock).extend({
  /** The language the words were asked in (the course's primary when it lacks that one). */
  language: CourseLanguage,
  primaryLanguage: CourseLanguage,
});
export type LessonContentPage = z.infer<typeof LessonContentPage>;

export const lessonContent = route({
  api: 'learning',
  method: 'GET',
  path: '/api/lesson-content/all/{lessonId}',
  summary:
    "A lesson's blocks in order, 100 to a page, each with how it reads in the language asked for and what that language lacks",
  params: z.strictObject({ lessonId: Id }),
  query: ContentPageQuery.extend({ language: CourseLanguage.optional() }).strict(),
  response: LessonContentPage,
  access: AUTHORS,
  catalogueAuthor: true,
  permission: 'courses.author',
});

export const CreateBlockBody = z.strictObject({
  lessonId: Id,
  block: LessonBlock,
  /** Where it goes (0 = first); at the end when absent. */
  position: z.number().int().min(0).optional(),
});
export type CreateBlockBody = z.input<typeof CreateBlockBody>;

export const createBlock = route({
  api: 'learning',
  method: 'POST',
  path: '/api/lesson-content/create',
  summary: 'Add a block (any of the sixteen types, with its words per language) to a lesson',
  body: CreateBlockBody,
  response: ContentBlock,
  access: AUTHORS,
  catalogueAuthor: true,
  permission: 'courses.author',
});

export const UpdateBlockBody = z.strictObject({
  blockId: Id,
  /** The whole block as it should now be (every language's words). */
  block: LessonBlock,
  /** A new place in the lesson, when it moves. */
  position: z.number().int().min(0).optional(),
});
export type UpdateBlockBody = z.input<typeof UpdateBlockBody>;

export const updateBlock = route({
  api: 'learning',
  method: 'PUT',
  path: '/api/lesson-content/update',
  summary: "Replace a block (its structure and every language's words), or move it within its lesson",
  body: UpdateBlockBody,
  response: ContentBlock,
  access: AUTHORS,
  catalogueAuthor: true,
  permission: 'courses.author',
});

export const deleteBlock = route({
  api: 'learning',
  method: 'DELETE',
  path: '/api/lesson-content/delete',
  summary: 'Delete a block; the blocks after it move up',
  query: z.strictObject({ blockId: Id }),
  response: Ok,
  access: AUTHORS,
  catalogueAuthor: true,
  permission: 'courses.author',
});
