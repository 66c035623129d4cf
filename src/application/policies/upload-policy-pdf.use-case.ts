import { refuse, refusalFrom, type Outcome } from '../shared/refusal';
import type { PolicyDetails, PolicyLanguage } from '../../contracts/learning/catalogue.contract';
import type { FileTransfer, Progress } from '../courses/authoring/course-files.port';
import { ApiError, describeError } from '../shared/api-error';
import type { CataloguePolicyApi } from './policy-api.port';

/** Refused as `invalid` (coded `not-pdf`), `too-large`, or `failed` on the way. */
export type UploadPolicyPdfOutcome = Outcome<{ policy: PolicyDetails }, 'not-pdf'>;

/**
 * A policy's PDF in one language: refused at once when it is not a PDF by name or type, then sent with progress to
 * the signed URL and confirmed (the server reads its bytes: a PDF by its magic number).
 */
/** The same use case over the workspace's own policies' calls (bound with OwnPolicyApi). */
export const UploadOwnPolicyPdf = Symbol('UploadOwnPolicyPdf');

export class UploadPolicyPdf {
  constructor(
    private readonly api: CataloguePolicyApi,
    private readonly transfer: FileTransfer,
  ) {}

  async execute(
    policyId: string,
    language: PolicyLanguage,
    file: File,
    onProgress: Progress,
    signal: AbortSignal,
  ): Promise<UploadPolicyPdfOutcome> {
    if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') {
      return refuse('invalid', 'Choose the policy as a PDF file.', {
        code: 'not-pdf',
        fields: { file: 'Choose a PDF' },
      });
    }
    try {
      const target = await this.api.requestUpload(policyId, language, file.name, file.size);
      if (file.size > target.maxBytes)
        return refuse('too-large', `The PDF is larger than the ${target.maxBytes} bytes allowed.`);
      await this.transfer.put(target, file, onProgress, signal);
      return { ok: true, policy: await this.api.confirmUpload(policyId, language) };
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      if (ApiError.isRefusal(error)) return refusalFrom(error);
      return refuse('failed', describeError(error));
    }
  }
}
