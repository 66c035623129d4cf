import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { CompanyProfile } from '../../contracts/main/workspace.contract';
import { SignIn } from '../../application/auth/sign-in.use-case';
import { describeError } from '../../application/shared/api-error';
import { OrganisationApi } from '../../application/shared/main-reads.port';
import { SiteInfo } from '../../application/shared/site';
import { INVALID_CREDENTIALS_MESSAGE } from './messages';
import { SessionViewModel } from '../shell/session.view-model';

export interface SignInValues {
  identifier: string;
  password: string;
}

@injectable()
export class SignInViewModel {
  status: 'idle' | 'pending' | 'done' = 'idle';
  error: string | null = null;
  profile: CompanyProfile | null = null;
  profileStatus: 'loading' | 'ready' | 'missing' | 'error' = 'loading';
  redirectTo: string | null = null;

  constructor(
    @inject(SignIn) private readonly signIn: SignIn,
    @inject(OrganisationApi) private readonly organisation: OrganisationApi,
    @inject(SiteInfo) readonly site: SiteInfo,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
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

  async submit(values: SignInValues, requestedRedirect: string | null): Promise<void> {
    this.status = 'pending';
    this.error = null;
    try {
      const outcome = await this.signIn.execute({ identifier: values.identifier, password: values.password, requestedRedirect });
      runInAction(() => {
        if (outcome.ok) {
          this.session.signedIn(outcome.user);
          this.redirectTo = outcome.redirectTo;
          this.status = 'done';
          return;
        }
        this.status = 'idle';
        this.error =
          outcome.reason === 'rate-limited'
            ? `Too many attempts. Please wait ${Math.ceil(outcome.retryAfterSeconds / 60)} minute(s) and try again.`
            : INVALID_CREDENTIALS_MESSAGE;
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'idle';
        this.error = describeError(error);
      });
    }
  }
}
