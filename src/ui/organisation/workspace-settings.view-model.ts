import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { SignInMethod, UpdateSettingsBody, WorkspaceSettings } from '../../contracts/main/organisation.contract';
import { WorkspaceAdminApi } from '../../application/organisation/organisation-admin-api.port';
import { SaveWorkspaceSettings } from '../../application/organisation/workspace-admin.use-cases';
import { describeError } from '../../application/shared/api-error';
import { DEFAULT_SESSION_POLICY, type SessionPolicy } from '../../domain/organisation/workspace-policy';
import type { LoadStatus, Notice } from './notice';
import { signInMethodChoices } from '../../domain/auth/social-sign-in';

/** Which part of the settings screen a save came from, for its confirmation. */
export type SettingsSection = 'sign-in' | 'sign-up' | 'invitations';
const SAVED: Record<SettingsSection, string> = {
  'sign-in': 'Sign-in and session settings saved.',
  'sign-up': 'Sign-up setting saved.',
  invitations: 'Invitation lifetime saved.',
};

@injectable()
export class WorkspaceSettingsViewModel {
  status: LoadStatus = 'loading';
  error: string | null = null;
  bulkSignUpEnabled = false;
  socialPlatformSet: SignInMethod[] = [];
  /** The methods the server is configured for; the others are shown disabled, with what it takes to configure them. */
  availableSocialPlatforms: SignInMethod[] = [];
  policy: SessionPolicy = { ...DEFAULT_SESSION_POLICY };
  /** Changed on every load or save, so each form takes the saved values. */
  version = 0;
  saving: SettingsSection | null = null;
  notice: Notice = null;
  noticeSection: SettingsSection | null = null;
  fieldErrors: Record<string, string> = {};

  constructor(
    @inject(WorkspaceAdminApi) private readonly workspace: WorkspaceAdminApi,
    @inject(SaveWorkspaceSettings) private readonly saveSettings: SaveWorkspaceSettings,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  private apply(settings: WorkspaceSettings): void {
    this.bulkSignUpEnabled = settings.bulkSignUpEnabled;
    this.socialPlatformSet = settings.socialPlatformSet;
    this.availableSocialPlatforms = settings.availableSocialPlatforms;
    this.policy = {
      minPasswordLength: settings.minPasswordLength,
      privilegedIdleMinutes: settings.privilegedIdleMinutes,
      privilegedSessionHours: settings.privilegedSessionHours,
      sessionLifetimeDays: settings.sessionLifetimeDays,
      inviteValidDays: settings.inviteValidDays,
    };
    this.version += 1;
  }

  /** Google and Microsoft for the checkboxes: those the server cannot serve are disabled, with the reason. */
  get signInMethodChoices() {
    return signInMethodChoices(this.availableSocialPlatforms);
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const settings = await this.workspace.settings();
      runInAction(() => {
        this.apply(settings);
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  /** Saves what one part of the screen changed; a refused value is named under its field. */
  async save(values: UpdateSettingsBody, section: SettingsSection = 'sign-in'): Promise<void> {
    this.saving = section;
    this.notice = null;
    this.noticeSection = section;
    this.fieldErrors = {};
    try {
      const outcome = await this.saveSettings.execute(values);
      runInAction(() => {
        if (outcome.ok) {
          this.apply(outcome.settings);
          this.notice = { type: 'success', message: SAVED[section] };
        } else {
          this.fieldErrors = outcome.fields;
          // A refusal naming fields is shown under them; only one naming none needs the alert.
          if (Object.keys(outcome.fields).length === 0) this.notice = { type: 'error', message: outcome.message };
        }
      });
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', message: describeError(error) }));
    } finally {
      runInAction(() => (this.saving = null));
    }
  }
}
