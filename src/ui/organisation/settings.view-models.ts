import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { AllowListEntry } from '../../contracts/main/allow-list.contract';
import type { MessageTemplate, TemplatePreview } from '../../contracts/main/templates.contract';
import { MessageTemplatesApi, SignupAllowListApi } from '../../application/organisation/organisation-admin-api.port';
import { AddToSignupAllowList, PreviewMessageTemplate, SaveMessageTemplate } from '../../application/organisation/workspace-admin.use-cases';
import { describeError } from '../../application/shared/api-error';
import { allowListRows, type AllowListRow } from '../shared/allow-list-entries';
import { PagedList } from '../shared/paged-list';
import type { Notice } from './organisation.view-models';

/** The workspace's own sign-up allow-list on the settings screen: paged and searched on the server; add, remove. */
@injectable()
export class SignupAllowListViewModel {
  query = '';
  readonly list = new PagedList<AllowListEntry>((page, pageSize) => this.api.list({ page, pageSize, q: this.query || undefined }), 10);
  notice: Notice = null;
  adding = false;
  addError: string | null = null;
  /** Bumped after each addition, so the screen can clear its field. */
  added = 0;
  removing: string | null = null;

  constructor(
    @inject(SignupAllowListApi) private readonly api: SignupAllowListApi,
    @inject(AddToSignupAllowList) private readonly addEntry: AddToSignupAllowList,
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
          message: outcome.entry.kind === 'DOMAIN' ? `Anyone at ${outcome.entry.entry} may now sign up.` : `${outcome.entry.entry} may now sign up.`,
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
      await this.api.remove(entryId);
      runInAction(() => (this.notice = { type: 'success', message: `${entry} was removed from the list.` }));
      await this.load(this.list.pageAfterRemoval());
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    } finally {
      runInAction(() => (this.removing = null));
    }
  }
}

/** The invitation email's wording: edit, preview with sample values, save, back to the default. */
@injectable()
export class InvitationTemplateViewModel {
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;
  template: MessageTemplate | null = null;
  /** Changed on every load or save, so the form takes the new values. */
  version = 0;
  saving = false;
  resetting = false;
  previewing = false;
  preview: TemplatePreview | null = null;
  fieldErrors: Partial<Record<'subject' | 'body', string>> = {};
  notice: Notice = null;

  constructor(
    @inject(MessageTemplatesApi) private readonly api: MessageTemplatesApi,
    @inject(SaveMessageTemplate) private readonly saveTemplate: SaveMessageTemplate,
    @inject(PreviewMessageTemplate) private readonly previewTemplate: PreviewMessageTemplate,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(): Promise<void> {
    this.status = 'loading';
    this.error = null;
    try {
      const template = await this.api.read('invitation');
      runInAction(() => {
        this.template = template;
        this.version += 1;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  private refused(fields: Record<string, string>, message: string): void {
    this.fieldErrors = { subject: fields.subject, body: fields.body };
    if (!fields.subject && !fields.body) this.notice = { type: 'error', message };
  }

  async save(values: { subject: string; body: string }): Promise<void> {
    this.saving = true;
    this.notice = null;
    this.fieldErrors = {};
    try {
      const outcome = await this.saveTemplate.execute({ kind: 'INVITATION', subject: values.subject ?? '', body: values.body ?? '' });
      runInAction(() => {
        if (!outcome.ok) return this.refused(outcome.fields, outcome.message);
        this.template = outcome.template;
        this.version += 1;
        this.notice = { type: 'success', message: 'Invitation email saved. New invitations use it.' };
      });
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    } finally {
      runInAction(() => (this.saving = false));
    }
  }

  async showPreview(values: { subject: string; body: string }): Promise<void> {
    this.previewing = true;
    this.notice = null;
    this.fieldErrors = {};
    try {
      const outcome = await this.previewTemplate.execute({ kind: 'INVITATION', subject: values.subject ?? '', body: values.body ?? '' });
      runInAction(() => {
        if (!outcome.ok) {
          this.preview = null;
          return this.refused(outcome.fields, outcome.message);
        }
        this.preview = outcome.preview;
      });
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    } finally {
      runInAction(() => (this.previewing = false));
    }
  }

  closePreview(): void {
    this.preview = null;
  }

  async reset(): Promise<void> {
    this.resetting = true;
    this.notice = null;
    this.fieldErrors = {};
    try {
      const template = await this.api.reset('invitation');
      runInAction(() => {
        this.template = template;
        this.version += 1;
        this.notice = { type: 'success', message: 'Invitation email is back to the default.' };
      });
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    } finally {
      runInAction(() => (this.resetting = false));
    }
  }
}
