import { makeAutoObservable, runInAction } from 'mobx';
import type { CompanyProfile } from '../../contracts/main/workspace.contract';
import { SignUp } from '../../application/auth/sign-up.use-case';
import { describeError } from '../../application/shared/api-error';
import { OrganisationApi } from '../../application/shared/main-reads.port';
import { SiteInfo } from '../../application/shared/site';
import { checkPassword } from '../../domain/auth/password-policy';
import { tr } from '../i18n/i18n';
import { passwordProblemText } from './password-words';

export interface SignUpValues {
  firstName: string;
  lastName: string;
  userEmail: string;
  userPassword: string;
}

/** /signup: where the workspace takes sign-ups, an account that waits for its email to be confirmed. */
export class SignUpViewModel {
  profileStatus: 'loading' | 'open' | 'closed' | 'missing' | 'error' = 'loading';
  profile: CompanyProfile | null = null;
  status: 'idle' | 'pending' | 'sent' = 'idle';
  /** A refusal the whole form is about (sign-up closed, not allowed, user limit, too many requests). */
  error: string | null = null;
  fieldErrors: Partial<Record<keyof SignUpValues, string>> = {};
  sentMessage: string | null = null;
  sentTo: string | null = null;

  constructor(
    private readonly signUp: SignUp,
    private readonly organisation: OrganisationApi,
    private readonly site: SiteInfo,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(): Promise<void> {
    if (this.site.isMainSite) {
      this.profileStatus = 'missing';
      return;
    }
    try {
      const profile = await this.organisation.companyProfile(this.site.currentHost);
      runInAction(() => {
        this.profile = profile;
        this.profileStatus = !profile ? 'missing' : profile.bulkSignUpEnabled ? 'open' : 'closed';
      });
    } catch {
      runInAction(() => (this.profileStatus = 'error'));
    }
  }

  /** The password rules, shown as the person types or on submit; the server holds them too. */
  passwordProblem(values: Partial<SignUpValues>): string | null {
    if (!values.userPassword) return tr('password.choose');
    const problem = checkPassword(values.userPassword, {
      words: ['safeplace', this.profile?.companyName, values.firstName, values.lastName, values.userEmail],
    });
    return problem ? passwordProblemText(problem) : null;
  }

  async submit(values: SignUpValues): Promise<void> {
    this.status = 'pending';
    this.error = null;
    this.fieldErrors = {};
    try {
      const result = await this.signUp.execute({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        userEmail: values.userEmail.trim(),
        userPassword: values.userPassword,
        companyName: this.profile?.companyName,
      });
      runInAction(() => {
        if (result.ok) {
          this.status = 'sent';
          this.sentMessage = result.message;
          this.sentTo = values.userEmail.trim();
          return;
        }
        this.status = 'idle';
        if (result.code === 'weak-password') this.fieldErrors = { userPassword: result.message };
        else this.error = result.message;
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'idle';
        this.error = describeError(error);
      });
    }
  }
}
