import type { CourseLanguage } from '../../../domain/courses/course';
import type { UploadPurpose } from '../../../domain/files/uploads';

/** Where and how the browser sends a file's bytes (a signed URL of the file storage). */
export interface UploadTarget {
  fileId: string;
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  maxBytes: number;
}

export interface ConfirmedFile {
  fileId: string;
  fileName: string;
  size: number;
  contentType: string;
  /** A signed link for showing the file now (it expires): never stored. */
  downloadUrl: string;
}

/** The course file calls of the learning API (docs/files.md). */
/** A file a course shows, as its builder previews it: the link expires, so it is read again on each visit. */
export interface CourseFileLink {
  fileId: string;
  url: string;
  fileName: string;
  contentType: string;
  purpose: UploadPurpose;
}

export const CourseFilesApi = Symbol('CourseFilesApi');
export interface CourseFilesApi {
  requestUpload(purpose: UploadPurpose, fileName: string, size: number): Promise<UploadTarget>;
  /** An upload that replaces a confirmed file (the same kind; published versions keep showing the old one). */
  requestReplacement(fileId: string, fileName: string, size: number): Promise<UploadTarget>;
  /** An image that becomes the course's cover once confirmed. */
  requestCover(courseId: string, fileName: string, size: number): Promise<UploadTarget>;
  /** Links to every file the course shows: its cover and its blocks' files in every language. */
  courseLinks(courseId: string): Promise<CourseFileLink[]>;
  /** The server reads the stored bytes and records the file, or refuses it (413, 415) and keeps nothing. */
  confirm(fileId: string, language?: CourseLanguage): Promise<ConfirmedFile>;
}

/** The progress of a transfer: bytes sent of the total. */
export type Progress = (sent: number, total: number) => void;

/** Sends a file's bytes to an upload target, reporting progress; rejects on failure or when aborted. */
export const FileTransfer = Symbol('FileTransfer');
export interface FileTransfer {
  put(target: UploadTarget, file: Blob, onProgress: Progress, signal: AbortSignal): Promise<void>;
}
