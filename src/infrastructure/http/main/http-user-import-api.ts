import { inject, injectable } from 'inversify';
import {
  downloadImportReport,
  IMPORT_FILE_FIELD,
  IMPORT_MAPPING_FIELD,
  importUsers,
  readImportHeaders,
  validateUserImport,
  type ImportHeaders,
  type ImportJobResult,
  type ImportValidation,
} from '../../../contracts/main/invites.contract';
import type { ImportFile, MappedImportFile, UserImportApi } from '../../../application/imports/user-import-api.port';
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

  async detailedReport(input: MappedImportFile): Promise<{ name: string; content: Blob }> {
    const response = await this.main.send(downloadImportReport, { form: form(input.file, input.mapping) });
    const disposition = response.headers.get('content-disposition') ?? '';
    const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? '';
    return { name, content: await response.blob() };
  }

  importUsers(input: MappedImportFile): Promise<ImportJobResult> {
    return this.main.call(importUsers, { form: form(input.file, input.mapping) });
  }
}

function form(file: ImportFile, mapping?: object): FormData {
  const data = new FormData();
  // The mapping goes first so the server reads it before the (possibly large) file.
  if (mapping) data.append(IMPORT_MAPPING_FIELD, JSON.stringify(mapping));
  data.append(IMPORT_FILE_FIELD, file.content, file.name);
  return data;
}
