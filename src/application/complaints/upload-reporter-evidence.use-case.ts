import { refuse, refusalFrom } from '../shared/refusal';
import type { FileTransfer, Progress } from '../courses/authoring/course-files.port';
import { ApiError, describeError } from '../shared/api-error';
import type { IntakeApi } from './intake-api.port';
import type { EvidenceUpload } from './upload-evidence.use-case';

/** The reporter's evidence: sent straight to the file store through their receipt session, then confirmed on their case. */
export class UploadReporterEvidence {
  constructor(
    private readonly api: IntakeApi,
    private readonly transfer: FileTransfer,
  ) {}

  async run(session: string, file: File, onProgress: Progress, signal: AbortSignal): Promise<EvidenceUpload> {
    try {
      const target = await this.api.requestEvidenceUpload(session, file.name, file.size);
      await this.transfer.put(target, file, onProgress, signal);
      return { ok: true, file: await this.api.confirmEvidence(session, target.fileId) };
    } catch (error) {
      if (ApiError.isRefusal(error)) return refusalFrom(error);
      return refuse('failed', describeError(error));
    }
  }
}
