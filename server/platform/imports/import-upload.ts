import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ColumnMapping,
  IMPORT_FILE_FIELD,
  IMPORT_FORMAT_FIELD,
  IMPORT_MAPPING_FIELD,
  IMPORT_SEND_INVITATIONS_FIELD,
  REPORT_FORMATS,
  type ReportFormat,
} from '../../../src/contracts/main/invites.contract';
import { containsNul, NUL_MESSAGE } from '../../../src/contracts/route';
import { badRequest, HttpError } from '../errors';
import { SpooledFile } from '../upload-spool';
import { MAIN_SITE_WORKSPACE_ID } from '../db/database';
import type { ParseSlots } from '../parse-slots';
import { detectImportFile, type ImportFileKind, type ImportSource } from './import-file.parser';

/** An uploaded people file (user import, bulk-assign), read by the main and learning APIs. */
export interface ImportUpload {
  fileName: string;
  kind: ImportFileKind;
  /** The uploaded file, read as a stream each time (it is spooled to disk, not held in memory). */
  source: ImportSource;
  /** The file's length in bytes, when known (a stored upload's store needs it up front). */
  size?: number;
  mapping: ColumnMapping;
}

/**
 * The multipart body: one `file` part and (except for the header read) the `mapping` field. The file is spooled to a
 * temporary file as it arrives (never held whole in memory) and removed once the answer has been sent.
 */
export async function readUpload(
  ctx: UploadContext,
  maxBytes: number,
  needMapping: true,
  invitationsChoice?: boolean,
): Promise<ImportUpload & { format?: ReportFormat; sendInvitations?: boolean }>;
export async function readUpload(
  ctx: UploadContext,
  maxBytes: number,
  needMapping: false,
): Promise<Omit<ImportUpload, 'mapping'>>;
/** Another area's upload of a people file (bulk-add-users): the file plus these text fields, returned in `fields`. */
export async function readUpload(
  ctx: UploadContext,
  maxBytes: number,
  needMapping: false,
  invitationsChoice: false,
  extraFields: readonly string[],
): Promise<Omit<ImportUpload, 'mapping'> & { fields: Record<string, string> }>;
export async function readUpload(
  { request, reply, parses }: UploadContext,
  maxBytes: number,
  needMapping: boolean,
  /** The import call: the `sendInvitations` field (`true`/`false`) is accepted. */
  invitationsChoice = false,
  extraFields: readonly string[] = [],
): Promise<
  Omit<ImportUpload, 'mapping'> & {
    mapping?: ColumnMapping;
    format?: ReportFormat;
    sendInvitations?: boolean;
    fields?: Record<string, string>;
  }
> {
  if (!request.isMultipart()) {
    throw badRequest('Send the file as multipart/form-data', { [IMPORT_FILE_FIELD]: 'Required' });
  }
  // A slot for the whole upload, from its first byte to its answer: a workbook is held and inflated while it is read
  // (docs/imports.md "Parsing uploads"). Beyond the bound: 429 before the body is read.
  const site = request.ctx.site;
  const release = parses.take(site.kind === 'workspace' ? site.workspace.id : MAIN_SITE_WORKSPACE_ID);
  reply.raw.once('close', release);
  reply.raw.once('finish', release);
  let file: { name: string; spooled: SpooledFile } | null = null;
  let mappingText: string | null = null;
  let format: ReportFormat | undefined;
  let sendInvitations: boolean | undefined;
  const fields: Record<string, string> = {};
  const spooled: SpooledFile[] = [];
  // 'close' comes when the answer has been sent (a streamed report too) or the connection is gone.
  reply.raw.once('close', () => void Promise.all(spooled.map((f) => f.remove())));
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const written = await SpooledFile.write(part.file);
        spooled.push(written);
        if (part.file.truncated) throw fileTooLarge(maxBytes);
        if (part.fieldname !== IMPORT_FILE_FIELD)
          throw badRequest(`Unknown file field ${part.fieldname}`, { [part.fieldname]: 'Unknown field' });
        file = { name: part.filename || 'import', spooled: written };
      } else if (part.fieldname === IMPORT_MAPPING_FIELD) {
        mappingText = String(part.value);
      } else if (part.fieldname === IMPORT_FORMAT_FIELD && needMapping) {
        const value = String(part.value);
        if (!(REPORT_FORMATS as readonly string[]).includes(value))
          throw badRequest('The report format is csv or xlsx', { [IMPORT_FORMAT_FIELD]: 'Must be csv or xlsx' });
        format = value as ReportFormat;
      } else if (part.fieldname === IMPORT_SEND_INVITATIONS_FIELD && invitationsChoice) {
        const value = String(part.value);
        if (value !== 'true' && value !== 'false') {
          throw badRequest('sendInvitations is true or false', {
            [IMPORT_SEND_INVITATIONS_FIELD]: 'Must be true or false',
          });
        }
        sendInvitations = value === 'true';
      } else if (extraFields.includes(part.fieldname)) {
        fields[part.fieldname] = String(part.value);
      } else {
        throw badRequest(`Unknown field ${part.fieldname}`, { [part.fieldname]: 'Unknown field' });
      }
    }
  } catch (error) {
    throw uploadError(error, maxBytes);
  }
  if (!file) throw badRequest('Attach the file to import', { [IMPORT_FILE_FIELD]: 'Required' });
  if (containsNul(file.name)) throw badRequest(`The file name: ${NUL_MESSAGE}`, { [IMPORT_FILE_FIELD]: NUL_MESSAGE });
  const kind = detectImportFile(file.name, file.spooled);
  const { spooled: stored } = file;
  const upload = {
    fileName: file.name.split(/[\\/]/).pop()!.slice(-200),
    kind,
    source: () => stored.read(),
    size: stored.size,
  };
  if (!needMapping) return extraFields.length > 0 ? { ...upload, fields } : upload;
  return { ...upload, mapping: parseMapping(mappingText), format, sendInvitations };
}

export interface UploadContext {
  request: FastifyRequest;
  reply: FastifyReply;
  parses: ParseSlots;
}

function parseMapping(text: string | null): ColumnMapping {
  if (text === null) throw badRequest('Give the column mapping', { [IMPORT_MAPPING_FIELD]: 'Required' });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badRequest('The column mapping is not JSON', { [IMPORT_MAPPING_FIELD]: 'Not JSON' });
  }
  const parsed = ColumnMapping.safeParse(json);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      fields[[IMPORT_MAPPING_FIELD, ...issue.path.map(String)].join('.')] ??= issue.message;
    }
    throw badRequest(`Invalid column mapping: ${parsed.error.issues[0]?.message ?? 'invalid'}`, fields);
  }
  return parsed.data;
}

function fileTooLarge(maxBytes: number): HttpError {
  return new HttpError(413, 'FILE_TOO_LARGE', `The file is larger than ${Math.floor(maxBytes / 1024 / 1024)} MB`, {
    [IMPORT_FILE_FIELD]: 'Too large',
  });
}

/** Multipart limits answer 413/400 with the contract's error body, never a 500. */
function uploadError(error: unknown, maxBytes: number): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge(maxBytes);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, 'TOO_MANY_PARTS', 'Send one file and the mapping only');
  }
  const status = (error as { statusCode?: number }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  if (error instanceof Error && /multipart|boundary|unexpected end/i.test(error.message)) {
    return badRequest('The upload is not a valid multipart body', { [IMPORT_FILE_FIELD]: 'Malformed upload' });
  }
  return error;
}
