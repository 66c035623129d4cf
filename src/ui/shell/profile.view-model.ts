import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { SaveProfile } from '../../application/auth/save-profile.use-case';
import { describeError } from '../../application/shared/api-error';
import { SessionViewModel } from './session.view-model';

/** One's own name: the first-login welcome and the profile page. */
@injectable()
export class ProfileViewModel {
  status: 'idle' | 'saving' | 'saved' = 'idle';
  error: string | null = null;
  fieldErrors: Partial<Record<'firstName' | 'lastName', string>> = {};

  constructor(
    @inject(SaveProfile) private readonly saveProfile: SaveProfile,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async save(values: { firstName: string; lastName: string }, firstLogin = false): Promise<void> {
    this.status = 'saving';
    this.error = null;
    this.fieldErrors = {};
    try {
      const outcome = await this.saveProfile.execute({ ...values, firstLogin });
      runInAction(() => {
        if (outcome.ok) {
          this.session.signedIn(outcome.user);
          this.status = 'saved';
        } else {
          this.fieldErrors = outcome.fields;
          this.status = 'idle';
        }
      });
    } catch (error) {
      runInAction(() => {
        this.error = describeError(error);
        this.status = 'idle';
      });
    }
  }
}
