import { refuse, refusalFrom, type Outcome } from '../shared/refusal';
import type { EvidenceFile } from '../../contracts/case/complaints.contract';
import type { FileTransfer, Progress } from '../courses/authoring/course-files.port';
import { ApiError, describeError } from '../shared/api-error';
import type { ComplaintsApi } from './complaints-api.port';

/** Refused by the server (its own kind), or `failed` on the way. */
export type EvidenceUpload = Outcome<{ file: EvidenceFile }>;

/** Evidence: any file, sent straight to the file store, then confirmed; kept as given (photo metadata included). */
export class UploadEvidence {
  constructor(
    private readonly api: ComplaintsApi,
    private readonly transfer: FileTransfer,
  ) {}

  async run(file: File, onProgress: Progress, signal: AbortSignal): Promise<EvidenceUpload> {
    try {
      const target = await this.api.requestEvidenceUpload(file.name, file.size);
      await this.transfer.put(target, file, onProgress, signal);
      return { ok: true, file: await this.api.confirmEvidence(target.fileId) };
    } catch (error) {
      if (ApiError.isRefusal(error)) return refusalFrom(error);
      return refuse('failed', describeError(error));
    }
  }
}
