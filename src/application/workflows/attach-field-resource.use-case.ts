import { refuse, refusalFrom, type Outcome } from '../shared/refusal';
import type { FormAttribute } from '../../contracts/case/builder-schemas';
import type { Progress } from '../courses/authoring/course-files.port';
import type { UploadCourseFile } from '../courses/authoring/upload-course-file.use-case';
import { ApiError, describeError } from '../shared/api-error';
import type { WorkflowBuilderApi } from './workflow-builder-api.port';

export type AttachFieldResourceOutcome = Outcome<{ attribute: FormAttribute }>;

/**
 * A file attached to a field of the complaint form (guidance, a template to fill in): uploaded through the files flow
 * every author uses (signed URL, bytes with progress, the server's confirm by the file's own bytes, as a DOCUMENT: PDF
 * or Office), then pointed at from the field of the draft.
 */
export class AttachFieldResource {
  constructor(
    private readonly upload: UploadCourseFile,
    private readonly builder: WorkflowBuilderApi,
  ) {}

  async execute(
    attributeId: string,
    file: File | (Blob & { name: string }),
    onProgress: Progress,
    signal: AbortSignal,
  ): Promise<AttachFieldResourceOutcome> {
    const uploaded = await this.upload.execute({ purpose: 'DOCUMENT', file }, onProgress, signal);
    if (!uploaded.ok) return uploaded;
    try {
      return {
        ok: true,
        attribute: await this.builder.confirmAttributeResource(
          attributeId,
          uploaded.file.fileId,
          uploaded.file.fileName,
        ),
      };
    } catch (error) {
      if (ApiError.isRefusal(error)) return refusalFrom(error);
      return refuse('failed', describeError(error));
    }
  }
}
