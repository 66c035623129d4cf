import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { ChangePassword } from '../../application/auth/change-password.use-case';
import { describeError } from '../../application/shared/api-error';
import { SessionViewModel } from './session.view-model';

/** The password section of the profile page. */
@injectable()
export class ChangePasswordViewModel {
  status: 'idle' | 'saving' | 'saved' = 'idle';
  error: string | null = null;
  fieldErrors: Partial<Record<'currentPassword' | 'newPassword', string>> = {};
  /** How many other sessions the change ended, for the confirmation. */
  sessionsEnded = 0;

  constructor(
    @inject(ChangePassword) private readonly changePassword: ChangePassword,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** The workspace's shortest accepted password (the user refresh tells it). */
  get minimumLength(): number | undefined {
    return this.session.workspaceUser?.workspace.minPasswordLength;
  }

  get confirmation(): string {
    if (this.sessionsEnded === 0) return 'Your password was changed. You had no other sessions to end.';
    return `Your password was changed, and you were signed out of ${this.sessionsEnded} other session${this.sessionsEnded === 1 ? '' : 's'}.`;
  }

  async submit(values: { currentPassword: string; newPassword: string }): Promise<boolean> {
    this.status = 'saving';
    this.error = null;
    this.fieldErrors = {};
    const user = this.session.workspaceUser;
    const contextWords = user ? [user.email, user.firstName, user.lastName, user.workspace.companyName] : [];
    try {
      const outcome = await this.changePassword.execute({
        currentPassword: values.currentPassword ?? '',
        newPassword: values.newPassword ?? '',
        contextWords,
        minimumLength: this.minimumLength,
      });
      return runInAction(() => {
        if (outcome.ok) {
          this.sessionsEnded = outcome.sessionsEnded;
          this.status = 'saved';
          return true;
        }
        this.fieldErrors = outcome.fields.userNewPassword
          ? { newPassword: outcome.fields.userNewPassword }
          : { currentPassword: outcome.fields.currentPassword ?? outcome.message };
        this.status = 'idle';
        return false;
      });
    } catch (error) {
      runInAction(() => {
        this.error = describeError(error);
        this.status = 'idle';
      });
      return false;
    }
  }
}
