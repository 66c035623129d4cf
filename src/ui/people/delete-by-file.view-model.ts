import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { DeleteByFileResult } from '../../contracts/main/users.contract';
import type { PeopleFile } from '../../application/people/directory-api.port';
import { DeletePeopleByFile } from '../../application/people/edit-people.use-case';
import { describeError } from '../../application/shared/api-error';
import { plural } from '../shared/plural';

/** "Delete people by file": pick a file of emails, see who would go, confirm, see who went. */
@injectable()
export class DeleteByFileViewModel {
  file: PeopleFile | null = null;
  /** Who the file would delete, before the admin confirms. */
  preview: DeleteByFileResult | null = null;
  /** What was deleted, once confirmed. */
  done: DeleteByFileResult | null = null;
  busy: 'checking' | 'deleting' | null = null;
  error: string | null = null;

  constructor(@inject(DeletePeopleByFile) private readonly deleteByFile: DeletePeopleByFile) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  reset(): void {
    this.file = null;
    this.preview = null;
    this.done = null;
    this.busy = null;
    this.error = null;
  }

  /** Deleting is offered only when someone matches and nobody in the file is refused (all or none). */
  get canDelete(): boolean {
    return !!this.preview && this.preview.matched > 0 && this.preview.refused.length === 0 && !this.busy;
  }

  get previewSummary(): string | null {
    const p = this.preview;
    if (!p) return null;
    if (p.matched === 0) return 'Nobody in this workspace you may manage has an email in this file.';
    const parts = [`${plural(p.matched, 'person', 'people')} in this file will be deleted`];
    if (p.unknownCount > 0) parts.push(`${plural(p.unknownCount, 'email matches', 'emails match')} nobody here`);
    return `${parts.join('; ')}.`;
  }

  get deleteLabel(): string {
    return `Delete ${plural(this.preview?.matched ?? 0, 'person', 'people')}`;
  }

  async choose(file: PeopleFile): Promise<void> {
    this.reset();
    this.file = file;
    this.busy = 'checking';
    try {
      const outcome = await this.deleteByFile.preview(file);
      runInAction(() => {
        if (outcome.ok) this.preview = outcome.result;
        else this.error = outcome.message;
      });
    } catch (error) {
      runInAction(() => (this.error = describeError(error)));
    } finally {
      runInAction(() => (this.busy = null));
    }
  }

  /** Deletes everyone the preview named; true when they are gone. */
  async confirm(): Promise<boolean> {
    if (!this.file || !this.canDelete) return false;
    this.busy = 'deleting';
    this.error = null;
    try {
      const outcome = await this.deleteByFile.confirm(this.file);
      return runInAction(() => {
        if (!outcome.ok) {
          this.error = outcome.message.startsWith('Nobody was deleted')
            ? outcome.message
            : `Nobody was deleted: ${outcome.message}`;
          return false;
        }
        this.done = outcome.result;
        this.preview = null;
        return true;
      });
    } catch (error) {
      runInAction(() => (this.error = `Nobody was deleted: ${describeError(error)}`));
      return false;
    } finally {
      runInAction(() => (this.busy = null));
    }
  }
}
