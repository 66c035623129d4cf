import { refuse, refusalFrom, type Outcome } from '../../shared/refusal';
import { ApiError, describeError } from '../../shared/api-error';
import type { CourseLanguage } from '../../../domain/courses/course';
import { sizeProblem, type UploadLimits, type UploadPurpose } from '../../../domain/files/uploads';
import type { ConfirmedFile, CourseFileLink, CourseFilesApi, FileTransfer, Progress } from './course-files.port';

/** Links to the files a course shows, for its builder's previews and the names of files already attached. */
export class ReadCourseFiles {
  constructor(private readonly files: CourseFilesApi) {}

  execute(courseId: string): Promise<CourseFileLink[]> {
    return this.files.courseLinks(courseId);
  }
}

/** Refused as `too-large`, by the server (its own reason), `cancelled` by the person, or `failed` on the way. */
export type UploadOutcome = Outcome<{ file: ConfirmedFile }>;

/**
 * Uploads a course file: refuses one over the purpose's limit before anything is sent (the limit the author was
 * shown), asks for a signed URL, sends the bytes with progress, then has the server check them by their own bytes.
 */
export class UploadCourseFile {
  constructor(
    private readonly files: CourseFilesApi,
    private readonly transfer: FileTransfer,
    readonly limits: UploadLimits,
  ) {}

  async execute(
    input: {
      purpose: UploadPurpose;
      file: File | (Blob & { name: string });
      language?: CourseLanguage;
      /** The confirmed file this one replaces (a block's file changed): the server keeps the old one for published versions. */
      replaces?: string;
      /** The course whose cover this image becomes. */
      coverOf?: string;
    },
    onProgress: Progress,
    signal: AbortSignal,
  ): Promise<UploadOutcome> {
    const problem = sizeProblem(input.purpose, input.file.size, this.limits);
    if (problem) return refuse('too-large', problem);
    try {
      const { name, size } = input.file;
      const target = input.coverOf
        ? await this.files.requestCover(input.coverOf, name, size)
        : input.replaces
          ? await this.files.requestReplacement(input.replaces, name, size)
          : await this.files.requestUpload(input.purpose, name, size);
      await this.transfer.put(target, input.file, onProgress, signal);
      if (signal.aborted) return refuse('cancelled', 'Upload cancelled.');
      return { ok: true, file: await this.files.confirm(target.fileId, input.language) };
    } catch (error) {
      if (signal.aborted) return refuse('cancelled', 'Upload cancelled.');
      if (ApiError.isRefusal(error)) return refusalFrom(error);
      return refuse('failed', describeError(error));
    }
  }
}
