import type { ImportHeaders, ImportJobResult, ImportValidation } from '../../contracts/main/invites.contract';
import type { ColumnMapping } from '../../domain/imports/import-columns';

/** A file chosen by the admin: its bytes and the name it is uploaded under. */
export interface ImportFile {
  name: string;
  content: Blob;
}

export interface MappedImportFile {
  file: ImportFile;
  mapping: ColumnMapping;
}

/** The bulk user import of the main API. Failures (a malformed file, a limit) throw ApiError. */
export const UserImportApi = Symbol('UserImportApi');
export interface UserImportApi {
  readHeaders(file: ImportFile): Promise<ImportHeaders>;
  validate(input: MappedImportFile): Promise<ImportValidation>;
  /** The detailed report, as a CSV file. */
  detailedReport(input: MappedImportFile): Promise<{ name: string; content: Blob }>;
  importUsers(input: MappedImportFile): Promise<ImportJobResult>;
}
