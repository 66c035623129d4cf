import { z } from 'zod';
import { Id, IdParams, route } from '../route';
import { LEARNERS } from './player.contract';
import { StoredFile, UploadTicket } from './uploads.contract';

/**
 * The learner's file for an ASK_TO_UPLOAD_RESOURCE block: the learner asks for an upload URL for that
 * block of a course assigned to them, PUTs the bytes to it with a progress bar, confirms (the server reads the type
 * from the bytes: the block's kinds only, never SVG or HTML, 415; over the limit 413), then hands the file in with
 * PUT /api/user-course-content/answer `{type:'ASK_TO_UPLOAD_RESOURCE', fileId}`. Not assigned, another block type,
 * another workspace's course: 404.
 */

const FileName = z
  .string()
  .trim()
  .min(1, 'Give the file’s name')
  .max(255, 'Use a file name of at most 255 characters')
  .refine((name) => !/[\\/\u0000-\u001f\u007f]/.test(name), 'Use a file name without slashes or control characters');

export const LearnerUploadUrlBody = z.strictObject({
  courseId: Id,
  blockId: Id,
  fileName: FileName,
  size: z.number().int('Give the size in whole bytes').positive('The file is empty'),
});
export type LearnerUploadUrlBody = z.infer<typeof LearnerUploadUrlBody>;

export const learnerUploadUrl = route({
  api: 'learning',
  method: 'POST',
  path: '/api/user-course-content/upload-url',
  summary:
    "A signed URL to PUT the caller's file for an ask-for-a-file block of a course assigned to them (a PDF, an image or an Office document, as the block accepts); 413 over the limit",
  body: LearnerUploadUrlBody,
  response: UploadTicket,
  access: LEARNERS,
  permission: 'courses.learn',
});

export const learnerConfirmUpload = route({
  api: 'learning',
  method: 'POST',
  path: '/api/user-course-content/confirm-upload/{id}',
  summary:
    "Checks the caller's uploaded file by its own bytes (never SVG or HTML) and records it, ready to hand in as the block's answer; 413 or 415 deletes it; another person's file is 404",
  params: IdParams,
  response: StoredFile,
  access: LEARNERS,
  permission: 'courses.learn',
});
