import { invalid, refuse, refusalFrom, type Outcome } from '../shared/refusal';
import type { DeleteByFileResult, DirectoryUser, UserUpdate } from '../../contracts/main/users.contract';
import { ApiError, describeError } from '../shared/api-error';
import type { DirectoryApi, PeopleFile } from './directory-api.port';

export type EditPersonOutcome = Outcome<{ user: DirectoryUser }>;

/** Saves one person's changes; a refusal comes back with the fields it names, for the form. */
export class EditPerson {
  constructor(private readonly directory: DirectoryApi) {}

  async execute(userId: string, change: UserUpdate): Promise<EditPersonOutcome> {
    try {
      return { ok: true, user: await this.directory.update(userId, change) };
    } catch (error) {
      if (ApiError.isRefusal(error)) return refusalFrom(error);
      throw error;
    }
  }
}

export interface BulkEditResult {
  changed: number;
  failed: { userId: string; message: string }[];
}

/**
 * Applies one change (deactivate, reactivate, move to a unit) to many people, one call each so that a refusal for
 * one person (the last admin, yourself) does not stop the others; each refusal is reported with its reason.
 */
export class BulkEditPeople {
  constructor(private readonly directory: DirectoryApi) {}

  async execute(
    userIds: readonly string[],
    change: UserUpdate,
    onProgress?: (done: number, total: number) => void,
  ): Promise<BulkEditResult> {
    const result: BulkEditResult = { changed: 0, failed: [] };
    for (const [index, userId] of userIds.entries()) {
      try {
        await this.directory.update(userId, change);
        result.changed += 1;
      } catch (error) {
        if (ApiError.is(error) && error.reason === 'signed-out') throw error;
        result.failed.push({ userId, message: describeError(error) });
      }
      onProgress?.(index + 1, userIds.length);
    }
    return result;
  }
}

export type DeletePeopleOutcome = Outcome<{ deleted: number }>;

/** Deletes one person or many, all or none; a refusal says why and nothing is deleted. */
export class DeletePeople {
  constructor(private readonly directory: DirectoryApi) {}

  async execute(userIds: readonly string[]): Promise<DeletePeopleOutcome> {
    if (userIds.length === 0) return invalid('Choose at least one person');
    try {
      const { deleted } =
        userIds.length === 1 ? await this.directory.remove(userIds[0]!) : await this.directory.removeMany([...userIds]);
      return { ok: true, deleted };
    } catch (error) {
      if (
        ApiError.is(error) &&
        (error.reason === 'conflict' || error.reason === 'not-found' || error.reason === 'forbidden')
      )
        return refusalFrom(error);
      throw error;
    }
  }
}

/** What a file of emails would delete (`preview`), or did delete. */
export type DeleteByFileOutcome = Outcome<{ result: DeleteByFileResult }>;

/** The largest file of emails the screen sends (the server's own upload limit is the same or larger). */
export const DELETE_FILE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Deletes the people a CSV or XLSX file of emails names: first a preview (who matches, who is unknown, who may not
 * be deleted and why), then, once the admin confirms, all of them or none.
 */
export class DeletePeopleByFile {
  constructor(private readonly directory: DirectoryApi) {}

  preview(file: PeopleFile): Promise<DeleteByFileOutcome> {
    return this.run(file, false);
  }

  confirm(file: PeopleFile): Promise<DeleteByFileOutcome> {
    return this.run(file, true);
  }

  private async run(file: PeopleFile, confirm: boolean): Promise<DeleteByFileOutcome> {
    if (!/\.(csv|xlsx)$/i.test(file.name)) return invalid('Choose a .csv or .xlsx file', 'file');
    if (file.content.size === 0) return invalid('The file is empty', 'file');
    if (file.content.size > DELETE_FILE_MAX_BYTES)
      return refuse('too-large', 'The file is larger than 5 MB', { fields: { file: 'The file is larger than 5 MB' } });
    try {
      return { ok: true, result: await this.directory.removeByFile(file, confirm) };
    } catch (error) {
      if (ApiError.isRefusal(error)) {
        const refusal = refusalFrom(error);
        return error.fields.file ? { ...refusal, message: `${error.message} (${error.fields.file})` } : refusal;
      }
      throw error;
    }
  }
}
