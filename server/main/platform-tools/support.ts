import type { FastifyRequest } from 'fastify';
import { containsNul, NUL_MESSAGE } from '../../../src/contracts/route';
import type { Sql } from '../../platform/db/database';
import { badRequest, HttpError, notFound } from '../../platform/errors';
import type { Principal } from '../../platform/sessions';
import { instantText } from '../../../src/domain/shared/date-time';

/** The acting platform admin (the routes' access rule has already checked the kind). */
export function platformAdminId(principal: Principal | null): string | null {
  return principal?.kind === 'platform-admin' ? principal.platformAdminId : null;
}

export interface TargetWorkspace {
  id: string;
  workspace_url: string;
  company_name: string;
}

/** The workspace a platform action is about; an unknown id answers 404. */
export async function requireWorkspace(tx: Sql, id: string): Promise<TargetWorkspace> {
  const [found] = await tx.query<TargetWorkspace>(
    'SELECT id, workspace_url, company_name FROM workspaces WHERE id = $1',
    [id],
  );
  if (!found) throw notFound('There is no such workspace');
  return found;
}

export interface MultipartFile {
  field: string;
  name: string;
  bytes: Buffer;
}

export interface MultipartInput {
  fields: Record<string, string>;
  file: MultipartFile | null;
}

/**
 * Reads a small multipart body: the named text fields and at most one file part. Limits answer 413 and a
 * malformed body 400, each with the contract's error body (never a 500).
 */
export async function readMultipart(
  request: FastifyRequest,
  options: { textFields: readonly string[]; fileFields: readonly string[]; maxFileBytes: number; tooLarge: string },
): Promise<MultipartInput> {
  const firstFileField = options.fileFields[0];
  if (!request.isMultipart())
    throw badRequest('Send the form as multipart/form-data', { [firstFileField]: 'Required' });
  const fields: Record<string, string> = {};
  let file: MultipartFile | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxFileBytes, files: 1 } })) {
      if (part.type === 'file') {
        if (!options.fileFields.includes(part.fieldname)) {
          part.file.resume();
          throw badRequest(`Unknown file field ${part.fieldname}`, { [part.fieldname]: 'Unknown field' });
        }
        const bytes = await part.toBuffer();
        file = {
          field: part.fieldname,
          name: (part.filename || part.fieldname).split(/[\\/]/).pop()!.slice(-200),
          bytes,
        };
      } else if (options.textFields.includes(part.fieldname)) {
        fields[part.fieldname] = String(part.value);
      } else {
        throw badRequest(`Unknown field ${part.fieldname}`, { [part.fieldname]: 'Unknown field' });
      }
    }
  } catch (error) {
    throw uploadError(error, firstFileField, options.tooLarge);
  }
  // The contracts' one rule for text (src/contracts/route.ts), for the parts no schema reads.
  for (const [name, value] of [...Object.entries(fields), ...(file ? [[file.field, file.name]] : [])]) {
    if (containsNul(value)) throw badRequest(`${name}: ${NUL_MESSAGE}`, { [name]: NUL_MESSAGE });
  }
  return { fields, file };
}

function uploadError(error: unknown, field: string, tooLarge: string): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new HttpError(413, 'FILE_TOO_LARGE', tooLarge, { [field]: 'Too large' });
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new HttpError(413, 'TOO_MANY_PARTS', 'Send one file and the form fields only');
  }
  const status = (error as { statusCode?: number }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  if (error instanceof Error && /multipart|boundary|unexpected end/i.test(error.message)) {
    return badRequest('The upload is not a valid multipart body', { [field]: 'Malformed upload' });
  }
  return error;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A workspace id given as a multipart field: a uuid, or (when `optional`) absent or empty. */
export function workspaceIdField(value: string | undefined, optional: boolean): string | null {
  const text = (value ?? '').trim();
  if (text === '') {
    if (optional) return null;
    throw badRequest('Choose a workspace', { workspaceId: 'Required' });
  }
  if (!UUID.test(text)) throw badRequest('Not a workspace id', { workspaceId: 'Not a valid id' });
  return text.toLowerCase();
}
