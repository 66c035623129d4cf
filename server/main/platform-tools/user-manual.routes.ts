import type { FastifyInstance } from 'fastify';
import {
  MANUAL_FILE_FIELD,
  MANUAL_MARKDOWN_FIELD,
  MANUAL_WORKSPACE_FIELD,
  publishedUserManual,
  publishUserManual,
  userManual,
  userManualFile,
} from '../../../src/contracts/main/user-manual.contract';
import {
  looksLikePdf,
  MANUAL_MAX_MARKDOWN_CHARS,
  MANUAL_MAX_PDF_BYTES,
} from '../../../src/domain/platform/user-manual';
import type { ApiDeps } from '../../platform/deps';
import { badRequest, HttpError } from '../../platform/errors';
import { answer } from '../../platform/refusal';
import { serve, workspaceUser } from '../../platform/serve';
import { platformAdminId, readMultipart, workspaceIdField } from './support';
import { UserManualService, type ManualContent } from './user-manual.service';

const TOO_LARGE = `The PDF is larger than ${MANUAL_MAX_PDF_BYTES / 1024 / 1024} MB`;

export async function userManualRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const manuals = new UserManualService(deps.db);

  serve(app, userManual, async (ctx) => manuals.forWorkspace(workspaceUser(ctx).workspace.id));

  serve(app, publishedUserManual, async ({ query }) => answer(await manuals.published(query.workspaceId ?? null)));

  serve(app, userManualFile, async ({ params, site, reply }) => {
    // The token is the capability; on a workspace's site it must also be a manual that workspace reads.
    const here = site.kind === 'workspace' ? site.workspace.id : null;
    const row = answer(await manuals.file(params.token, here));
    const name = row.fileName.replace(/[^A-Za-z0-9._ -]/g, '_');
    return (
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${name}"`)
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        // The manual page draws the PDF itself (pdf.js, from a fetch): nothing frames it, and nothing in it runs here.
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
        .send(Buffer.from(row.pdf))
    );
  });

  serve(app, publishUserManual, async ({ request, principal }) => {
    const input = await readMultipart(request, {
      textFields: [MANUAL_WORKSPACE_FIELD, MANUAL_MARKDOWN_FIELD],
      fileFields: [MANUAL_FILE_FIELD, MANUAL_MARKDOWN_FIELD],
      maxFileBytes: MANUAL_MAX_PDF_BYTES,
      tooLarge: TOO_LARGE,
    });
    const workspaceId = workspaceIdField(input.fields[MANUAL_WORKSPACE_FIELD], true);
    const markdownText =
      input.file?.field === MANUAL_MARKDOWN_FIELD
        ? input.file.bytes.toString('utf8')
        : input.fields[MANUAL_MARKDOWN_FIELD];
    // Multipart turns a field's line ends into CRLF: keep the text as written, with plain LF line ends.
    const markdown = markdownText?.replace(/\r\n?/g, '\n');
    const pdf = input.file?.field === MANUAL_FILE_FIELD ? input.file : null;
    if (markdown !== undefined && pdf) {
      throw badRequest('Publish either Markdown text or a PDF, not both', {
        [MANUAL_MARKDOWN_FIELD]: 'Give the text or the PDF, not both',
      });
    }
    let content: ManualContent;
    if (pdf) {
      if (pdf.bytes.length === 0) throw badRequest('The PDF is empty', { [MANUAL_FILE_FIELD]: 'The file is empty' });
      if (!looksLikePdf(pdf.bytes)) {
        throw new HttpError(400, 'UNSUPPORTED_FILE', 'This file is not a PDF', {
          [MANUAL_FILE_FIELD]: 'Not a PDF (it does not start with %PDF-)',
        });
      }
      content = {
        format: 'PDF',
        bytes: pdf.bytes,
        fileName: pdf.name.toLowerCase().endsWith('.pdf') ? pdf.name : `${pdf.name}.pdf`,
      };
    } else if (markdown !== undefined) {
      if (markdown.trim() === '')
        throw badRequest('The manual is empty', { [MANUAL_MARKDOWN_FIELD]: 'Write the manual' });
      if (markdown.length > MANUAL_MAX_MARKDOWN_CHARS) {
        throw new HttpError(
          413,
          'TOO_LARGE',
          `The manual is longer than ${MANUAL_MAX_MARKDOWN_CHARS.toLocaleString('en')} characters`,
          {
            [MANUAL_MARKDOWN_FIELD]: 'Too long',
          },
        );
      }
      content = { format: 'MARKDOWN', markdown };
    } else {
      throw badRequest('Give the manual as Markdown text or a PDF file', {
        [MANUAL_MARKDOWN_FIELD]: 'Required',
        [MANUAL_FILE_FIELD]: 'Required',
      });
    }

    return answer(
      await manuals.publish({ platformAdminId: platformAdminId(principal), ip: request.ip }, workspaceId, content),
    );
  });
}
