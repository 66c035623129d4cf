import { makeAutoObservable, runInAction } from 'mobx';
import { ConfirmEmail, ResendConfirmation } from '../../application/auth/sign-up.use-case';
import { describeError } from '../../application/shared/api-error';

/** /email-verify/{code}: confirms the email on opening, or explains why not and offers a new link. */
export class EmailVerifyViewModel {
  status: 'checking' | 'confirmed' | 'refused' | 'error' = 'checking';
  email: string | null = null;
  refusal: { reason: 'not-found' | 'used' | 'expired'; message: string } | null = null;
  error: string | null = null;
  resend: { status: 'idle' | 'pending' | 'sent'; message: string | null; error: string | null } = {
    status: 'idle',
    message: null,
    error: null,
  };
  private started: string | null = null;

  constructor(
    private readonly confirmEmail: ConfirmEmail,
    private readonly resendConfirmation: ResendConfirmation,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async confirm(code: string): Promise<void> {
    // The link works once: a second render (React's strict mode) must not spend it again.
    if (this.started === code) return;
    this.started = code;
    this.status = 'checking';
    try {
      const result = await this.confirmEmail.execute(code);
      runInAction(() => {
        if (result.ok) {
          this.email = result.email;
          this.status = 'confirmed';
        } else {
          this.refusal = { reason: result.code ?? 'not-found', message: result.message };
          this.status = 'refused';
        }
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
        this.started = null;
      });
    }
  }

  async requestNewLink(email: string): Promise<void> {
    this.resend = { status: 'pending', message: null, error: null };
    try {
      const result = await this.resendConfirmation.execute(email);
      runInAction(() => {
        this.resend = result.ok
          ? { status: 'sent', message: result.message, error: null }
          : { status: 'idle', message: null, error: result.message };
      });
    } catch (error) {
      runInAction(() => (this.resend = { status: 'idle', message: null, error: describeError(error) }));
    }
  }
}
