import { refuse, type Refusal } from '../shared/refusal';
import type { ImportHeaders } from '../../contracts/main/invites.contract';
import { IMPORT_COLUMNS, type ColumnMapping } from '../../domain/imports/import-columns';
import type { ImportFile, UserImportApi } from './user-import-api.port';

export type ReadImportHeadersOutcome =
  | { ok: true; headers: string[]; proposed: ColumnMapping; sample: string[][]; unmatchedRequired: string[] }
  | Refusal<'unsupported-type'>;

const ACCEPTED = /\.(csv|xlsx)$/i;

/** Reads the chosen file's header row; the server proposes a mapping the admin can change. */
export class ReadImportHeaders {
  constructor(
    private readonly api: UserImportApi,
    /** The server's upload limit, from its runtime configuration. */
    private readonly maxBytes: number,
  ) {}

  async execute(file: ImportFile): Promise<ReadImportHeadersOutcome> {
    if (!ACCEPTED.test(file.name))
      return refuse('invalid', 'Choose a .csv or .xlsx file.', {
        code: 'unsupported-type',
        fields: { file: 'CSV or XLSX' },
      });
    if (file.content.size > this.maxBytes) {
      const limit =
        this.maxBytes >= 1024 * 1024
          ? `${Math.floor(this.maxBytes / 1024 / 1024)} MB`
          : `${Math.ceil(this.maxBytes / 1024)} KB`;
      const message = `The file is too large: the limit is ${limit}.`;
      return refuse('too-large', message, { fields: { file: message } });
    }
    const answer: ImportHeaders = await this.api.readHeaders(file);
    const unmatchedRequired = IMPORT_COLUMNS.filter((c) => c.required && answer.proposed[c.key] === undefined).map(
      (c) => c.label,
    );
    return { ok: true, headers: answer.headers, proposed: answer.proposed, sample: answer.sample, unmatchedRequired };
  }
}
