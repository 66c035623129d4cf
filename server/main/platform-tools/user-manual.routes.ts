import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  MANUAL_FILE_FIELD,
  MANUAL_MARKDOWN_FIELD,
  MANUAL_WORKSPACE_FIELD,
  publishedUserManual,
  publishUserManual,
  userManual,
  userManualFile,
  type UserManual,
} from '../../../src/contracts/main/user-manual.contract';
import {
  looksLikePdf,
  MANUAL_MAX_MARKDOWN_CHARS,
  MANUAL_MAX_PDF_BYTES,
  manualFor,
} from '../../../src/domain/platform/user-manual';
import { audit } from '../../platform/audit';
import { MAIN_SITE_WORKSPACE_ID, type Sql } from '../../platform/db/database';
import type { ApiDeps } from '../../platform/deps';
import { badRequest, HttpError, notFound } from '../../platform/errors';
import { serve, workspaceUser } from '../../platform/serve';
import { iso, platformAdminId, readMultipart, requireWorkspace, workspaceIdField } from './support';

interface ManualRow {
  workspace_id: string | null;
  format: 'MARKDOWN' | 'PDF';
  markdown: string | null;
  file_name: string | null;
  byte_size: number;
  file_token: string;
  published_at: Date | string;
}

/** The manual for every workspace is stored under the main site's id; the code calls its workspace null. */
const MANUAL_COLUMNS = `nullif(workspace_id, '${MAIN_SITE_WORKSPACE_ID}') AS workspace_id, format, markdown, file_name, byte_size, file_token, published_at`;

function toManual(row: ManualRow): UserManual {
  const common = { workspaceId: row.workspace_id, publishedAt: iso(row.published_at) };
  if (row.format === 'MARKDOWN') return { format: 'MARKDOWN', markdown: row.markdown ?? '', ...common };
  return {
    format: 'PDF',
    fileName: row.file_name ?? 'manual.pdf',
    byteSize: row.byte_size,
    fileUrl: `/api/user-manual/file/${row.file_token}`,
    ...common,
  };
}

/** The manual a workspace reads: its own, else the one for every workspace (domain rule manualFor). */
async function manualOf(tx: Sql, workspaceId: string): Promise<ManualRow | null> {
  const rows = await tx.query<ManualRow>(`SELECT ${MANUAL_COLUMNS} FROM user_manuals WHERE workspace_id IN ($1, $2)`, [
    workspaceId,
    MAIN_SITE_WORKSPACE_ID,
  ]);
  return (
    manualFor(
      rows.map((row) => ({ workspaceId: row.workspace_id, row })),
      workspaceId,
    )?.row ?? null
  );
}

const TOO_LARGE = `The PDF is larger than ${MANUAL_MAX_PDF_BYTES / 1024 / 1024} MB`;

export async function userManualRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  serve(app, userManual, async (ctx) => {
    const { workspace } = workspaceUser(ctx);
    const row = await deps.db.tenant(workspace.id, (tx) => manualOf(tx, workspace.id));
    return { manual: row ? toManual(row) : null };
  });

  serve(app, publishedUserManual, async ({ query }) =>
    deps.db.system(async (tx) => {
      if (query.workspaceId) await requireWorkspace(tx, query.workspaceId);
      const [row] = await tx.query<ManualRow>(`SELECT ${MANUAL_COLUMNS} FROM user_manuals WHERE workspace_id = $1`, [
        query.workspaceId ?? MAIN_SITE_WORKSPACE_ID,
      ]);
      return { manual: row ? toManual(row) : null };
    }),
  );

  serve(app, userManualFile, async ({ params, site, reply }) => {
    // The token is the capability; on a workspace's site it must also be a manual that workspace reads.
    const row = await deps.db.system(async (tx) => {
      const [found] = await tx.query<{ workspace_id: string | null; pdf: Uint8Array; file_name: string | null }>(
        `SELECT nullif(workspace_id, $2) AS workspace_id, pdf, file_name FROM user_manuals WHERE file_token = $1 AND format = 'PDF'`,
        [params.token, MAIN_SITE_WORKSPACE_ID],
      );
      return found ?? null;
    });
    const here = site.kind === 'workspace' ? site.workspace.id : null;
    if (!row || (here && row.workspace_id !== null && row.workspace_id !== here))
      throw notFound('There is no such manual');
    const name = (row.file_name ?? 'manual.pdf').replace(/[^A-Za-z0-9._ -]/g, '_');
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
    let content: { format: 'MARKDOWN'; markdown: string } | { format: 'PDF'; bytes: Buffer; fileName: string };
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

    const row = await deps.db.system(async (tx) => {
      if (workspaceId) await requireWorkspace(tx, workspaceId);
      // Publishing replaces the manual of that scope: one row per workspace, and one for all.
      await tx.query('DELETE FROM user_manuals WHERE workspace_id = $1', [workspaceId ?? MAIN_SITE_WORKSPACE_ID]);
      const [inserted] = await tx.query<ManualRow>(
        `INSERT INTO user_manuals (workspace_id, format, markdown, pdf, file_name, byte_size, file_token, published_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${MANUAL_COLUMNS}`,
        [
          workspaceId ?? MAIN_SITE_WORKSPACE_ID,
          content.format,
          content.format === 'MARKDOWN' ? content.markdown : null,
          content.format === 'PDF' ? content.bytes : null,
          content.format === 'PDF' ? content.fileName : null,
          content.format === 'PDF' ? content.bytes.length : Buffer.byteLength(content.markdown, 'utf8'),
          randomBytes(32).toString('base64url'),
          platformAdminId(principal),
        ],
      );
      await audit(tx, {
        workspaceId,
        actorPlatformAdminId: platformAdminId(principal),
        action: 'user_manual.published',
        target: workspaceId ?? 'all-workspaces',
        ip: request.ip,
        details: {
          format: content.format,
          bytes: inserted.byte_size,
          ...(content.format === 'PDF' ? { fileName: content.fileName } : {}),
        },
      });
      return inserted;
    });
    return { manual: toManual(row) };
  });
}
