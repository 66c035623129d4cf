import { z } from 'zod';
import { ALLOWED } from './file-types';

/**
 * What an author uploads for a course, each with its own allow-list (file-types.ts) and size limit. The limits are
 * the server's configuration (README, settings), handed to the browser in /config.json so the author sees them
 * before choosing a file; the server checks again when it hands out the upload URL and when it confirms the file.
 */
export const UploadPurpose = z.enum(['VIDEO', 'IMAGE', 'PDF', 'CAPTIONS', 'DOCUMENT']);
export type UploadPurpose = z.infer<typeof UploadPurpose>;

export type UploadLimits = Record<UploadPurpose, number>;

const MB = 1024 * 1024;

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  VIDEO: 500 * MB,
  IMAGE: 10 * MB,
  PDF: 50 * MB,
  CAPTIONS: 1 * MB,
  DOCUMENT: 50 * MB,
};

/** A size as people read it: "500 MB", "1.5 MB", "800 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** Null when a file of this size may be uploaded for the purpose; else the sentence that says why not. */
export function sizeProblem(purpose: UploadPurpose, size: number, limits: UploadLimits): string | null {
  if (size <= 0) return 'The file is empty.';
  if (size > limits[purpose])
    return `The file is ${formatBytes(size)}; ${PURPOSE_NOUN[purpose]} may be at most ${formatBytes(limits[purpose])}.`;
  return null;
}

const PURPOSE_NOUN: Record<UploadPurpose, string> = {
  VIDEO: 'a video',
  IMAGE: 'an image',
  PDF: 'a PDF',
  CAPTIONS: 'a captions file',
  DOCUMENT: 'a document',
};

/** The file picker's `accept` for a purpose (a hint to the picker only: the server judges by the bytes). */
export const ACCEPT: Record<UploadPurpose, string> = {
  VIDEO: '.mp4,.m4v,.webm,video/mp4,video/webm',
  IMAGE: '.png,.jpg,.jpeg,.gif,.webp,image/png,image/jpeg,image/gif,image/webp',
  PDF: '.pdf,application/pdf',
  CAPTIONS: '.vtt,text/vtt',
  DOCUMENT: '.pdf,.docx,.xlsx,.pptx',
};

/** The types each purpose accepts, for the words under the picker. */
export const ACCEPTED_TYPES: Record<UploadPurpose, readonly string[]> = ALLOWED;

/** The kinds of file an ask-for-a-file block may take (blocks.contract.ts AskToUploadResourceBlock `accept`). */
export type HandInKind = 'PDF' | 'IMAGE' | 'DOCUMENT';

const IMAGE_NAME = /\.(png|jpe?g|gif|webp)$/i;

/**
 * Which allow-list (and size limit) a learner's handed-in file is checked against: an image by its name when the
 * block takes images, else a document (PDF or Office) when it takes documents, else a PDF. The server's confirm judges
 * by the bytes: a file whose bytes are not of that kind is refused (415) whatever its name says.
 */
export function handInPurpose(fileName: string, accept: readonly HandInKind[]): UploadPurpose {
  if (accept.includes('IMAGE') && (IMAGE_NAME.test(fileName) || accept.length === 1)) return 'IMAGE';
  if (accept.includes('DOCUMENT')) return 'DOCUMENT';
  return 'PDF';
}

/** The words under a hand-in picker: the kinds the block takes and their limits, said before a file is chosen. */
export function handInLimits(accept: readonly HandInKind[], limits: UploadLimits): string {
  const parts: string[] = [];
  if (accept.includes('DOCUMENT'))
    parts.push(`PDF, Word, Excel or PowerPoint (.docx, .xlsx, .pptx), at most ${formatBytes(limits.DOCUMENT)}`);
  else if (accept.includes('PDF')) parts.push(`PDF, at most ${formatBytes(limits.PDF)}`);
  if (accept.includes('IMAGE')) parts.push(`PNG, JPEG, GIF or WebP images, at most ${formatBytes(limits.IMAGE)}`);
  return `${parts.join('; ')}.`;
}

/** The picker's `accept` for a hand-in block (a hint only). */
export function handInAccept(accept: readonly HandInKind[]): string {
  return [...new Set(accept.flatMap((kind) => ACCEPT[kind].split(',')))].join(',');
}
