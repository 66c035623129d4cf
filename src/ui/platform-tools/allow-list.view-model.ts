import { inject, injectable } from 'inversify';
import { RemoveFromAllowList } from '../../application/platform-tools/remove-from-allow-list.use-case';
import { makeAutoObservable, runInAction } from 'mobx';
import type { AllowListEntry } from '../../contracts/main/allow-list.contract';
import { AddToAllowList, badLines, ImportAllowList } from '../../application/platform-tools/allow-list.use-cases';
import { AllowListApi, WorkspaceDirectory } from '../../application/platform-tools/platform-tools-api.port';
import { describeError } from '../../application/shared/api-error';
import { allowListRows, type AllowListRow } from '../shared/allow-list-entries';
import { PagedList } from '../shared/paged-list';
import { WorkspaceChoices } from './workspace-choices';

type Notice = { type: 'success' | 'error'; message: string } | null;

/** A workspace's sign-up allow-list: paged and searchable on the server; add one, upload a file, remove one. */
@injectable()
export class AllowListViewModel {
  workspaceId: string | null = null;
  query = '';
  /** Nothing to show until a workspace is chosen. */
  readonly list = new PagedList<AllowListEntry>(
    (page, pageSize) => this.api.list(this.workspaceId!, page, pageSize, this.query),
    20,
    'idle',
  );
  notice: Notice = null;

  adding = false;
  addError: string | null = null;
  added = 0;

  uploading = false;
  uploadError: string | null = null;
  uploadProblems: { line: number; reason: string }[] = [];

  removing: string | null = null;
  readonly workspaces: WorkspaceChoices;

  constructor(
    @inject(AllowListApi) private readonly api: AllowListApi,
    @inject(WorkspaceDirectory) directory: WorkspaceDirectory,
    @inject(AddToAllowList) private readonly addEntry: AddToAllowList,
    @inject(ImportAllowList) private readonly importList: ImportAllowList,
    @inject(RemoveFromAllowList) private readonly removeEntry: RemoveFromAllowList,
  ) {
    this.workspaces = new WorkspaceChoices(directory);
    makeAutoObservable(this, { list: false }, { autoBind: true });
  }

  get rows(): AllowListRow[] {
    return allowListRows(this.list.items);
  }

  get workspaceName(): string {
    return this.workspaces.find(this.workspaceId)?.companyName ?? 'this workspace';
  }

  async choose(workspaceId: string): Promise<void> {
    this.workspaceId = workspaceId;
    this.query = '';
    this.notice = null;
    this.addError = null;
    this.uploadError = null;
    this.uploadProblems = [];
    await this.load(1);
  }

  async search(query: string): Promise<void> {
    this.query = query;
    await this.load(1);
  }

  async load(page?: number): Promise<void> {
    if (this.workspaceId) await this.list.load(page);
  }

  async add(email: string): Promise<void> {
    if (!this.workspaceId) return;
    this.adding = true;
    this.addError = null;
    this.notice = null;
    try {
      const outcome = await this.addEntry.execute(this.workspaceId, email);
      if (!outcome.ok) {
        runInAction(() => (this.addError = outcome.message));
        return;
      }
      runInAction(() => {
        this.added += 1;
        this.notice = { type: 'success', message: `${outcome.entry.entry} may now sign up to ${this.workspaceName}.` };
      });
      await this.load(1);
    } catch (error) {
      runInAction(() => (this.addError = describeError(error)));
    } finally {
      runInAction(() => (this.adding = false));
    }
  }

  async upload(file: { name: string; content: Blob }): Promise<void> {
    if (!this.workspaceId) return;
    this.uploading = true;
    this.uploadError = null;
    this.uploadProblems = [];
    this.notice = null;
    try {
      const outcome = await this.importList.execute(this.workspaceId, file);
      if (!outcome.ok) {
        runInAction(() => {
          this.uploadError = outcome.message;
          this.uploadProblems = badLines(outcome.fields);
        });
        return;
      }
      const r = outcome.result;
      runInAction(() => {
        this.notice = {
          type: 'success',
          message: `${file.name}: ${r.added} added${r.alreadyListed ? `, ${r.alreadyListed} already on the list` : ''}.`,
        };
      });
      await this.load(1);
    } catch (error) {
      runInAction(() => (this.uploadError = describeError(error)));
    } finally {
      runInAction(() => (this.uploading = false));
    }
  }

  async remove(entryId: string): Promise<void> {
    if (!this.workspaceId) return;
    const entry = this.list.items.find((e) => e.entryId === entryId)?.entry ?? 'The entry';
    this.removing = entryId;
    this.notice = null;
    try {
      const outcome = await this.removeEntry.execute(this.workspaceId, entryId);
      if (!outcome.ok) {
        runInAction(() => (this.notice = { type: 'error', message: outcome.message }));
        return;
      }
      runInAction(() => (this.notice = { type: 'success', message: `${entry} was removed from the list.` }));
      // Stay on the page unless it is now empty.
      await this.load(this.list.pageAfterRemoval());
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    } finally {
      runInAction(() => (this.removing = null));
    }
  }
}
