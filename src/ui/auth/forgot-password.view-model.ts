import { makeAutoObservable, runInAction } from 'mobx';
import { RequestPasswordReset, ResetPassword } from '../../application/auth/reset-password.use-case';
import { describeError } from '../../application/shared/api-error';
import { OrganisationApi } from '../../application/shared/main-reads.port';
import { SiteInfo } from '../../application/shared/site';
import { checkPassword } from '../../domain/auth/password-policy';
import { tr } from '../i18n/i18n';
import { passwordProblemText } from './password-words';

/** Forgotten password: ask for a code by email, then set a new password with it. */
export class ForgotPasswordViewModel {
  step: 'email' | 'reset' | 'done' = 'email';
  pending = false;
  error: string | null = null;
  notice: string | null = null;
  /** The workspace's shortest accepted password, from its company profile (unknown: the default). */
  minimumLength: number | undefined = undefined;
  private request: { email: string; requestId: string } | null = null;

  constructor(
    private readonly requestReset: RequestPasswordReset,
    private readonly reset: ResetPassword,
    private readonly site: SiteInfo,
    private readonly organisation: OrganisationApi,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Reads the workspace's password minimum for the hint and the form's check; without it the default applies. */
  async loadPolicy(): Promise<void> {
    if (this.site.isMainSite) return;
    try {
      const profile = await this.organisation.companyProfile(this.site.currentHost);
      runInAction(() => (this.minimumLength = profile?.minPasswordLength));
    } catch {
      // The server checks the password anyway; the hint stays the default.
    }
  }

  /** The form's own check, with the same rules the server applies. */
  passwordProblem(password: string): string | null {
    const problem = checkPassword(password, {
      minimumLength: this.minimumLength,
      words: ['safeplace', this.request?.email, this.site.currentHost.split('.')[0]],
    });
    return problem ? passwordProblemText(problem) : null;
  }

  async sendCode(email: string): Promise<void> {
    this.pending = true;
    this.error = null;
    try {
      const result = await this.requestReset.execute(email);
      runInAction(() => {
        if (result.ok) {
          this.request = { email: email.trim().toLowerCase(), requestId: result.sent.otpRequestId };
          this.step = 'reset';
          this.notice = tr('reset.sent', { email: email.trim() });
        } else {
          this.error =
            result.reason === 'rate-limited'
              ? tr('reset.tooMany', { minutes: Math.ceil((result.retryAfterSeconds ?? 60) / 60) })
              : tr('access.validEmail');
        }
      });
    } catch (error) {
      runInAction(() => (this.error = describeError(error)));
    } finally {
      runInAction(() => (this.pending = false));
    }
  }

  async setPassword(code: string, newPassword: string): Promise<void> {
    if (!this.request) return;
    this.pending = true;
    this.error = null;
    try {
      const result = await this.reset.execute({
        ...this.request,
        code,
        newPassword,
        contextWords: [this.site.currentHost.split('.')[0]],
        minimumLength: this.minimumLength,
      });
      runInAction(() => {
        if (result.ok) this.step = 'done';
        else this.error = result.message;
      });
    } catch (error) {
      runInAction(() => (this.error = describeError(error)));
    } finally {
      runInAction(() => (this.pending = false));
    }
  }

  startOver(): void {
    this.step = 'email';
    this.request = null;
    this.notice = null;
    this.error = null;
  }
}
