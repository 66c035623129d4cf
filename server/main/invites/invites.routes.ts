import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  cancelImportJob,
  ColumnMapping,
  downloadImportJobReport,
  downloadImportReport,
  getImportJob,
  IMPORT_FILE_FIELD,
  IMPORT_FORMAT_FIELD,
  IMPORT_MAPPING_FIELD,
  IMPORT_SEND_INVITATIONS_FIELD,
  importUsers,
  listImportJobs,
  readImportHeaders,
  REPORT_FORMATS,
  resumeImportJob,
  validateUserImport,
  type ReportFormat,
} from '../../../src/contracts/main/invites.contract';
import { containsNul, NUL_MESSAGE } from '../../../src/contracts/route';
import { proposeMapping } from '../../../src/domain/imports/import-columns';
import type { ApiDeps } from '../../platform/deps';
import { badRequest, HttpError } from '../../platform/errors';
import { serve, workspaceUser, type HandlerContext } from '../../platform/serve';
import { SpooledFile } from '../../platform/upload-spool';
import { MAIN_SITE_WORKSPACE_ID } from '../../platform/db/database';
import type { ParseSlots } from '../../platform/parse-slots';
import { detectImportFile, readHeaderRow } from './import-file.parser';
import { REPORT_CONTENT_TYPES, reportFileName } from './import-report';
import { ImportRunner } from './import-runner';
import { siteOrigin } from './invite-sender';
import { UserImportService, type ImportActor, type ImportUpload } from './user-import.service';

export async function inviteRoutes(app: FastifyInstance, deps: ApiDeps): Promise<void> {
  const runner = new ImportRunner(
    deps.db,
    deps.files,
    deps.settings.imports,
    (message, error) => app.log.error({ err: error }, message),
    deps.mail,
    (workspaceId, userIds) => deps.people.changed(workspaceId, userIds),
    deps.jobs ?? null,
  );
  // With the server's job queue, imports are pg-boss jobs (docs/imports.md "On the job queue").
  if (deps.jobs) runner.defineJobs(deps.jobs);
  // Jobs left RUNNING by a process that died are INTERRUPTED (with the rows they had written), ready to resume.
  await runner.interruptStale(null);
  app.addHook('onClose', async () => runner.close());
  const service = new UserImportService(deps.db, deps.files, runner);
  const maxBytes = deps.settings.maxUploadBytes;

  serve(app, readImportHeaders, async (ctx) => {
    workspaceUser(ctx);
    const upload = await readUpload({ ...ctx, parses: deps.parses }, maxBytes, false);
    const { headers, sample } = await readHeaderRow(upload.kind, upload.source);
    return { headers, proposed: proposeMapping(headers), sample };
  });

  serve(app, validateUserImport, async (ctx) => {
    const actor = importActor(ctx);
    return service.validate(actor, await readUpload({ ...ctx, parses: deps.parses }, maxBytes, true));
  });

  serve(app, downloadImportReport, async (ctx) => {
    const actor = importActor(ctx);
    const upload = await readUpload({ ...ctx, parses: deps.parses }, maxBytes, true);
    const format = upload.format ?? 'csv';
    const stream = await service.report(actor, upload, format);
    return sendReport(ctx.reply, stream, reportFileName(upload.fileName, format), format);
  });

  serve(app, importUsers, async (ctx) => {
    const actor = importActor(ctx);
    const upload = await readUpload({ ...ctx, parses: deps.parses }, maxBytes, true, true);
    // Invitation links go to the site the import is started from (the workspace's address).
    const job = await service.start(actor, upload, upload.sendInvitations ? siteOrigin(ctx.request) : null);
    ctx.reply.code(202);
    return job;
  });

  serve(app, listImportJobs, async (ctx) => ({ jobs: await service.recent(importActor(ctx)) }));
  serve(app, getImportJob, async (ctx) => service.job(importActor(ctx), ctx.params.jobId));
  serve(app, cancelImportJob, async (ctx) => service.cancel(importActor(ctx), ctx.params.jobId));
  serve(app, resumeImportJob, async (ctx) => {
    const job = await service.resume(importActor(ctx), ctx.params.jobId);
    ctx.reply.code(202);
    return job;
  });
  serve(app, downloadImportJobReport, async (ctx) => {
    const format = ctx.query.format ?? 'csv';
    const { stream, fileName } = await service.jobReport(importActor(ctx), ctx.params.jobId, format);
    return sendReport(ctx.reply, stream, reportFileName(fileName, format), format);
  });
}

function sendReport(reply: FastifyReply, stream: Readable, name: string, format: ReportFormat) {
  return reply
    .header('content-type', REPORT_CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

function importActor(ctx: HandlerContext<any>): ImportActor {
  const { user, workspace } = workspaceUser(ctx);
  return { user, workspace, ip: ctx.request.ip };
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
export async function readUpload(ctx: UploadContext, maxBytes: number, needMapping: false): Promise<Omit<ImportUpload, 'mapping'>>;
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
): Promise<Omit<ImportUpload, 'mapping'> & { mapping?: ColumnMapping; format?: ReportFormat; sendInvitations?: boolean; fields?: Record<string, string> }> {
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
        if (part.fieldname !== IMPORT_FILE_FIELD) throw badRequest(`Unknown file field ${part.fieldname}`, { [part.fieldname]: 'Unknown field' });
        file = { name: part.filename || 'import', spooled: written };
      } else if (part.fieldname === IMPORT_MAPPING_FIELD) {
        mappingText = String(part.value);
      } else if (part.fieldname === IMPORT_FORMAT_FIELD && needMapping) {
        const value = String(part.value);
        if (!(REPORT_FORMATS as readonly string[]).includes(value)) throw badRequest('The report format is csv or xlsx', { [IMPORT_FORMAT_FIELD]: 'Must be csv or xlsx' });
        format = value as ReportFormat;
      } else if (part.fieldname === IMPORT_SEND_INVITATIONS_FIELD && invitationsChoice) {
        const value = String(part.value);
        if (value !== 'true' && value !== 'false') {
          throw badRequest('sendInvitations is true or false', { [IMPORT_SEND_INVITATIONS_FIELD]: 'Must be true or false' });
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
  const upload = { fileName: file.name.split(/[\\/]/).pop()!.slice(-200), kind, source: () => stored.read() };
  if (!needMapping) return extraFields.length > 0 ? { ...upload, fields } : upload;
  return { ...upload, mapping: parseMapping(mappingText), format, sendInvitations };
}

interface UploadContext {
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
  return new HttpError(413, 'FILE_TOO_LARGE', `The file is larger than ${Math.floor(maxBytes / 1024 / 1024)} MB`, { [IMPORT_FILE_FIELD]: 'Too large' });
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
