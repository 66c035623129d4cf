import type { StoredFile } from '../../contracts/learning/uploads.contract';
import type { CourseLanguage } from '../../domain/courses/course';
import type { UploadPurpose } from '../../domain/files/uploads';

/** What an upload is for: a new course file, a replacement of one, or a course's cover image. */
export type UploadTarget =
  | { kind: 'new'; purpose: UploadPurpose }
  | { kind: 'replace'; fileId: string }
  | { kind: 'cover'; courseId: string };

/** Bytes sent so far of the whole file. */
export interface UploadProgress {
  sentBytes: number;
  totalBytes: number;
}

/** A file to upload: the browser's `File`, or any named bytes. */
export interface UploadFile {
  name: string;
  size: number;
  /** The bytes (a `File` or `Blob` is one). */
  readonly blob: Blob;
}

/** An expected refusal, with the server's sentence for the author; anything unexpected throws. */
export type UploadOutcome =
  | { ok: true; file: StoredFile }
  | { ok: false; reason: 'too-large' | 'wrong-type' | 'link-expired' | 'cancelled'; message: string };

/**
 * Course file uploads (docs/files.md): asks for an upload URL, sends the bytes straight to it with progress, then
 * has the server confirm the file by its own bytes.
 */
export const UploadApi = Symbol('UploadApi');
export interface UploadApi {
  upload(
    file: UploadFile,
    target: UploadTarget,
    options?: { language?: CourseLanguage; onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal },
  ): Promise<UploadOutcome>;
}
