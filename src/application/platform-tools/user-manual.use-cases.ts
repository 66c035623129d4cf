import type { UserManual } from '../../contracts/main/user-manual.contract';
import { MANUAL_MAX_MARKDOWN_CHARS, MANUAL_MAX_PDF_BYTES } from '../../domain/platform/user-manual';
import type { UserManualApi } from './platform-tools-api.port';
import { invalid, refusalOf, type Refusal } from '../shared/refusal';

export type ManualContent =
  { format: 'MARKDOWN'; markdown: string } | { format: 'PDF'; file: { name: string; content: Blob } | null };
export type PublishManualInput = ManualContent & { workspaceId: string | null };

/** Publishes (replaces) the manual of one workspace or of all, checking what the server would refuse first. */
export class PublishUserManual {
  constructor(private readonly manuals: UserManualApi) {}

  async execute(input: PublishManualInput): Promise<{ ok: true; manual: UserManual } | Refusal> {
    try {
      if (input.format === 'MARKDOWN') {
        if (!input.markdown.trim()) return invalid('Write the manual', 'markdown');
        if (input.markdown.length > MANUAL_MAX_MARKDOWN_CHARS) return invalid('The manual is too long', 'markdown');
        return { ok: true, manual: await this.manuals.publishMarkdown(input.workspaceId, input.markdown) };
      }
      if (!input.file) return invalid('Choose a PDF file', 'file');
      if (input.file.content.size > MANUAL_MAX_PDF_BYTES) {
        return {
          ok: false,
          reason: 'too-large',
          message: 'The PDF is larger than 10 MB',
          fields: { file: 'The PDF is larger than 10 MB' },
        };
      }
      if (input.file.content.size === 0) return invalid('The file is empty', 'file');
      return { ok: true, manual: await this.manuals.publishPdf(input.workspaceId, input.file) };
    } catch (error) {
      return refusalOf(error);
    }
  }
}
