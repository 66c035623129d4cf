import { refuse, type Outcome } from '../shared/refusal';
import type { ImportJob } from '../../contracts/main/invites.contract';
import { timestampedFileName } from '../../domain/imports/import-dates';
import type { Clock } from './clock.port';
import { mappingProblem } from '../../domain/imports/import-columns';
import type { ImportRequest, UserImportApi } from './user-import-api.port';

export type ImportUsersOutcome = Outcome<{ result: ImportJob }, 'bad-mapping'>;

/**
 * Starts the import as a background job (the answer is the QUEUED job, to be polled). The spec: a bulk file is renamed with a timestamp prefix before upload,
 * so every stored upload is kept apart.
 */
export class ImportUsers {
  constructor(
    private readonly api: UserImportApi,
    private readonly clock: Clock,
  ) {}

  /** `sendInvitations`: the job mails each person it creates an invitation, in the same batches. */
  async execute(
    input: Omit<ImportRequest, 'sendInvitations'> & { sendInvitations?: boolean },
  ): Promise<ImportUsersOutcome> {
    const message = mappingProblem(input.mapping);
    if (message) return refuse('invalid', message, { code: 'bad-mapping' });
    const file = { ...input.file, name: timestampedFileName(input.file.name, this.clock.now()) };
    const result = await this.api.importUsers({
      file,
      mapping: input.mapping,
      sendInvitations: input.sendInvitations ?? false,
    });
    return { ok: true, result };
  }
}
