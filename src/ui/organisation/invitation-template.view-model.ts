import { inject, injectable } from 'inversify';
import { ResetInvitationTemplate } from '../../application/organisation/reset-invitation-template.use-case';
import { makeAutoObservable, runInAction } from 'mobx';
import type { MessageTemplate, TemplatePreview } from '../../contracts/main/templates.contract';
import { MessageTemplatesApi } from '../../application/organisation/organisation-admin-api.port';
import { PreviewMessageTemplate, SaveMessageTemplate } from '../../application/organisation/workspace-admin.use-cases';
import { describeError } from '../../application/shared/api-error';
import type { Notice } from './notice';

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
    @inject(ResetInvitationTemplate) private readonly resetTemplate: ResetInvitationTemplate,
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
      const outcome = await this.saveTemplate.execute({
        kind: 'INVITATION',
        subject: values.subject ?? '',
        body: values.body ?? '',
      });
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
      const outcome = await this.previewTemplate.execute({
        kind: 'INVITATION',
        subject: values.subject ?? '',
        body: values.body ?? '',
      });
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
      const outcome = await this.resetTemplate.execute();
      runInAction(() => {
        if (!outcome.ok) {
          this.notice = { type: 'error', message: outcome.message };
          return;
        }
        const template = outcome.template;
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
