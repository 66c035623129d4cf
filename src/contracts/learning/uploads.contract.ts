import { z } from 'zod';
import { CourseLanguage } from '../../domain/courses/course';
import { UploadPurpose } from '../../domain/files/uploads';
import { Id, IdParams, route } from '../route';

/**
 * Course files (docs/files.md): the author asks for an upload URL, the browser PUTs the file's bytes straight to it
 * (with a progress bar), then confirms; the confirm reads the stored file's size and type from its own bytes and
 * records it, or refuses it (413, 415) and keeps nothing. Blocks and the course's cover then name the file by its id.
 */

/** The course's authors: business-unit admins and employees may not write courses. */
const AUTHORS = ['WORKSPACE_ADMIN', 'EMPLOYER'] as const;
// Uploading is authoring: the authors' permission (the course contracts' `courses.author`).
const PERMISSION = 'courses.author' as const;

/** A file name as the browser gives it: no path, no control characters. */
const FileName = z
  .string()
  .trim()
  .min(1, 'Give the file’s name')
  .max(255, 'Use a file name of at most 255 characters')
  .refine((name) => !/[\\/\u0000-\u001f\u007f]/.test(name), 'Use a file name without slashes or control characters');
const Size = z.number().int('Give the size in whole bytes').positive('The file is empty');

export const UploadUrlBody = z.strictObject({ purpose: UploadPurpose, fileName: FileName, size: Size });
export type UploadUrlBody = z.infer<typeof UploadUrlBody>;

export const ReplaceUploadUrlBody = z.strictObject({ fileId: Id, fileName: FileName, size: Size });
export type ReplaceUploadUrlBody = z.infer<typeof ReplaceUploadUrlBody>;

export const CoverUploadUrlBody = z.strictObject({ fileName: FileName, size: Size });
export type CoverUploadUrlBody = z.infer<typeof CoverUploadUrlBody>;

export const UploadTicket = z.object({
  fileId: z.string(),
  /** PUT the file's bytes here, with exactly `headers`, before `expiresAt`. */
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
  /** The most bytes the upload may have (the purpose's limit). */
  maxBytes: z.number().int(),
});
export type UploadTicket = z.infer<typeof UploadTicket>;

export const ConfirmUploadQuery = z.strictObject({ language: CourseLanguage.optional() });

export const StoredFile = z.object({
  fileId: z.string(),
  purpose: UploadPurpose,
  fileName: z.string(),
  size: z.number().int(),
  /** The type read from the file's own bytes. */
  contentType: z.string(),
  language: CourseLanguage.nullable(),
  status: z.literal('CONFIRMED'),
  /** A signed link to the file, valid for a while (`downloadExpiresAt`): to preview it now, never to store. */
  downloadUrl: z.string(),
  downloadExpiresAt: z.string(),
  /** The file it replaces (generate-upload-url-for-update), or the course it is the cover of. */
  replacesFileId: z.string().nullable(),
  coverOfCourseId: z.string().nullable(),
  createdAt: z.string(),
});
export type StoredFile = z.infer<typeof StoredFile>;

/** A course's file as the builder previews it: a signed link that expires (`expiresAt`), never to be stored. */
export const CourseFileLink = z.object({
  fileId: z.string(),
  url: z.string(),
  contentType: z.string(),
  fileName: z.string(),
  purpose: UploadPurpose,
  expiresAt: z.string(),
});
export const CourseFileLinks = z.object({ links: z.array(CourseFileLink) });
export type CourseFileLinks = z.infer<typeof CourseFileLinks>;

export const generateUploadUrl = route({
  api: 'learning',
  method: 'POST',
  path: '/api/lesson-content/generate-upload-url',
  summary:
    'A signed URL to PUT a new course file to (video, image, PDF, captions, document), for the size declared; 413 when over the purpose’s limit',
  body: UploadUrlBody,
  response: UploadTicket,
  access: AUTHORS,
  catalogueAuthor: true,
  permission: PERMISSION,
});

export const generateUploadUrlForUpdate = route({
  api: 'learning',
  method: 'POST',
  path: '/api/lesson-content/generate-upload-url-for-update',
  summary:
    'A signed URL to PUT a file that replaces a confirmed one, of the same purpose (the old file stays for published versions)',
  body: ReplaceUploadUrlBody,
  response: UploadTicket,
  access: AUTHORS,
  catalogueAuthor: true,
  permission: PERMISSION,
});

export const confirmUpload = route({
  api: 'learning',
  method: 'POST',
  path: '/api/lesson-content/confirm-upload/{id}',
  summary:
    'Checks an uploaded file by its own bytes (size, type against the purpose’s allow-list; never SVG or HTML) and records it; 413 or 415 deletes it',
  params: IdParams,
  query: ConfirmUploadQuery,
  response: StoredFile,
  access: AUTHORS,
  catalogueAuthor: true,
  permission: PERMISSION,
});

export const generateCourseCoverUploadUrl = route({
  api: 'learning',
  method: 'POST',
  path: '/api/course/generate-upload-url-for-update/{id}',
  summary: 'A signed URL to PUT a course’s cover image; confirming it (confirm-upload) makes it the cover',
  params: IdParams,
  body: CoverUploadUrlBody,
  response: UploadTicket,
  access: AUTHORS,
  catalogueAuthor: true,
  permission: PERMISSION,
});

export const courseFileLinks = route({
  api: 'learning',
  method: 'GET',
  path: '/api/lesson-content/course-files/{id}',
  summary:
    'Signed links, valid for an hour, to every file the course shows (its cover, its blocks’ videos, captions in every language, images and resources), for the authors’ builder and previews',
  params: IdParams,
  response: CourseFileLinks,
  access: AUTHORS,
  catalogueAuthor: true,
  permission: PERMISSION,
});
