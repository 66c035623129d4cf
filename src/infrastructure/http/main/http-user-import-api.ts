import { inject, injectable } from 'inversify';
import {
  cancelImportJob,
  downloadImportJobReport,
  downloadImportReport,
  getImportJob,
  IMPORT_FORMAT_FIELD,
  listImportJobs,
  type ImportJobSummary,
  resumeImportJob,
  type ImportJob,
  type ReportFormat,
  IMPORT_FILE_FIELD,
  IMPORT_MAPPING_FIELD,
  IMPORT_SEND_INVITATIONS_FIELD,
  importUsers,
  readImportHeaders,
  validateUserImport,
  type ImportHeaders,
  type ImportValidation,
} from '../../../contracts/main/invites.contract';
import type {
  DownloadedReport,
  ImportFile,
  ImportRequest,
  MappedImportFile,
  UserImportApi,
} from '../../../application/imports/user-import-api.port';
import { ApiClient, MainHttp } from '../api-client';

/** The bulk import calls, as multipart uploads: the `file` part and the `mapping` field (JSON). */
@injectable()
export class HttpUserImportApi implements UserImportApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  readHeaders(file: ImportFile): Promise<ImportHeaders> {
    return this.main.call(readImportHeaders, { form: form(file) });
  }

  validate(input: MappedImportFile): Promise<ImportValidation> {
    return this.main.call(validateUserImport, { form: form(input.file, input.mapping) });
  }

  async detailedReport(input: MappedImportFile, format: ReportFormat = 'csv'): Promise<DownloadedReport> {
    const data = form(input.file, input.mapping);
    if (format !== 'csv') data.append(IMPORT_FORMAT_FIELD, format);
    return download(await this.main.send(downloadImportReport, { form: data }));
  }

  importUsers(input: ImportRequest): Promise<ImportJob> {
    const data = form(input.file, input.mapping);
    data.append(IMPORT_SEND_INVITATIONS_FIELD, String(input.sendInvitations));
    return this.main.call(importUsers, { form: data });
  }

  getJob(jobId: string): Promise<ImportJob> {
    return this.main.call(getImportJob, { params: { jobId } });
  }

  async listJobs(): Promise<ImportJobSummary[]> {
    return (await this.main.call(listImportJobs)).jobs;
  }

  cancelJob(jobId: string): Promise<ImportJob> {
    return this.main.call(cancelImportJob, { params: { jobId }, body: {} });
  }

  resumeJob(jobId: string): Promise<ImportJob> {
    return this.main.call(resumeImportJob, { params: { jobId }, body: {} });
  }

  async jobReport(jobId: string, format: ReportFormat): Promise<DownloadedReport> {
    return download(await this.main.send(downloadImportJobReport, { params: { jobId }, query: { format } }));
  }
}

async function download(response: Response): Promise<DownloadedReport> {
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? '';
  return { name, content: await response.blob() };
}

function form(file: ImportFile, mapping?: object): FormData {
  const data = new FormData();
  // The mapping goes first so the server reads it before the (possibly large) file.
  if (mapping) data.append(IMPORT_MAPPING_FIELD, JSON.stringify(mapping));
  data.append(IMPORT_FILE_FIELD, file.content, file.name);
  return data;
}
