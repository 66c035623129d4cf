import { inject, injectable } from 'inversify';
import { RemoveFromSignupAllowList } from '../../application/organisation/remove-from-signup-allow-list.use-case';
import { makeAutoObservable, runInAction } from 'mobx';
import type { AllowListEntry } from '../../contracts/main/allow-list.contract';
import { SignupAllowListApi } from '../../application/organisation/organisation-admin-api.port';
import { AddToSignupAllowList } from '../../application/organisation/workspace-admin.use-cases';
import { describeError } from '../../application/shared/api-error';
import { allowListRows, type AllowListRow } from '../shared/allow-list-entries';
import { PagedList } from '../shared/paged-list';
import type { Notice } from './notice';

/** The workspace's own sign-up allow-list on the settings screen: paged and searched on the server; add, remove. */
@injectable()
export class SignupAllowListViewModel {
  query = '';
  readonly list = new PagedList<AllowListEntry>(
    (page, pageSize) => this.api.list({ page, pageSize, q: this.query || undefined }),
    10,
  );
  notice: Notice = null;
  adding = false;
  addError: string | null = null;
  /** Bumped after each addition, so the screen can clear its field. */
  added = 0;
  removing: string | null = null;

  constructor(
    @inject(SignupAllowListApi) private readonly api: SignupAllowListApi,
    @inject(AddToSignupAllowList) private readonly addEntry: AddToSignupAllowList,
    @inject(RemoveFromSignupAllowList) private readonly removeEntry: RemoveFromSignupAllowList,
  ) {
    makeAutoObservable(this, { list: false }, { autoBind: true });
  }

  get rows(): AllowListRow[] {
    return allowListRows(this.list.items);
  }

  async search(query: string): Promise<void> {
    this.query = query.trim();
    await this.load(1);
  }

  load(page?: number): Promise<void> {
    return this.list.load(page);
  }

  async add(text: string): Promise<void> {
    this.adding = true;
    this.addError = null;
    this.notice = null;
    try {
      const outcome = await this.addEntry.execute(text ?? '');
      if (!outcome.ok) {
        runInAction(() => (this.addError = outcome.fields.email ?? outcome.message));
        return;
      }
      runInAction(() => {
        this.added += 1;
        this.notice = {
          type: 'success',
          message:
            outcome.entry.kind === 'DOMAIN'
              ? `Anyone at ${outcome.entry.entry} may now sign up.`
              : `${outcome.entry.entry} may now sign up.`,
        };
      });
      await this.load(1);
    } catch (error) {
      runInAction(() => (this.addError = describeError(error)));
    } finally {
      runInAction(() => (this.adding = false));
    }
  }

  async remove(entryId: string): Promise<void> {
    const entry = this.list.items.find((e) => e.entryId === entryId)?.entry ?? 'The entry';
    this.removing = entryId;
    this.notice = null;
    try {
      const outcome = await this.removeEntry.execute(entryId);
      if (!outcome.ok) {
        runInAction(() => (this.notice = { type: 'error', message: outcome.message }));
        return;
      }
      runInAction(() => (this.notice = { type: 'success', message: `${entry} was removed from the list.` }));
      await this.load(this.list.pageAfterRemoval());
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    } finally {
      runInAction(() => (this.removing = null));
    }
  }
}
