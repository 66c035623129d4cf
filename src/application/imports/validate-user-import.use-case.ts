import { refuse, type Refusal } from '../shared/refusal';
import type { ImportValidation } from '../../contracts/main/invites.contract';
import { mappingProblem } from '../../domain/imports/import-columns';
import type { MappedImportFile, UserImportApi } from './user-import-api.port';

export type ValidateUserImportOutcome =
  { ok: true; validation: ImportValidation; canImport: boolean } | Refusal<'bad-mapping'>;

/** Checks every row with the server; the answer lists the bad rows with their reasons. */
export class ValidateUserImport {
  constructor(private readonly api: UserImportApi) {}

  async execute(input: MappedImportFile): Promise<ValidateUserImportOutcome> {
    const message = mappingProblem(input.mapping);
    if (message) return refuse('invalid', message, { code: 'bad-mapping' });
    const validation = await this.api.validate(input);
    return { ok: true, validation, canImport: validation.validRows > 0 };
  }
}
