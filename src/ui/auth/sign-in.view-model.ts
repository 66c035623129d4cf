import { makeAutoObservable, runInAction } from 'mobx';
import type { CompanyProfile } from '../../contracts/main/workspace.contract';
import { SignIn, type SignInOutcome } from '../../application/auth/sign-in.use-case';
import { RequestSignInCode, SignInWithCode } from '../../application/auth/code-sign-in.use-case';
import { ResendConfirmation } from '../../application/auth/sign-up.use-case';
import type { CodeChannel } from '../../application/auth/auth-api.port';
import { describeError } from '../../application/shared/api-error';
import { OrganisationApi } from '../../application/shared/main-reads.port';
import { SiteInfo } from '../../application/shared/site';
import {
  describeSocialSignInError,
  invalidCredentialsMessage,
  SOCIAL_PROVIDER_LABEL,
  type SocialProviderId,
} from './messages';
import { SessionViewModel } from '../shell/session.view-model';
import { tr } from '../i18n/i18n';

export interface SignInValues {
  identifier: string;
  password: string;
}

export class SignInViewModel {
  status: 'idle' | 'pending' | 'done' = 'idle';
  error: string | null = null;
  profile: CompanyProfile | null = null;
  profileStatus: 'loading' | 'ready' | 'missing' | 'error' = 'loading';
  redirectTo: string | null = null;
  method: 'password' | CodeChannel = 'password';
  /** Where a code was sent (email or phone), and the request it belongs to. */
  codeRequest: { channel: CodeChannel; destination: string; requestId: string } | null = null;
  notice: string | null = null;
  /** Why the last Google or Microsoft sign-in came back without a session (from the page's query). */
  socialOutcome: { reason: string; provider: SocialProviderId } | null = null;
  /** The email of an account that signed up and has not confirmed it yet (its password was right). */
  unconfirmedEmail: string | null = null;

  constructor(
    private readonly signIn: SignIn,
    private readonly requestCode: RequestSignInCode,
    private readonly signInWithCode: SignInWithCode,
    private readonly organisation: OrganisationApi,
    readonly site: SiteInfo,
    private readonly session: SessionViewModel,
    private readonly resendConfirmation: ResendConfirmation,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** The workspace's sign-in page shows its company profile (name, logo, colour). */
  async loadProfile(): Promise<void> {
    if (this.site.isMainSite) {
      this.profileStatus = 'ready';
      return;
    }
    try {
      const profile = await this.organisation.companyProfile(this.site.currentHost);
      runInAction(() => {
        this.profile = profile;
        this.profileStatus = profile ? 'ready' : 'missing';
      });
    } catch {
      runInAction(() => (this.profileStatus = 'error'));
    }
  }

  /** Google and Microsoft, where the workspace enables them and the server is configured for them: each a link that starts the provider's sign-in on the server. */
  get socialProviders(): { id: SocialProviderId; label: string; href: string }[] {
    if (this.site.isMainSite || !this.profile) return [];
    const ids: SocialProviderId[] = [];
    if (this.profile.socialPlatformSet.includes('GOOGLE')) ids.push('google');
    if (this.profile.socialPlatformSet.includes('MICROSOFT')) ids.push('microsoft');
    const available = this.site.socialSignIn;
    return ids
      .filter((id) => !available || available.includes(id))
      .map((id) => ({
        id,
        label: tr('access.continueWith', { provider: SOCIAL_PROVIDER_LABEL[id] }),
        href: `/api/auth/oidc/${id}/start`,
      }));
  }

  /** Reads `?signInError=...&provider=...`, set by the server when a social sign-in was refused. */
  readSocialOutcome(search: string): void {
    const query = new URLSearchParams(search);
    const reason = query.get('signInError');
    const provider = query.get('provider');
    this.socialOutcome = reason && (provider === 'google' || provider === 'microsoft') ? { reason, provider } : null;
  }

  get socialMessage(): ReturnType<typeof describeSocialSignInError> | null {
    if (!this.socialOutcome) return null;
    return describeSocialSignInError(
      this.socialOutcome.reason,
      this.socialOutcome.provider,
      this.profile?.companyName ?? 'this workspace',
    );
  }

  setMethod(method: 'password' | CodeChannel): void {
    this.method = method;
    this.codeRequest = null;
    this.error = null;
    this.notice = null;
  }

  /** "Create an account" shows only where the workspace takes sign-ups. */
  get signUpOpen(): boolean {
    return !this.site.isMainSite && !!this.profile?.bulkSignUpEnabled;
  }

  /** A new confirmation link for the account the sign-in found unconfirmed. */
  async sendConfirmationAgain(): Promise<void> {
    const email = this.unconfirmedEmail;
    if (!email) return;
    this.status = 'pending';
    try {
      const result = await this.resendConfirmation.execute(email);
      runInAction(() => {
        this.status = 'idle';
        this.error = result.ok ? null : result.message;
        this.notice = result.ok ? tr('access.confirmationSent', { email }) : null;
        if (result.ok) this.unconfirmedEmail = null;
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'idle';
        this.error = describeError(error);
      });
    }
  }

  submit(values: SignInValues, requestedRedirect: string | null): Promise<void> {
    this.unconfirmedEmail = null;
    this.notice = null;
    const identifier = values.identifier.trim();
    return this.run(
      () => this.signIn.execute({ identifier: values.identifier, password: values.password, requestedRedirect }),
      invalidCredentialsMessage(),
      identifier,
    );
  }

  /** Code sign-in, step 1 (the current method's channel): the answer is the same whether or not the account exists. */
  async sendCode(destination: string): Promise<void> {
    const channel: CodeChannel = this.method === 'sms' ? 'sms' : 'email';
    this.status = 'pending';
    this.error = null;
    try {
      const result = await this.requestCode.execute(channel, destination);
      runInAction(() => {
        this.status = 'idle';
        if (result.ok) {
          this.codeRequest = { channel, destination: destination.trim(), requestId: result.sent.otpRequestId };
          this.notice = tr(channel === 'email' ? 'access.codeSentEmail' : 'access.codeSentSms', {
            destination: destination.trim(),
            minutes: Math.round(result.sent.expiresInSeconds / 60),
          });
        } else if (result.reason === 'rate-limited') {
          this.error = waitMessage(result.retryAfterSeconds ?? 60);
        } else {
          this.error = tr(channel === 'email' ? 'access.validEmail' : 'access.validPhone');
        }
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'idle';
        this.error = describeError(error);
      });
    }
  }

  /** Code sign-in, step 2. */
  submitCode(code: string, requestedRedirect: string | null): Promise<void> {
    const request = this.codeRequest;
    if (!request) return Promise.resolve();
    return this.run(() => this.signInWithCode.execute({ ...request, code, requestedRedirect }), tr('access.wrongCode'));
  }

  startOver(): void {
    this.codeRequest = null;
    this.notice = null;
    this.error = null;
  }

  private async run(attempt: () => Promise<SignInOutcome>, wrongMessage: string, identifier?: string): Promise<void> {
    this.status = 'pending';
    this.error = null;
    try {
      const outcome = await attempt();
      runInAction(() => {
        if (outcome.ok) {
          this.session.signedIn(outcome.user);
          this.redirectTo = outcome.redirectTo;
          this.status = 'done';
          return;
        }
        this.status = 'idle';
        if (outcome.code === 'email-not-confirmed') {
          this.error = outcome.message;
          this.unconfirmedEmail = identifier?.includes('@') ? identifier.toLowerCase() : null;
          return;
        }
        this.error =
          outcome.reason === 'rate-limited'
            ? waitMessage(outcome.retryAfterSeconds ?? 60)
            : outcome.code === 'invalid-code-format'
              ? tr('access.codeDigits')
              : wrongMessage;
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'idle';
        this.error = describeError(error);
      });
    }
  }
}

function waitMessage(seconds: number): string {
  return tr('access.tooMany', { minutes: Math.ceil(seconds / 60) });
}
